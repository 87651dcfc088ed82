import Foundation

enum NumberText {
  /// The decimal text of a number: integers exactly, doubles as Swift prints them (the
  /// shortest text that reads back to the same bits), long literals exactly.
  static func text(of number: NSNumber) -> String {
    switch RawScalar(number: number) {
    case .bool(let value): return value ? "true" : "false"
    case .signed(let value): return String(value)
    case .unsigned(let value): return String(value)
    case .double(let value): return text(of: value)
    case .decimal(let value): return value.stringValue
    case .string(let value): return value
    case .other: return number.description
    }
  }

  /// `2.5` for 2.5, `3` for 3.0, `1e+20` for 1e20.
  ///
  /// An integral double up to 2^53, where every integer is one, prints as that integer, as a
  /// `Decoder` hands it over (`3664E+12` is `3664000000000000` from text and decoder alike);
  /// beyond, where a `Double` may be the rounding of another integer, as Swift prints it.
  static func text(of value: Double) -> String {
    if value.isFinite, value == value.rounded(.towardZero), value.magnitude <= 0x1p53 {
      return String(Int64(value))
    }
    return value.description
  }

  /// Whether `text` is a decimal number as JSON writes it, with an optional leading `+`.
  ///
  /// Accepts `-12`, `3.25`, `1e-7`, `+4`. Rejects hex, `nan`, `inf`, spaces and empty text.
  static func isDecimalNumber(_ text: String) -> Bool {
    var iterator = text.utf8.makeIterator()
    var byte = iterator.next()
    if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { byte = iterator.next() }
    var digits = 0
    while let current = byte, isDigit(current) {
      digits += 1
      byte = iterator.next()
    }
    if byte == UInt8(ascii: ".") {
      byte = iterator.next()
      while let current = byte, isDigit(current) {
        digits += 1
        byte = iterator.next()
      }
    }
    guard digits > 0 else { return false }
    if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
      byte = iterator.next()
      if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { byte = iterator.next() }
      var exponentDigits = 0
      while let current = byte, isDigit(current) {
        exponentDigits += 1
        byte = iterator.next()
      }
      guard exponentDigits > 0 else { return false }
    }
    return byte == nil
  }

  @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
