import Foundation

/// An `Encoder` that makes a JSON value tree of a `Codable` type that is not otherwise
/// mappable: the tree ``JSONReader`` would read from the text `JSONEncoder`, with its default
/// strategies, writes for the value, without writing or reading that text.
///
/// A number is what the reader makes of `JSONEncoder`'s text for it: an integer that fits
/// `Int` is an `Int`, a double or float with no fraction below 10^15 an `Int` too (`JSONEncoder`
/// writes `3.0` as `3`; `-0.0` stays a `Double`), any other a `Double` when its shortest text is
/// short (under 18 characters, no exponent), and otherwise whatever the reader makes of that
/// text (an `NSDecimalNumber` for a long literal). `Data` is base64 text, `URL` its absolute
/// string, `Date` its own coding (a `Double`), `Decimal` its text read. A value that encodes
/// nothing is an empty object, as in `JSONEncoder`.
///
/// What `JSONEncoder` would refuse or treat otherwise (a non-finite number, a super encoder, a
/// key or container asked for twice, a top-level value that encodes nothing, a stack without
/// room) makes the encode *undecided*: ``encode(_:)`` gives `nil` and the caller asks
/// `JSONEncoder` instead.
final class TreeEncoder: Encoder {
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// What this encoder holds so far.
  private var content: Slot?

  /// Whether the encode met something only `JSONEncoder` may answer (shared by every encoder
  /// and container of one encode).
  private let outcome: TreeDecoder.Outcome

  private init(codingPath: [any CodingKey], outcome: TreeDecoder.Outcome) {
    self.codingPath = codingPath
    self.outcome = outcome
  }

  /// A value of the tree, or a container still being filled.
  enum Slot {
    case value(Any)
    case object(Members)
    case array(Elements)

    /// The tree the slot holds.
    var tree: Any {
      switch self {
      case .value(let value): value
      case .object(let members): members.slots.mapValues(\.tree)
      case .array(let elements): elements.slots.map(\.tree)
      }
    }
  }

  /// An object being filled (containers are handed out by reference).
  final class Members {
    var slots: [String: Slot] = [:]
  }

  /// An array being filled.
  final class Elements {
    var slots: [Slot] = []
  }

  /// A tree encoder for its rules alone (and its outcome): ``TextEncoder`` converts each number
  /// it writes by them.
  static func rules() -> TreeEncoder {
    TreeEncoder(codingPath: [], outcome: TreeDecoder.Outcome())
  }

  /// Whether the encode this encoder belongs to is undecided.
  var isUndecided: Bool { outcome.undecided }

  /// The tree of `value`, or `nil` when it fails or is undecided (the caller then asks
  /// `JSONEncoder`).
  static func encode<Value: Encodable>(_ value: Value) -> Any? {
    let outcome = TreeDecoder.Outcome()
    let root = TreeEncoder(codingPath: [], outcome: outcome)
    guard let slot = try? root.slot(of: value, at: []), !outcome.undecided,
      let top = root.topLevel(slot)
    else { return nil }
    return top.tree
  }

  /// A top-level value that encoded nothing is `JSONEncoder`'s error: `nil`.
  private func topLevel(_ slot: Slot) -> Slot? {
    if case .value(let value) = slot, value is Nothing { return nil }
    return slot
  }

  /// What a nested encoder that encoded nothing leaves (an empty object, except at the top).
  private struct Nothing {}

  // MARK: Values

  /// Marks the encode undecided and gives the error to throw.
  func undecided() -> TreeDecoder.Undecided { outcome.mark() }

