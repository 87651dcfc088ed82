/// A type MirrorModel can convert from and to the values `JSONSerialization` works with.
///
/// MirrorModel conforms the standard types (`String`, every `Int` and `UInt` width, `Double`,
/// `Float`, `Bool`, `Decimal`, `Date`, `URL`, `UUID`, `Data`), `Optional`, `Array`, `Set` and
/// `Dictionary` with `String` keys of conforming types, and every ``ModelBase`` subclass. A
/// `RawRepresentable` type whose raw value conforms gets both requirements for free:
///
/// ```swift
/// enum RoomKind: String, MappableValue {
///   case single, double, suite
/// }
/// ```
///
/// Conform your own types by implementing the two requirements. Throw a ``ConversionError``
/// (or any error) for a value you cannot accept; MirrorModel records it as a ``MappingIssue`` at
/// the key path where the value was met and goes on with the rest of the input.
///
/// ```swift
/// struct Money: MappableValue {
///   var cents: Int
///   static func fromMappedValue(_ value: Any, context: MappingContext) throws -> Money {
///     Money(cents: try Int.fromMappedValue(value, context: context))
///   }
///   func toMappedValue(context: MappingContext) -> Any? { cents }
/// }
/// ```
public protocol MappableValue {
  /// Converts a value taken from a dictionary to this type.
  ///
  /// Called with the raw value found at a property's key (never `nil`; `NSNull` reaches only
  /// optional types, which handle it before calling their wrapped type).
  ///
  /// - Parameters:
  ///   - value: The raw value, as `JSONSerialization` or a hand-built dictionary gives it.
  ///   - context: The mapping in progress; pass it on to nested conversions.
  /// - Returns: The converted value.
  /// - Throws: ``ConversionError`` or any error when the value cannot be converted; it becomes
  ///   an issue at the current key path.
  static func fromMappedValue(_ value: Any, context: MappingContext) throws -> Self

  /// Converts this value to a JSON-compatible Foundation value.
  ///
  /// - Parameter context: The conversion in progress; pass it on to nested conversions.
  /// - Returns: A value `JSONSerialization` accepts (`String`, a number, `Bool`, `NSNull`, an
  ///   array or a `[String: Any]` of such values), or `nil` to leave the value out.
  func toMappedValue(context: MappingContext) -> Any?
}

/// The reason a value could not be converted.
///
/// Throw it from ``MappableValue/fromMappedValue(_:context:)``: MirrorModel adds the key path
/// and a description of the value, and records a ``MappingIssue``.
public struct ConversionError: Error, Sendable, CustomStringConvertible {
  /// The kind of issue to record.
  public var kind: MappingIssue.Kind
  /// The name of the type the conversion wanted, such as `"Int"`.
  public var expectedType: String
  /// Why the value was rejected, in a sentence.
  public var reason: String

  /// Creates a conversion error.
  ///
  /// - Parameters:
  ///   - kind: The kind of issue; ``MappingIssue/Kind/invalidValue`` by default.
  ///   - expectedType: The name of the type the conversion wanted.
  ///   - reason: Why the value was rejected.
  public init(kind: MappingIssue.Kind = .invalidValue, expectedType: String, reason: String) {
    self.kind = kind
    self.expectedType = expectedType
    self.reason = reason
  }

  /// The reason, prefixed with the expected type.
  public var description: String { "expected \(expectedType): \(reason)" }

  static func typeMismatch(_ expected: String, accepts: String) -> ConversionError {
    ConversionError(kind: .typeMismatch, expectedType: expected, reason: "expects \(accepts)")
  }

  /// The error for a conversion the standard mode makes but strict mode refuses.
  static func strict(_ expected: String, _ value: Any) -> ConversionError {
    ConversionError(
      kind: .typeMismatch, expectedType: expected,
      reason: "strict mode accepts only \(expected) values, not \(describeValue(value))")
  }
}

/// Thrown by a container whose elements' issues were already recorded, so that the property is
/// left unwritten without recording a second issue.
struct IssuesAlreadyRecorded: Error {}

extension MappableValue where Self: RawRepresentable, RawValue: MappableValue {
  /// Converts the raw value by the rules of `RawValue`, then looks the case up.
  ///
  /// - Parameters:
  ///   - value: The raw value from the dictionary.
  ///   - context: The mapping in progress.
  /// - Returns: The case whose raw value matches.
  /// - Throws: ``ConversionError`` when the raw value does not convert or names no case.
  public static func fromMappedValue(_ value: Any, context: MappingContext) throws -> Self {
    if let same = exactly(Self.self, value) { return same }
    let raw: RawValue
    do {
      raw = try RawValue.fromMappedValue(value, context: context)
    } catch var error as ConversionError {
      error.expectedType = typeName(Self.self)
      throw error
    }
    guard let result = Self(rawValue: raw) else {
      throw ConversionError(
        expectedType: typeName(Self.self),
        reason: "\(describeValue(raw)) is not a raw value of \(typeName(Self.self))"
      )
    }
    return result
  }

  /// Converts the raw value.
  ///
  /// - Parameter context: The conversion in progress.
  /// - Returns: The raw value, converted by the rules of `RawValue`.
  public func toMappedValue(context: MappingContext) -> Any? {
    rawValue.toMappedValue(context: context)
  }
}

/// How strictly a mapping call converts values.
public enum MappingMode: Sendable, Hashable, CaseIterable {
  /// Exact types only, as `Codable` decodes: no numbers from strings, no strings from numbers,
  /// no booleans from 0 and 1, no null strings. Throws with every issue.
  case strict
  /// The conversion table (numbers from numeric strings, strings from numbers, and so on).
  /// Throws with every issue. What ``ModelBase/init(dictionary:)`` uses.
  case standard
  /// The conversion table, and never throws for a bad value: the property keeps its initial
  /// or default value and the issue is returned beside the model. Also reports unknown keys.
  case lenient
}
