import Foundation

extension JSONReader.Parser {
  /// Reads the number at `index` as `JSONSerialization` classifies it, but exactly.
  ///
  /// An `Int` for an integer that fits (and `NSDecimalNumber` for one that does not); for a
  /// number with a fraction or an exponent whose mantissa is written with 18 or more
  /// characters (sign, digits and point, as `JSONSerialization` counts; the whole literal when
  /// the exponent is an uppercase `E`), an `NSDecimalNumber`;
  /// for a shorter one whose value is an integer of 2^53 or more, that integer (as an integer
  /// literal gives it: `720368547758E7` is the `Int` 7203685477580000000, where
  /// `JSONSerialization` gives its nearest `Double`, which may stand for another integer);
  /// for one that is no integer but whose nearest `Double` is (`10000000000000001e-16`), an
  /// `NSDecimalNumber`, as for a long literal;
  /// otherwise the correctly rounded `Double` (what `JSONDecoder` reads). Past 38 significant
  /// digits the `NSDecimalNumber` keeps the first ones (as `JSONSerialization`'s does): a
  /// `Decimal` property gets its best value and an integer one its exact integer-ness; a
  /// `Double` field read straight from the text gets the whole literal's correctly rounded
  /// value instead (``doubleValue(of:)``).
  mutating func parseNumber() throws(JSONSyntaxError) -> Any {
    let literal = try scanNumber()
    return value(of: literal)
  }

  /// The integer the literal at `index` writes, with `index` moved past it, when the literal is
  /// a plain integer that fits `Int` (no fraction, no exponent, not `-0`, no leading zero);
  /// `nil`, with `index` unchanged, otherwise: ``scanNumber()`` then reads it, as it reads
  /// every literal, and gives what `integerValue` says of it (for these literals, this same
  /// integer).
  ///
  /// The digits are read eight bytes at a time (``ByteWord/leadingDigitCount(_:)``), without
  /// the ``NumberLiteral`` a literal of any kind needs: most numbers in JSON are such integers.
  @inline(__always)
  mutating func scanInteger() -> Int? {
    var position = index
    let negative = position < count && bytes[position] == UInt8(ascii: "-")
    if negative { position &+= 1 }
    guard position < count, bytes[position] &- UInt8(ascii: "1") < 9 else { return nil }
    var magnitude: UInt64 = 0
    var digits = 0
    scanDigitWords(at: &position, into: &magnitude, counting: &digits)
    while position < count {
      let digit = bytes[position] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      guard digits < 19 else { return nil }
      magnitude = magnitude &* 10 &+ UInt64(digit)
      digits &+= 1
      position &+= 1
    }
    if position < count {
      let next = bytes[position]
      guard next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") else { return nil }
    }
    guard let value = NumberLiteral.integer(magnitude: magnitude, negative: negative) else {
      return nil
    }
    index = position
    return value
  }

