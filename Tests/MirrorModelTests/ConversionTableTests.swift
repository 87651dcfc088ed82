import Foundation
import MirrorModel
import Testing

// Every row of the conversion table, from dictionary to model. Inputs come from
// JSONSerialization (NSNumber, __NSCFBoolean, NSDecimalNumber on Linux) unless a row says
// `.swift`, which hands over a Swift value as a hand-built dictionary would.

enum ConvKind: String, MappableValue {
  case single, double, suite
}

enum ConvLevel: Int, MappableValue {
  case low = 1
  case high = 2
}

/// One non-optional property per scalar type of the table; the key is the property's name.
final class ConvScalars: ModelBase {
  var string = "unset"
  var int = 0
  var int8: Int8 = 0
  var int16: Int16 = 0
  var int32: Int32 = 0
  var int64: Int64 = 0
  var uint: UInt = 0
  var uint8: UInt8 = 0
  var uint16: UInt16 = 0
  var uint32: UInt32 = 0
  var uint64: UInt64 = 0
  var double = 0.0
  var float: Float = 0
  var bool = false
  var decimal: Decimal = 0
  var date = Date(timeIntervalSince1970: 0)
  var url = URL(fileURLWithPath: "/")
  var uuid = UUID()
  var data = Data()
  var kind = ConvKind.single
  var level = ConvLevel.low

  /// The exact text of a property's value: integers and decimals in full, floating point as
  /// Swift prints it (the shortest text that reads back to the same bits), dates in seconds.
  func text(of key: String) -> String? {
    switch key {
    case "string": return string
    case "int": return String(int)
    case "int8": return String(int8)
    case "int16": return String(int16)
    case "int32": return String(int32)
    case "int64": return String(int64)
    case "uint": return String(uint)
    case "uint8": return String(uint8)
    case "uint16": return String(uint16)
    case "uint32": return String(uint32)
    case "uint64": return String(uint64)
    case "double": return "\(double)"
    case "float": return "\(float)"
    case "bool": return "\(bool)"
    case "decimal": return "\(decimal)"
    case "date": return String(format: "%.6f", date.timeIntervalSince1970)
    case "url": return url.absoluteString
    case "uuid": return uuid.uuidString
    case "data": return String(decoding: data, as: UTF8.self)
    case "kind": return kind.rawValue
    case "level": return "\(level)"
    default: return nil
    }
  }
}

/// Parses JSON text the way users do before calling `init(dictionary:)`.
enum ConvJSON {
  static func object(_ text: String) throws -> [String: Any] {
    let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [])
    return try #require(parsed as? [String: Any])
  }

  /// An array or dictionary as compact JSON text with sorted keys: exact, and it tells `true`
  /// from `1` and `"1"` from `1`.
  static func text(_ value: Any?) -> String? {
    guard let value, JSONSerialization.isValidJSONObject(value),
      let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
    else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// The identity of the object a value is, to tell "the same NSNumber" from an equal one.
  static func identity(_ value: Any) -> ObjectIdentifier {
    ObjectIdentifier(value as AnyObject)
  }

  /// The issues `body` throws in a `MappingError`, or a recorded failure if it throws none.
  static func issues(_ body: () throws -> Void) -> [MappingIssue] {
    do {
      try body()
      Issue.record("expected a MappingError, but mapping succeeded")
    } catch let error as MappingError {
      return error.issues
    } catch {
      Issue.record("expected a MappingError, got \(error)")
    }
    return []
  }
}

/// One row of the table: a value under one key of ``ConvScalars`` and what it must give.
struct ConvRow: Sendable, CustomTestStringConvertible {
  enum Input: Sendable {
    case json(String)
    case swift(any Sendable)
  }

  enum Outcome: Sendable {
    case value(String)
    case issue(MappingIssue.Kind, expected: String, found: String, reason: String)
  }

  var key: String
  var input: Input
  var outcome: Outcome

  var testDescription: String {
    switch input {
    case .json(let literal): return "\(key) <- \(literal)"
    case .swift(let value): return "\(key) <- \(type(of: value)) \(value)"
    }
  }

