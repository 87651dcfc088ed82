import Foundation
import Testing

@testable import MirrorModel

/// A `Double` read from a literal longer than 38 digits.
final class LiteralReading: ModelBase {
  var value: Double = 0
}

/// The same, in a class that chooses its class from the dictionary (read through it).
class LiteralChoosing: ModelBase {
  var value: Double = 0
  override class func modelType(for dictionary: [String: Any]) -> ModelBase.Type? {
    dictionary["kind"] as? String == "special" ? LiteralChosen.self : nil
  }
}

final class LiteralChosen: LiteralChoosing {}

/// Text read through its dictionary because a key on the designated path is repeated (the
/// last value counts, as in a dictionary): the literals' rounding is kept on that way too.
@Suite("Long literals through the designated path's dictionary")
struct LongLiteralFallbackTests {
  /// 2^53 + 1 and a tail: its 38 kept digits round to 2^53 (ties to even), the whole literal
  /// to 2^53 + 2.
  static let literal = "9007199254740993.00000000000000000000000001"
  static let expected = 9_007_199_254_740_994.0

  @Test func aModelAtAPathWithARepeatedKey() throws {
    let text = #"{"data": 1, "data": {"value": \#(Self.literal)}}"#
    let model = try LiteralReading(json: Data(text.utf8), at: "data")
    #expect(model.value.bitPattern == Self.expected.bitPattern)
    // The same literal read straight (no repeated key).
    let direct = try LiteralReading(
      json: Data(#"{"data": {"value": \#(Self.literal)}}"#.utf8), at: "data")
    #expect(direct.value.bitPattern == Self.expected.bitPattern)
  }

  @Test func modelsAtAPathWithARepeatedKey() throws {
    let text = #"{"list": 1, "list": [{"value": \#(Self.literal)}, {"value": 1.5}]}"#
    let models = try [LiteralReading](json: Data(text.utf8), at: "list")
    #expect(models.map(\.value.bitPattern) == [Self.expected.bitPattern, (1.5).bitPattern])
  }

  @Test func aChosenModelAtAPathWithARepeatedKey() throws {
    let text = #"{"data": 1, "data": {"kind": "special", "value": \#(Self.literal)}}"#
    let model = try LiteralChoosing.make(json: Data(text.utf8), at: "data")
    #expect(model is LiteralChosen)
    #expect(model.value.bitPattern == Self.expected.bitPattern)
  }
}
