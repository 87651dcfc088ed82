import Foundation

extension DecodingWalk {
  /// Fractions with at least this significand (17 or more digits) are kept as
  /// `NSDecimalNumber`, as `JSONSerialization` keeps long literals.
  static let longSignificand = Decimal(10_000_000_000_000_000)

  /// The number, read by the cheapest probe that tells a number from other kinds.
  ///
  /// Where the decoder reads numbers as `Decimal` (JSON), the `Decimal` comes first: it is
  /// the exact literal, so it tells an integer from a fraction. `Int64` alone cannot:
  /// `JSONDecoder` reads a fraction that rounds to a whole `Double` (`1.000000000000000001`)
  /// as an integer. Elsewhere `Int64` comes first; the rarer numbers are read by
  /// ``otherNumber(from:)``.
  mutating func firstNumber<Source: CodableValueSource>(from source: inout Source) -> Any? {
    switch decimalSupport {
    case .yes:
      guard let decimal = source.attempt(Decimal.self) else { return nil }
      return number(exactly: decimal, integer: nil, from: &source)
    case .unknown:
      guard let integer = source.attempt(Int64.self) else { return nil }
      guard let decimal = source.attempt(Decimal.self) else {
        decimalFailures += 1
        if decimalFailures >= 3 { decimalSupport = .no }
        return integerOrNegativeZero(integer, from: &source)
      }
      decimalSupport = .yes
      return number(exactly: decimal, integer: integer, from: &source)
    case .no:
      guard let integer = source.attempt(Int64.self) else { return nil }
      return integerOrNegativeZero(integer, from: &source)
    }
  }

  /// The integer a decoder read without a `Decimal` beside it (one that has none, or a literal
  /// beyond `Decimal`'s range, `-0E-5666`); a zero the decoder's `Double` reads as `-0.0` is
  /// that `Double`, as ``otherNumber(from:)`` gives it once the decoder's `Decimal` support is
  /// known and as JSON text gives it: the sign does not depend on what the walk read first.
  private func integerOrNegativeZero<Source: CodableValueSource>(
    _ integer: Int64, from source: inout Source
  ) -> Any {
    if integer == 0, let double = source.attempt(Double.self), double.sign == .minus {
      return double
    }
    return Self.foundationInteger(integer)
  }

  /// An integer the decoder read, as `JSONSerialization` gives it on a platform whose `Int` is
  /// `Word`: an `Int` where it fits, an `NSNumber` of the exact value otherwise (on 32-bit
  /// watchOS, a millisecond timestamp does not fit `Int`; `Int(_:)` would trap).
  static func foundationInteger<Word: FixedWidthInteger & SignedInteger>(
    _ integer: Int64, word: Word.Type = Int.self
  ) -> Any {
    if let value = Word(exactly: integer) { return value }
    return NSNumber(value: integer)
  }

  /// A number ``firstNumber(from:)`` does not read: where the decoder reads numbers as
  /// `Decimal`, one beyond `Decimal`'s exponent range (`5e-324`); elsewhere an unsigned
  /// integer above `Int64.max`, a fraction, a long literal.
  mutating func otherNumber<Source: CodableValueSource>(from source: inout Source) -> Any? {
    if decimalSupport == .yes {
      // A literal too small for a `Double` too (`1e-400`) is the integer the decoder reads it
      // as (0), as ``firstNumber(from:)`` gives it before the decoder's `Decimal` support is
      // known: the value does not depend on what the walk read first.
      return source.attempt(Double.self)
        ?? source.attempt(Int64.self).map { Self.foundationInteger($0) }
    }
    if let unsigned = source.attempt(UInt64.self) { return NSNumber(value: unsigned) }
    if decimalSupport == .unknown, let decimal = source.attempt(Decimal.self) {
      decimalSupport = .yes
      return number(exactly: decimal, integer: nil, from: &source)
    }
    return source.attempt(Double.self)
  }

  /// The value kind `JSONSerialization` would give for the literal `decimal` was read from.
  ///
  /// Integers that fit are `Int` (an `NSNumber` of `UInt64` above `Int64.max`); literals of
  /// 17 or more significant digits are `NSDecimalNumber`; other numbers are the `Double`
  /// the decoder reads, correctly rounded from the literal (which `Decimal`'s own
  /// conversion is not).
  private mutating func number<Source: CodableValueSource>(
    exactly decimal: Decimal, integer: Int64?, from source: inout Source
  ) -> Any {
    // `Decimal` has no negative zero (`-0.0` is `0`, exponent 0): the decoder's `Double`
    // keeps the sign, as a property read straight from the decoder does.
    if decimal.isZero, let double = source.attempt(Double.self), double.sign == .minus {
      return double
    }
    if decimal.exponent >= 0, let integer = integer ?? source.attempt(Int64.self) {
      if Decimal(integer) == decimal {
        // Past 2^53, a literal longer than `Decimal` holds can look like an integer once cut
        // (`9007199254740993.000…01`); the decoder's `Double`, rounded from the whole
        // literal, tells.
        guard integer.magnitude > 1 << 53, let double = source.attempt(Double.self),
          double != Double(integer)
        else { return Self.foundationInteger(integer) }
        let number = NSDecimalNumber(decimal: decimal)
        longLiterals?.record(number, double: double)
        return number
      }
      // Two integers that disagree: the `Decimal` is not the literal's (Apple's JSONDecoder
      // before macOS 12 and iOS 15 built it from a `Double`, so a 19-digit id came out a few
      // units off); the integer the decoder reads from the text is.
      return Self.foundationInteger(integer)
    }
    if decimal.exponent >= 0, decimal > 0, let unsigned = source.attempt(UInt64.self) {
      // Above `Int64.max`; a disagreeing `Decimal` is not trusted either.
      return NSNumber(value: unsigned)
    }
    if decimal.significand.magnitude >= Self.longSignificand {
      return longLiteral(decimal, from: &source)
    }
    return source.attempt(Double.self) ?? NSDecimalNumber(decimal: decimal)
  }