  static func json(_ key: String, _ literal: String, _ expected: String) -> ConvRow {
    ConvRow(key: key, input: .json(literal), outcome: .value(expected))
  }

  static func json(
    _ key: String, _ literal: String, issue kind: MappingIssue.Kind, _ expected: String,
    _ found: String, _ reason: String
  ) -> ConvRow {
    ConvRow(
      key: key, input: .json(literal),
      outcome: .issue(kind, expected: expected, found: found, reason: reason))
  }

  static func swift(_ key: String, _ value: any Sendable, _ expected: String) -> ConvRow {
    ConvRow(key: key, input: .swift(value), outcome: .value(expected))
  }

  static func swift(
    _ key: String, _ value: any Sendable, issue kind: MappingIssue.Kind, _ expected: String,
    _ found: String, _ reason: String
  ) -> ConvRow {
    ConvRow(
      key: key, input: .swift(value),
      outcome: .issue(kind, expected: expected, found: found, reason: reason))
  }

  /// Maps the row and checks the value, or the one issue with its exact path and fields.
  func check() throws {
    let dictionary: [String: Any]
    switch input {
    case .json(let literal): dictionary = try ConvJSON.object("{\"\(key)\": \(literal)}")
    case .swift(let value): dictionary = [key: value]
    }
    switch outcome {
    case .value(let expected):
      let model = try ConvScalars(dictionary: dictionary)
      #expect(model.text(of: key) == expected)
    case .issue(let kind, let expected, let found, let reason):
      let issues = ConvJSON.issues { _ = try ConvScalars(dictionary: dictionary) }
      let issue = MappingIssue(
        path: key, kind: kind, expectedType: expected, found: found, reason: reason)
      #expect(issues == [issue])
    }
  }
}

@Suite("Conversion table: from dictionary")
struct ConversionTableTests {
  @Test("String <- strings, numbers as decimal text, booleans", arguments: ConvRows.strings)
  func string(_ row: ConvRow) throws { try row.check() }

