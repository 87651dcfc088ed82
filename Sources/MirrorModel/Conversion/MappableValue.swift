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
