import Foundation
import Testing

@testable import MirrorModel

// `TextEncoder` writes a `Codable` type that is not otherwise mappable straight into compact
// JSON text. Its specification is what it replaced: the tree `TreeEncoder` makes of the value,
// written by `JSONWriter`. Every case here runs both: the text read back must be that tree,
// kind for kind and digit for digit (an integer an `Int`, a long literal an `NSDecimalNumber`),
// with an object's members in the order they were encoded; where the tree encoder gives up,
// the text encoder must too.

private struct Extras: Codable, Equatable {
  var at: Date
  var blob: Data
  var link: URL
  var amount: Decimal
  var ratio: Float
  var big: UInt64
  var small: Int64
  var none: Int?
}

/// Encodes nothing at all.
private struct Quiet: Encodable {
  func encode(to encoder: any Encoder) throws {}
}

/// Encodes in ways a stream cannot follow, or that the tree encoder leaves to `JSONEncoder`.
private struct Awkward: Encodable {
  enum Way { case twice, superEncoder, backToNested, containerAgain, nestedNothing }
  var way: Way

  func encode(to encoder: any Encoder) throws {
    var outer = encoder.container(keyedBy: AnyCodingKey.self)
    switch way {
    case .twice:
      try outer.encode(1, forKey: AnyCodingKey("a"))
      try outer.encode(2, forKey: AnyCodingKey("a"))
    case .superEncoder:
      var inner = outer.superEncoder().singleValueContainer()
      try inner.encode(3)
    case .backToNested:
      var nested = outer.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey("n"))
      try outer.encode(1, forKey: AnyCodingKey("a"))
      try nested.encode(2, forKey: AnyCodingKey("b"))
    case .containerAgain:
      try outer.encode(1, forKey: AnyCodingKey("a"))
      var again = encoder.container(keyedBy: AnyCodingKey.self)
      try again.encode(2, forKey: AnyCodingKey("b"))
    case .nestedNothing:
      try outer.encode(Quiet(), forKey: AnyCodingKey("q"))
      var list = outer.nestedUnkeyedContainer(forKey: AnyCodingKey("l"))
      try list.encode(Quiet())
      try list.encodeNil()
    }
  }
}

/// The text the text encoder writes for `value` (compact by default); `nil` when it gives up.
private func written<T: Encodable>(
  _ value: T, prettyPrinted: Bool = false, sortedKeys: Bool = false
) -> String? {
  var writer = JSONWriter.Writer(prettyPrinted: prettyPrinted, sortedKeys: sortedKeys)
  writer.output.append(contentsOf: "[".utf8)
  guard TextEncoder.write(value, into: &writer) else {
    // Nothing written, the writer as it was.
    #expect(writer.output.bytes == Array("[".utf8) && writer.level == 0)
    return nil
  }
  #expect(writer.level == 0)
  return String(decoding: writer.output.bytes.dropFirst(), as: UTF8.self)
}

private enum Verdict: Equatable {
  case written
  case gaveUp
}

/// Writes `value` both ways and checks the text against the tree.
private func verdict<T: Encodable>(
  _ value: T, sourceLocation: SourceLocation = #_sourceLocation
) -> Verdict {
  let tree = TreeEncoder.encode(value)
  guard let text = written(value) else { return .gaveUp }
  #expect(
    tree != nil, "wrote \(value), the tree encoder refuses it", sourceLocation: sourceLocation)
  guard let tree else { return .written }
  let read = try? JSONReader.parse(Data(text.utf8))
  #expect(
    read.map { sameTree($0, tree) } == true, "\(value): \(text) against \(tree)",
    sourceLocation: sourceLocation)
  // A scalar or an array (no object, whose order may differ) is the writer's text exactly.
  if !text.contains("{"), let expected = try? JSONWriter.data(from: tree) {
    #expect(text == String(decoding: expected, as: UTF8.self), sourceLocation: sourceLocation)
  }
  // With sorted keys, compact and pretty, every value is the writer's text exactly.
  for pretty in [false, true] {
    let expected = (try? JSONWriter.data(from: tree, prettyPrinted: pretty, sortedKeys: true))
      .map { String(decoding: $0, as: UTF8.self) }
    #expect(
      written(value, prettyPrinted: pretty, sortedKeys: true) == expected,
      sourceLocation: sourceLocation)
  }
  return .written
}

