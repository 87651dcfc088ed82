import Foundation
import Testing

@testable import MirrorModel

// `TreeDecoder` decodes a `Codable` type that is not otherwise mappable straight from the value
// tree. Its specification is what it replaced: `JSONDecoder` over the text `JSONWriter` writes
// for the tree. Every case here runs both: where the oracle fails, the tree decoder must give
// up (the caller then asks `JSONDecoder`, for its error); where the oracle succeeds, the tree
// decoder gives the same value, digit for digit, or gives up.

/// A value under one key, `v`.
struct CodedBox<Value: Codable & Equatable>: Codable, Equatable {
  var v: Value
}

/// A coordinate struct MirrorModel does not map itself.
struct CodedPoint: Codable, Equatable {
  var lat: Double
  var lng: Double
  var label: String?
  var level: Int8?
}

/// An enum with associated values.
enum CodedFigure: Codable, Equatable {
  case circle(radius: Double)
  case polygon([CodedPoint])
  case named(String, tags: Set<String>)
  case empty
}

private struct Assets: Codable, Equatable {
  var created: Date
  var blob: Data
  var link: URL
  var ratio: Float
  var amount: Decimal?
  var table: [String: [UInt16]]
  var rows: [[Double]]
}

/// A type with its own decoding: a fallback through `try?`, nested containers, the
/// super decoder, an unkeyed container read past its end, all keys.
private struct Custom: Codable, Equatable {
  var id: String
  var values: [Int?]
  var extra: Int?
  var keys: [String]
  var parent: CodedPoint?

  enum CodingKeys: String, CodingKey { case id, values, extra, parent, nested }

  init(id: String, values: [Int?], extra: Int?, keys: [String], parent: CodedPoint?) {
    (self.id, self.values, self.extra, self.keys, self.parent) = (id, values, extra, keys, parent)
  }

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
    extra = try container.decodeIfPresent(Int.self, forKey: .extra)
    keys = container.allKeys.map(\.stringValue).sorted()
    parent = try CodedPoint?(from: try container.superDecoder(forKey: .parent))
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(values, forKey: .values)
    try container.encodeIfPresent(extra, forKey: .extra)
    try container.encodeIfPresent(parent, forKey: .parent)
  }
}

/// What one case gave: the tree decoder's value, or that it gave up.
private enum Verdict: Equatable {
  case decoded
  case gaveUp
}

/// Runs `raw` through both decoders and checks the tree decoder against the oracle.
private func verdict<T: Codable & Equatable>(
  _: T.Type, _ raw: Any, unordered: Bool = false,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Verdict {
  let oracle: T? = (try? JSONWriter.data(from: raw)).flatMap {
    try? JSONDecoder().decode(T.self, from: $0)
  }
  guard let tree = TreeDecoder.decode(T.self, from: raw) else { return .gaveUp }
  #expect(
    oracle != nil, "decoded \(raw) as \(T.self), JSONDecoder refuses it",
    sourceLocation: sourceLocation)
  if let oracle {
    // The descriptions tell -0.0 from 0.0 and show every digit (a set or a dictionary
    // describes itself in its own order).
    #expect(
      tree == oracle && (unordered || "\(tree)" == "\(oracle)"), "\(raw) as \(T.self)",
      sourceLocation: sourceLocation)
  }
  return .decoded
}

