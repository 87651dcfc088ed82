import Foundation
import Testing

@testable import MirrorModel

// `TextDecoder` decodes a `Codable` type that is not otherwise mappable straight from JSON
// text. Its specification is what it replaced: the text read into a tree by `JSONReader`, then
// decoded by `TreeDecoder` (and by `JSONDecoder` over the writer's text where that gives up).
// Every case here runs both: where the old way fails, the text decoder must give up (the
// reader then takes the old way, for its issue); where it succeeds, the text decoder gives the
// same value, digit for digit, or gives up.

/// Opening hours, a small `Codable` struct held in arrays.
struct CodedHours: Codable, Equatable {
  var day: UInt8
  var open: String
  var close: String
}

/// A type with its own decoding: a fallback through `try?`, nested containers, the super
/// decoder, an unkeyed container read past its end, all keys in their order.
private struct Own: Codable, Equatable {
  var id: String
  var values: [Int?]
  var keys: [String]
  var parent: CodedPoint?
  var base: CodedPoint?

  enum CodingKeys: String, CodingKey { case id, values, parent }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let number = try? container.decode(Int.self, forKey: .id) {
      id = "#\(number)"
    } else {
      id = try container.decode(String.self, forKey: .id)
    }
    var unkeyed = try container.nestedUnkeyedContainer(forKey: .values)
    var values: [Int?] = []
    while !unkeyed.isAtEnd { values.append(try unkeyed.decodeIfPresent(Int.self)) }
    values.append(try unkeyed.decodeIfPresent(Int.self))
    self.values = values
    keys = container.allKeys.map(\.stringValue).sorted()
    parent = try CodedPoint?(from: try container.superDecoder(forKey: .parent))
    base = try CodedPoint?(from: try container.superDecoder())
  }

  func encode(to encoder: any Encoder) throws {}
}

/// An object's keys as a type reads them: all of them, in their order.
private struct KeyList: Codable, Equatable {
  var keys: [String]

  init(from decoder: any Decoder) throws {
    keys = try decoder.container(keyedBy: AnyCodingKey.self).allKeys.map(\.stringValue)
  }

  func encode(to encoder: any Encoder) throws {}
}

/// A value under a key that is not ASCII.
private struct Accented: Codable, Equatable {
  var value: Int

  enum CodingKeys: String, CodingKey { case value = "caf\u{E9}" }
}

/// A value under a key that other spellings equal as strings (`\u{212A}`, the Kelvin sign).
private struct Kelvin: Codable, Equatable {
  var value: Int

  enum CodingKeys: String, CodingKey { case value = "K" }
}

/// What the old way gives: the tree, the tree decoder, `JSONDecoder` where it gives up.
private func oldWay<T: Decodable>(_: T.Type, _ text: String) -> T? {
  guard let tree = try? JSONReader.parse(Data(text.utf8)) else { return nil }
  if let value = TreeDecoder.decode(T.self, from: tree) { return value }
  return (try? JSONWriter.data(from: tree)).flatMap { try? JSONDecoder().decode(T.self, from: $0) }
}

/// What the text decoder gives, and where it leaves the text; `nil` when it gives up.
private func textDecoded<T: Decodable>(_: T.Type, _ text: String) -> (value: T, end: Int)? {
  let result = try? JSONReader.withParser(Data(text.utf8), maximumDepth: 512) { parser in
    TextDecoder.decode(T.self, from: parser)
  }
  guard let (value, end) = result ?? nil, let typed = value as? T else { return nil }
  return (typed, end)
}

private enum Verdict: Equatable {
  case decoded
  case gaveUp
}

