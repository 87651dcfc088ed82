import Foundation
import NamelessFixtures
import Testing

@testable import MirrorModel

final class ReflectingModel: ModelBase, CustomReflectable {
  var name = ""
  var count = 0
  var customMirror: Mirror { Mirror(self, children: ["shown": "custom"]) }
}

/// A `defaultValues` that maps its own class: it meets the unfinished schema, and keeps what
/// that mapping said as the default of `note`.
final class SelfDefaulting: ModelBase {
  var name = ""
  var note = ""
  override class var defaultValues: [String: Any] {
    let issues = mappingIssues { _ = try SelfDefaulting(dictionary: ["name": "fallback"]) }
    return ["note": issues.map { "\($0.kind): \($0.reason)" }.joined()]
  }
}

final class SharedDefaults: ModelBase {
  var room = Room()
  var list = NSMutableArray()
  var rooms: [Room] = []
  var tags: [String] = []
  var notes: String?
  var nickname: String? = "initial"
  var count = 0
  override class var defaultValues: [String: Any] {
    let room = Room()
    room.price = 5
    return [
      "room": room, "list": NSMutableArray(array: [1]), "rooms": [room], "tags": ["a"],
      "notes": "none", "count": 3,
    ]
  }
}

final class EmptyNullString: ModelBase {
  var name: String? = "initial"
  override class var nullStrings: Set<String> { [""] }
}

final class Untyped: ModelBase {
  var any: Any = 0
  var list: [Any] = []
  var map: [String: Any] = [:]
}

@Suite("Mapping rules")
struct MappingRulesTests {
  @Test func aModelWithoutReflectionNamesIsRefusedClearly() {
    let issues = mappingIssues { _ = try NamelessModel(dictionary: ["name": "x", "count": 2]) }
    #expect(issues.map(\.kind) == [.configuration])
    #expect(issues.first?.reason.contains("-disable-reflection-names") == true)
    #expect(NamelessModel().toDictionary().isEmpty)
    #expect(NamelessModel.mappingReport().properties.isEmpty)
    #expect(throws: MappingError.self) { try NamelessModel.validateMapping() }
  }

  @Test func customReflectableModelsMapNormally() throws {
    for _ in 0..<3 {
      let model = try ReflectingModel(dictionary: ["name": "a", "count": 2])
      #expect(model.name == "a" && model.count == 2)
      #expect(model.toDictionary()["count"] as? Int == 2)
      #expect(ReflectingModel.mappingReport().problems.isEmpty)
    }
  }