@Suite struct TextEncoderTests {
  @Test func commonValuesAreWrittenAsTheirTrees() throws {
    let place = CodedPoint(lat: 59.91, lng: 10, label: "Oslo", level: 3)
    #expect(verdict(place) == .written)
    // Members in the order they are encoded.
    #expect(written(place) == #"{"lat":59.91,"lng":10,"label":"Oslo","level":3}"#)
    #expect(written(CodedPoint(lat: -0.0, lng: 1e16)) == #"{"lat":-0,"lng":10000000000000000}"#)
    let outlines: [CodedFigure] = [
      .circle(radius: 2.5), .polygon([place, CodedPoint(lat: 0, lng: 0)]),
      .named("x", tags: ["b", "a"]), .empty,
    ]
    for outline in outlines { #expect(verdict(outline) == .written) }
    #expect(verdict(outlines) == .written)
    #expect(written(outlines.last) == #"{"empty":{}}"#)
    let slots = [
      CodedHours(day: 1, open: "08:00", close: "17:00"), CodedHours(day: 7, open: "", close: ""),
    ]
    #expect(verdict(slots) == .written)
    #expect(verdict([CodedHours]()) == .written && written([CodedHours]()) == "[]")
    #expect(verdict([[1.5, -0.0], [], [1e300]]) == .written)
    let extras = Extras(
      at: Date(timeIntervalSinceReferenceDate: 12.5), blob: Data([0, 1, 2]),
      link: URL(string: "https://example.com/a?b=c")!, amount: Decimal(string: "12.50")!,
      ratio: 0.1, big: .max, small: .min, none: nil)
    #expect(verdict(extras) == .written)
    #expect(written(CodedBox(v: "caf\u{E9} \"q\"\n")) == #"{"v":"café \"q\"\n"}"#)
    // Sorted: members moved into their keys' order, at every level.
    #expect(
      written(place, sortedKeys: true) == #"{"label":"Oslo","lat":59.91,"level":3,"lng":10}"#)
    #expect(
      written(CodedFigure.polygon([place]), prettyPrinted: true, sortedKeys: true)
        == """
        {
          "polygon" : {
            "_0" : [
              {
                "label" : "Oslo",
                "lat" : 59.91,
                "level" : 3,
                "lng" : 10
              }
            ]
          }
        }
        """)
  }

