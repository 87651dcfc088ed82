import Foundation

extension JSONReader.Parser {
  /// Reads the number at `index` as `JSONSerialization` classifies it, but exactly.
  ///
  /// An `Int` for an integer that fits (and `NSDecimalNumber` for one that does not); for a
  /// number with a fraction or an exponent whose mantissa is written with 18 or more
  /// characters (digits and point, as `JSONSerialization` counts), an `NSDecimalNumber`
  /// (exact up to 38 significant digits, the leading ones beyond); otherwise the correctly
  /// rounded `Double` (what `JSONDecoder` reads).
  mutating func parseNumber() throws(JSONSyntaxError) -> Any {
    let start = index
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    var digits = Digits()
    guard index < count, isDigit(bytes[index]) else { try failUnexpected(expected: "a digit") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      repeat {
        digits.add(bytes[index])
        index += 1
      } while index < count && isDigit(bytes[index])
    }
    var isInteger = true
    var fractionDigits = 0
    if index < count && bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard index < count, isDigit(bytes[index]) else { try failUnexpected(expected: "a digit") }
      repeat {
        digits.add(bytes[index])
        fractionDigits += 1
        index += 1
      } while index < count && isDigit(bytes[index])
    }
    // The mantissa's length as written, sign and point included: `JSONSerialization` reads a
    // number with a fraction or an exponent as NSDecimalNumber from 18 characters on.
    let mantissaLength = index - start
    var exponent = 0
    if index < count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      var exponentNegative = false
      if index < count && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")) {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      guard index < count, isDigit(bytes[index]) else { try failUnexpected(expected: "a digit") }
      repeat {
        // Saturates: anything this large is infinity or zero as a Double anyway.
        if exponent < 100_000_000 { exponent = exponent * 10 + Int(bytes[index] &- 0x30) }
        index += 1
      } while index < count && isDigit(bytes[index])
      if exponentNegative { exponent = -exponent }
    }

    if isInteger {
      if digits.count <= 19 {
        let magnitude = digits.significand
        // `-0` keeps its sign, as `JSONDecoder` reads it into a Double (JSONSerialization
        // drops it).
        if negative && magnitude == 0 { return -0.0 }
        if negative {
          if magnitude <= UInt64(Int64.max) + 1,
            let value = Int(exactly: Int64(bitPattern: 0 &- magnitude))
          {
            return value
          }
        } else if let value = Int(exactly: magnitude) {
          return value
        }
      }
      return decimalOrDouble(start: start)
    }
    let decimalExponent = exponent - fractionDigits
    if mantissaLength >= 18 {
      // As JSONSerialization does, even past 38 digits (where NSDecimalNumber keeps the first
      // 38): a rounded Double could make 1447644073709500.0100…01 look like an integer.
      return decimalOrDouble(start: start)
    }
    if digits.count <= 19 && digits.significand <= 1 << 53 && (-22...22).contains(decimalExponent) {
      // Clinger's fast path: both operands are exact doubles, so the one rounding the division
      // or multiplication does is the correct rounding of the literal.
      var value = Double(digits.significand)
      if decimalExponent < 0 {
        value /= powersOfTen[-decimalExponent]
      } else {
        value *= powersOfTen[decimalExponent]
      }
      return negative ? -value : value
    }
    return slowDouble(start: start)
  }

  /// Converts a long literal as `JSONSerialization` does: to `NSDecimalNumber` (exact up to 38
  /// or 39 significant digits, the leading ones beyond), or, where even that cannot hold it
  /// (an exponent out of `Decimal`'s range), to the correctly rounded `Double`.
  private func decimalOrDouble(start: Int) -> Any {
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    let decimal = NSDecimalNumber(string: text, locale: posixLocale)
    if !decimal.decimalValue.isNaN { return decimal }
    return slowDouble(start: start)
  }

  /// The correctly rounded `Double` of the literal from `start` to `index`, by the standard
  /// library's parser (what `JSONDecoder` uses).
  private func slowDouble(start: Int) -> Double {
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    return Double(text) ?? .nan
  }

  @inline(__always)
  private func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }
}

/// The digits of a number literal, integer and fraction parts together.
private struct Digits {
  /// The first 19 significant digits as an integer (exact while `count <= 19`).
  var significand: UInt64 = 0
  /// Digits from the first nonzero one on.
  var count = 0

  @inline(__always)
  mutating func add(_ byte: UInt8) {
    let digit = UInt64(byte &- UInt8(ascii: "0"))
    if digit == 0 && count == 0 { return }
    count += 1
    if count <= 19 { significand = significand &* 10 &+ digit }
  }
}

private let posixLocale = Locale(identifier: "en_US_POSIX")

private let powersOfTen: [Double] = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]