/// Runs `text` both ways and checks the text decoder against the old way.
private func verdict<T: Decodable & Equatable>(
  _: T.Type, _ text: String, unordered: Bool = false,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Verdict {
  let old = oldWay(T.self, text)
  guard let (value, end) = textDecoded(T.self, text) else { return .gaveUp }
  #expect(end == text.utf8.count, "\(text) ends at \(end)", sourceLocation: sourceLocation)
  #expect(
    old != nil, "decoded \(text) as \(T.self), the old way refuses it",
    sourceLocation: sourceLocation)
  if let old {
    // The descriptions tell -0.0 from 0.0 and show every digit (a set or a dictionary
    // describes itself in its own order).
    #expect(
      value == old && (unordered || "\(value)" == "\(old)"), "\(text) as \(T.self)",
      sourceLocation: sourceLocation)
  }
  return .decoded
}

@Suite struct TextDecoderTests {
  @Test func commonValuesDecodeFromTheText() throws {
    let spot = #"{"lat": 59.91, "lng": 10, "label": "Oslo", "level": 3}"#
    #expect(verdict(CodedPoint.self, spot) == .decoded)
    #expect(
      textDecoded(CodedPoint.self, spot)?.value
        == CodedPoint(lat: 59.91, lng: 10, label: "Oslo", level: 3))
    #expect(
      verdict(CodedPoint.self, " {\"lat\" : 1 ,\n \"lng\":-0.0,\t\"label\":null\r\n}") == .decoded)
    let shapes = [
      #"{"circle":{"radius":2.5}}"#, #"{"polygon":{"_0":[\#(spot),{"lat":0,"lng":0}]}}"#,
      #"{"named":{"_0":"x","tags":["b","a"]}}"#, #"{"empty":{}}"#,
    ]
    for shape in shapes {
      #expect(verdict(CodedFigure.self, shape, unordered: true) == .decoded)
    }
    #expect(
      textDecoded([CodedFigure].self, "[" + shapes.joined(separator: ",") + "]")?.value
        == [
          .circle(radius: 2.5),
          .polygon([
            CodedPoint(lat: 59.91, lng: 10, label: "Oslo", level: 3), CodedPoint(lat: 0, lng: 0),
          ]),
          .named("x", tags: ["a", "b"]), .empty,
        ])
    let hours = #"[{"day":1,"open":"08:00","close":"17:00"},{"day":7,"open":"","close":""}]"#
    #expect(verdict([CodedHours].self, hours) == .decoded)
    #expect(verdict([CodedHours].self, "[]") == .decoded)
    #expect(
      verdict([String: [UInt16]].self, #"{"a":[1,65535],"b":[]}"#, unordered: true) == .decoded)
    #expect(verdict([[Double]].self, "[[1,2.5],[],[1e2,-0]]") == .decoded)
    #expect(verdict(CodedBox<Date>.self, #"{"v":12.5}"#) == .decoded)
    #expect(verdict(CodedBox<URL>.self, #"{"v":"https:\/\/example.com\/a?b=c"}"#) == .decoded)
    #expect(textDecoded(CodedBox<Data>.self, #"{"v":"AAEC"}"#)?.value.v == Data([0, 1, 2]))
  }

  @Test func aTypesOwnDecodingSeesWhatTheTreeDecoderShowsIt() throws {
    let text = #"{"values":[1,null,3],"id":7,"parent":{"lat":1,"lng":2},"super":{"lat":3,"lng":4}}"#
    #expect(verdict(Own.self, text, unordered: true) == .decoded)
    let own = try #require(textDecoded(Own.self, text)?.value)
    #expect(own.id == "#7" && own.values == [1, nil, 3, nil])
    #expect(own.keys == ["id", "parent", "values"])
    #expect(own.parent == CodedPoint(lat: 1, lng: 2) && own.base == CodedPoint(lat: 3, lng: 4))
    // An absent super decoder decodes `null`.
    let plain = try #require(textDecoded(Own.self, #"{"id":1,"values":[]}"#)?.value)
    #expect(plain.parent == nil && plain.base == nil && plain.values == [nil])
    // A branch taken after an error the type's own code catches is the old way's to take.
    #expect(verdict(Own.self, #"{"id":"seven","values":[]}"#) == .gaveUp)
    #expect(oldWay(Own.self, #"{"id":"seven","values":[]}"#)?.id == "seven")
    // An id that is neither: both fail.
    #expect(verdict(Own.self, #"{"id":true,"values":[]}"#) == .gaveUp)
    #expect(oldWay(Own.self, #"{"id":true,"values":[]}"#) == nil)
  }

  @Test func keysMeanWhatTheyMeanInADictionary() throws {
    // A repeated key: its last value, listed once, where it was first written.
    #expect(verdict(CodedPoint.self, #"{"lat":1,"lng":2,"lat":3}"#) == .decoded)
    #expect(textDecoded(CodedPoint.self, #"{"lat":1,"lng":2,"lat":3}"#)?.value.lat == 3)
    #expect(
      textDecoded(KeyList.self, #"{"b":1,"a":2,"c":3,"a":4}"#)?.value.keys == ["b", "a", "c"])
    #expect(oldWay(KeyList.self, #"{"b":1,"a":2,"c":3,"a":4}"#)?.keys.sorted() == ["a", "b", "c"])
    // Escapes, and keys equal as strings but not byte for byte.
    #expect(verdict(CodedPoint.self, #"{"l\u0061t":1,"lng":2}"#) == .decoded)
    #expect(textDecoded(CodedPoint.self, #"{"l\u0061t":1,"lng":2}"#)?.value.lat == 1)
    #expect(verdict(Accented.self, #"{"caf\u00e9":1}"#) == .decoded)
    #expect(verdict(Accented.self, "{\"cafe\u{301}\":2}") == .decoded)
    #expect(textDecoded(Accented.self, "{\"cafe\u{301}\":2}")?.value.value == 2)
    #expect(verdict(Kelvin.self, #"{"\u212a":5}"#) == .decoded)
    #expect(textDecoded(Kelvin.self, #"{"\u212a":5}"#)?.value.value == 5)
    #expect(verdict(Kelvin.self, "{\"\u{212A}\":6,\"L\":1}") == .decoded)
    #expect(verdict(Kelvin.self, #"{"k":5}"#) == .gaveUp)
    // An object of many members: looked up in an index, a repeated key's last value.
    let members = (0..<40).map { "\"k\($0)\":\($0)" } + ["\"k3\":-3", "\"\\u006b4\":-4"]
    let many = "{" + members.joined(separator: ",") + "}"
    #expect(verdict([String: Int].self, many, unordered: true) == .decoded)
    let table = try #require(textDecoded([String: Int].self, many)?.value)
    #expect(table.count == 40 && table["k3"] == -3 && table["k4"] == -4 && table["k39"] == 39)
    #expect(textDecoded(KeyList.self, many)?.value.keys == (0..<40).map { "k\($0)" })
  }

  @Test func whatItCannotSettleIsLeftToTheOldWay() throws {
    // Not an object or an array; malformed text; deeper than it decodes.
    #expect(verdict(CodedBox<Int>.self, "5") == .gaveUp)
    #expect(verdict(CodedPoint.self, #""lat""#) == .gaveUp)
    #expect(verdict(CodedPoint.self, #"{"lat":1,"lng":}"#) == .gaveUp)
    #expect(verdict(CodedPoint.self, #"{"lat":1,"lng":2"#) == .gaveUp)
    #expect(verdict(CodedPoint.self, #"{"lat":1,"lng":2,}"#) == .gaveUp)
    #expect(verdict([Int].self, "[1,x]") == .gaveUp)
    let nested = { (levels: Int) in
      String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
    }
    #expect(verdict([[[[[[[[[[[[[[[[Int]]]]]]]]]]]]]]]].self, nested(16)) == .decoded)
    #expect(verdict([[[[[[[[[[[[[[[[[Int]]]]]]]]]]]]]]]]].self, nested(17)) == .gaveUp)
    #expect(oldWay([[[[[[[[[[[[[[[[[Int]]]]]]]]]]]]]]]]].self, nested(17)) != nil)
    // What the tree decoder leaves to `JSONDecoder`, and what fails.
    #expect(verdict(CodedBox<Decimal>.self, #"{"v":1.5}"#) == .gaveUp)
    #expect(verdict(CodedBox<Data>.self, #"{"v":"not base64!"}"#) == .gaveUp)
    #expect(verdict(CodedBox<Int64>.self, #"{"v":1.5}"#) == .gaveUp)
    #expect(verdict(CodedBox<Int>.self, #"{"v":"5"}"#) == .gaveUp)
    #expect(verdict(CodedBox<Int>.self, #"{"w":5}"#) == .gaveUp)
    #expect(
      verdict([CodedHours].self, #"[{"day":1,"open":"8","close":"9"},{"day":-1}]"#) == .gaveUp)
  }

  @Test func scalarsAgreeWithTheOldWayForEveryKindOfLiteral() throws {
    var rng = RandSplitMix(seed: 0x5445_5854_4445_4344)
    var decoded = 0
    var total = 0
    for literal in Self.literals(&rng) {
      for check in Self.scalarChecks {
        total += 1
        if check(literal) == .decoded { decoded += 1 }
      }
    }
    // Most cases are settled here; every one was checked against the old way above.
    #expect(total == 2_376 && decoded == 904)
  }

  private static var scalarChecks: [(String) -> Verdict] {
    [
      { verdict(CodedBox<Int>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<Int8>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<Int16>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<Int32>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<Int64>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<UInt>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<UInt8>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<UInt16>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<UInt32>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<UInt64>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<Double>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<Float>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<Bool>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<String>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<Double?>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<[Float]>.self, "{\"v\":[\($0)]}") },
      { verdict([Int?].self, "[\($0), null]") }, { verdict(CodedBox<Date>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<URL>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<Data>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<Decimal>.self, "{\"v\":\($0)}") },
      { verdict(CodedBox<CodedPoint>.self, "{\"v\":{\"lat\":\($0),\"lng\":\($0)}}") },
    ]
  }

  /// Every kind of number literal, and values of the other kinds.
  private static func literals(_ rng: inout RandSplitMix) -> [String] {
    var literals = [
      "0", "1", "-1", "127", "128", "255", "256", "-129", "65536", "2147483648",
      "9223372036854775807", "-9223372036854775808", "9223372036854775808",
      "18446744073709551615", "18446744073709551616", "-9223372036854775809", "0.0", "-0.0",
      "-0", "1.0", "34.0", "-34.0", "1.5", "0.1", "1e2", "1E2", "1e+2", "-1e-2", "1e15", "1e16",
      "9007199254740992", "9007199254740993", "9007199254740993.0", "1e300", "1e-300", "1e-50",
      "1e400", "-1e400", "1e-400", "3.4e38", "3.5e38", "4.9e-324", "0.30000000000000004",
      "12345678901234567890", "-123456789012345678", "1234567890123456789012345678901234567890",
      "0.000000000000000001", "1.00000000000000000001", "720368547758E7",
      "10000000000000001e-16", "\"5\"", "\"\"", "\"AAEC\"", "\"https://example.com\"",
      "\"caf\\u00e9\"", "\"\\ud83d\\ude00\"", "true", "false", "null", "[1]", "{\"a\":1}",
      "[]", "{}",
    ]
    for _ in 0..<9 {
      literals.append("\(Int.random(in: -1_000_000...1_000_000, using: &rng))")
      literals.append("\(Double.random(in: -1e6...1e6, using: &rng))")
      literals.append("\(Double(Int.random(in: -100_000...100_000, using: &rng)))")
      literals.append("\(Float.random(in: -1e3...1e3, using: &rng))")
      let exponent = Int.random(in: -30...30, using: &rng)
      literals.append("\(Double.random(in: -1...1, using: &rng))e\(exponent)")
    }
    return literals
  }
}

/// A model holding values mapped through their own `Codable` conformance.
private final class Venue: ModelBase {
  var name = ""
  var spot = CodedPoint(lat: 0, lng: 0)
  var maybe: CodedPoint?
  var hours: [CodedHours] = []
  var figure: CodedFigure?
  var keyList: KeyList?

  /// What a mapping gave, to compare one source with another.
  var state: String {
    "\(name) \(spot) \(String(describing: maybe)) \(hours) \(String(describing: figure))"
  }
}

/// What `text` maps to from JSON text and from `JSONSerialization`'s dictionary, in `mode`.
private func bothWays(
  _ text: String, mode: MappingMode = .standard
) throws -> (text: (String, [MappingIssue]), dictionary: (String, [MappingIssue])) {
  let data = Data(text.utf8)
  var fromText = ""
  let textIssues = mappingIssues { fromText = try Venue(json: data, mode: mode).state }
  let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  var fromDictionary = ""
  let dictionaryIssues = mappingIssues {
    fromDictionary = try Venue(dictionary: dictionary, mode: mode).state
  }
  return ((fromText, textIssues), (fromDictionary, dictionaryIssues))
}

@Suite struct TextDecoderModelTests {
  @Test func aModelReadFromTextHoldsWhatItsDictionaryGives() throws {
    let payloads = [
      #"""
      {"name": "Café", "spot": {"lat": 59.91, "lng": 10.75, "label": "Oslo", "level": 3},
       "maybe": {"lng": 1e2, "lat": -0.0}, "hours": [{"day": 1, "open": "08:00", "close": "17:00"}],
       "figure": {"named": {"_0": "x", "tags": ["a"]}}}
      """#,
      #"{"spot": {"lat": 1, "lng": 2, "lat": 3}, "maybe": null, "hours": [], "name": "n"}"#,
      #"{"spot":{"l\u0061t":1,"lng":2},"figure":{"empty":{}},"#
        + #""hours":[{"close":"","open":"","day":7}]}"#,
      // Failures: reported at the value's path, the whole value left out.
      #"{"spot": {"lat": "north", "lng": 1}, "maybe": {"lat": 1}}"#,
      #"{"hours": [{"day": 1, "open": "8", "close": "9"}, {"day": 300, "open": "", "close": ""}]}"#,
      #"{"figure": {"circle": {"radius": "big"}}, "spot": [1, 2]}"#,
      #"{"maybe": "null", "spot": {"lat": 12345678901234567890123, "#
        + #""lng": 1.00000000000000000001}}"#,
    ]
    for payload in payloads {
      for mode in [MappingMode.standard, .lenient] {
        let (text, dictionary) = try bothWays(payload, mode: mode)
        #expect(text.0 == dictionary.0, "\(payload) \(mode)")
        #expect(text.1 == dictionary.1, "\(payload) \(mode)")
      }
    }
    let venue = try Venue(json: Data(payloads[0].utf8))
    #expect(venue.spot == CodedPoint(lat: 59.91, lng: 10.75, label: "Oslo", level: 3))
    #expect(venue.maybe == CodedPoint(lat: -0.0, lng: 100) && venue.maybe?.lat.sign == .minus)
    #expect(venue.hours == [CodedHours(day: 1, open: "08:00", close: "17:00")])
    #expect(venue.figure == .named("x", tags: ["a"]))
    // Read from the text itself: its keys in the text's order (a dictionary has its own).
    let keys = try Venue(json: Data(#"{"keyList": {"z": 1, "y": 2, "x": 3, "w": 4, "v": 5}}"#.utf8))
    #expect(keys.keyList?.keys == ["z", "y", "x", "w", "v"])
    // A failing value: its issue where the old way put it.
    let issues = mappingIssues {
      _ = try Venue(json: Data(#"{"spot": {"lat": "north", "lng": 1}}"#.utf8))
    }
    #expect(issues.map(\.path) == ["spot.lat"] && issues.map(\.kind) == [.typeMismatch])
    // In lenient mode, the bad element alone is left out.
    let lenient = try Venue(json: Data(payloads[4].utf8), mode: .lenient)
    #expect(lenient.hours == [CodedHours(day: 1, open: "8", close: "9")])
  }

  @Test func textInEveryEncodingGivesTheSameValues() throws {
    // UTF-16 and UTF-32 text is read transcoded to UTF-8, a byte order mark stepped over: the
    // values are decoded from that text as from UTF-8's.
    let text =
      #"{"spot": {"label": "Zürich 東京", "lat": 47.37, "lng": 8.54}, "#
      + #""hours": [{"day": 1, "open": "08:00", "close": "17:00"}]}"#
    let utf8 = try Venue(json: Data(text.utf8))
    #expect(utf8.spot == CodedPoint(lat: 47.37, lng: 8.54, label: "Zürich 東京"))
    let encodings: [String.Encoding] = [.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian]
    for encoding in encodings {
      let data = try #require(text.data(using: encoding))
      #expect(try Venue(json: data).state == utf8.state, "\(encoding)")
    }
    let marked = Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)
    #expect(try Venue(json: marked).state == utf8.state)
  }

  @Test func malformedTextInsideTheValueIsAnErrorOfTheDocument() throws {
    for text in [
      #"{"spot": {"lat": 1, "lng": }}"#, #"{"spot": {"lat": 1, "lng": 2"#,
      #"{"hours": [{"day": 1,}]}"#, #"{"spot": {"lat": 1 "lng": 2}}"#,
    ] {
      let error = mappingIssues { _ = try Venue(json: Data(text.utf8)) }
      // The same error as for a property that takes any value: the document's, not the value's.
      let expected = mappingIssues { _ = try AnyVenue(json: Data(text.utf8)) }
      #expect(error.count == 1 && error.map(\.reason) == expected.map(\.reason), "\(text)")
      #expect(error.map(\.kind) == [.invalidJSON])
    }
  }
}

/// ``Venue`` with properties that take any JSON value.
private final class AnyVenue: ModelBase {
  var name = ""
  var spot: Any?
  var hours: Any?
}

/// What a type kept of its decoder or encoder past its own `init(from:)` or `encode(to:)`.
private final class Kept: @unchecked Sendable {
  var container: KeyedDecodingContainer<AnyCodingKey>?
  var encoder: (any Encoder)?
}

/// A type that keeps its decoder's container and its encoder (lazy decoding, or a bug).
private struct Keeper: Codable {
  nonisolated(unsafe) static var kept = Kept()
  var x: Int

  init(x: Int) {
    self.x = x
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    x = try container.decode(Int.self, forKey: AnyCodingKey("x"))
    Self.kept.container = container
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnyCodingKey.self)
    try container.encode(x, forKey: AnyCodingKey("x"))
    Self.kept.encoder = encoder
  }
}

/// A model holding a ``Keeper``.
private final class KeeperHolder: ModelBase {
  var keeper = Keeper(x: 0)
}

@Suite(.serialized) struct KeptCodersTests {
  @Test func aContainerKeptPastTheDecodeReadsNothing() throws {
    // The text is gone once the model is read: what was kept must not read it.
    let model = try {
      try KeeperHolder(json: Data(#"{"keeper": {"x": 5, "y": "text"}}"#.utf8))
    }()
    #expect(model.keeper.x == 5)
    let container = try #require(Keeper.kept.container)
    #expect(throws: (any Error).self) {
      try container.decode(String.self, forKey: AnyCodingKey("y"))
    }
    #expect(throws: (any Error).self) { try container.decode(Int.self, forKey: AnyCodingKey("x")) }
    Keeper.kept.container = nil
  }

  @Test func anEncoderKeptPastTheEncodeWritesNothing() throws {
    let model = KeeperHolder()
    model.keeper = Keeper(x: 7)
    let text = try { String(decoding: try model.toJSON(), as: UTF8.self) }()
    #expect(text == #"{"keeper":{"x":7}}"#)
    let encoder = try #require(Keeper.kept.encoder)
    var single = encoder.singleValueContainer()
    #expect(throws: (any Error).self) { try single.encode(1) }
    var keyed = encoder.container(keyedBy: AnyCodingKey.self)
    #expect(throws: (any Error).self) { try keyed.encode(2, forKey: AnyCodingKey("y")) }
    Keeper.kept.encoder = nil
  }
}