  @Test func everyKindOfNumberIsWrittenAsTheTreeHoldsIt() throws {
    var rng = RandSplitMix(seed: 0x5445_5854_454E_4344)
    var doubles: [Double] = [
      0, -0.0, 1, -1, 1.5, 0.1, 0.30000000000000004, 34, 1e15, 1e15 + 0.5, 1e16, 0x1p53,
      0x1p53 + 2, 1e21, 1e300, .leastNonzeroMagnitude, 1e-7, 123456.789, .pi,
      Double(Float.greatestFiniteMagnitude),
    ]
    var floats: [Float] = [0, -0.0, 0.1, 16_777_216, 1e30, -2.5, .pi, .leastNonzeroMagnitude]
    for _ in 0..<40 {
      let double = Double(bitPattern: rng.next())
      if double.isFinite { doubles.append(double) }
      let float = Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()))
      if float.isFinite { floats.append(float) }
      doubles.append(Double.random(in: -1e6...1e6, using: &rng))
    }
    var writtenCount = 0
    for double in doubles {
      if verdict(CodedBox(v: double)) == .written { writtenCount += 1 }
      if verdict([double]) == .written { writtenCount += 1 }
    }
    for float in floats where verdict(CodedBox(v: float)) == .written { writtenCount += 1 }
    let integers: [Int64] = [0, -1, .max, .min, 1 << 53, -(1 << 53) - 1]
    for integer in integers where verdict(CodedBox(v: integer)) == .written { writtenCount += 1 }
    for integer in [UInt64.max, 1 << 63, 0] where verdict([integer]) == .written {
      writtenCount += 1
    }
    // Every finite number is written (each checked against the tree above).
    #expect(writtenCount == 2 * doubles.count + floats.count + integers.count + 3)
    // What the tree encoder leaves to `JSONEncoder` is left.
    #expect(verdict(CodedBox(v: Double.nan)) == .gaveUp)
    #expect(verdict([Float.infinity]) == .gaveUp)
  }

  @Test func whatAStreamCannotFollowIsLeftToTheTree() throws {
    #expect(verdict(Awkward(way: .twice)) == .gaveUp)
    #expect(verdict(Awkward(way: .superEncoder)) == .gaveUp)
    // Back to a container closed already: the tree encoder takes it.
    #expect(verdict(Awkward(way: .backToNested)) == .gaveUp)
    #expect(TreeEncoder.encode(Awkward(way: .backToNested)) != nil)
    // The same container again, while it is open: written on.
    #expect(verdict(Awkward(way: .containerAgain)) == .written)
    #expect(written(Awkward(way: .containerAgain)) == #"{"a":1,"b":2}"#)
    // A nested value that encodes nothing is an empty object; at the top, nothing to write.
    #expect(verdict(Awkward(way: .nestedNothing)) == .written)
    #expect(written(Awkward(way: .nestedNothing)) == #"{"q":{},"l":[{},null]}"#)
    #expect(verdict(Quiet()) == .gaveUp)
    // Deeper than it writes.
    let deep = [[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]
    #expect(verdict(deep) == .gaveUp)
    #expect(verdict(deep[0]) == .written)
  }
}

/// A model holding values written through their own `Codable` conformance.
private final class Site: ModelBase {
  var name = ""
  var place = CodedPoint(lat: 0, lng: 0)
  var maybe: CodedPoint?
  var slots: [CodedHours] = []
  var outline: CodedFigure?
}

@Suite struct TextEncoderModelTests {
  @Test func aModelsTextHoldsWhatItsDictionaryHolds() throws {
    let site = Site()
    site.name = "n"
    site.place = CodedPoint(lat: 59.91, lng: 10.75, label: "Oslo", level: 3)
    site.slots = [CodedHours(day: 1, open: "08:00", close: "17:00")]
    site.outline = .polygon([CodedPoint(lat: -0.0, lng: 1e16)])
    let text = String(decoding: try site.toJSON(), as: UTF8.self)
    #expect(
      text
        == #"{"name":"n","place":{"lat":59.91,"lng":10.75,"label":"Oslo","level":3},"#
        + #""slots":[{"day":1,"open":"08:00","close":"17:00"}],"#
        + #""outline":{"polygon":{"_0":[{"lat":-0,"lng":10000000000000000}]}}}"#)
    let read = try #require(try JSONReader.parse(Data(text.utf8)) as? [String: Any])
    #expect(sameTree(read, site.toDictionary()))
    // Read back equal, pretty (sorted, the tree's way) too.
    let back = try Site(json: try site.toJSON())
    #expect(back.place == site.place && back.slots == site.slots && back.outline == site.outline)
    let pretty = try Site(json: try site.toJSON(prettyPrinted: true))
    #expect(pretty.place == site.place && pretty.outline == site.outline)
    // Pretty text is the writer's text of the model's dictionary, byte for byte.
    let prettyText = try site.toJSON(prettyPrinted: true)
    #expect(
      prettyText
        == (try JSONWriter.data(
          from: site.toDictionary(), prettyPrinted: true, sortedKeys: true)))
    // A value the encoder refuses is left out, as from its dictionary.
    site.maybe = CodedPoint(lat: .nan, lng: 0)
    site.place = CodedPoint(lat: 1, lng: .infinity)
    let refused = try #require(
      try JSONReader.parse(try site.toJSON()) as? [String: Any])
    #expect(refused["maybe"] == nil && refused["place"] == nil)
    #expect(site.toDictionary()["maybe"] == nil && site.toDictionary()["place"] == nil)
    #expect(sameTree(refused, site.toDictionary()))
  }
}
