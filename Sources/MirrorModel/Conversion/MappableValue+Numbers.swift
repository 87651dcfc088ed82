public import Foundation

// Integers: exact or an issue. Never truncation, never a wrong value, never a trap.

extension FixedWidthInteger where Self: MappableValue {
  @inline(__always)
  static func mapInteger(_ value: Any, context: MappingContext) throws -> Self {
    let scalar = RawScalar(value)
    if context.isStrict {
      switch scalar {
      case .signed, .unsigned, .decimal: break
      case .double(let double) where double == double.rounded(.towardZero): break
      default: throw ConversionError.strict(typeName(Self.self), value)
      }
    }
    switch scalar {
    case .signed(let integer):
      if let result = Self(exactly: integer) { return result }
      throw outOfRange(String(integer))
    case .unsigned(let integer):
      if let result = Self(exactly: integer) { return result }
      throw outOfRange(String(integer))
    case .bool(let flag):
      return flag ? 1 : 0
    case .double(let double):
      return try fromDouble(double)
    case .decimal(let decimal):
      return try fromText(decimal.stringValue)
    case .string(let string):
      return try fromText(string)
    case .other:
      throw ConversionError.typeMismatch(
        typeName(Self.self), accepts: "an integer, a numeric string or a boolean")
    }
  }

  private static func fromDouble(_ double: Double) throws -> Self {
    guard double.isFinite else {
      throw ConversionError(
        expectedType: typeName(Self.self), reason: "\(double) is not a finite number")
    }
    guard double == double.rounded(.towardZero) else {
      throw ConversionError(
        expectedType: typeName(Self.self), reason: "\(double) is not an integer")
    }
    guard let result = Self(exactly: double) else { throw outOfRange(NumberText.text(of: double)) }
    // From 2^53 on, doubles are 2, 4, 8… apart: a Double there may be the rounding of another
    // integer (Darwin's JSONSerialization has been reported to give one for 19-digit ids).
    // Only a Double whose own shortest text is exactly the integer is taken.
    if double.magnitude >= 0x1p53, !isExactlyWritten(double, as: result) {
      throw ConversionError(
        expectedType: typeName(Self.self),
        reason: "\(NumberText.text(of: double)) is a floating-point number beyond 2^53, which "
          + "may be the rounding of another integer; send integers this large as integers "
          + "or strings")
    }
    return result
  }

  /// Whether the shortest text of `double` is exactly `integer` (`1e+16`, not
  /// `1.2345678901234568e+18` for 1234567890123456768).
  @inline(never)
  private static func isExactlyWritten(_ double: Double, as integer: Self) -> Bool {
    let posix = Locale(identifier: "en_US_POSIX")
    guard let written = Decimal(string: double.description, locale: posix),
      let exact = Decimal(string: String(integer), locale: posix)
    else { return false }
    return written == exact
  }

  private static func fromText(_ text: String) throws -> Self {
    if let result = Self(text) { return result }
    guard NumberText.isDecimalNumber(text),
      let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    else {
      throw ConversionError(
        expectedType: typeName(Self.self), reason: "\(quoted(text)) is not an integer")
    }
    guard decimal == decimal.rounded() else {
      throw ConversionError(
        expectedType: typeName(Self.self), reason: "\(text) is not an integer")
    }
    // An integral value written with a fraction or an exponent ("5.0", "1e3"): its exact
    // integer digits decide.
    let digits = NSDecimalNumber(decimal: decimal).stringValue
    if let result = Self(digits) { return result }
    throw outOfRange(text)
  }

  private static func outOfRange(_ text: String) -> ConversionError {
    ConversionError(
      expectedType: typeName(Self.self),
      reason: "\(text) is out of range \(Self.min)...\(Self.max)")
  }

  /// `Int` for signed types and for unsigned types narrower than `Int`; `UInt` for `UInt` and
  /// `UInt64`; an `NSNumber` of the exact value where `Int` or `UInt` is too narrow (`Int64`
  /// and `UInt64` on 32-bit watchOS).
  @inline(__always)
  func integerMappedValue() -> Any? {
    foundationInteger(word: Int.self, unsignedWord: UInt.self)
  }

  /// The integer as `JSONSerialization` takes it where `Int` is `Word` and `UInt` is
  /// `UnsignedWord`.
  ///
  /// One of those when it fits, an `NSNumber` of the exact value otherwise, never a truncated
  /// one. Generic over the width so that the 32-bit case is tested on 64-bit machines too.
  func foundationInteger<
    Word: FixedWidthInteger & SignedInteger, UnsignedWord: FixedWidthInteger & UnsignedInteger
  >(word: Word.Type, unsignedWord: UnsignedWord.Type) -> Any {
    if Self.isSigned || Self.bitWidth < Word.bitWidth {
      if let value = Word(exactly: self) { return value }
    } else if let value = UnsignedWord(exactly: self) {
      return value
    }
    if let value = Int64(exactly: self) { return NSNumber(value: value) }
    if let value = UInt64(exactly: self) { return NSNumber(value: value) }
    return NSDecimalNumber(string: String(self), locale: Locale(identifier: "en_US_POSIX"))
  }

}

extension Decimal {
  func rounded() -> Decimal {
    var copy = self
    var result = Decimal()
    NSDecimalRound(&result, &copy, 0, .plain)
    return result
  }
}

