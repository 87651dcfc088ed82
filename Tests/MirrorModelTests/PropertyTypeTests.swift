import Foundation
import Testing

@testable import MirrorModel

// Every property type a migrating user declares maps with no extra declaration, or is refused
// loudly: enums without a conformance, Foundation reference types, Codable types, transformers.

enum PlainStatus: String {
  case open, closed
}

enum PlainLevel: Int {
  case low = 1
  case high = 2
}

enum PlainGrade: Character {
  case good = "A"
  case poor = "F"
}

enum PlainRatio: Double {
  case half = 0.5
  case whole = 1
}

enum PlainSmall: UInt8 {
  case one = 1
}

enum PlainFloat: Float {
  case tenth = 0.1
}

final class EnumModel: ModelBase {
  var status = PlainStatus.open
  var level = PlainLevel.low
  var grade = PlainGrade.good
  var ratio = PlainRatio.whole
  var small = PlainSmall.one
  var tenth = PlainFloat.tenth
  var maybe: PlainStatus?
  var list: [PlainStatus] = []
  var maybeList: [PlainStatus?] = []
  var set: Set<PlainLevel> = []
  var byName: [String: PlainStatus] = [:]
  var nested: [[PlainLevel]] = []
  var optionalList: [PlainStatus]?
}

final class FoundationModel: ModelBase {
  var string = NSString(string: "initial")
  var mutableString = NSMutableString(string: "initial")
  var number: NSNumber = 0
  var decimal = NSDecimalNumber(value: 0)
  var array = NSArray()
  var mutableArray = NSMutableArray()
  var dictionary = NSDictionary()
  var mutableDictionary = NSMutableDictionary()
  var date = NSDate(timeIntervalSince1970: 0)
  var url: NSURL?
  var data: NSData?
  var maybeNumber: NSNumber?
  var numbers: [NSNumber] = []
  var rooms = NSArray()
  override class var arrayElementTypes: [String: ModelBase.Type] { ["rooms": Room.self] }
}

struct Coordinate: Codable, Equatable {
  var lat: Double
  var lon: Double
}

enum Shape: Codable, Equatable {
  case circle(radius: Double)
  case square(side: Int)
}

final class CodableModel: ModelBase {
  var location = Coordinate(lat: 0, lon: 0)
  var shape: Shape?
  var path: [Coordinate] = []
}

struct Color: Hashable {
  var red: UInt8
  var green: UInt8
  var blue: UInt8
}