  /// The slot of `value` at `path`: the types `JSONEncoder` treats itself first, then the
  /// type's own `encode(to:)`.
  func slot<T: Encodable>(of value: T, at path: [any CodingKey]) throws -> Slot {
    if T.self == String.self, let string = unboxed(value, as: String.self) {
      return .value(string)
    }
    if T.self == Int.self, let integer = unboxed(value, as: Int.self) { return .value(integer) }
    if T.self == Double.self, let double = unboxed(value, as: Double.self) {
      return .value(try number(double))
    }
    if T.self == Bool.self, let flag = unboxed(value, as: Bool.self) { return .value(flag) }
    if T.self == URL.self, let url = unboxed(value, as: URL.self) {
      return .value(url.absoluteString)
    }
    if T.self == Data.self, let data = unboxed(value, as: Data.self) {
      return .value(data.base64EncodedString())
    }
    if T.self == Decimal.self, let decimal = unboxed(value, as: Decimal.self) {
      guard !decimal.isNaN else { throw undecided() }
      return .value(try literal(decimal.description))
    }
    // A value nested deeper than this thread's stack allows is left to `JSONEncoder`.
    guard StackBounds.hasRoom() else { throw undecided() }
    let nested = TreeEncoder(codingPath: path, outcome: outcome)
    try value.encode(to: nested)
    return nested.content ?? (path.isEmpty ? .value(Nothing()) : .value([String: Any]()))
  }

  /// The reader's value for `text`, a number's text as `JSONEncoder` writes it.
  private func literal(_ text: String) throws -> Any {
    guard let value = try? JSONReader.parse(Data(text.utf8)) else { throw undecided() }
    return value
  }

  /// An integer: an `Int` when it fits, otherwise what the reader makes of its digits.
  func number<T: BinaryInteger & CustomStringConvertible>(_ integer: T) throws -> Any {
    if let fits = Int(exactly: integer) { return fits }
    return try literal(integer.description)
  }

  func number(_ double: Double) throws -> Any {
    guard double.isFinite else { throw undecided() }
    if double.isWrittenAsInteger {
      // Written as an integer: `-0` reads back as -0.0, any other as an `Int`.
      return double == 0 && double.sign == .minus ? -0.0 : Int(double)
    }
    return try shortest(double.description) { _ in double }
  }

  func number(_ float: Float) throws -> Any {
    guard float.isFinite else { throw undecided() }
    if Double(float).isWrittenAsInteger {
      return float == 0 && float.sign == .minus ? -0.0 : Int(float)
    }
    return try shortest(float.description) { Double($0) }
  }