@Suite struct TreeDecoderTests {
  @Test func commonValuesDecodeWithoutJSONDecoder() throws {
    let point: [String: Any] = ["lat": 59.91, "lng": 10, "label": "Oslo", "level": 3]
    #expect(
      TreeDecoder.decode(CodedPoint.self, from: point)
        == CodedPoint(lat: 59.91, lng: 10, label: "Oslo", level: 3))
    #expect(verdict(CodedPoint.self, point) == .decoded)
    #expect(verdict(CodedPoint.self, ["lat": 1, "lng": -0.0, "label": NSNull()]) == .decoded)
    let figures: [Any] = [
      ["circle": ["radius": 2.5]],
      ["polygon": ["_0": [point, ["lat": 0, "lng": 0]]]],
      ["named": ["_0": "x", "tags": ["b", "a"]]],
      ["empty": [String: Any]()],
    ]
    for figure in figures {
      #expect(verdict(CodedFigure.self, figure, unordered: true) == .decoded)
    }
    #expect(
      TreeDecoder.decode([CodedFigure].self, from: figures)
        == [
          .circle(radius: 2.5),
          .polygon([
            CodedPoint(lat: 59.91, lng: 10, label: "Oslo", level: 3),
            CodedPoint(lat: 0, lng: 0),
          ]), .named("x", tags: ["a", "b"]), .empty,
        ])
    let assets: [String: Any] = [
      "created": 12.5, "blob": "AAEC", "link": "https://example.com/a?b=c", "ratio": 0.1,
      "table": ["a": [1, 65535], "b": []], "rows": [[1, 2.5], []],
    ]
    #expect(verdict(Assets.self, assets, unordered: true) == .decoded)
    #expect(TreeDecoder.decode(Assets.self, from: assets)?.blob == Data([0, 1, 2]))
    #expect(TreeDecoder.decode(Assets.self, from: assets)?.ratio == Float(0.1))
  }

  @Test func aTypesOwnDecodingSeesWhatJSONDecoderShowsIt() throws {
    let raw: [String: Any] = [
      "id": 7, "values": [1, NSNull(), 3], "parent": ["lat": 1, "lng": 2],
    ]
    #expect(verdict(Custom.self, raw) == .decoded)
    let custom = try #require(TreeDecoder.decode(Custom.self, from: raw))
    #expect(custom.id == "#7" && custom.values == [1, nil, 3, nil])
    #expect(
      custom.keys == ["id", "parent", "values"] && custom.parent == CodedPoint(lat: 1, lng: 2))
    // The fallback branch, an absent super decoder (null), a null `extra`.
    let other: [String: Any] = ["id": "seven", "values": [], "extra": NSNull()]
    #expect(verdict(Custom.self, other) == .decoded)
    #expect(TreeDecoder.decode(Custom.self, from: other)?.parent == nil)
    // An id that is neither: both fail.
    #expect(verdict(Custom.self, ["id": true, "values": []]) == .gaveUp)
  }

  @Test func whatItCannotSettleGoesToJSONDecoder() throws {
    // A Decimal, a long literal as an integer with a fraction, base64 Data refuses, a value
    // that is not JSON, an integer beyond 2^53 written as a double, a Float that rounds
    // to zero: each is left to JSONDecoder, which may well accept it.
    #expect(verdict(CodedBox<Decimal>.self, ["v": 1.5]) == .gaveUp)
    #expect(
      verdict(CodedBox<Int>.self, ["v": NSDecimalNumber(string: "1.50000000000000000")]) == .gaveUp)
    #expect(verdict(CodedBox<Data>.self, ["v": "not base64!"]) == .gaveUp)
    #expect(verdict(CodedBox<Int>.self, ["v": Date()]) == .gaveUp)
    #expect(verdict(CodedBox<Int64>.self, ["v": 1e17]) == .gaveUp)
    #expect(verdict(CodedBox<Float>.self, ["v": 1e-50]) == .gaveUp)
    #expect(verdict(CodedBox<Double>.self, ["v": Double.nan]) == .gaveUp)
    // A decode the type's own code recovers from still gives up when the value it tried was
    // undecided: `id` as Int of a long literal would make it take the String branch.
    #expect(
      verdict(
        Custom.self, ["id": NSDecimalNumber(string: "12345678901234567.5"), "values": []])
        == .gaveUp)
  }

  @Test func scalarsAgreeWithJSONDecoderForEveryKindOfNumber() throws {
    var rng = RandSplitMix(seed: 0x5452_4545_4445_4344)
    var decoded = 0
    var total = 0
    for raw in Self.numbers(&rng) {
      for check in Self.scalarChecks {
        total += 1
        if check(raw) == .decoded { decoded += 1 }
      }
    }
    // Most cases are settled here; every one was checked against the oracle above.
    #expect(total == 2_596 && decoded == 973)
  }

  private static var scalarChecks: [(Any) -> Verdict] {
    [
      { verdict(CodedBox<Int>.self, ["v": $0]) }, { verdict(CodedBox<Int8>.self, ["v": $0]) },
      { verdict(CodedBox<Int16>.self, ["v": $0]) }, { verdict(CodedBox<Int32>.self, ["v": $0]) },
      { verdict(CodedBox<Int64>.self, ["v": $0]) }, { verdict(CodedBox<UInt>.self, ["v": $0]) },
      { verdict(CodedBox<UInt8>.self, ["v": $0]) }, { verdict(CodedBox<UInt16>.self, ["v": $0]) },
      { verdict(CodedBox<UInt32>.self, ["v": $0]) }, { verdict(CodedBox<UInt64>.self, ["v": $0]) },
      { verdict(CodedBox<Double>.self, ["v": $0]) }, { verdict(CodedBox<Float>.self, ["v": $0]) },
      { verdict(CodedBox<Bool>.self, ["v": $0]) }, { verdict(CodedBox<String>.self, ["v": $0]) },
      { verdict(CodedBox<Double?>.self, ["v": $0]) },
      { verdict(CodedBox<[Float]>.self, ["v": [$0]]) },
      { verdict(CodedBox<[Int?]>.self, ["v": [$0, NSNull()]]) },
      { verdict(CodedBox<Date>.self, ["v": $0]) }, { verdict(CodedBox<URL>.self, ["v": $0]) },
      { verdict(CodedBox<Data>.self, ["v": $0]) }, { verdict(CodedBox<Decimal>.self, ["v": $0]) },
      { verdict(CodedBox<CodedPoint>.self, ["v": ["lat": $0, "lng": $0]]) },
    ]
  }

  /// Every kind of number a tree holds, and values of the other kinds.
  private static func numbers(_ rng: inout RandSplitMix) -> [Any] {
    var values: [Any] = [
      0, 1, -1, 127, 128, 255, 256, -129, 65_536, Int(Int32.max) + 1, Int.max, Int.min,
      0.0, -0.0, 1.0, 34.0, -34.0, 1.5, 0.1, 1e15, 1e16, 0x1p53, 0x1p53 + 2, 1e300, 1e-300,
      1e-50, 3.4e38, 3.5e38, Double.leastNonzeroMagnitude, Double(Float.greatestFiniteMagnitude),
      Float(0.1), Float(1e30), Float(-2.5), Float(16_777_217),
      NSNumber(value: UInt64.max), NSNumber(value: Int64.min), NSNumber(value: 2.5),
      NSNumber(value: true), NSNumber(value: Float(0.3)), UInt(7), Int8(-3), UInt64(1) << 63,
      NSDecimalNumber(string: "0.30000000000000004"),
      NSDecimalNumber(string: "12345678901234567890"),
      NSDecimalNumber(string: "-123456789012345678"),
      NSDecimalNumber(string: "1234567890123456789012345678901234567890"),
      NSDecimalNumber(string: "0.000000000000000001"),
      Double.infinity, Double.nan,
      "5", "", "AAEC", "https://example.com", true, false, NSNull(), [1], ["a": 1],
    ]
    for _ in 0..<12 {
      values.append(Int.random(in: -1_000_000...1_000_000, using: &rng))
      values.append(Double.random(in: -1e6...1e6, using: &rng))
      values.append(Double(Int.random(in: -100_000...100_000, using: &rng)))
      values.append(Float.random(in: -1e3...1e3, using: &rng))
      // As JSONSerialization gives numbers: NSNumber, NSDecimalNumber for long literals.
      let literal = "\(Double.random(in: -1e3...1e3, using: &rng))"
      if let number = try? JSONSerialization.jsonObject(
        with: Data(literal.utf8), options: .fragmentsAllowed)
      {
        values.append(number)
      }
    }
    return values
  }
}