  @Test func aHookThatMapsItsOwnClassDuringTheSchemaBuildIsAConfigurationIssue() throws {
    let model = try SelfDefaulting(dictionary: ["name": "x"])
    #expect(model.name == "x")
    #expect(
      model.note
        == "configuration: a hook of SelfDefaulting maps SelfDefaulting while its schema is "
        + "being built (a defaultValues, say, that calls SelfDefaulting(dictionary:)); create "
        + "such values in didMap(from:) instead")
    #expect(SelfDefaulting.mappingReport().problems.isEmpty)
  }

  @Test func referenceDefaultsAreCopiedForEveryObject() throws {
    let first = try SharedDefaults(dictionary: [:])
    let second = try SharedDefaults(dictionary: [:])
    #expect(first.room !== second.room && first.room.price == 5)
    first.room.price = 99
    first.list.add(2)
    first.rooms[0].price = 7
    let third = try SharedDefaults(dictionary: [:])
    #expect(second.room.price == 5 && third.room.price == 5)
    #expect(second.list.count == 1 && third.list.count == 1)
    #expect(third.rooms[0].price == 5 && third.rooms[0] !== first.rooms[0])
  }

  @Test(arguments: ["null", "<null>", "(null)"])
  func defaultsApplyToNullOptionalOrNot(_ text: String) throws {
    let null: Any = text == "null" ? NSNull() : text
    let model = try SharedDefaults(
      dictionary: ["notes": null, "count": null, "tags": null, "nickname": null])
    #expect(model.notes == "none" && model.count == 3 && model.tags == ["a"])
    #expect(model.nickname == nil)  // no default: an optional becomes nil
  }

  @Test func anEmptyNullStringMatches() throws {
    #expect(try EmptyNullString(dictionary: ["name": ""]).name == nil)
    #expect(try EmptyNullString(dictionary: ["name": "x"]).name == "x")
  }

  @Test func floatIsWrittenAsItsShortestText() throws {
    final class Floats: ModelBase {
      var value: Float = 0
      var values: [Float] = []
    }
    let model = try Floats(dictionary: ["value": 0.1, "values": [0.3, 1e-7]])
    let expected = #"{"value":0.1,"values":[0.3,1e-07]}"#
    let encoded = try JSONEncoder().encode([Float(0.1), 0.3, 1e-7])
    // What JSONEncoder writes:
    #expect(String(decoding: encoded, as: UTF8.self) == "[0.1,0.3,1e-07]")
    let sorted = try JSONSerialization.data(
      withJSONObject: model.toDictionary(), options: .sortedKeys)
    #expect(String(decoding: sorted, as: UTF8.self) == expected)
    let written = try JSONSerialization.jsonObject(with: try model.toJSON()) as? [String: Any]
    #expect((written?["value"] as? NSNumber)?.stringValue == "0.1")
    #expect(try Floats(json: try model.toJSON()).value.bitPattern == Float(0.1).bitPattern)
  }

  @Test func negativeZeroIsReadAndWrittenAsJSONDecoderDoes() throws {
    final class Zero: ModelBase {
      var value = 1.0
      var integer = 1
    }
    let model = try Zero(json: Data(#"{"value": -0, "integer": -0}"#.utf8))
    #expect(model.value == 0 && model.value.sign == .minus && model.integer == 0)
    struct Decoded: Decodable { var value: Double }
    let decoded = try JSONDecoder().decode(Decoded.self, from: Data(#"{"value": -0}"#.utf8))
    #expect(decoded.value.bitPattern == model.value.bitPattern)
    let back = try Zero(json: try model.toJSON())
    #expect(back.value.bitPattern == (-0.0).bitPattern)
  }

  @Test(arguments: [
    "-9.000000000000001", "9.000000000000001", "-1.0000000000000000", "-100000000000000.0",
    "-0.0000000000000001", "12345678901234567890", "-1.5e30", "1.000000000000000e1",
  ])
  func jsonGivesWhatJSONSerializationGives(_ literal: String) throws {
    final class Texts: ModelBase {
      var text = ""
      var number = 0.0
      var decimal = Decimal(0)
    }
    let json = Data(#"{"text": \#(literal), "number": \#(literal), "decimal": \#(literal)}"#.utf8)
    let direct = try Texts(json: json)
    let viaFoundation = try Texts(dictionary: jsonObject(String(decoding: json, as: UTF8.self)))
    #expect(direct.text == viaFoundation.text)
    #expect(direct.number.bitPattern == viaFoundation.number.bitPattern)
    #expect(direct.decimal == viaFoundation.decimal)
  }

  @Test func untypedPropertiesRefuseWhatJSONCannotHold() {
    let issues = mappingIssues {
      _ = try Untyped(
        dictionary: [
          "any": Double.nan, "list": [1, Date(timeIntervalSince1970: 0), ["x": Double.infinity]],
          "map": ["ok": 1, "object": PlainClass()],
        ])
    }
    #expect(issues.map(\.path) == ["any", "list[1]", "list[2].x", "map.object"])
    #expect(issues.allSatisfy { $0.expectedType == "a JSON value" })
    #expect(issues.first?.reason == "Number nan cannot be written as JSON")
  }

  @Test func untypedValuesSetInCodeAreWrittenAsValidJSON() throws {
    let model = Untyped()
    model.any = Double.infinity
    model.list = [1, Double.nan, Date(timeIntervalSince1970: 0), PlainClass(), "x"]
    model.map = ["room": Room(), "nan": Float.nan, "n": NSNumber(value: 2)]
    let output = model.toDictionary()
    #expect(JSONSerialization.isValidJSONObject(output))
    #expect(output["any"] == nil)
    // The date is written as ISO 8601 text, as a Date property is; NaN and the object are left
    // out.
    #expect((output["list"] as? [Any])?.count == 3)
    #expect((output["map"] as? [String: Any])?.keys.sorted() == ["n", "room"])
    _ = try model.toJSON()
  }

  @Test func theMappingReportListsEveryProperty() throws {
    let report = Hotel.mappingReport()
    #expect(report.modelType == "Hotel")
    #expect(
      report.properties.map(\.name) == [
        "hotelName", "hotelId", "recommendedRoom", "rooms", "address",
      ])
    #expect(
      report.properties.map(\.key) == [
        "name", "hotel_id", "recommended_room", "room_list", "address",
      ])
    #expect(report.properties.map(\.typeName) == ["String", "Int", "Room?", "[Room]", "String"])
    #expect(report.skipped.isEmpty && report.problems.isEmpty)
    try Hotel.validateMapping()

    let guarded = Guarded.mappingReport()
    #expect(guarded.skipped.map(\.name).contains("clamped"))
    #expect(
      guarded.skipped.first { $0.name == "constant" }?.reason == "a let constant is never written")
    let unmappable = UnmappableModel.mappingReport()
    #expect(unmappable.problems.count == 4)
    #expect(unmappable.skipped.map(\.name) == ["plain", "greeter", "object", "pair"])
    do {
      try UnmappableModel.validateMapping()
      Issue.record("validateMapping did not throw")
    } catch let error as MappingError {
      #expect(error.issues == unmappable.problems && error.modelType == "UnmappableModel")
    }
  }

  @Test func unknownKeysInsideAKeyPathsFirstComponentAreKept() throws {
    final class Meta: ModelBase {
      var id = 0
      override class var propertyMapping: [String: String] { ["id": "meta.id"] }
      override class var keepsUnknownKeys: Bool { true }
    }
    let model = try Meta(dictionary: ["meta": ["id": 1, "source": "web"], "other": true])
    #expect(model.id == 1)
    #expect((model.unknownValues["meta"] as? [String: Any])?["source"] as? String == "web")
    model.id = 2
    let output = model.toDictionary()
    #expect((output["meta"] as? [String: Any])?["source"] as? String == "web")
    #expect((output["meta"] as? [String: Any])?["id"] as? Int == 2)
    #expect(output["other"] as? Bool == true)
    let lenient = Meta.map(["meta": ["id": 1, "source": "web"]], mode: .lenient)
    #expect(lenient.issues.map(\.path) == ["meta.source"])
    #expect(lenient.issues.map(\.kind) == [.unknownKey])
  }

  /// Kept unknown values that JSON cannot hold (a literal beyond Double's range reads as
  /// infinity) are left out of the output, so it is always valid JSON (found by the fuzzer).
  @Test func keptUnknownValuesAreWrittenAsValidJSON() throws {
    final class Keeper: ModelBase {
      var id = 0
      override class var propertyMapping: [String: String] { ["id": "meta.id"] }
      override class var keepsUnknownKeys: Bool { true }
    }
    let model = try Keeper(
      json: Data(#"{"meta": {"id": 1, "huge": 1e999, "ok": 2}, "top": -1e999}"#.utf8))
    let output = model.toDictionary()
    #expect(JSONSerialization.isValidJSONObject(output))
    #expect((output["meta"] as? [String: Any])?.keys.sorted() == ["id", "ok"])
    #expect(output["top"] == nil)
    _ = try model.toJSON()
  }

  @Test func outputKeysThatNestInEachOtherAreAConfigurationIssue() {
    final class Clash: ModelBase {
      var x = 1
      var y = 2
      override class var propertyMapping: [String: String] { ["y": "x.y"] }
    }
    #expect(
      Clash.mappingReport().problems.map(\.reason) == [
        #"x is written under "x" and y under "x.y", inside it: one would overwrite the other"#
      ])
    #expect(mappingIssues { _ = try Clash(dictionary: [:]) }.map(\.kind) == [.configuration])
  }

  @Test func aStormOfBadValuesKeepsTheFirstThousandIssues() {
    final class Numbers: ModelBase {
      var values: [Int] = []
    }
    let storm = Array(repeating: "x" as Any, count: 100_000)
    let issues = mappingIssues { _ = try Numbers(dictionary: ["values": storm]) }
    #expect(issues.count == MappingContext.maximumIssueCount + 1)
    #expect(issues[999].path == "values[999]")
    #expect(
      issues.last
        == MappingIssue(
          path: "", kind: .tooManyIssues, expectedType: "at most 1000 issues",
          found: "99000 more issues",
          reason: "99000 more issues left out: a mapping keeps the first 1000 issues"))
    let error = MappingError(issues: issues, modelType: "Numbers")
    #expect(error.description.utf8.count < 200_000)
  }

  @Test func pastTheCapEveryPathKeepsTheSameIssuesWhateverTheKeyOrder() throws {
    final class Storm: ModelBase {
      var first: [Int] = []
      var second: [Int] = []
      var rooms: [String: StormRoom] = [:]
    }
    // The JSON text lists the properties last to first, and the dictionary's entries in
    // reverse key order: read in that order, the first thousand met are not the first
    // thousand of the order issues are kept in.
    func bad(_ count: Int) -> String {
      "[" + Array(repeating: #""x""#, count: count).joined(separator: ",") + "]"
    }
    let rooms = (0..<3).reversed().map { #""r\#($0)": {"values": \#(bad(600))}"# }
    let text =
      #"{"rooms": {\#(rooms.joined(separator: ","))}, "second": \#(bad(700)), "#
      + #""first": \#(bad(700))}"#
    let data = Data(text.utf8)
    let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let fromText = mappingIssues { _ = try Storm(json: data) }
    let fromDictionary = mappingIssues { _ = try Storm(dictionary: dictionary) }
    let fromDecoder = mappingIssues { _ = try JSONDecoder().decode(Storm.self, from: data) }
    #expect(fromText.count == MappingContext.maximumIssueCount + 1)
    #expect(fromText == fromDictionary)
    #expect(fromText == fromDecoder)
    #expect(fromText[0].path == "first[0]" && fromText[699].path == "first[699]")
    #expect(fromText[700].path == "second[0]" && fromText[999].path == "second[299]")
    #expect(fromText.last?.found == "2200 more issues")
    // Through a dictionary of models alone: the entries in key order.
    let roomsOnly = Data(#"{"rooms": {\#(rooms.joined(separator: ","))}}"#.utf8)
    let roomIssues = mappingIssues { _ = try Storm(json: roomsOnly) }
    let roomsDictionary = try JSONSerialization.jsonObject(with: roomsOnly) as? [String: Any]
    let roomsFromDictionary = mappingIssues { _ = try Storm(dictionary: roomsDictionary ?? [:]) }
    #expect(roomIssues == roomsFromDictionary)
    #expect(roomIssues[0].path == "rooms.r0.values[0]")
    #expect(roomIssues[600].path == "rooms.r1.values[0]")
    #expect(roomIssues[999].path == "rooms.r1.values[399]")
    #expect(roomIssues.last?.found == "800 more issues")
  }

  @Test func aDecimalRefusesNotANumber() {
    final class Money: ModelBase {
      var amount = Decimal(1)
    }
    let issues = mappingIssues { _ = try Money(dictionary: ["amount": NSDecimalNumber.notANumber]) }
    #expect(issues.map(\.path) == ["amount"] && issues.first?.kind == .invalidValue)
  }

  @Test func aTypoInAHookIsAProblemInTheReport() {
    final class Typo: ModelBase {
      var name = ""
      override class var propertyMapping: [String: String] { ["nmae": "n"] }
    }
    #expect(
      Typo.mappingReport().problems.map(\.reason) == [
        "propertyMapping names nmae, which is not a stored property of Typo"
      ])
  }
}

/// A model inside a dictionary, for the issue cap's order.
final class StormRoom: ModelBase {
  var values: [Int] = []
}