  /// Steps over the number literal at `index`, checking its syntax, and returns what it says.
  mutating func scanNumber() throws(JSONSyntaxError) -> NumberLiteral {
    var literal = NumberLiteral(start: index)
    literal.negative = bytes[index] == UInt8(ascii: "-")
    if literal.negative { index += 1 }
    guard index < count, isDigit(bytes[index]) else { try failUnexpected(expected: "a digit") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      _ = scanDigits(into: &literal.digits)
    }
    if index < count && bytes[index] == UInt8(ascii: ".") {
      literal.isInteger = false
      index += 1
      guard index < count, isDigit(bytes[index]) else { try failUnexpected(expected: "a digit") }
      literal.fractionDigits = scanDigits(into: &literal.digits)
    }
    // The mantissa's length as written, sign and point included: `JSONSerialization` reads a
    // number with a fraction or an exponent as NSDecimalNumber from 18 characters on.
    literal.countedLength = index - literal.start
    if index < count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
      let uppercase = bytes[index] == UInt8(ascii: "E")
      literal.isInteger = false
      index += 1
      var exponentNegative = false
      if index < count && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")) {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      guard index < count, isDigit(bytes[index]) else { try failUnexpected(expected: "a digit") }
      var exponent = 0
      repeat {
        // Saturates: anything this large is infinity or zero as a Double anyway.
        if exponent < 100_000_000 { exponent = exponent * 10 + Int(bytes[index] &- 0x30) }
        index += 1
      } while index < count && isDigit(bytes[index])
      literal.exponent = exponentNegative ? -exponent : exponent
      // It sees no exponent in `E`: it counts every character.
      if uppercase { literal.countedLength = index - literal.start }
    }
    literal.end = index
    return literal
  }

  /// Steps over the run of digits at `index` (at least one), adding them to `digits`, and
  /// returns how many there were.
  ///
  /// In three loops, each as short as it can be: the leading zeros (before any significant
  /// digit), the first 19 significant digits (into the significand), the rest (counted).
  @inline(__always)
  private mutating func scanDigits(into digits: inout Digits) -> Int {
    let start = index
    var position = index
    if digits.count == 0 {
      while position < count && bytes[position] == UInt8(ascii: "0") { position += 1 }
    }
    var significand = digits.significand
    var significant = digits.count
    scanDigitWords(at: &position, into: &significand, counting: &significant)
    while position < count && significant < 19 {
      let digit = bytes[position] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      significand = significand &* 10 &+ UInt64(digit)
      significant += 1
      position += 1
    }
    if significant >= 19 {
      let rest = position
      while position < count && isDigit(bytes[position]) { position += 1 }
      significant += position - rest
    }
    digits.significand = significand
    digits.count = significant
    index = position
    return position - start
  }

  /// Adds the digits from `position` to `value` and `digits`, eight bytes at a time.
  ///
  /// While eight bytes of input remain and the word's digits fit the 19 a `UInt64` keeps
  /// (``ByteWord/leadingDigitCount(_:)``); a run shorter than the word ends the digits. The
  /// callers read what is left a byte at a time.
  @inline(__always)
  private func scanDigitWords(
    at position: inout Int, into value: inout UInt64, counting digits: inout Int
  ) {
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return }
    while digits <= 11 && position &+ 8 <= count {
      let word = ByteWord.load(base, at: position)
      let run = ByteWord.leadingDigitCount(word)
      guard run > 0 else { return }
      value = value &* integerPowersOfTen[run] &+ ByteWord.digitsValue(word, count: run)
      digits &+= run
      position &+= run
      guard run == 8 else { return }
    }
  }

  /// The value the tree reader gives for `literal` (see ``parseNumber()``).
  func value(of literal: NumberLiteral) -> Any {
    if literal.isInteger {
      if let integer = literal.integerValue { return integer }
      if literal.negative && literal.digits.count == 0 {
        // `-0` keeps its sign, as `JSONDecoder` reads it into a Double (JSONSerialization
        // drops it).
        return -0.0
      }
      return decimalOrDouble(literal)
    }
    if literal.countedLength >= 18 {
      // As JSONSerialization does, even past 38 digits (where NSDecimalNumber keeps the first
      // 38): a rounded Double could make 1447644073709500.0100…01 look like an integer.
      return decimalOrDouble(literal)
    }
    if let magnitude = literal.largeIntegralMagnitude {
      // The integer it is exactly (`720368547758E7`), as an integer literal gives it and as
      // `JSONDecoder` reads it into an integer property: its `Double` may be the rounding of
      // another integer, which integer properties refuse (JSONSerialization gives that Double).
      return NumberLiteral.integer(magnitude: magnitude, negative: literal.negative)
        ?? decimalOrDouble(literal)
    }
    let double = literal.fastDouble ?? correctlyRoundedDouble(literal)
    if double != 0, double.rounded(.towardZero) == double, !literal.hasIntegralValue {
      // Rounding made it whole (`10000000000000001e-16` is the Double 1.0): the exact decimal,
      // so that an integer property sees the fraction, as in a literal of 18 characters.
      return decimalOrDouble(literal)
    }
    return double
  }

  /// The `Double` that ``value(of:)`` followed by `Double.fromMappedValue` gives, without the
  /// `NSDecimalNumber` a long literal becomes there (the mapping call records the literal's
  /// own `Double` beside it past 38 digits); `nil` where the two could differ (an exponent
  /// out of `Decimal`'s range) or the number is not finite.
  func doubleValue(of literal: NumberLiteral) -> Double? {
    let result: Double
    if literal.isInteger, let integer = literal.integerValue {
      result = Double(integer)
    } else if let fast = literal.fastDouble {
      result = fast
    } else if literal.countedLength < 18 && !literal.isInteger {
      result = correctlyRoundedDouble(literal)
    } else {
      // An NSDecimalNumber on the tree path, exact up to 38 digits, where the correctly
      // rounded Double of its text is the correctly rounded Double of the literal. Past 38
      // digits the NSDecimalNumber may be cut (a 39-digit significand from 2^128 on is), and
      // the tree path records this same correctly rounded Double beside it.
      guard
        literal.digits.count > Self.exactDecimalDigits
          || (-100...100).contains(literal.decimalExponent)
      else { return nil }
      result = correctlyRoundedDouble(literal)
    }
    return result.isFinite ? result : nil
  }

  /// Converts a long literal as `JSONSerialization` does: to `NSDecimalNumber` (exact up to 38
  /// or 39 significant digits, the leading ones beyond), or, where even that cannot hold it
  /// (an exponent out of `Decimal`'s range), to the correctly rounded `Double`.
  ///
  /// Past 38 digits, the mapping call learns the literal's correctly rounded `Double`, for
  /// `Double` and `Float` properties (``LongLiterals``), as the
  /// `Decoder` source learns it from the decoder: a 39-digit literal from 2^128 on does not
  /// fit the decimal, and its 38 kept digits can round to another `Double`.
  private func decimalOrDouble(_ literal: NumberLiteral) -> Any {
    let decimal = NSDecimalNumber(string: text(of: literal), locale: posixLocale)
    guard !decimal.decimalValue.isNaN else { return correctlyRoundedDouble(literal) }
    if literal.digits.count > Self.exactDecimalDigits, let longLiterals {
      longLiterals.record(decimal, double: correctlyRoundedDouble(literal))
    }
    return decimal
  }

  private func text(of literal: NumberLiteral) -> String {
    String(
      decoding: UnsafeBufferPointer(rebasing: bytes[literal.start..<literal.end]), as: UTF8.self)
  }

  /// The correctly rounded `Double` of the literal, from its digits (``DecimalDouble``) or,
  /// where they cannot decide, from its text by the standard library's parser (what
  /// `JSONDecoder` uses).
  private func correctlyRoundedDouble(_ literal: NumberLiteral) -> Double {
    let digits = literal.digits
    let dropped = max(digits.count - 19, 0)
    return DecimalDouble.double(
      significand: digits.significand, exponent: literal.decimalExponent &+ dropped,
      negative: literal.negative, truncated: dropped > 0)
      ?? Double(text(of: literal)) ?? .nan
  }

  /// The significant digits an `NSDecimalNumber` always holds exactly (a 39-digit
  /// significand fits only below 2^128).
  static let exactDecimalDigits = 38

  @inline(__always)
  private func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }
}

private let posixLocale = Locale(identifier: "en_US_POSIX")

let powersOfTen: [Double] = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]