  /// A literal of 17 or more significant digits, as `NSDecimalNumber`; where the decoder's
  /// own `Double` differs from the `NSDecimalNumber`'s (a literal longer than `Decimal` holds
  /// is cut), that `Double` is kept for `Double` and `Float` properties
  /// (``LongLiterals``).
  ///
  /// A `Decimal` whose `Double` disagrees with the decoder's was either cut from a longer
  /// literal (its 38 digits, the trailing zeros dropped) or not read from the literal at all
  /// (Apple's JSONDecoder before macOS 12 and iOS 15 built it from a `Double`: `3.133` came
  /// as `3.132999999999999488`); then the decoder's `Double` is taken instead. Only a cut
  /// literal lies so close to the half-way point between two `Double`s that a unit in its
  /// 38th digit can round it either way (``mayBeCut(_:toRoundTo:)``).
  @inline(never)
  private mutating func longLiteral<Source: CodableValueSource>(
    _ decimal: Decimal, from source: inout Source
  ) -> Any {
    let number = NSDecimalNumber(decimal: decimal)
    if let double = source.attempt(Double.self), double.isFinite,
      Double(number.stringValue) != double
    {
      guard Self.mayBeCut(decimal, toRoundTo: double) else { return double }
      longLiterals?.record(number, double: double)
    }
    return number
  }

  /// Whether a literal whose first 38 significant digits are `decimal` (trailing zeros
  /// dropped) can round to `double`: whether `double` is the `Double` of `decimal` plus or
  /// minus one unit in its 38th digit.
  static func mayBeCut(_ decimal: Decimal, toRoundTo double: Double) -> Bool {
    let significand = decimal.significand.magnitude
    let digits = "\(significand)"
    let padding = 38 - digits.count
    guard padding > 0 else { return true }
    let sign = decimal.sign == .minus ? "-" : ""
    let exponent = decimal.exponent - padding
    let above = digits + String(repeating: "0", count: padding - 1) + "1"
    let below = "\(significand - 1)" + String(repeating: "9", count: padding)
    return [above, below].contains { Double("\(sign)\($0)e\(exponent)") == double }
  }

  static let decimalKeys: Set<String> = [
    "exponent", "isCompact", "isNegative", "length", "mantissa",
  ]

  /// Whether an object with `keys` has exactly the keys `Decimal` encodes itself with: the walk
  /// may read it as a number (``decimal(fromEncodedForm:keys:)``), so a reader that would take
  /// it for a dictionary leaves it to the walk.
  static func mayBeDecimal(_ keys: [AnyCodingKey]) -> Bool {
    keys.count == decimalKeys.count && keys.allSatisfy { decimalKeys.contains($0.stringValue) }
  }

  /// The `Decimal` a dictionary stands for when it has exactly the keys `Decimal` encodes
  /// itself with in formats without a decimal number type (property lists).
  ///
  /// This is how `NSDecimalNumber` values round-trip through a property list. A payload's
  /// own dictionary with exactly these five keys, holding values of these types, reads as a
  /// number too.
  static func decimal(
    fromEncodedForm container: KeyedDecodingContainer<AnyCodingKey>, keys: [AnyCodingKey]
  ) -> Decimal? {
    guard mayBeDecimal(keys),
      let exponent = try? container.decode(Int8.self, forKey: AnyCodingKey("exponent")),
      let length = try? container.decode(UInt8.self, forKey: AnyCodingKey("length")),
      let isNegative = try? container.decode(Bool.self, forKey: AnyCodingKey("isNegative")),
      (try? container.decode(Bool.self, forKey: AnyCodingKey("isCompact"))) != nil,
      let mantissa = try? container.decode([UInt16].self, forKey: AnyCodingKey("mantissa")),
      mantissa.count == 8, length <= 8, length > 0 || !isNegative
    else { return nil }
    var significand = Decimal(0)
    for word in mantissa[..<Int(length)].reversed() {
      significand = significand * 65_536 + Decimal(word)
    }
    return Decimal(
      sign: isNegative ? .minus : .plus, exponent: Int(exponent), significand: significand)
  }
}