extension PropertyTransformer {
  static let hexColor = PropertyTransformer(
    decode: { raw in
      guard let text = raw as? String, text.count == 7, text.hasPrefix("#"),
        let value = UInt32(text.dropFirst(), radix: 16)
      else { throw ConversionError(expectedType: "Color", reason: "not a #rrggbb color") }
      return Color(
        red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    },
    encode: { value in
      guard let color = value as? Color else { return nil }
      return "#" + [color.red, color.green, color.blue].map { String(format: "%02X", $0) }.joined()
    })
}

final class TransformedModel: ModelBase {
  var color = Color(red: 0, green: 0, blue: 0)
  var maybeColor: Color?
  var wrong = Color(red: 1, green: 1, blue: 1)
  override class var transformers: [String: PropertyTransformer] {
    [
      "color": .hexColor, "maybeColor": .hexColor,
      "wrong": PropertyTransformer(decode: { _ in 42 }, encode: { _ in nil }),
    ]
  }
}

final class MongoModel: ModelBase {
  var _id = ""
  var _rev: Int?
  var name = ""
}

protocol Greeter {}
struct PlainStruct {
  var x = 1
}
final class PlainClass {}

final class UnmappableModel: ModelBase {
  var name = ""
  var plain = PlainStruct()
  var greeter: (any Greeter)?
  var object = PlainClass()
  var pair: (Int, Int) = (0, 0)
}

@Suite("Property types")
struct PropertyTypeTests {
  @Test func enumsWithoutAConformanceMapEverywhere() throws {
    let model = try EnumModel(
      dictionary: [
        "status": "closed", "level": 2, "grade": "F", "ratio": 0.5, "small": 1, "tenth": 0.1,
        "maybe": "open", "list": ["open", "closed"], "maybeList": ["open", NSNull()],
        "set": [1, 2, 2], "byName": ["a": "closed"], "nested": [[1], [2, 1]],
        "optionalList": ["closed"],
      ])
    #expect(model.status == .closed && model.level == .high && model.grade == .poor)
    #expect(model.ratio == .half && model.small == .one && model.tenth == .tenth)
    #expect(model.maybe == .open && model.list == [.open, .closed])
    #expect(model.maybeList == [.open, nil] && model.set == [.low, .high])
    #expect(model.byName == ["a": .closed] && model.nested == [[.low], [.high, .low]])
    #expect(model.optionalList == [.closed])
    let output = model.toDictionary()
    #expect(output["status"] as? String == "closed")
    #expect(output["level"] as? Int == 2)
    #expect(output["grade"] as? String == "F")
    #expect(output["ratio"] as? Double == 0.5)
    #expect(output["list"] as? [String] == ["open", "closed"])
    #expect((output["maybeList"] as? [Any])?.count == 2)
    #expect(output["set"] as? [Int] == [1, 2])
    #expect(output["byName"] as? [String: String] == ["a": "closed"])
    #expect(JSONSerialization.isValidJSONObject(output))
    #expect(try EnumModel(dictionary: output) == model)
  }

  @Test func enumsNamedInHooksWork() throws {
    final class Hooked: ModelBase {
      var status = PlainStatus.open
      var level: PlainLevel?
      var list: [PlainStatus] = []
      override class var defaultValues: [String: Any] {
        ["status": PlainStatus.closed, "level": 2, "list": ["closed"]]
      }
      override class var propertyMapping: [String: String] { ["status": "state"] }
      override class var requiredProperties: Set<String> { ["list"] }
    }
    let result = Hooked.map(["list": NSNull()], mode: .standard)
    #expect(result.model.status == .closed && result.model.level == .high)
    #expect(result.model.list.isEmpty && result.issues.map(\.path) == ["list"])
    #expect(result.issues.map(\.kind) == [.missingValue])
    #expect(Hooked.mappingReport().problems.isEmpty)
    let mapped = try Hooked(dictionary: ["state": "open", "list": ["open"]])
    #expect(mapped.status == .open && mapped.level == .high && mapped.list == [.open])
  }

  @Test func enumRawValuesFollowTheConversionRules() throws {
    let model = try EnumModel(dictionary: ["level": "2", "status": "open", "small": "1"])
    #expect(model.level == .high && model.small == .one)
    let strict = mappingIssues { _ = try EnumModel(dictionary: ["level": "2"], mode: .strict) }
    #expect(strict.map(\.path) == ["level"] && strict.first?.expectedType == "PlainLevel")
  }

