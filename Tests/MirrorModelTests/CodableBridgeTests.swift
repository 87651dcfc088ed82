import Foundation
import Testing

@testable import MirrorModel

// The Codable bridge on its own: decoding walks any Decoder into the value kinds
// JSONSerialization gives; encoding writes such a tree through any Encoder.

/// Reads the whole keyed container of the decoder through the bridge.
private struct CBProbe: Decodable {
  let tree: [String: Any]
  init(from decoder: any Decoder) throws { tree = try CodableBridge.dictionary(from: decoder) }
}

/// Reads any single value through the bridge.
private struct CBValueProbe: Decodable {
  let value: Any
  init(from decoder: any Decoder) throws { value = try CodableBridge.value(from: decoder) }
}

/// Writes a dictionary through the bridge.
private struct CBBox: Encodable {
  let tree: [String: Any]
  func encode(to encoder: any Encoder) throws { try CodableBridge.encode(value: tree, to: encoder) }
}

/// Writes any value through the bridge.
private struct CBValueBox: Encodable {
  let value: Any
  func encode(to encoder: any Encoder) throws {
    try CodableBridge.encode(value: value, to: encoder)
  }
}

/// The kind and exact value of a tree, as the library's conversions see it: `Int` and an
/// `NSNumber` of an integer alike, booleans apart from 0 and 1, doubles by their bits,
/// long literals by their decimal text, dictionaries with sorted keys.
private func shape(_ value: Any) -> String {
  switch value {
  case is NSNull:
    return "null"
  case let string as String:
    return "String(\(string.debugDescription))"
  case let dictionary as [String: Any]:
    let entries = dictionary.keys.sorted().map {
      "\($0.debugDescription): \(shape(dictionary[$0] ?? ()))"
    }
    return "{" + entries.joined(separator: ", ") + "}"
  case let array as [Any]:
    return "[" + array.map(shape).joined(separator: ", ") + "]"
  default:
    switch RawScalar(value) {
    case .bool(let flag): return "Bool(\(flag))"
    case .signed(let integer): return "Int(\(integer))"
    case .unsigned(let integer): return "UInt64(\(integer))"
    case .double(let double):
      return "Double(\(double), bits: \(String(double.bitPattern, radix: 16)))"
    case .decimal(let decimal): return "Decimal(\(decimal.stringValue))"
    case .string(let string): return "String(\(string.debugDescription))"
    case .other: return "other \(type(of: value)): \(value)"
    }
  }
}

private func decodeJSON(_ json: String) throws -> [String: Any] {
  try JSONDecoder().decode(CBProbe.self, from: Data(json.utf8)).tree
}

private func serialized(_ json: String) throws -> [String: Any] {
  let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
  return try #require(object as? [String: Any])
}

/// A coding path as text: keys by name, indices by number.
private func pathText(_ path: [any CodingKey]) -> String {
  path.map { key in key.intValue.map(String.init) ?? key.stringValue }.joined(separator: ".")
}

private func encodeJSON(_ tree: [String: Any]) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  return String(decoding: try encoder.encode(CBBox(tree: tree)), as: UTF8.self)
}