extension MappableValue where Self: FixedWidthInteger {
  /// Converts integers that fit, integral doubles, numeric strings and JSON booleans (as 1/0);
  /// anything else, including a value out of this type's range, is an issue.
  ///
  /// - Parameters:
  ///   - value: The raw value.
  ///   - context: The mapping in progress.
  /// - Returns: The integer.
  /// - Throws: ``ConversionError`` for a fraction, an overflow, NaN, infinity or a wrong type.
  public static func fromMappedValue(_ value: Any, context: MappingContext) throws -> Self {
    try mapInteger(value, context: context)
  }

  /// The integer as `Int` (`UInt` and `UInt64` as `UInt`), which `JSONSerialization` writes as
  /// is.
  ///
  /// - Parameter context: The conversion in progress.
  /// - Returns: The integer.
  public func toMappedValue(context: MappingContext) -> Any? { integerMappedValue() }
}

extension Int: MappableValue {}
extension Int8: MappableValue {}
extension Int16: MappableValue {}
extension Int32: MappableValue {}
extension Int64: MappableValue {}
extension UInt: MappableValue {}
extension UInt8: MappableValue {}
extension UInt16: MappableValue {}
extension UInt32: MappableValue {}
extension UInt64: MappableValue {}

// Floating point: bit for bit what JSONDecoder reads from the same literal.

/// The conversion `Double` and `Float` share: any finite number (long literals rounded from
/// their full text), numeric strings outside strict mode.
@inline(__always)
private func floatingPoint<Number: BinaryFloatingPoint & LosslessStringConvertible>(
  _ value: Any, context: MappingContext, name: String, fromDouble: (Double) -> Number?
) throws -> Number {
  let result: Number?
  let scalar = RawScalar(value)
  if context.isStrict, case .string = scalar { throw ConversionError.strict(name, value) }
  switch scalar {
  case .double(let double): result = fromDouble(double)
  case .signed(let integer): result = Number(integer)
  case .unsigned(let integer): result = Number(integer)
  case .decimal(let decimal):
    result = context.longLiteralDouble(decimal).flatMap(fromDouble) ?? Number(decimal.stringValue)
  case .string(let string): result = NumberText.isDecimalNumber(string) ? Number(string) : nil
  case .bool, .other:
    throw ConversionError.typeMismatch(name, accepts: "a number or a numeric string")
  }
  guard let number = result, number.isFinite else {
    throw ConversionError(
      expectedType: name, reason: "\(describeValue(value)) is not a finite \(name)")
  }
  return number
}

extension Double: MappableValue {
  /// Converts any finite number (long literals exactly rounded from their full text) and
  /// numeric strings.
  public static func fromMappedValue(_ value: Any, context: MappingContext) throws -> Double {
    try floatingPoint(value, context: context, name: "Double") { $0 }
  }
  /// The number itself; `nil` (left out) for NaN and infinities, which JSON cannot hold.
  public func toMappedValue(context: MappingContext) -> Any? { isFinite ? self : nil }
}

extension Float: MappableValue {
  /// Converts any finite number that fits in a `Float` and numeric strings.
  public static func fromMappedValue(_ value: Any, context: MappingContext) throws -> Float {
    try floatingPoint(value, context: context, name: "Float", fromDouble: nearestFloat(to:))
  }
  /// The number itself, which JSON writers print as the shortest text that reads back as the
  /// same `Float` (`0.1`, as `JSONEncoder` writes it); `nil` (left out) for NaN and
  /// infinities.
  public func toMappedValue(context: MappingContext) -> Any? { isFinite ? self : nil }
}

extension Decimal: MappableValue {
  /// Converts numbers and numeric strings exactly.
  public static func fromMappedValue(_ value: Any, context: MappingContext) throws -> Decimal {
    let scalar = RawScalar(value)
    if context.isStrict, case .string = scalar { throw ConversionError.strict("Decimal", value) }
    if let decimal = exactly(Decimal.self, value), !decimal.isNaN { return decimal }
    switch scalar {
    case .decimal(let decimal):
      if !decimal.decimalValue.isNaN { return decimal.decimalValue }
    case .signed(let integer): return Decimal(integer)
    case .unsigned(let integer): return Decimal(integer)
    case .double(let double):
      if double.isFinite, let result = Decimal(string: double.description, locale: posix) {
        return result
      }
      if double.isFinite {
        throw ConversionError(
          expectedType: "Decimal", reason: "\(double) is outside the range of Decimal")
      }
    case .string(let string):
      if NumberText.isDecimalNumber(string), let result = Decimal(string: string, locale: posix) {
        return result
      }
    case .bool, .other:
      throw ConversionError.typeMismatch("Decimal", accepts: "a number or a numeric string")
    }
    throw ConversionError(
      expectedType: "Decimal", reason: "\(describeValue(value)) is not a finite decimal number")
  }
  /// The number as `NSDecimalNumber`, exactly; `nil` (left out) for NaN.
  public func toMappedValue(context: MappingContext) -> Any? {
    isNaN ? nil : NSDecimalNumber(decimal: self)
  }
}

private let posix = Locale(identifier: "en_US_POSIX")

/// The `Float` a JSON decoder reads from the literal that gave `double`.
///
/// `Float(double)` rounds twice (literal to `Double`, `Double` to `Float`), which differs from
/// reading the literal as a `Float` only when `double` lies exactly halfway between two
/// floats; then the shortest text of the double (the literal, for every literal of up to 17
/// digits) is read as a `Float` directly.
func nearestFloat(to double: Double) -> Float {
  let float = Float(double)
  let error = Double(float) - double
  guard error != 0, float.isFinite else { return float }
  let neighbor = error > 0 ? float.nextDown : float.nextUp
  guard abs(Double(neighbor) - double) == abs(error) else { return float }
  return Float(double.description) ?? float
}
