import Foundation
import Testing

@testable import MirrorModel

@Suite("JSONReader")
struct JSONRWReaderTests {
  @Test func everyValueKind() throws {
    let json = #"{"s":"x","i":-12,"d":1.5,"t":true,"f":false,"n":null,"a":[1,"2"],"o":{}}"#
    let object = try #require(try parse(json) as? [String: Any])
    #expect(object.count == 8)
    #expect(object["s"] as? String == "x")
    #expect(type(of: try #require(object["i"])) == Int.self)
    #expect(object["i"] as? Int == -12)
    #expect(type(of: try #require(object["d"])) == Double.self)
    #expect(object["d"] as? Double == 1.5)
    #expect(type(of: try #require(object["t"])) == Bool.self)
    #expect(object["t"] as? Bool == true)
    #expect(object["f"] as? Bool == false)
    #expect(object["n"] is NSNull)
    let array = try #require(object["a"] as? [Any])
    #expect(array.count == 2 && array[0] as? Int == 1 && array[1] as? String == "2")
    #expect((object["o"] as? [String: Any])?.isEmpty == true)
  }

  @Test func duplicateKeysLastWins() throws {
    let object = try #require(try parse(#"{"a":1,"b":2,"a":3}"#) as? [String: Any])
    #expect(object.count == 2 && object["a"] as? Int == 3)
  }

  /// A key repeated several times among many: its last value, the other keys kept.
  @Test func aKeyRepeatedAmongManyKeepsItsLastValue() throws {
    let members = (0..<40).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
    let object = try #require(
      try parse(#"{"x": 1, \#(members), "x": [2], "k7": "seven", "x": {"y": 3}}"#)
        as? [String: Any])
    #expect(object.count == 41)
    #expect(object["k7"] as? String == "seven" && object["k39"] as? Int == 39)
    #expect((object["x"] as? [String: Any])?["y"] as? Int == 3)
  }

  /// Keys equal as strings but not in their bytes are one key.
  ///
  /// Its last value, under the key as first written (as a dictionary filled in the text's
  /// order keeps it), in the tree and as a model's kept unknown value. Found by the fuzzer's
  /// seeds.
  @Test func keysEqualAsStringsKeepTheirFirstSpellingAndLastValue() throws {
    let text =
      #"{"caf\u00e9": 1, "x": 0, "cafe\u0301": 2, "int": 3, "caf\u00e9": 4, "cafe\u0301": 5}"#
    let object = try #require(try parse(text) as? [String: Any])
    #expect(object.count == 3)
    let key = try #require(object.keys.first { $0 == "café" })
    #expect(Array(key.utf8) == Array("caf\u{e9}".utf8))
    #expect(object["café"] as? Int == 5 && object["cafe\u{301}"] as? Int == 5)
    let reversed = try #require(
      try parse(#"{"cafe\u0301": 1, "caf\u00e9": 2}"#) as? [String: Any])
    #expect(reversed.keys.map { Array($0.utf8) } == [Array("cafe\u{301}".utf8)])
    #expect(reversed["café"] as? Int == 2)
  }

  /// Keys met again in a long document are the strings made the first time: keys of one
  /// length whose first and last eight bytes agree, a key written with escapes and without,
  /// keys beyond ASCII, long keys and the empty key all read as `JSONSerialization` reads them.
  @Test func keysMetAgainReadAsTheirBytes() throws {
    let keys = [
      "abcdefgh_1_ijklmnop", "abcdefgh_2_ijklmnop", "abc", "\\u0061bc", "a", "", "ключ",
      "k\\u00e9y", "kéy", String(repeating: "long", count: 20),
      String(repeating: "long", count: 20) + "!", "id", "id_str", "ID",
    ]
    let objects = (0..<30).map { index in
      "{" + keys.enumerated().map { #""\#($1)": \#(index * 100 + $0)"# }.joined(separator: ", ")
        + "}"
    }
    let text = "[" + objects.joined(separator: ", ") + "]"
    let parsed = try #require(try parse(text) as? [[String: Any]])
    let expected = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    #expect(parsed.count == 30)
    for (index, (object, reference)) in zip(parsed, expected).enumerated() {
      #expect(JSONValue.equal(object, reference), "object \(index)")
      #expect(object["abcdefgh_2_ijklmnop"] as? Int == index * 100 + 1)
      #expect(object["abc"] as? Int == index * 100 + 3)
      #expect(object["kéy"] as? Int == index * 100 + 8)
      #expect(object[""] as? Int == index * 100 + 5)
      #expect(object.count == keys.count - 2)
    }
  }

  @Test func topLevelScalarsWhitespaceAndByteOrderMark() throws {
    #expect(try parse(" \t\r\n 7 \n") as? Int == 7)
    #expect(try parse(#""x""#) as? String == "x")
    #expect(try parse("false") as? Bool == false)
    #expect(try parse("null") is NSNull)
    let withMark = try JSONReader.parse(Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)))
    #expect((withMark as? [Any])?.first as? Int == 1)
  }