// `TreeEncoder` makes the tree `JSONReader` reads from `JSONEncoder`'s text, without the text:
// the same kinds (an `Int` where the text is an integer, a `Double`, an `NSDecimalNumber` for a
// long literal), the same values, or it gives up.

/// Whether two trees are the same: the same kinds, the same values digit for digit.
func sameTree(_ lhs: Any, _ rhs: Any) -> Bool {
  if let left = lhs as? [String: Any], let right = rhs as? [String: Any] {
    return left.count == right.count
      && left.allSatisfy { key, value in right[key].map { sameTree(value, $0) } ?? false }
  }
  if let left = lhs as? [Any], let right = rhs as? [Any] {
    return left.count == right.count && zip(left, right).allSatisfy(sameTree)
  }
  return "\(type(of: lhs))" == "\(type(of: rhs))" && "\(lhs)" == "\(rhs)"
}

/// Encodes `value` both ways and checks the tree encoder against the oracle.
private func encoded<T: Encodable>(
  _ value: T, sourceLocation: SourceLocation = #_sourceLocation
) -> Verdict {
  let oracle = (try? JSONEncoder().encode(value)).flatMap { try? JSONReader.parse($0) }
  guard let tree = TreeEncoder.encode(value) else { return .gaveUp }
  #expect(oracle != nil, "encoded \(value), JSONEncoder refuses it", sourceLocation: sourceLocation)
  if let oracle {
    #expect(
      sameTree(tree, oracle), "\(value): \(tree) against \(oracle)",
      sourceLocation: sourceLocation)
  }
  return .decoded
}