private let mixedFixture = #"""
  {
    "id": 505874924095815681,
    "count": 0,
    "negative": -42,
    "ratio": 0.1,
    "pi": 3.141592653589793,
    "tiny": 5e-324,
    "large": 1.7976931348623157e308,
    "flag": true,
    "off": false,
    "one": 1,
    "zero": 0,
    "nothing": null,
    "text": "h\u00e9llo \"w\u00f6rld\" \ud83c\udf0d\n\ttab",
    "emptyText": "",
    "numericText": "1",
    "boolText": "true",
    "nullText": "null",
    "long": 1234567890123456789012345,
    "longFraction": 3.14159265358979323846,
    "aboveInt64": 9223372036854775808,
    "maxUInt64": 18446744073709551615,
    "aboveUInt64": 18446744073709551616,
    "minInt64Plus1": -922337203685477580,
    "emptyArray": [],
    "emptyObject": {},
    "nested": {"a": [1, "two", true, null, 2.5, {"b": [[], {}]}], "c": {"d": {"e": -1.5e-7}}},
    "rows": [{"v": 1}, {"v": "1"}, {"v": true}, {"v": null}, {"v": 1.5}, {"v": {"w": 1}},
             {"v": [1]}, {"v": 2}],
    "mixed": [1, "1", true, null, 2.5, 3, false, "x", [], {}, 4],
    "maybe": [{"v": "a"}, {"v": null}, {"v": "b"}]
  }
  """#

@Suite("CodableBridge decoding")
struct CodableBridgeDecodingTests {
  @Test(
    "JSONDecoder through the bridge gives JSONSerialization's tree", comparesWithCorelibsNumbers)
  func sameTreeAsJSONSerialization() throws {
    let bridged = try decodeJSON(mixedFixture)
    let expected = try serialized(mixedFixture)
    #expect(shape(bridged) == shape(expected))
    #expect(bridged.count == 29)
  }

  @Test(
    "Each literal reads as the kind JSONSerialization gives", comparesWithCorelibsNumbers,
    arguments: [
      ("1", "Int(1)"),
      ("-7", "Int(-7)"),
      ("0", "Int(0)"),
      ("505874924095815681", "Int(505874924095815681)"),
      ("9223372036854775807", "Int(9223372036854775807)"),
      ("-922337203685477580", "Int(-922337203685477580)"),
      ("9223372036854775808", "UInt64(9223372036854775808)"),
      ("18446744073709551615", "UInt64(18446744073709551615)"),
      ("18446744073709551616", "Decimal(18446744073709551616)"),
      ("1234567890123456789012345", "Decimal(1234567890123456789012345)"),
      ("-1234567890123456789012345", "Decimal(-1234567890123456789012345)"),
      ("1.5", "Double(1.5, bits: 3ff8000000000000)"),
      ("0.1", "Double(0.1, bits: 3fb999999999999a)"),
      ("-2.5e-3", "Double(-0.0025, bits: bf647ae147ae147b)"),
      ("1e300", "Double(1e+300, bits: 7e37e43c8800759c)"),
      ("1E+20", "Double(1e+20, bits: 4415af1d78b58c40)"),
      ("3.141592653589793", "Double(3.141592653589793, bits: 400921fb54442d18)"),
      ("3.14159265358979323846", "Decimal(3.14159265358979323846)"),
      (
        "12345678901234567890123456789012345678901234567890",
        "Decimal(12345678901234567890123456789012345678900000000000)"
      ),
      ("1.000000000000000000001", "Decimal(1.000000000000000000001)"),
      ("1.0000000000000001", "Decimal(1.0000000000000001)"),
      ("true", "Bool(true)"),
      ("false", "Bool(false)"),
      ("null", "null"),
      (#""1""#, #"String("1")"#),
      (#""true""#, #"String("true")"#),
      (#""AQI=""#, #"String("AQI=")"#),
      (#""\u00e9\ud83c\udf0d""#, #"String("é🌍")"#),
      ("[]", "[]"),
      ("{}", "{}"),
      (
        #"[1, true, "a", null, 1.5, 0]"#,
        #"[Int(1), Bool(true), String("a"), null, Double(1.5, bits: 3ff8000000000000), Int(0)]"#
      ),
    ])
  func literalKinds(literal: String, expected: String) throws {
    let json = #"{"value": \#(literal)}"#
    let bridged = try decodeJSON(json)
    #expect(shape(bridged["value"] ?? ()) == expected)
    #expect(shape(bridged) == shape(try serialized(json)))
  }

  @Test("A whole number written as a fraction reads as Int: JSONDecoder cannot tell 1.0 from 1")
  func wholeFractionReadsAsInt() throws {
    let bridged = try decodeJSON(#"{"a": 1.0, "b": 1e2, "c": -0.0, "d": 123456789012345678e1}"#)
    // A negative zero keeps its sign (the decoder's `Double`; `Decimal` has none), as
    // `JSONSerialization` keeps it; `-0` is read so too, where it gives the integer 0.
    #expect(
      shape(bridged)
        == #"{"a": Int(1), "b": Int(100), "c": Double(-0.0, bits: 8000000000000000), "#
        + #""d": Int(1234567890123456780)}"#)
    #expect(shape(try decodeJSON(#"{"z": -0}"#)) == #"{"z": Double(-0.0, bits: 8000000000000000)}"#)
  }

  @Test(
    "A negative integer of 19 digits reads as Int, where Linux JSONSerialization gives a decimal")
  func longNegativeInteger() throws {
    let json = #"{"a": -9223372036854775807, "b": -1000000000000000000}"#
    #expect(
      shape(try decodeJSON(json))
        == #"{"a": Int(-9223372036854775807), "b": Int(-1000000000000000000)}"#)
    #expect(
      shape(try serialized(json))
        == #"{"a": Decimal(-9223372036854775807), "b": Decimal(-1000000000000000000)}"#)
  }

  @Test("Kinds stay exact when a key changes kind from one object to the next")
  func hintsNeverChangeKinds() throws {
    let bridged = try decodeJSON(mixedFixture)
    #expect(
      shape(bridged["rows"] ?? ())
        == #"[{"v": Int(1)}, {"v": String("1")}, {"v": Bool(true)}, {"v": null}, "#
        + #"{"v": Double(1.5, bits: 3ff8000000000000)}, {"v": {"w": Int(1)}}, {"v": [Int(1)]}, "#
        + #"{"v": Int(2)}]"#)
    #expect(
      shape(bridged["mixed"] ?? ())
        == #"[Int(1), String("1"), Bool(true), null, Double(2.5, bits: 4004000000000000), "#
        + #"Int(3), Bool(false), String("x"), [], {}, Int(4)]"#)
  }

  @Test("value(from:) reads a top-level array or scalar")
  func topLevelValues() throws {
    let array = try JSONDecoder().decode(CBValueProbe.self, from: Data(#"[1, {"a": null}]"#.utf8))
    #expect(shape(array.value) == #"[Int(1), {"a": null}]"#)
    let scalar = try JSONDecoder().decode(CBValueProbe.self, from: Data("2.5".utf8))
    #expect(shape(scalar.value) == "Double(2.5, bits: 4004000000000000)")
  }

  @Test("A top-level value that is not a dictionary is a type mismatch")
  func topLevelMustBeDictionary() throws {
    #expect {
      _ = try JSONDecoder().decode(CBProbe.self, from: Data("[1]".utf8))
    } throws: { error in
      guard case DecodingError.typeMismatch(_, let context) = error else { return false }
      return context.codingPath.isEmpty
    }
  }

  @Test("A number no Swift type can hold is an error at its path")
  func unreadableNumber() throws {
    #expect {
      _ = try decodeJSON(#"{"a": [0, {"big": 1e400}]}"#)
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return pathText(context.codingPath) == "a.1.big"
        && context.debugDescription.contains("could not read the value")
    }
  }

  @Test("The deepest nesting the bridge accepts is read")
  func deepNesting() throws {
    // The root object and `a` take two of the levels.
    let depth = CodableBridge.maximumDepth - 2
    let json =
      #"{"a": "# + String(repeating: "[", count: depth) + "7"
      + String(repeating: "]", count: depth) + "}"
    var value: Any = try #require(try decodeJSON(json)["a"])
    var levels = 0
    while let array = value as? [Any], let first = array.first {
      value = first
      levels += 1
    }
    #expect(levels == depth)
    #expect(shape(value) == "Int(7)")
  }
}

@Suite("CodableBridge decoding limits")
struct CodableBridgeDecodingLimitTests {
  @Test("Nesting deeper than the limit is an error at the container too deep")
  func tooDeep() throws {
    var value: Any = 1
    for _ in 0..<600 { value = [value] }
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["a": value], format: .binary, options: 0)
    #expect {
      _ = try PropertyListDecoder().decode(CBProbe.self, from: data)
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.codingPath.count == CodableBridge.maximumDepth
        && context.codingPath.first?.stringValue == "a"
        && context.debugDescription.contains("more than 202 levels")
    }
  }
}

@Suite("CodableBridge encoding")
struct CodableBridgeEncodingTests {
  private static func tree() -> [String: Any] {
    [
      "string": "h\u{e9}llo \"w\u{f6}rld\" \u{1F30D}\n",
      "int": 42,
      "negative": -7,
      "max": Int.max,
      "uint": UInt(7),
      "uint64": UInt64.max,
      "int8": Int8(-8),
      "double": 0.1,
      "whole": 2.0,
      "float": Float(0.5),
      "true": true,
      "false": false,
      "null": NSNull(),
      "decimal": NSDecimalNumber(string: "1234567890123456789012345"),
      "swiftDecimal": Decimal(string: "-0.000000000000000001") ?? 0,
      "boolNumber": NSNumber(value: true),
      "intNumber": NSNumber(value: 1),
      "doubleNumber": NSNumber(value: 1.5),
      "unsignedNumber": NSNumber(value: UInt64.max),
      "nested": ["a": [1, "two", ["b": NSNull()], [Any]()], "c": [String: Any]()] as [String: Any],
      "optional": Int?.none as Any,
      "someOptional": Int?.some(5) as Any,
      "optionalBool": NSNumber?.some(NSNumber(value: true)) as Any,
      "doubleOptional": Int??.some(nil) as Any,
    ]
  }

  @Test("JSONEncoder writes the exact JSON text")
  func exactJSONText() throws {
    let expected =
      #"{"boolNumber":true,"decimal":1234567890123456789012345,"double":0.1,"#
      + #""doubleNumber":1.5,"doubleOptional":null,"false":false,"float":0.5,"int":42,"#
      + #""int8":-8,"intNumber":1,"#
      + #""max":9223372036854775807,"negative":-7,"#
      + #""nested":{"a":[1,"two",{"b":null},[]],"c":{}},"null":null,"optional":null,"#
      + #""optionalBool":true,"someOptional":5,"#
      + #""string":"héllo \"wörld\" 🌍\n","swiftDecimal":-0.000000000000000001,"true":true,"#
      + #""uint":7,"uint64":18446744073709551615,"#
      + #""unsignedNumber":18446744073709551615,"whole":2}"#
    #expect(try encodeJSON(Self.tree()) == expected)
  }

  @Test("JSONEncoder writes the same content as JSONSerialization")
  func sameContentAsJSONSerialization() throws {
    let tree = try serialized(mixedFixture)
    let viaBridge = try JSONSerialization.jsonObject(with: Data(try encodeJSON(tree).utf8))
    let viaSerialization = try JSONSerialization.jsonObject(
      with: JSONSerialization.data(withJSONObject: tree, options: [.sortedKeys]))
    #expect(shape(viaBridge) == shape(viaSerialization))
    #expect(shape(viaBridge) == shape(tree))
  }

  @Test(
    "Property lists round-trip the tree",
    arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
  func propertyListRoundTrip(format: PropertyListSerialization.PropertyListFormat) throws {
    var tree = try serialized(mixedFixture)
    tree["swiftDecimal"] = Decimal(string: "-0.000000000000000001") ?? 0
    tree["decimalTenth"] = NSDecimalNumber(string: "0.1")
    tree["decimalZero"] = NSDecimalNumber(string: "0")
    let encoder = PropertyListEncoder()
    encoder.outputFormat = format
    let data = try encoder.encode(CBBox(tree: tree))
    let decoded = try PropertyListDecoder().decode(CBProbe.self, from: data).tree
    #expect(shape(decoded) == shape(tree))
  }

  @Test("Dates and data a property list holds natively read as toDictionary() writes them")
  func propertyListDatesAndData() throws {
    struct CBNative: Encodable {
      let when = Date(timeIntervalSince1970: 86_400.5)
      let bytes = Data([1, 2, 255])
    }
    let data = try PropertyListEncoder().encode(CBNative())
    let decoded = try PropertyListDecoder().decode(CBProbe.self, from: data).tree
    #expect(
      shape(decoded) == #"{"bytes": String("AQL/"), "when": String("1970-01-02T00:00:00.500Z")}"#)
  }

  @Test("A top-level scalar or array is written through a single value or unkeyed container")
  func topLevelValues() throws {
    let encoder = JSONEncoder()
    #expect(String(decoding: try encoder.encode(CBValueBox(value: "x")), as: UTF8.self) == #""x""#)
    #expect(
      String(decoding: try encoder.encode(CBValueBox(value: [1, NSNull(), true])), as: UTF8.self)
        == "[1,null,true]")
  }

  @Test("A value JSON cannot hold is an invalid value at its path")
  func unsupportedValue() throws {
    let tree: [String: Any] = ["a": [1, ["when": Date(timeIntervalSince1970: 0)]]]
    #expect {
      _ = try encodeJSON(tree)
    } throws: { error in
      guard case EncodingError.invalidValue(let value, let context) = error else { return false }
      return value is Date && pathText(context.codingPath) == "a.1.when"
        && context.debugDescription.contains("cannot encode a value of type Date")
    }
  }

  @Test("A NaN decimal is an invalid value at its path")
  func nanDecimal() throws {
    #expect {
      _ = try encodeJSON(["rows": [["price": NSDecimalNumber.notANumber]]])
    } throws: { error in
      guard case EncodingError.invalidValue(_, let context) = error else { return false }
      return pathText(context.codingPath) == "rows.0.price"
        && context.debugDescription.contains("NaN")
    }
  }

  @Test("Nesting deeper than the limit is an invalid value")
  func tooDeep() throws {
    var value: Any = 1
    for _ in 0..<CodableBridge.maximumDepth { value = [value] }
    #expect {
      _ = try encodeJSON(["a": value])
    } throws: { error in
      guard case EncodingError.invalidValue(_, let context) = error else { return false }
      return context.codingPath.count == CodableBridge.maximumDepth
        && context.debugDescription.contains("more than 202 levels")
    }
  }
}
