import Foundation

/// A scalar input value, classified once: JSON booleans apart from numbers, integers apart from
/// doubles, long literals (`NSDecimalNumber`) kept exact.
enum RawScalar {
  case bool(Bool)
  case signed(Int64)
  case unsigned(UInt64)
  case double(Double)
  /// A long literal, as its exact decimal text.
  case decimal(NSDecimalNumber)
  case string(String)
  case other

  @inline(__always) init(_ value: Any) {
    // Native Swift values first, by exact dynamic type: casting them to NSNumber would bridge
    // (allocate), and casting an NSNumber to `Int` costs far more than to `NSNumber`.
    switch ObjectIdentifier(type(of: value)) {
    case ObjectIdentifier(Int.self):
      if let integer = value as? Int {
        self = .signed(Int64(integer))
        return
      }
    case ObjectIdentifier(String.self):
      if let string = value as? String {
        self = .string(string)
        return
      }
    case ObjectIdentifier(Double.self):
      if let double = value as? Double {
        self = .double(double)
        return
      }
    case ObjectIdentifier(Bool.self):
      if let flag = value as? Bool {
        self = .bool(flag)
        return
      }
    default:
      break
    }
    if let number = numberValue(value) {
      self.init(number: number)
    } else if let string = stringValue(value) {
      self = .string(string)
    } else if ObjectIdentifier(type(of: value)) == ObjectIdentifier(Decimal.self),
      let decimal = value as? Decimal
    {
      self = .decimal(NSDecimalNumber(decimal: decimal))
    } else {
      self = .other
    }
  }

  @inline(__always) init(number: NSNumber) {
    if isBoolean(number) {
      self = .bool(number.boolValue)
      return
    }
    switch UInt8(bitPattern: number.objCType.pointee) {
    case UInt8(ascii: "d"), UInt8(ascii: "f"):
      if let decimal = number as? NSDecimalNumber {
        self = .decimal(decimal)
      } else {
        self = .double(number.doubleValue)
      }
    case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"),
      UInt8(ascii: "C"):
      self = .unsigned(number.uint64Value)
    default:
      self = .signed(number.int64Value)
    }
  }
}

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

  /// `2.5` for 2.5, `3` for 3.0 (an integral double prints without a fraction when it is
  /// exactly representable as an integer), `1e+20` for 1e20.
  static func text(of value: Double) -> String {
    if value.isFinite, value == value.rounded(.towardZero), abs(value) < 1e15 {
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