/// Encodes nothing at all.
private struct Silent: Codable, Equatable {
  func encode(to encoder: any Encoder) throws {}
  init() {}
  init(from decoder: any Decoder) throws {}
}

/// Asks for its container twice and for a super encoder.
private struct Unusual: Encodable {
  var superEncoder = false
  func encode(to encoder: any Encoder) throws {
    var first = encoder.container(keyedBy: AnyCodingKey.self)
    try first.encode(1, forKey: AnyCodingKey("a"))
    var second = encoder.container(keyedBy: AnyCodingKey.self)
    try second.encode(2, forKey: AnyCodingKey("b"))
    if superEncoder {
      var inner = first.superEncoder().singleValueContainer()
      try inner.encode(3)
    }
  }
}

@Suite struct TreeEncoderTests {
  @Test func commonValuesEncodeWithoutJSONEncoder() throws {
    let point = CodedPoint(lat: 59.91, lng: 10, label: "Oslo", level: 3)
    #expect(encoded(point) == .decoded)
    let tree = try #require(TreeEncoder.encode(point) as? [String: Any])
    #expect(tree["lat"] as? Double == 59.91 && tree["lng"] as? Int == 10)
    #expect(tree["label"] as? String == "Oslo" && tree["level"] as? Int == 3)
    #expect(tree.count == 4)
    let figures: [CodedFigure] = [
      .circle(radius: 2.5), .polygon([point, CodedPoint(lat: -0.0, lng: 1e15)]),
      .named("x", tags: ["a"]), .empty,
    ]
    for figure in figures { #expect(encoded(figure) == .decoded) }
    #expect(encoded(figures) == .decoded)
    let assets = Assets(
      created: Date(timeIntervalSinceReferenceDate: 12.5), blob: Data([0, 1, 2]),
      link: URL(string: "https://example.com/a?b=c")!, ratio: 0.1, amount: nil,
      table: ["a": [1, 65_535], "b": []], rows: [[1, 2.5], []])
    #expect(encoded(assets) == .decoded)
    let assetTree = try #require(TreeEncoder.encode(assets) as? [String: Any])
    #expect(assetTree["blob"] as? String == "AAEC" && assetTree["created"] as? Double == 12.5)
    #expect(assetTree["ratio"] as? Double == 0.1 && assetTree["amount"] == nil)
    #expect(
      encoded(Custom(id: "x", values: [1, nil], extra: nil, keys: [], parent: point)) == .decoded)
    // A nested value that encodes nothing is an empty object.
    #expect(encoded(CodedBox(v: Silent())) == .decoded)
    #expect((TreeEncoder.encode(CodedBox(v: Silent())) as? [String: Any])?["v"] is [String: Any])
  }

  @Test func whatItCannotSettleGoesToJSONEncoder() {
    #expect(encoded(Silent()) == .gaveUp)
    #expect(encoded(CodedBox(v: Double.nan)) == .gaveUp)
    #expect(encoded(CodedBox(v: Float.infinity)) == .gaveUp)
    #expect(encoded(Unusual()) == .decoded)
    #expect(encoded(Unusual(superEncoder: true)) == .gaveUp)
    #expect(encoded(CodedBox(v: Decimal(string: "1.25")!)) == .decoded)
  }

