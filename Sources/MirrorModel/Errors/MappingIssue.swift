/// One problem met while mapping a value, with the key path where it was met.
///
/// A `MappingIssue` says where (``path``), what the model wanted (``expectedType``), what the
/// input held (``found``) and why the value was rejected (``reason``). ``MappingError`` collects
/// every issue of one mapping call, in the order they were met.
///
/// ```swift
/// do {
///   _ = try Hotel(dictionary: ["room_list": [["price": "cheap"]]])
/// } catch let error as MappingError {
///   print(error.issues[0].path)  // "room_list[0].price"
/// }
/// ```
///
/// Issues are `Codable`, field by field (`path`, `kind` as its stable name, `expectedType`,
/// `found`, `reason`), to send them to a crash reporter or analytics as they are.
public struct MappingIssue: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The kind of problem an issue reports.
  ///
  /// A struct with static members rather than an enum, so that new kinds can be added without
  /// breaking code that switches over them. Encoded as its stable name.
  public struct Kind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The stable name of the kind, such as `"typeMismatch"`.
    public var rawValue: String

    /// Creates a kind from its stable name.
    ///
    /// - Parameter rawValue: The name, such as `"typeMismatch"`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The value has a type the property cannot be converted from.
    public static let typeMismatch = Kind(rawValue: "typeMismatch")
    /// The value has the right type but does not fit: out of range, not integral, unknown raw
    /// value, malformed text.
    public static let invalidValue = Kind(rawValue: "invalidValue")
    /// A required key is missing or null.
    public static let missingValue = Kind(rawValue: "missingValue")
    /// A class-level hook is inconsistent with the class (a default of the wrong type, an
    /// element type that is not a subclass of the declared one, a class without reflection
    /// metadata).
    public static let configuration = Kind(rawValue: "configuration")
    /// The input nests deeper than ``MappingContext/maximumDepth``.
    public static let tooDeep = Kind(rawValue: "tooDeep")
    /// A hook or a user conversion threw an error.
    public static let hookFailed = Kind(rawValue: "hookFailed")
    /// The input has a key no property maps (reported in lenient mode only).
    public static let unknownKey = Kind(rawValue: "unknownKey")
    /// The last issue of a call that met more than ``MappingContext/maximumIssueCount``: how
    /// many more were left out.
    public static let tooManyIssues = Kind(rawValue: "tooManyIssues")

    /// The kind's stable name.
    public var description: String { rawValue }
  }

  /// The key path in the input where the problem was met.
  ///
  /// For example `"room_list[2].price"` or `"meta.hotel_id"`; empty for the top-level
  /// dictionary itself.
  public var path: String
  /// What kind of problem this is.
  public var kind: Kind
  /// The type the model expected at ``path``, such as `"Int"` or `"Room"`.
  public var expectedType: String
  /// A short description of what the input held, such as `"String \"abc\""` or `"null"`.
  public var found: String
  /// Why the value was rejected, in a sentence.
  public var reason: String

  /// Creates an issue.
  ///
  /// - Parameters:
  ///   - path: The key path in the input.
  ///   - kind: The kind of problem.
  ///   - expectedType: The type the model expected.
  ///   - found: A short description of the input value.
  ///   - reason: Why the value was rejected.
  public init(path: String, kind: Kind, expectedType: String, found: String, reason: String) {
    self.path = path
    self.kind = kind
    self.expectedType = expectedType
    self.found = found
    self.reason = reason
  }

  /// One line: the path, the expected type, what was found and the reason.
  public var description: String {
    let location = path.isEmpty ? "(root)" : path
    return "\(location): expected \(expectedType), found \(found): \(reason)"
  }
}