  /// A whole number up to 2^53 is its integer's text from every source (a `Double` of
  /// 10^15 or more printed `3664000000000000.0` from text and a dictionary, where a decoder
  /// hands over the integer); from text, a larger one written with an exponent is the integer.
  @Test func aWholeNumberIsTheSameTextFromEverySource() throws {
    let cases = [
      ("3664E+12", "3664000000000000"), ("-2.377743860054E15", "-2377743860054000"),
      ("9007199254740992e0", "9007199254740992"), ("1e16", "10000000000000000"),
      ("123456789e10", "1234567890000000000"),
    ]
    for (literal, text) in cases {
      let data = Data(#"{"string": \#(literal)}"#.utf8)
      #expect(try ConvScalars(json: data).string == text, "\(literal)")
      #expect(try JSONDecoder().decode(ConvScalars.self, from: data).string == text)
    }
  }

  @Test("Int, Int8 ... UInt64 <- exact integers, or an issue", arguments: ConvRows.integers)
  func integer(_ row: ConvRow) throws { try row.check() }

  @Test("Int <- numeric strings with an integral value", arguments: ConvRows.integralStrings)
  func integralString(_ row: ConvRow) throws { try row.check() }

  @Test("Double, Float <- numbers and numeric strings", arguments: ConvRows.floatingPoint)
  func floatingPoint(_ row: ConvRow) throws { try row.check() }

  @Test("Bool <- booleans, 0 and 1, true false yes no 1 0", arguments: ConvRows.booleans)
  func bool(_ row: ConvRow) throws { try row.check() }

  @Test("Decimal <- numbers and numeric strings, exactly", arguments: ConvRows.decimals)
  func decimal(_ row: ConvRow) throws { try row.check() }

  @Test("Date <- ISO 8601 strings or seconds since 1970", arguments: ConvRows.dates)
  func date(_ row: ConvRow) throws { try row.check() }

  @Test("URL, UUID, Data <- strings", arguments: ConvRows.foundation)
  func stringBacked(_ row: ConvRow) throws { try row.check() }

  @Test("RawRepresentable enums <- their raw value", arguments: ConvRows.enums)
  func rawRepresentable(_ row: ConvRow) throws { try row.check() }

  @Test(
    "Double is bit for bit what JSONDecoder reads",
    arguments: ConvRows.shortLiterals + ConvRows.longLiterals + ConvRows.extremeDoubles)
  func doubleBits(_ literal: String) throws {
    let text = "{\"double\": \(literal)}"
    let model = try ConvScalars(dictionary: try ConvJSON.object(text))
    let decoded = try JSONDecoder().decode(ConvDoubleProbe.self, from: Data(text.utf8))
    #expect(model.double.bitPattern == decoded.double.bitPattern, "\(model.double)")
  }

  @Test(
    "Float is bit for bit what JSONDecoder reads",
    arguments: ConvRows.shortLiterals + ConvRows.longLiterals + ConvRows.floatHalfways)
  func floatBits(_ literal: String) throws {
    let text = "{\"float\": \(literal)}"
    let model = try ConvScalars(dictionary: try ConvJSON.object(text))
    let decoded = try JSONDecoder().decode(ConvFloatProbe.self, from: Data(text.utf8))
    #expect(model.float.bitPattern == decoded.float.bitPattern, "\(model.float)")
  }

  @Test("Long literals arrive as NSDecimalNumber, the case the exactness rule is about")
  func longLiteralsArriveAsDecimalNumbers() throws {
    for literal in ConvRows.longLiterals {
      let value = try #require(try ConvJSON.object("{\"v\": \(literal)}")["v"])
      #expect(value is NSDecimalNumber, "\(literal)")
    }
  }
}

private struct ConvDoubleProbe: Decodable {
  var double: Double
}

private struct ConvFloatProbe: Decodable {
  var float: Float
}

// MARK: - The rows

private let intRange = "-9223372036854775808...9223372036854775807"
private let uintRange = "0...18446744073709551615"

enum ConvRows {
  static let strings: [ConvRow] = [
    .json("string", #""hello""#, "hello"),
    .json("string", "\"\"", ""),
    .json("string", "1001", "1001"),
    .json("string", "2.5", "2.5"),
    .json("string", "-7", "-7"),
    .json("string", "0.1", "0.1"),
    .json("string", "true", "true"),
    .json("string", "false", "false"),
    .json("string", "12345678901234567890123", "12345678901234567890123"),
    .json("string", "3664E+12", "3664000000000000"),
    .json("string", "1e15", "1000000000000000"),
    .swift("string", 0x1p53, "9007199254740992"),
    .swift("string", 1e16, "1e+16"),
    .swift("string", 1.2345678901234568e18, "1.2345678901234568e+18"),
    .json("string", "null", "unset"),
    .json("string", #""<null>""#, "unset"),
    .swift("string", 42, "42"),
    .swift("string", 2.5, "2.5"),
    .swift("string", true, "true"),
    .json(
      "string", "[1]", issue: .typeMismatch, "String", "Array of 1 element",
      "expects a string, a number or a boolean"),
    .json(
      "string", #"{"a": 1}"#, issue: .typeMismatch, "String", "Dictionary with 1 key",
      "expects a string, a number or a boolean"),
  ]

  static let integers: [ConvRow] = [
    .json("int", "42", "42"),
    .json("int", "-7", "-7"),
    .json("int", #""42""#, "42"),
    .json("int", #""-7""#, "-7"),
    .json("int", "true", "1"),
    .json("int", "false", "0"),
    .json("int", "5.0", "5"),
    .json("int", "1e3", "1000"),
    .json("int", "null", "0"),
    .json("int", "9223372036854775807", "9223372036854775807"),
    .json("int", "-9223372036854775808", "-9223372036854775808"),
    .json("int", "1000000000000000000.000000000", "1000000000000000000"),
    .swift("int", Int8(5), "5"),
    .swift("int", true, "1"),
    .json(
      "int", "-9223372036854775809", issue: .invalidValue, "Int",
      "Number -9223372036854775809", "-9223372036854775809 is out of range \(intRange)"),
    .json(
      "int", "9223372036854775808", issue: .invalidValue, "Int", "Number 9223372036854775808",
      "9223372036854775808 is out of range \(intRange)"),
    .json(
      "int", "1e20", issue: .invalidValue, "Int", "Number 1e+20",
      "1e+20 is out of range \(intRange)"),
    .json(
      "int", "100000000000000000000", issue: .invalidValue, "Int",
      "Number 100000000000000000000", "100000000000000000000 is out of range \(intRange)"),
    .json(
      "int", #""9223372036854775808""#, issue: .invalidValue, "Int",
      #"String "9223372036854775808""#, "9223372036854775808 is out of range \(intRange)"),
    .json("int", "1.5", issue: .invalidValue, "Int", "Number 1.5", "1.5 is not an integer"),
    .json("int", "-0.5", issue: .invalidValue, "Int", "Number -0.5", "-0.5 is not an integer"),
    .json(
      "int", "123456789012345678.9", issue: .invalidValue, "Int",
      "Number 123456789012345678.9", "123456789012345678.9 is not an integer"),
    .json(
      "int", #""1.5""#, issue: .invalidValue, "Int", #"String "1.5""#, "1.5 is not an integer"),
    .json(
      "int", #""abc""#, issue: .invalidValue, "Int", #"String "abc""#,
      #""abc" is not an integer"#),
    .json(
      "int", #"" 42""#, issue: .invalidValue, "Int", #"String " 42""#,
      #"" 42" is not an integer"#),
    .json(
      "int", "[]", issue: .typeMismatch, "Int", "Array of 0 elements",
      "expects an integer, a numeric string or a boolean"),
    .swift(
      "int", Double.nan, issue: .invalidValue, "Int", "Number nan", "nan is not a finite number"),
    .swift(
      "int", Double.infinity, issue: .invalidValue, "Int", "Number inf",
      "inf is not a finite number"),
    .swift(
      "int", -Double.infinity, issue: .invalidValue, "Int", "Number -inf",
      "-inf is not a finite number"),
    .swift(
      "int", UInt64.max, issue: .invalidValue, "Int", "Number 18446744073709551615",
      "18446744073709551615 is out of range \(intRange)"),
    .json("int8", "127", "127"),
    .json("int8", "-128", "-128"),
    .json("int8", "127.0", "127"),
    .json("int8", #""-7""#, "-7"),
    .json("int8", "true", "1"),
    .json(
      "int8", "300", issue: .invalidValue, "Int8", "Number 300", "300 is out of range -128...127"),
    .json(
      "int8", "128", issue: .invalidValue, "Int8", "Number 128", "128 is out of range -128...127"),
    .json(
      "int8", "-129", issue: .invalidValue, "Int8", "Number -129",
      "-129 is out of range -128...127"),
    .json(
      "int8", #""300""#, issue: .invalidValue, "Int8", #"String "300""#,
      "300 is out of range -128...127"),
    .json("int8", "1.5", issue: .invalidValue, "Int8", "Number 1.5", "1.5 is not an integer"),
    .swift(
      "int8", 300, issue: .invalidValue, "Int8", "Number 300", "300 is out of range -128...127"),
    .json("int16", "32767", "32767"),
    .json("int16", "-32768", "-32768"),
    .json(
      "int16", "32768", issue: .invalidValue, "Int16", "Number 32768",
      "32768 is out of range -32768...32767"),
    .json("int32", "2147483647", "2147483647"),
    .json("int32", "-2147483648", "-2147483648"),
    .json(
      "int32", "-2147483649", issue: .invalidValue, "Int32", "Number -2147483649",
      "-2147483649 is out of range -2147483648...2147483647"),
    .json("int64", "9223372036854775807", "9223372036854775807"),
    .json("int64", "-9223372036854775808", "-9223372036854775808"),
    .json(
      "int64", "-9223372036854775809", issue: .invalidValue, "Int64",
      "Number -9223372036854775809", "-9223372036854775809 is out of range \(intRange)"),
    .json("uint", "0", "0"),
    .json("uint", "18446744073709551615", "18446744073709551615"),
    .json("uint", "true", "1"),
    .json(
      "uint", "-1", issue: .invalidValue, "UInt", "Number -1", "-1 is out of range \(uintRange)"),
    .json(
      "uint", #""-1""#, issue: .invalidValue, "UInt", #"String "-1""#,
      "-1 is out of range \(uintRange)"),
    .json(
      "uint", "18446744073709551616", issue: .invalidValue, "UInt",
      "Number 18446744073709551616", "18446744073709551616 is out of range \(uintRange)"),
    .json("uint8", "255", "255"),
    .json(
      "uint8", "256", issue: .invalidValue, "UInt8", "Number 256", "256 is out of range 0...255"),
    .json(
      "uint8", "-1", issue: .invalidValue, "UInt8", "Number -1", "-1 is out of range 0...255"),
    .json("uint16", "65535", "65535"),
    .json(
      "uint16", "65536", issue: .invalidValue, "UInt16", "Number 65536",
      "65536 is out of range 0...65535"),
    .json("uint32", "4294967295", "4294967295"),
    .json(
      "uint32", "4294967296", issue: .invalidValue, "UInt32", "Number 4294967296",
      "4294967296 is out of range 0...4294967295"),
    .json("uint64", "18446744073709551615", "18446744073709551615"),
    .json(
      "uint64", "-1", issue: .invalidValue, "UInt64", "Number -1",
      "-1 is out of range \(uintRange)"),
    .json(
      "uint64", "18446744073709551616", issue: .invalidValue, "UInt64",
      "Number 18446744073709551616", "18446744073709551616 is out of range \(uintRange)"),
  ]

  /// Numeric strings whose value is an integer that fits, written as JSON writes numbers: the
  /// same values as the literals `5.0` and `1e3`, which the integer rows accept.
  static let integralStrings: [ConvRow] = [
    .json("int", #""5.0""#, "5"),
    .json("int", #""1e3""#, "1000"),
    .json("int8", #""127.0""#, "127"),
  ]

  static let floatingPoint: [ConvRow] = [
    .json("double", "2.5", "2.5"),
    .json("double", "0.1", "0.1"),
    .json("double", "-7", "-7.0"),
    .json("double", "9007199254740993", "9007199254740992.0"),
    .json("double", "12345678901234567890123", "1.2345678901234568e+22"),
    .json("double", #""2.5""#, "2.5"),
    .json("double", #""-1e-7""#, "-1e-07"),
    .json("double", "null", "0.0"),
    .swift("double", Float(0.1), "0.10000000149011612"),
    .swift("double", 42, "42.0"),
    .json(
      "double", "true", issue: .typeMismatch, "Double", "Bool true",
      "expects a number or a numeric string"),
    .json(
      "double", #""abc""#, issue: .invalidValue, "Double", #"String "abc""#,
      #"String "abc" is not a finite Double"#),
    .json(
      "double", #""nan""#, issue: .invalidValue, "Double", #"String "nan""#,
      #"String "nan" is not a finite Double"#),
    .swift(
      "double", Double.nan, issue: .invalidValue, "Double", "Number nan",
      "Number nan is not a finite Double"),
    .swift(
      "double", Double.infinity, issue: .invalidValue, "Double", "Number inf",
      "Number inf is not a finite Double"),
    .json("float", "0.1", "0.1"),
    .json("float", "-2.5", "-2.5"),
    .json("float", #""3.25""#, "3.25"),
    .json("float", "16777217", "16777216.0"),
    .json(
      "float", "1e39", issue: .invalidValue, "Float", "Number 1e+39",
      "Number 1e+39 is not a finite Float"),
    .json(
      "float", "false", issue: .typeMismatch, "Float", "Bool false",
      "expects a number or a numeric string"),
  ]

  static let booleans: [ConvRow] = [
    .json("bool", "true", "true"),
    .json("bool", "false", "false"),
    .json("bool", "1", "true"),
    .json("bool", "0", "false"),
    .json("bool", "1.0", "true"),
    .json("bool", #""true""#, "true"),
    .json("bool", #""FALSE""#, "false"),
    .json("bool", #""Yes""#, "true"),
    .json("bool", #""no""#, "false"),
    .json("bool", #""YES""#, "true"),
    .json("bool", #""nO""#, "false"),
    .json("bool", #""1""#, "true"),
    .json("bool", #""0""#, "false"),
    .swift("bool", true, "true"),
    .swift("bool", 1, "true"),
    .json(
      "bool", "2", issue: .invalidValue, "Bool", "Number 2",
      "Number 2 is not a boolean, 0, 1, true, false, yes or no"),
    .json(
      "bool", "-1", issue: .invalidValue, "Bool", "Number -1",
      "Number -1 is not a boolean, 0, 1, true, false, yes or no"),
    .json(
      "bool", "0.5", issue: .invalidValue, "Bool", "Number 0.5",
      "Number 0.5 is not a boolean, 0, 1, true, false, yes or no"),
    .json(
      "bool", #""maybe""#, issue: .invalidValue, "Bool", #"String "maybe""#,
      #"String "maybe" is not a boolean, 0, 1, true, false, yes or no"#),
    .json(
      "bool", "[true]", issue: .typeMismatch, "Bool", "Array of 1 element",
      "expects a boolean, 0, 1, or one of the strings true false yes no 1 0"),
  ]

  static let decimals: [ConvRow] = [
    .json("decimal", "0.1", "0.1"),
    .json("decimal", "2.5", "2.5"),
    .json("decimal", "-7", "-7"),
    .json("decimal", "12345678901234567890.123456789", "12345678901234567890.123456789"),
    .json("decimal", "18446744073709551615", "18446744073709551615"),
    .json("decimal", #""3.14""#, "3.14"),
    .json("decimal", #""-1e-7""#, "-0.0000001"),
    .swift("decimal", Decimal(sign: .minus, exponent: -2, significand: 125), "-1.25"),
    .json(
      "decimal", "true", issue: .typeMismatch, "Decimal", "Bool true",
      "expects a number or a numeric string"),
    .json(
      "decimal", #""abc""#, issue: .invalidValue, "Decimal", #"String "abc""#,
      #"String "abc" is not a finite decimal number"#),
    .swift(
      "decimal", Double.nan, issue: .invalidValue, "Decimal", "Number nan",
      "Number nan is not a finite decimal number"),
  ]

  static let dates: [ConvRow] = [
    .json("date", #""2024-05-06T07:08:09Z""#, "1714979289.000000"),
    .json("date", #""2024-05-06T07:08:09.123Z""#, "1714979289.123000"),
    .json("date", #""2024-05-06T07:08:09.123456Z""#, "1714979289.123456"),
    .json("date", #""2024-05-06T09:08:09+02:00""#, "1714979289.000000"),
    .json("date", #""2024-05-06T02:38:09.5-04:30""#, "1714979289.500000"),
    .json("date", #""2024-05-06T08:08:09+0100""#, "1714979289.000000"),
    .json("date", #""1969-12-31T23:59:58.5Z""#, "-1.500000"),
    .json("date", "1714979289", "1714979289.000000"),
    .json("date", "1714979289.25", "1714979289.250000"),
    .json("date", "-86400", "-86400.000000"),
    .json(
      "date", #""06/05/2024""#, issue: .invalidValue, "Date", #"String "06/05/2024""#,
      #""06/05/2024" is not an ISO 8601 date"#),
    .json(
      "date", #""2024-02-30T00:00:00Z""#, issue: .invalidValue, "Date",
      #"String "2024-02-30T00:00:00Z""#, #""2024-02-30T00:00:00Z" is not an ISO 8601 date"#),
    .json(
      "date", "true", issue: .typeMismatch, "Date", "Bool true",
      "expects an ISO 8601 string or a number of seconds since 1970"),
  ]

  static let foundation: [ConvRow] = [
    .json("url", #""https://example.com/hotels?id=1001""#, "https://example.com/hotels?id=1001"),
    .json(
      "url", "\"\"", issue: .invalidValue, "URL", "String \"\"",
      "\"\" is not a valid URL: it is empty"),
    // Not URLs as written: an issue, never a percent-encoded other URL.
    .json(
      "url", #"" ""#, issue: .invalidValue, "URL", #"String " ""#,
      #"" " is not a valid URL: it is empty"#),
    .json(
      "url", #""https://example.com/a b""#, issue: .invalidValue, "URL",
      #"String "https://example.com/a b""#,
      #""https://example.com/a b" is not a valid URL: it contains a space"#),
    .json(
      "url", #""https://example.com/100%""#, issue: .invalidValue, "URL",
      #"String "https://example.com/100%""#,
      #""https://example.com/100%" is not a valid URL: % is not followed by two hexadecimal "#
        + "digits"),
    .json(
      "url", #""https://example.com/{id}""#, issue: .invalidValue, "URL",
      #"String "https://example.com/{id}""#,
      #""https://example.com/{id}" is not a valid URL: it contains "{""#),
    // Surrounding whitespace is trimmed.
    .json("url", #""  https://example.com/a%20b \n""#, "https://example.com/a%20b"),
    .json("url", #"" github.com""#, "github.com"),
    .json("url", "42", issue: .typeMismatch, "URL", "Number 42", "expects a string"),
    .json(
      "uuid", #""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#, "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
    .json(
      "uuid", #""e621e1f8-c36c-495a-93fc-0c247a3e6e5f""#, "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
    .json(
      "uuid", #""not-a-uuid""#, issue: .invalidValue, "UUID", #"String "not-a-uuid""#,
      #""not-a-uuid" is not a UUID"#),
    .json("uuid", "7", issue: .typeMismatch, "UUID", "Number 7", "expects a string"),
    .json("data", #""aGVsbG8=""#, "hello"),
    .json("data", "\"\"", ""),
    .json(
      "data", #""not base64!""#, issue: .invalidValue, "Data", #"String "not base64!""#,
      #""not base64!" is not base64"#),
    .json("data", "1", issue: .typeMismatch, "Data", "Number 1", "expects a base64 string"),
  ]

  static let enums: [ConvRow] = [
    .json("kind", #""suite""#, "suite"),
    .json("kind", #""<null>""#, "single"),
    .json(
      "kind", #""SUITE""#, issue: .invalidValue, "ConvKind", #"String "SUITE""#,
      #"String "SUITE" is not a raw value of ConvKind"#),
    .json(
      "kind", "5", issue: .invalidValue, "ConvKind", "Number 5",
      #"String "5" is not a raw value of ConvKind"#),
    .json("level", "2", "high"),
    .json("level", #""2""#, "high"),
    .json("level", "2.0", "high"),
    .json("level", "true", "low"),
    .json(
      "level", "7", issue: .invalidValue, "ConvLevel", "Number 7",
      "Number 7 is not a raw value of ConvLevel"),
  ]

  /// Literals of at most 16 significant digits: JSONSerialization gives a Double NSNumber.
  static let shortLiterals = [
    "0.1", "2.5", "-0.0", "1e-7", "123456.789", "3.4028235e38", "1.17549435e-38", "16777217",
    "9007199254740993", "1152921573326323713",
  ]

  /// Literals of 17 to 40 significant digits: JSONSerialization gives an NSDecimalNumber.
  static let longLiterals = [
    "0.12345678901234567",
    "123456789012345678.9",
    "12345678901234567890123",
    "0.30000000000000000000001",
    "-0.000000000000000000012345678901234567",
    "3.141592653589793238462643383279502884",
    "1.00000005960464477539062500001",
    "2.718281828459045235360287471352662497757",
    // Not "9007199254740993.000000000000000000000001": JSONSerialization keeps 38 significant
    // digits of a long literal (NSDecimalNumber), so the 40th digit that decides its rounding
    // never reaches a dictionary. A documented limit of the [String: Any] path.
  ]

  /// Doubles at the ends of the range (a Float would overflow).
  static let extremeDoubles = [
    "1.7976931348623157e308", "4.9e-324", "2.2250738585072014e-308", "-1e308",
  ]

  /// Short literals whose Double lies exactly halfway between two Floats: rounding the literal
  /// to Double first, then to Float, picks the other Float than JSONDecoder does.
  static let floatHalfways = ["4.668909311294556", "53.07388114929199"]
}