  /// A fraction's value from its shortest text: `double` of the text when it is short and has
  /// no exponent (the reader's correctly rounded `Double`), otherwise the reader's value.
  private func shortest(_ text: String, _ double: (String) -> Double?) throws -> Any {
    let utf8 = text.utf8
    if utf8.count < 18, !utf8.contains(UInt8(ascii: "e")), let value = double(text) {
      return value
    }
    return try literal(text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
  }

  // MARK: Encoder

  func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
    let members: Members
    switch content {
    case .object(let existing)?: members = existing
    case nil:
      members = Members()
      content = .object(members)
    default:
      outcome.undecided = true
      members = Members()
    }
    return KeyedEncodingContainer(Keyed<Key>(encoder: self, members: members, path: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let elements: Elements
    switch content {
    case .array(let existing)?: elements = existing
    case nil:
      elements = Elements()
      content = .array(elements)
    default:
      outcome.undecided = true
      elements = Elements()
    }
    return Unkeyed(encoder: self, elements: elements, path: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    Single(encoder: self)
  }

  /// Sets what a single value container encodes: once.
  fileprivate func setSingle(_ slot: Slot) throws {
    guard content == nil else { throw undecided() }
    content = slot
  }

  /// An encoder nobody reads, for the requests that made the encode undecided.
  fileprivate func discarded() -> TreeEncoder {
    outcome.undecided = true
    return TreeEncoder(codingPath: codingPath, outcome: outcome)
  }
}

extension TreeEncoder {
  /// An object's members.
  struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    let members: Members
    let path: [any CodingKey]

    var codingPath: [any CodingKey] { path }

    /// Sets `key` once (a key set twice is undecided).
    private func set(_ slot: Slot, _ key: Key) throws {
      guard members.slots.updateValue(slot, forKey: key.stringValue) == nil else {
        throw encoder.undecided()
      }
    }

    mutating func encodeNil(forKey key: Key) throws { try set(.value(NSNull()), key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try set(.value(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try set(.value(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
      try set(.value(try encoder.number(value)), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
      try set(.value(try encoder.number(value)), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { try set(.value(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      try set(try encoder.slot(of: value, at: path + [key]), key)
    }

    private func integer<T: BinaryInteger & CustomStringConvertible>(_ value: T, _ key: Key)
      throws
    {
      try set(.value(try encoder.number(value)), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy _: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      let nested = Members()
      if (try? set(.object(nested), key)) == nil { encoder.outcome.undecided = true }
      return KeyedEncodingContainer(
        Keyed<NestedKey>(encoder: encoder, members: nested, path: path + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      let nested = Elements()
      if (try? set(.array(nested), key)) == nil { encoder.outcome.undecided = true }
      return Unkeyed(encoder: encoder, elements: nested, path: path + [key])
    }

    mutating func superEncoder() -> any Encoder { encoder.discarded() }
    mutating func superEncoder(forKey _: Key) -> any Encoder { encoder.discarded() }
  }

  /// An array's elements.
  struct Unkeyed: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    let elements: Elements
    let path: [any CodingKey]

    var codingPath: [any CodingKey] { path }
    var count: Int { elements.slots.count }

    private func append(_ slot: Slot) { elements.slots.append(slot) }
    private var nextPath: [any CodingKey] { path + [AnyCodingKey(index: count)] }

    mutating func encodeNil() throws { append(.value(NSNull())) }
    mutating func encode(_ value: Bool) throws { append(.value(value)) }
    mutating func encode(_ value: String) throws { append(.value(value)) }
    mutating func encode(_ value: Double) throws { append(.value(try encoder.number(value))) }
    mutating func encode(_ value: Float) throws { append(.value(try encoder.number(value))) }
    mutating func encode(_ value: Int) throws { append(.value(value)) }
    mutating func encode(_ value: Int8) throws { append(.value(try encoder.number(value))) }
    mutating func encode(_ value: Int16) throws { append(.value(try encoder.number(value))) }
    mutating func encode(_ value: Int32) throws { append(.value(try encoder.number(value))) }
    mutating func encode(_ value: Int64) throws { append(.value(try encoder.number(value))) }
    mutating func encode(_ value: UInt) throws { append(.value(try encoder.number(value))) }
    mutating func encode(_ value: UInt8) throws { append(.value(try encoder.number(value))) }
    mutating func encode(_ value: UInt16) throws { append(.value(try encoder.number(value))) }
    mutating func encode(_ value: UInt32) throws { append(.value(try encoder.number(value))) }
    mutating func encode(_ value: UInt64) throws { append(.value(try encoder.number(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
      append(try encoder.slot(of: value, at: nextPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy _: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
      let nested = Members()
      let nestedPath = nextPath
      append(.object(nested))
      return KeyedEncodingContainer(
        Keyed<NestedKey>(encoder: encoder, members: nested, path: nestedPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let nested = Elements()
      let nestedPath = nextPath
      append(.array(nested))
      return Unkeyed(encoder: encoder, elements: nested, path: nestedPath)
    }

    mutating func superEncoder() -> any Encoder { encoder.discarded() }
  }

  /// A single value.
  struct Single: SingleValueEncodingContainer {
    let encoder: TreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: Any) throws { try encoder.setSingle(.value(value)) }

    mutating func encodeNil() throws { try set(NSNull()) }
    mutating func encode(_ value: Bool) throws { try set(value) }
    mutating func encode(_ value: String) throws { try set(value) }
    mutating func encode(_ value: Double) throws { try set(try encoder.number(value)) }
    mutating func encode(_ value: Float) throws { try set(try encoder.number(value)) }
    mutating func encode(_ value: Int) throws { try set(value) }
    mutating func encode(_ value: Int8) throws { try set(try encoder.number(value)) }
    mutating func encode(_ value: Int16) throws { try set(try encoder.number(value)) }
    mutating func encode(_ value: Int32) throws { try set(try encoder.number(value)) }
    mutating func encode(_ value: Int64) throws { try set(try encoder.number(value)) }
    mutating func encode(_ value: UInt) throws { try set(try encoder.number(value)) }
    mutating func encode(_ value: UInt8) throws { try set(try encoder.number(value)) }
    mutating func encode(_ value: UInt16) throws { try set(try encoder.number(value)) }
    mutating func encode(_ value: UInt32) throws { try set(try encoder.number(value)) }
    mutating func encode(_ value: UInt64) throws { try set(try encoder.number(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
      try encoder.setSingle(try encoder.slot(of: value, at: encoder.codingPath))
    }
  }
}