  @Test func numbersAreTheKindsTheReaderGivesForJSONEncodersText() {
    var rng = RandSplitMix(seed: 0x5452_4545_454E_4344)
    var doubles: [Double] = [
      0, -0.0, 1, 3, -3, 0.1, 0.30000000000000004, 1e15, 1e15 + 1, 1e16, 0x1p53, 0x1p53 + 2,
      1e300, 1e-300, 123_456_789_012.345, 1e-7, Double.leastNonzeroMagnitude, 1.5e-5,
      999_999_999_999_999.9, 4_503_599_627_370_495.5,
    ]
    var floats: [Float] = [0, -0.0, 0.1, 1e30, Float(16_777_217), 2.5e-5, .leastNonzeroMagnitude]
    for _ in 0..<40 {
      doubles.append(Double.random(in: -1e6...1e6, using: &rng))
      doubles.append(Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF))
      floats.append(Float.random(in: -1e6...1e6, using: &rng))
    }
    var decoded = 0
    for double in doubles where encoded(CodedBox(v: double)) == .decoded { decoded += 1 }
    for float in floats where encoded(CodedBox(v: float)) == .decoded { decoded += 1 }
    let integers: [any Encodable] = [
      Int8.min, Int16.max, Int32.min, Int64.max, UInt.max, UInt8.max, UInt16(7), UInt32.max,
      UInt64.max, UInt64(Int64.max), Int.min, Decimal(string: "12345678901234567890.5")!,
    ]
    for integer in integers where encoded(integer) == .decoded { decoded += 1 }
    #expect(decoded == doubles.count + floats.count + integers.count)
  }
}

// From a `Decoder` (`JSONDecoder` into a model), such a value is decoded straight by the
// caller's decoder, as it would be outside a model, through `GuardedDecoder`: the nesting
// limit, the stack and a top-level null string are kept as the walk keeps them.

/// Decodes from a single string, or takes another branch when it cannot.
private struct Flexible: Codable, Equatable {
  var value: String
  init(value: String) { self.value = value }
  init(from decoder: any Decoder) throws {
    if let string = try? decoder.singleValueContainer().decode(String.self) {
      value = string
    } else {
      value = "other"
    }
  }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}

private struct Event: Codable, Equatable {
  var name: String
  var at: Date
}

private final class CodableHolder: ModelBase {
  var name = ""
  var point = CodedPoint(lat: 0, lng: 0)
  var optionalPoint: CodedPoint?
  var figures: [CodedFigure] = []
  var flexible: Flexible?
  var event: Event?
}