  @Test(arguments: [
    (#""\u00e9""#, "é"),
    (#""\u00E9t\u00e9""#, "été"),
    (#""\ud83d\ude00""#, "😀"),
    (#""a\"b\\c\/d\b\f\n\r\t""#, "a\"b\\c/d\u{8}\u{c}\n\r\t"),
    (#""\u0000\u001f""#, "\u{0}\u{1f}"),
    (#""名前:前田あゆみ 😋✨""#, "名前:前田あゆみ 😋✨"),
    (#""名前\n\u524d""#, "名前\n前"),
    (
      #""long plain ASCII text that is longer than a machine word""#,
      "long plain ASCII text that is longer than a machine word"
    ),
    (#""""#, ""),
  ])
  func strings(json: String, expected: String) throws {
    #expect(try parse(json) as? String == expected)
  }

  @Test func integersThatFitAreExactInts() throws {
    let array = try #require(
      try parse("[505874924095815681, 9223372036854775807, -9223372036854775808, 0, -0]")
        as? [Any])
    #expect(array.prefix(4).compactMap { $0 as? Int } == [505_874_924_095_815_681, .max, .min, 0])
    #expect(array.prefix(4).allSatisfy { type(of: $0) == Int.self })
    // `-0` keeps its sign, as JSONDecoder reads it into a Double (JSONSerialization drops it).
    let negativeZero = try #require(array.last as? Double)
    #expect(negativeZero == 0 && negativeZero.sign == .minus)
  }

  @Test(arguments: [
    "-9223372036854775809", "9223372036854775808", "18446744073709551616",
    "12345678901234567890123", "0.1000000000000000055511151231257827",
    "-1234567890.123456789", "0.1234567890123456", "18446744073709551635e38",
    "1.2345678901234567e3",
  ])
  func longLiteralsAreExactDecimals(literal: String) throws {
    let decimal = try #require(try parse(literal) as? NSDecimalNumber)
    let expected = NSDecimalNumber(string: literal, locale: Locale(identifier: "en_US_POSIX"))
    #expect(decimal.stringValue == expected.stringValue)
    #expect(!literal.contains("e") ? decimal.stringValue == literal : true)
  }

  /// As in `JSONSerialization`: a fraction or exponent whose mantissa is written with fewer
  /// than 18 characters is a `Double` (correctly rounded, as `JSONDecoder` reads it).
  @Test(arguments: ["12345678901234567e-5", "12345678.90123456", "1.234567890123456e3", "1e400"])
  func exponentsAndShortFractionsAreDoubles(literal: String) throws {
    let value = try parse(literal)
    #expect(type(of: value) == Double.self)
    #expect((value as? Double).map(\.bitPattern) == Double(literal)?.bitPattern)
  }

  /// swift-corelibs-foundation's `JSONSerialization` looks for a lowercase `e` only: with an
  /// uppercase `E` it counts every character of the literal, so the same number is a decimal
  /// written one way and a `Double` the other (found by the fuzzer, measured on Linux).
  @Test(arguments: [
    ("92233720368547758E7", "922337203685477580000000"),
    ("-12345678901234E10", "-123456789012340000000000"),
    ("1.2345678901234E-10", "0.00000000012345678901234"),
    ("1.5E+0000000000000001", "15"),
    ("1E-00000000000000128", "0." + String(repeating: "0", count: 127) + "1"),
    ("1000000000000000E127", "1" + String(repeating: "0", count: 142)),
  ])
  func uppercaseExponentsCountTheWholeLiteral(literal: String, decimal: String) throws {
    let value = try #require(try parse(literal) as? NSDecimalNumber)
    #expect(value.stringValue == decimal)
    // Written with `e`, the mantissa alone counts: each of these is a Double.
    let lowercase = try parse(literal.lowercased())
    #expect(type(of: lowercase) == Double.self)
    #expect((lowercase as? Double)?.bitPattern == Double(literal)?.bitPattern)
  }

  /// Under 18 characters, or beyond what a decimal holds, an uppercase `E` gives a `Double`.
  @Test(arguments: ["12345678901234E10", "1E5", "1234567890123456E200", "12345678901234567E-130"])
  func shortOrOutOfRangeUppercaseExponentsAreDoubles(literal: String) throws {
    let value = try parse(literal)
    #expect(type(of: value) == Double.self)
    #expect((value as? Double)?.bitPattern == Double(literal)?.bitPattern)
  }

  @Test(arguments: [
    "0.1", "1e-7", "2.2250738585072011e-308", "9007199254740993", "1.7976931348623157e308",
    "123456789012345678", "0.30000000000000004", "5e-324", "-0.0", "1E+2", "123.456e-2",
    "2.2250738585072014e-308", "4.9406564584124654e-324", "1e23", "8.98846567431158e307",
    "9007199254740993.0", "0.000001234567890123456", "179769313486231570000000e284",
    "-2.5e-3", "1.00000000000000011102230246251565404236316680908203125",
    "0.1e1", "7e22", "7e-22", "123456789012345678901234567890.5",
  ])
  func doublesMatchJSONDecoderBitForBit(literal: String) throws {
    let decoded = try JSONDecoder().decode([Double].self, from: Data("[\(literal)]".utf8))
    let expected = try #require(decoded.first)
    let actual = try #require(doubleValue(try parse(literal)))
    #expect(actual.bitPattern == expected.bitPattern, "\(literal): \(actual) != \(expected)")
  }

  @Test func randomDoublesRoundTripExactly() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      let double = Double(bitPattern: generator.next())
      guard double.isFinite else { continue }
      for text in [double.description, String(format: "%.17e", double)] {
        let parsed = try #require(doubleValue(try parse(text)))
        #expect(parsed.bitPattern == double.bitPattern, "\(text)")
      }
    }
  }

  @Test func outOfRangeLiteralsStayDoubles() throws {
    #expect(try parse("1e400") as? Double == .infinity)
    #expect(try parse("-1e400") as? Double == -.infinity)
    #expect(try parse("1e-400") as? Double == 0)
    let tiny = try #require(try parse("1.23456789012345678901e-300") as? Double)
    #expect(tiny == 1.23456789012345678901e-300)
    #expect(try parse("1e99999999999999999999999") as? Double == .infinity)
  }

  @Test(arguments: [
    ("", "unexpected end of input at line 1, column 1 (expected a value)"),
    ("  \n ", "unexpected end of input at line 2, column 2 (expected a value)"),
    ("{", "unexpected end of input at line 1, column 2 (expected a string key)"),
    (#"{"a":}"#, "unexpected character '}' at line 1, column 6 (expected a value)"),
    (#"{"a":1,}"#, "unexpected character '}' at line 1, column 8 (expected a string key)"),
    ("[1,]", "unexpected character ']' at line 1, column 4 (expected a value)"),
    ("[1 2]", "unexpected character '2' at line 1, column 4 (expected ',' or ']')"),
    (#"{"a":1 "b":2}"#, "unexpected character '\"' at line 1, column 8 (expected ',' or '}')"),
    ("tru", "unexpected end of input at line 1, column 4 (expected 'true')"),
    ("nul1", "unexpected character '1' at line 1, column 4 (expected 'null')"),
    (#""abc"#, "unterminated string starting at line 1, column 1"),
    (#"["a", "b"#, "unterminated string starting at line 1, column 7"),
    ("01", "unexpected character '1' at line 1, column 2 (expected end of input)"),
    ("1.", "unexpected end of input at line 1, column 3 (expected a digit)"),
    ("1.e5", "unexpected character 'e' at line 1, column 3 (expected a digit)"),
    ("1e+", "unexpected end of input at line 1, column 4 (expected a digit)"),
    ("-", "unexpected end of input at line 1, column 2 (expected a digit)"),
    ("-x", "unexpected character 'x' at line 1, column 2 (expected a digit)"),
    ("+1", "unexpected character '+' at line 1, column 1 (expected a value)"),
    (".5", "unexpected character '.' at line 1, column 1 (expected a value)"),
    ("NaN", "unexpected character 'N' at line 1, column 1 (expected a value)"),
    ("[1] // c", "unexpected character '/' at line 1, column 5 (expected end of input)"),
    (#"{"a" 1}"#, "unexpected character '1' at line 1, column 6 (expected ':')"),
    ("{1:2}", "unexpected character '1' at line 1, column 2 (expected a string key)"),
    (
      "{\n  \"a\": 1,\n  \"b\": x\n}",
      "unexpected character 'x' at line 3, column 8 (expected a value)"
    ),
    (#"["名前", x]"#, "unexpected character 'x' at line 1, column 8 (expected a value)"),
    ("é", "unexpected character 'é' at line 1, column 1 (expected a value)"),
    ("[\u{1}]", "unexpected character U+0001 at line 1, column 2 (expected a value)"),
    ("\"a\nb\"", "unescaped control character U+000A in string at line 1, column 3"),
    (#""\x""#, "invalid escape sequence '\\x' in string at line 1, column 2"),
    (#""\u12G4""#, "invalid escape sequence '\\u12' in string at line 1, column 2"),
    (#""\u12"#, "unterminated string starting at line 1, column 1"),
    (#""\ud83d""#, "lone surrogate \\uD83D in string at line 1, column 2"),
    (#""ab\ude00""#, "lone surrogate \\uDE00 in string at line 1, column 4"),
    (#""\ud83dx""#, "lone surrogate \\uD83D in string at line 1, column 2"),
    (#""\ud83d\u0041""#, "lone surrogate \\uD83D in string at line 1, column 2"),
  ])
  func syntaxErrors(json: String, message: String) {
    #expect(throws: JSONSyntaxError.self) { try parse(json) }
    do {
      _ = try parse(json)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test(
    arguments: [
      ([0x22, 0xFF, 0x22], 1),  // a byte that is never UTF-8
      ([0x5B, 0xC3, 0x5D], 1),  // a truncated sequence outside a string
      ([0x22, 0xC0, 0xAF, 0x22], 1),  // an overlong "/"
      ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // an encoded surrogate
      ([0x22, 0x61, 0xE6, 0x97], 2),  // a truncated sequence at the end
      ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),  // past U+10FFFF
    ] as [([UInt8], Int)])
  func invalidUTF8(bytes: [UInt8], offset: Int) {
    do {
      _ = try JSONReader.parse(Data(bytes))
      Issue.record("accepted invalid UTF-8 \(bytes)")
    } catch {
      #expect(error.reason == .invalidUTF8)
      #expect(error.offset == offset)
      #expect(error.description == "invalid UTF-8 at line 1, column \(offset + 1)")
    }
  }

  @Test func errorOffsetCountsTheByteOrderMarkButColumnsDoNot() {
    do {
      _ = try JSONReader.parse(Data([0xEF, 0xBB, 0xBF] + Array("[x]".utf8)))
      Issue.record("accepted invalid JSON")
    } catch {
      #expect(error.offset == 4 && error.line == 1 && error.column == 2)
    }
  }

  @Test func nestingLimit() throws {
    let deep = String(repeating: "[", count: 100_000)
    do {
      _ = try parse(deep)
      Issue.record("accepted 100 000 levels")
    } catch {
      #expect(error.description == "nesting deeper than 512 levels at line 1, column 513")
    }
    let limit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(try parse(limit) is [Any])
    let objects = String(repeating: #"{"a":"#, count: 513)
    #expect(throws: JSONSyntaxError.self) { try parse(objects) }
    #expect(throws: JSONSyntaxError.self) {
      try JSONReader.parse(Data("[[[1]]]".utf8), maximumDepth: 2)
    }
    #expect(try JSONReader.parse(Data("[[1]]".utf8), maximumDepth: 2) is [Any])
  }

  @Test(comparesWithCorelibsNumbers) func matchesJSONSerializationOnAFixture() throws {
    let data = Data(jsonrwFixture.utf8)
    let ours = try JSONReader.parse(data)
    let theirs = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
    let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed]
    let oursText = try JSONSerialization.data(withJSONObject: ours, options: options)
    let theirsText = try JSONSerialization.data(withJSONObject: theirs, options: options)
    #expect(
      String(decoding: oursText, as: UTF8.self) == String(decoding: theirsText, as: UTF8.self))
  }

  @Test func mutatedInputNeverCrashes() throws {
    var generator = SystemRandomNumberGenerator()
    let original = Array(jsonrwFixture.utf8)
    let alphabet = Array(#"{}[]":,.-+eE0123456789tfnul\ "#.utf8) + [0x00, 0x80, 0xC3, 0xFF]
    var accepted = 0
    for _ in 0..<3000 {
      var bytes = original
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let position = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes[position] = alphabet.randomElement(using: &generator) ?? 0
        case 1: bytes.remove(at: position)
        default: bytes = Array(bytes[..<position])
        }
        if bytes.isEmpty { break }
      }
      if (try? JSONReader.parse(Data(bytes))) != nil { accepted += 1 }
    }
    #expect(accepted < 3000)
  }
}

private func parse(_ json: String) throws(JSONSyntaxError) -> Any {
  try JSONReader.parse(Data(json.utf8))
}

/// The `Double` MirrorModel reads from a parsed number (as its converters do).
private func doubleValue(_ value: Any) -> Double? {
  if let decimal = value as? NSDecimalNumber { return Double(decimal.stringValue) }
  if type(of: value) == Int.self, let integer = value as? Int { return Double(integer) }
  if type(of: value) == Double.self, let double = value as? Double { return double }
  return nil
}

private let jsonrwFixture = #"""
  {
    "statuses": [
      {
        "id": 505874924095815681,
        "id_str": "505874924095815681",
        "text": "@aym0566x \n\n名前:前田あゆみ\n😋✨ \"quoted\" \/ \u00e9",
        "truncated": false,
        "favorited": true,
        "in_reply_to_status_id": null,
        "coordinates": [139.6917064, 35.6894875, -0.5, 1e-3, 2.5E+2],
        "counts": {"retweets": 0, "favourites": 12, "ratio": 0.30000000000000004},
        "entities": {"hashtags": [], "urls": [{"indices": [0, 23]}], "empty": {}}
      }
    ],
    "search_metadata": {"max_id": 505874924095815681, "query": "%E4%B8%80", "count": 2}
  }
  """#
