import Foundation

/// A value type read straight from JSON text when the text is exactly what the type takes.
///
/// A number for `Int` and `Double`, `true` or `false` for `Bool`, a string for `String`,
/// arrays and optionals of these. Anything else (a numeric string, `null`, a literal that
/// needs rounding rules, nesting too deep) gives `nil`, and the caller reads the value into a
/// dictionary's terms and converts it the ordinary way: so a value read fast is always the
/// value, and the issue-free result, the ordinary way gives.
protocol JSONFastValue {
  /// The value at the parser's position, or `nil` with nothing recorded. The caller restores
  /// the parser's position and depth after `nil`.
  static func readFast(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> Self?
}

extension Int: JSONFastValue {
  static func readFast(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> Int? {
    guard parser.isAtNumber else { return nil }
    return try parser.scanNumber().integerValue
  }
}

extension Double: JSONFastValue {
  static func readFast(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> Double? {
    guard parser.isAtNumber else { return nil }
    let literal = try parser.scanNumber()
    return parser.doubleValue(of: literal)
  }
}

extension Bool: JSONFastValue {
  static func readFast(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> Bool? {
    switch parser.currentByte {
    case UInt8(ascii: "t"):
      try parser.expectLiteral("true")
      return true
    case UInt8(ascii: "f"):
      try parser.expectLiteral("false")
      return false
    default:
      return nil
    }
  }
}

extension String: JSONFastValue {
  /// A string as it is: what `String` takes in every mode. (A `String` property is not read
  /// this way: its null strings make it optional's business, see ``Optional``.)
  static func readFast(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> String? {
    guard parser.currentByte == UInt8(ascii: "\"") else { return nil }
    return try parser.parseString()
  }
}

extension Optional: JSONFastValue where Wrapped: JSONFastValue {
  /// The wrapped value; `nil` for `null` and for the model's null strings, which the ordinary
  /// way makes `nil` (or a default).
  static func readFast(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> Wrapped?? {
    guard let value = try Wrapped.readFast(&parser, context: context) else { return nil }
    if let string = value as? String, context.isNull(string) { return nil }
    return .some(value)
  }
}

extension Array: JSONFastValue where Element: JSONFastValue {
  /// A non-empty array counts a level of nesting, as the ordinary way does.
  static func readFast(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> [Element]? {
    guard parser.currentByte == UInt8(ascii: "[") else { return nil }
    try parser.enterContainer()
    parser.skipWhitespace()
    if parser.currentByte == UInt8(ascii: "]") {
      parser.index += 1
      parser.depth -= 1
      return []
    }
    guard context.tryEnterNesting() else { return nil }
    defer { context.leaveNesting() }
    var result: [Element] = []
    while true {
      parser.skipWhitespace()
      guard let element = try Element.readFast(&parser, context: context) else { return nil }
      result.append(element)
      parser.skipWhitespace()
      switch parser.currentByte {
      case UInt8(ascii: ","):
        parser.index += 1
      case UInt8(ascii: "]"):
        parser.index += 1
        parser.depth -= 1
        return result
      default:
        return nil
      }
    }
  }
}