@Suite struct GuardedDecoderTests {
  /// Made for each use: a `Data` held in a static is reported by LeakSanitizer.
  static var payload: Data {
    Data(
      #"""
      {"name": "h", "point": {"lat": 59.91, "lng": 10.75, "label": "Oslo", "level": 3},
       "optionalPoint": {"lat": -0.0, "lng": 1e2}, "figures": [{"circle": {"radius": 2.5}},
       {"named": {"_0": "x", "tags": ["a"]}}, {"empty": {}}], "flexible": "word"}
      """#.utf8)
  }

  @Test func aDecoderGivesWhatJSONTextGives() throws {
    let text = try CodableHolder(json: Self.payload)
    let decoded = try JSONDecoder().decode(CodableHolder.self, from: Self.payload)
    #expect(decoded.point == CodedPoint(lat: 59.91, lng: 10.75, label: "Oslo", level: 3))
    #expect(decoded.optionalPoint == CodedPoint(lat: -0.0, lng: 100) && decoded.figures.count == 3)
    #expect(decoded.optionalPoint?.lat.sign == .minus && decoded.flexible?.value == "word")
    #expect(
      decoded.point == text.point && decoded.optionalPoint == text.optionalPoint
        && decoded.figures == text.figures && decoded.flexible == text.flexible)
    // Missing and null values are the walk's: absent, the default kept.
    let sparse = try JSONDecoder().decode(
      CodableHolder.self, from: Data(#"{"point": null, "optionalPoint": null}"#.utf8))
    #expect(sparse.point == CodedPoint(lat: 0, lng: 0) && sparse.optionalPoint == nil)
    // A value that fails is walked and reported as from text.
    let bad = Data(#"{"point": {"lat": "north", "lng": 1}}"#.utf8)
    let fromText = mappingIssues { _ = try CodableHolder(json: bad) }
    let fromDecoder = mappingIssues { _ = try JSONDecoder().decode(CodableHolder.self, from: bad) }
    #expect(fromText.map(\.path) == ["point.lat"] && fromDecoder.map(\.path) == ["point.lat"])
    #expect(fromDecoder.map(\.reason) == fromText.map(\.reason))
  }

  @Test func theCallersDecoderDecodesTheValueWithItsStrategies() throws {
    // Decoded straight by the caller's decoder: its date strategy reads the value's date
    // (the walk gave the value's own `Date(from:)` a string it cannot read).
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let data = Data(#"{"event": {"name": "launch", "at": "2026-12-07T10:00:00Z"}}"#.utf8)
    let holder = try decoder.decode(CodableHolder.self, from: data)
    #expect(holder.event == Event(name: "launch", at: Date(timeIntervalSince1970: 1_796_637_600)))
  }

  @Test func theCallersEncoderEncodesTheValueWithItsStrategies() throws {
    let model = try CodableHolder(json: Self.payload)
    model.event = Event(name: "launch", at: Date(timeIntervalSince1970: 1_796_637_600))
    // Both ways with the same strategy: the event's date is the strategy's text, and back.
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(model)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""event":{"at":"2026-12-07T10:00:00Z","name":"launch"}"#))
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let back = try decoder.decode(CodableHolder.self, from: data)
    #expect(back.event == model.event && back.point == model.point)
    #expect(back.figures == model.figures && back.optionalPoint == model.optionalPoint)
    // The default strategies: the date as `Date`'s own coding, read back by `init(json:)`.
    let plain = try JSONEncoder().encode(model)
    #expect(try CodableHolder(json: plain).event == model.event)
    #expect(try JSONDecoder().decode(CodableHolder.self, from: plain).flexible == model.flexible)
    // A value the encoder refuses is left out, as `toDictionary()` leaves it out.
    model.point = CodedPoint(lat: .nan, lng: 0)
    let refused = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(model))
    #expect((refused as? [String: Any])?["point"] == nil)
    #expect(model.toDictionary()["point"] == nil)
  }

  @Test func aTopLevelNullStringIsAbsentWhateverTheTypesOwnCodeDoes() throws {
    // `Flexible` catches the refused string and takes its other branch: the decode is
    // refused all the same, and the walk maps the null string as absent.
    let data = Data(#"{"flexible": "<null>"}"#.utf8)
    #expect(try JSONDecoder().decode(CodableHolder.self, from: data).flexible == nil)
    #expect(try CodableHolder(json: data).flexible == nil)
    // Inside the value, a string is the type's.
    let nested = Data(#"{"point": {"lat": 1, "lng": 2, "label": "<null>"}}"#.utf8)
    #expect(try JSONDecoder().decode(CodableHolder.self, from: nested).point.label == "<null>")
    #expect(try CodableHolder(json: nested).point.label == "<null>")
  }

  @Test func aValueNestedBeyondTheLimitIsReportedAsTheWalkReportsIt() throws {
    // 120 nodes: 242 containers. The guarded decoder refuses past the limit, and the walk
    // reports it as it did before the value was decoded straight.
    var node = #"{"name": "leaf", "children": []}"#
    for _ in 0..<120 { node = #"{"name": "n", "children": ["# + node + "]}" }
    let data = Data((#"{"name": "holder", "node": "# + node + "}").utf8)
    do {
      _ = try JSONDecoder().decode(StackCodableHolder.self, from: data)
      Issue.record("decoded a value nested beyond the limit")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.debugDescription == "The value nests containers more than 202 levels deep.")
      #expect(context.codingPath.count == 202)
      #expect(context.codingPath.first?.stringValue == "node")
    }
  }
}
