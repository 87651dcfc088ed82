import Foundation

/// A number literal as ``JSONReader/Parser/scanNumber()`` read it.
struct NumberLiteral {
  /// Where the literal starts and ends in the input.
  let start: Int
  var end = 0
  var negative = false
  var digits = Digits()
  var isInteger = true
  var fractionDigits = 0
  /// The characters `JSONSerialization` counts to choose between `Double` and
  /// `NSDecimalNumber`: those before a lowercase `e`, sign and point included, or the whole
  /// literal when its exponent is written `E` (swift-corelibs-foundation looks for `e` only,
  /// so `92233720368547758E7` is 19 characters to it and `92233720368547758e7` 17).
  var countedLength = 0
  var exponent = 0

  init(start: Int) { self.start = start }

  /// The power of ten the significant digits are multiplied by.
  var decimalExponent: Int { exponent - fractionDigits }

  /// The integer, for an integer literal that fits `Int` (not `-0`).
  var integerValue: Int? {
    guard isInteger, digits.count <= 19, !(negative && digits.significand == 0) else {
      return nil
    }
    return Self.integer(magnitude: digits.significand, negative: negative)
  }

  /// The `Int` of sign `negative` and `magnitude`, when it fits (`Int(exactly:)`: a 32-bit
  /// `Int`, watchOS's, holds fewer than `Int64`).
  @inline(__always)
  static func integer(magnitude: UInt64, negative: Bool) -> Int? {
    if negative {
      guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
      return Int(exactly: Int64(bitPattern: 0 &- magnitude))
    }
    return Int(exactly: magnitude)
  }

  /// Whether the literal's exact value is an integer.
  ///
  /// `5.0` and `12e3` are; `10000000000000001e-16`, whose nearest `Double` is 1.0, is not.
  /// Decided by the digits while at most 19 are significant.
  var hasIntegralValue: Bool {
    if isInteger || decimalExponent >= 0 || digits.significand == 0 { return true }
    guard digits.count <= 19, -decimalExponent < integerPowersOfTen.count else { return false }
    return digits.significand % integerPowersOfTen[-decimalExponent] == 0
  }

  /// The magnitude of a large integer written with a fraction or an exponent.
  ///
  /// The integer the literal writes exactly, when it is at least 2^53 (from there on `Double`s
  /// are 2, 4, 8… apart, and the literal's `Double` may stand for another integer) and fits
  /// `UInt64`: 7203685477580000000 for `720368547758E7`, which no `Double` holds. `nil` for
  /// any other literal.
  var largeIntegralMagnitude: UInt64? {
    // 2^53 has 16 digits: fewer before the point cannot reach it (a cheap test first, as most
    // literals with a fraction are not integers).
    guard !isInteger, digits.count <= 19, digits.count &+ decimalExponent >= 16,
      hasIntegralValue
    else { return nil }
    let magnitude: UInt64
    if decimalExponent < 0 {
      magnitude = digits.significand / integerPowersOfTen[-decimalExponent]
    } else {
      guard decimalExponent < integerPowersOfTen.count else { return nil }
      let (product, overflow) = digits.significand.multipliedReportingOverflow(
        by: integerPowersOfTen[decimalExponent])
      guard !overflow else { return nil }
      magnitude = product
    }
    return magnitude >= 1 << 53 ? magnitude : nil
  }

  /// Clinger's fast path, for a fraction or exponent whose significand and power of ten are
  /// both exact doubles: the one rounding the division or multiplication does is the correct
  /// rounding of the literal.
  var fastDouble: Double? {
    guard !isInteger, digits.count <= 19, digits.significand <= 1 << 53,
      (-22...22).contains(decimalExponent)
    else { return nil }
    var value = Double(digits.significand)
    if decimalExponent < 0 {
      value /= powersOfTen[-decimalExponent]
    } else {
      value *= powersOfTen[decimalExponent]
    }
    return negative ? -value : value
  }
}

/// 10 to the powers 0 to 19, every power a `UInt64` holds: the scale of a run of digits the
/// parser reads a word at a time, and the divisor that tells a literal's integer part.
///
/// Written out, so that the compiler lays it out statically (no lazy initialization on the
/// parser's hot path).
let integerPowersOfTen: [UInt64] = [
  1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
  10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000,
  100_000_000_000_000, 1_000_000_000_000_000, 10_000_000_000_000_000,
  100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
]