  @Test func unknownRawValuesAreIssuesAtTheirPaths() {
    let issues = mappingIssues {
      _ = try EnumModel(
        dictionary: [
          "status": "pending", "list": ["open", "gone"], "byName": ["b": 3], "level": 7,
          "set": [1, true, [1]],
        ])
    }
    #expect(issues.map(\.path) == ["status", "level", "list[1]", "set[2]", "byName.b"])
    #expect(
      issues.first
        == MappingIssue(
          path: "status", kind: .invalidValue, expectedType: "PlainStatus",
          found: #"String "pending""#,
          reason: #"String "pending" is not a raw value of PlainStatus"#))
    #expect(issues[1].reason == "Number 7 is not a raw value of PlainLevel")
    #expect(issues[3].kind == .typeMismatch)
  }

  @Test func alreadyBuiltValuesAreTakenAsTheyAre() throws {
    let room = Room()
    room.price = 9
    let date = Date(timeIntervalSince1970: 12.25)
    final class Built: ModelBase {
      var room: Room?
      var rooms: [Room] = []
      var status = PlainStatus.open
      var level: PlainLevel?
      var date = Date(timeIntervalSince1970: 0)
      var location = Coordinate(lat: 0, lon: 0)
    }
    let built = try Built(
      dictionary: [
        "room": room, "rooms": [room, ["price": 2]], "status": PlainStatus.closed,
        "level": PlainLevel.high, "date": date, "location": Coordinate(lat: 1, lon: 2),
      ])
    #expect(built.room === room && built.rooms.first === room && built.rooms[1].price == 2)
    #expect(built.status == .closed && built.level == .high && built.date == date)
    #expect(built.location == Coordinate(lat: 1, lon: 2))
  }

  @Test func foundationReferenceTypesMap() throws {
    let json = try jsonObject(
      #"""
      {"string": "héllo", "mutableString": 12, "number": true, "decimal": 12345678901234567890.5,
       "array": [1, "a", null], "mutableArray": [{"x": 1}], "dictionary": {"k": [true]},
       "mutableDictionary": {"n": 1.5}, "date": "2024-05-06T07:08:09Z",
       "url": "https://example.com/a?b=1", "data": "aGVsbG8=", "maybeNumber": 18446744073709551615,
       "numbers": [1, 2.5, false], "rooms": [{"price": 3}]}
      """#)
    let model = try FoundationModel(dictionary: json)
    #expect(model.string == "héllo")
    #expect(model.mutableString == "12")
    model.mutableString.append("!")
    #expect(model.mutableString == "12!")
    #expect(isBoolean(model.number) && model.number.boolValue)
    #expect(model.decimal.stringValue == "12345678901234567890.5")
    #expect(model.array.count == 3 && model.array[1] as? String == "a")
    model.mutableArray.add(2)
    #expect(model.mutableArray.count == 2)
    #expect(model.dictionary["k"] as? [Bool] == [true])
    #expect(model.mutableDictionary["n"] as? Double == 1.5)
    #expect(model.date.timeIntervalSince1970 == 1_714_979_289)
    #expect(model.url?.absoluteString == "https://example.com/a?b=1")
    #expect(model.data.map { Data($0) } == Data("hello".utf8))
    #expect(model.maybeNumber?.uint64Value == UInt64.max)
    #expect(model.numbers.map(\.doubleValue) == [1, 2.5, 0] && isBoolean(model.numbers[2]))
    #expect((model.rooms.firstObject as? Room)?.price == 3)

    let output = model.toDictionary()
    #expect(JSONSerialization.isValidJSONObject(output))
    #expect(output["string"] as? String == "héllo")
    #expect((output["number"] as? NSNumber).map(isBoolean) == true)
    #expect((output["decimal"] as? NSDecimalNumber)?.stringValue == "12345678901234567890.5")
    #expect(output["date"] as? String == "2024-05-06T07:08:09Z")
    #expect(output["url"] as? String == "https://example.com/a?b=1")
    #expect(output["data"] as? String == "aGVsbG8=")
    #expect((output["rooms"] as? [[String: Any]])?.first?["price"] as? Double == 3)
    let back = try FoundationModel(json: try model.toJSON())
    #expect(back.decimal == model.decimal && back.string == model.string)
    #expect(back.mutableArray.count == 2 && back == model)
  }

  @Test func foundationTypesReportBadValuesAtTheirPaths() throws {
    let issues = mappingIssues {
      _ = try FoundationModel(
        dictionary: [
          "string": [1], "number": "abc", "decimal": "x", "array": ["a": 1], "date": "soon",
          "numbers": [1, "z"], "rooms": [["price": "cheap"]],
        ])
    }
    #expect(
      issues.map(\.path) == [
        "string", "number", "decimal", "array", "date", "numbers[1]", "rooms[0].price",
      ])
    #expect(
      issues.map(\.expectedType).prefix(5) == [
        "NSString", "NSNumber", "NSDecimalNumber", "NSArray", "NSDate",
      ])
    #expect(
      mappingIssues { _ = try FoundationModel(dictionary: ["number": "7"], mode: .strict) }
        .map(\.path) == ["number"])
    #expect(try FoundationModel(dictionary: ["number": "7"]).number == 7)
  }

  @Test func codableTypesMapThroughTheirOwnCoding() throws {
    let model = try CodableModel(
      dictionary: try jsonObject(
        #"""
        {"location": {"lat": 59.91, "lon": 10.75}, "shape": {"square": {"side": 3}},
         "path": [{"lat": 1, "lon": 2}]}
        """#))
    #expect(model.location == Coordinate(lat: 59.91, lon: 10.75))
    #expect(model.shape == .square(side: 3) && model.path == [Coordinate(lat: 1, lon: 2)])
    let output = model.toDictionary()
    #expect(JSONSerialization.isValidJSONObject(output))
    #expect((output["location"] as? [String: Any])?["lat"] as? Double == 59.91)
    #expect(try CodableModel(dictionary: output) == model)
    #expect(try CodableModel(json: try model.toJSON()) == model)

    let issues = mappingIssues {
      _ = try CodableModel(
        dictionary: ["location": ["lat": "north", "lon": 1], "path": [["lat": 1]]])
    }
    #expect(issues.map(\.path) == ["location.lat", "path[0].lon"])
    #expect(issues.map(\.kind) == [.typeMismatch, .missingValue])
    #expect(issues.first?.expectedType == "Coordinate")
  }

  @Test func aTransformerTakesOverWhateverTheType() throws {
    let model = try TransformedModel(dictionary: ["color": "#FF8000", "maybeColor": "#000001"])
    #expect(model.color == Color(red: 255, green: 128, blue: 0))
    #expect(model.maybeColor == Color(red: 0, green: 0, blue: 1))
    #expect(model.toDictionary()["color"] as? String == "#FF8000")
    let issues = mappingIssues {
      _ = try TransformedModel(dictionary: ["color": "red", "wrong": "anything"])
    }
    #expect(issues.map(\.path) == ["color", "wrong"])
    #expect(issues.last?.reason == "the transformer of wrong gave Number 42, not a Color")
    #expect(TransformedModel.mappingReport().problems.isEmpty)
  }

  @Test func underscoredNamesMapLikeAnyOther() throws {
    let model = try MongoModel(dictionary: ["_id": "5f1d", "_rev": 3, "name": "x"])
    #expect(model._id == "5f1d" && model._rev == 3)
    #expect(model.toDictionary()["_id"] as? String == "5f1d")
    #expect(MongoModel.mappingReport().properties.map(\.key) == ["_id", "_rev", "name"])
  }

  @Test(arguments: [MappingMode.strict, .standard, .lenient])
  func unmappableTypesAreRefusedOnEveryMapping(mode: MappingMode) throws {
    for _ in 0..<2 {
      let issues = mappingIssues { _ = try UnmappableModel(dictionary: ["name": "x"], mode: mode) }
      #expect(issues.map(\.kind) == Array(repeating: .configuration, count: 4))
      #expect(
        issues.map(\.expectedType) == ["PlainStruct", "Greeter?", "PlainClass", "(Int, Int)"])
      #expect(
        issues.first?.reason
          == "property plain of UnmappableModel is never mapped: its type PlainStruct cannot be "
          + "mapped: it is neither MappableValue, RawRepresentable nor Codable. Conform "
          + "PlainStruct to MappableValue, give plain a transformer, or add it to "
          + "ignoredProperties")
    }
    let lenient = UnmappableModel.map(["name": "x"], mode: .lenient)
    #expect(lenient.model.name == "x" && lenient.issues.count == 4)
  }
}
