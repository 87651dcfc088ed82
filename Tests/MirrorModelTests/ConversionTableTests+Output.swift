import Foundation
import MirrorModel
import Testing

// The container, `Any` and custom-type rows of the conversion table in both directions, and the
// output direction and round trip of every scalar row.

final class ConvRoom: ModelBase {
  var name = ""
  var price = 0.0
  var kind = ConvKind.single
}

final class ConvHotel: ModelBase {
  var room: ConvRoom?
  var rooms: [ConvRoom] = []
  var tags: Set<String> = []
  var floors: Set<Int> = []
  var byName: [String: ConvRoom] = [:]
  var grid: [[Double]] = []
  var wings: [String: [ConvRoom]] = [:]
  var counts: [String: Int8] = [:]
  var maybe: Int?? = .some(.some(-1))
  var scores: [Int?] = []
}

final class ConvRaw: ModelBase {
  var any: Any = "unset"
  var optionalAny: Any?
  var object: [String: Any] = [:]
  var list: [Any] = []
  var optionalList: [Any]?
}

/// A user type: `"21.5C"` or a number of degrees Celsius; written back as `"21.5C"`.
struct ConvTemperature: MappableValue, Equatable {
  var celsius: Double

  static func fromMappedValue(_ value: Any, context: MappingContext) throws -> ConvTemperature {
    guard let text = value as? String else {
      return ConvTemperature(celsius: try Double.fromMappedValue(value, context: context))
    }
    guard text.hasSuffix("C") else { throw ConvUnitError(text: text) }
    let degrees = try Double.fromMappedValue(String(text.dropLast()), context: context)
    return ConvTemperature(celsius: degrees)
  }

  func toMappedValue(context: MappingContext) -> Any? { "\(celsius)C" }
}

struct ConvUnitError: Error, CustomStringConvertible {
  var text: String
  var description: String { "\(text) is not in degrees Celsius" }
}

final class ConvWeather: ModelBase {
  var now = ConvTemperature(celsius: 0)
  var forecast: [ConvTemperature] = []
  var record: ConvTemperature?
}

@Suite("Conversion table: models, collections, Any and custom types from dictionary")
struct ConversionTableContainerTests {
  @Test("Nested models, arrays, sets, dictionaries and nesting convert element by element")
  func containers() throws {
    let hotel = try ConvHotel(
      dictionary: try ConvJSON.object(
        """
        {"room": {"name": "Garden", "price": 120.5, "kind": "suite"},
         "rooms": [{"name": "A", "price": 80}, {"name": "B", "price": "95.5", "kind": "double"}],
         "tags": ["quiet", "sea", "quiet"], "floors": [1, "2", 3.0],
         "byName": {"A": {"name": "A", "price": 80}},
         "grid": [[1, 2.5], [], [-3e2]], "wings": {"east": [{"name": "E1"}], "west": []},
         "counts": {"a": 1, "b": "-2"}, "maybe": 7, "scores": [1, null, "3", "<null>"]}
        """))
    let room = try #require(hotel.room)
    #expect(room.name == "Garden" && room.price == 120.5 && room.kind == .suite)
    #expect(hotel.rooms.map(\.name) == ["A", "B"])
    #expect(hotel.rooms.map(\.price) == [80, 95.5])
    #expect(hotel.rooms.map(\.kind) == [.single, .double])
    #expect(hotel.tags == ["quiet", "sea"])
    #expect(hotel.floors == [1, 2, 3])
    #expect(hotel.byName.mapValues(\.price) == ["A": 80])
    #expect(hotel.grid == [[1, 2.5], [], [-300]])
    #expect(hotel.wings.mapValues { $0.map(\.name) } == ["east": ["E1"], "west": []])
    #expect(hotel.counts == ["a": 1, "b": -2])
    #expect(hotel.maybe == .some(.some(7)))
    #expect(hotel.scores == [1, nil, 3, nil])
  }

  @Test(
    "Int?? <- missing keeps the initial value, null gives nil, a number gives the number",
    arguments: [
      ("{}", Int??.some(.some(-1))), (#"{"maybe": null}"#, .none),
      (#"{"maybe": "<null>"}"#, .none), (#"{"maybe": "12"}"#, .some(.some(12))),
    ])
  func doubleOptional(_ json: String, _ expected: Int??) throws {
    #expect(try ConvHotel(dictionary: try ConvJSON.object(json)).maybe == expected)
  }

  @Test("Every element's issue is reported with its index or key, in order")
  func containerIssues() throws {
    let dictionary = try ConvJSON.object(
      """
      {"room": {"price": "cheap"}, "rooms": [{"price": 10}, {"price": "x", "kind": "tent"}, 3],
       "floors": [1, "two", 3.5], "byName": {"b": {"price": true}, "a": 5, "a.b": []},
       "grid": [[1], [2, "x"]], "wings": {"east": [{"price": 1}, {"kind": "hut"}]},
       "counts": {"z": 1.5, "y": 300}, "maybe": "abc", "scores": [1, "one"]}
      """)
    let double = "Double"
    let issues = ConvJSON.issues { _ = try ConvHotel(dictionary: dictionary) }
    #expect(
      issues == [
        .init(
          path: "room.price", kind: .invalidValue, expectedType: double,
          found: #"String "cheap""#, reason: #"String "cheap" is not a finite Double"#),
        .init(
          path: "rooms[1].price", kind: .invalidValue, expectedType: double,
          found: #"String "x""#, reason: #"String "x" is not a finite Double"#),
        .init(
          path: "rooms[1].kind", kind: .invalidValue, expectedType: "ConvKind",
          found: #"String "tent""#, reason: #"String "tent" is not a raw value of ConvKind"#),
        .init(
          path: "rooms[2]", kind: .typeMismatch, expectedType: "ConvRoom", found: "Number 3",
          reason: "expects a dictionary"),
        .init(
          path: "floors[1]", kind: .invalidValue, expectedType: "Int", found: #"String "two""#,
          reason: #""two" is not an integer"#),
        .init(
          path: "floors[2]", kind: .invalidValue, expectedType: "Int", found: "Number 3.5",
          reason: "3.5 is not an integer"),
        .init(
          path: "byName.a", kind: .typeMismatch, expectedType: "ConvRoom", found: "Number 5",
          reason: "expects a dictionary"),
        .init(
          path: #"byName["a.b"]"#, kind: .typeMismatch, expectedType: "ConvRoom",
          found: "Array of 0 elements", reason: "expects a dictionary"),
        .init(
          path: "byName.b.price", kind: .typeMismatch, expectedType: double, found: "Bool true",
          reason: "expects a number or a numeric string"),
        .init(
          path: "grid[1][1]", kind: .invalidValue, expectedType: double, found: #"String "x""#,
          reason: #"String "x" is not a finite Double"#),
        .init(
          path: "wings.east[1].kind", kind: .invalidValue, expectedType: "ConvKind",
          found: #"String "hut""#, reason: #"String "hut" is not a raw value of ConvKind"#),
        .init(
          path: "counts.y", kind: .invalidValue, expectedType: "Int8", found: "Number 300",
          reason: "300 is out of range -128...127"),
        .init(
          path: "counts.z", kind: .invalidValue, expectedType: "Int8", found: "Number 1.5",
          reason: "1.5 is not an integer"),
        .init(
          path: "maybe", kind: .invalidValue, expectedType: "Int", found: #"String "abc""#,
          reason: #""abc" is not an integer"#),
        .init(
          path: "scores[1]", kind: .invalidValue, expectedType: "Int", found: #"String "one""#,
          reason: #""one" is not an integer"#),
      ])
  }

  @Test(
    "A container of the wrong shape is a type mismatch naming the declared type",
    arguments: [
      ("room", "[]", "room", "ConvRoom", "Array of 0 elements", "expects a dictionary"),
      ("rooms", #""x""#, "rooms", "[ConvRoom]", #"String "x""#, "expects an array"),
      ("tags", #""quiet""#, "tags", "Set<String>", #"String "quiet""#, "expects an array"),
      (
        "byName", "[1]", "byName", "[String: ConvRoom]", "Array of 1 element",
        "expects a dictionary"
      ),
      ("grid", "[1]", "grid[0]", "[Double]", "Number 1", "expects an array"),
      (
        "wings", #"{"east": {}}"#, "wings.east", "[ConvRoom]", "Dictionary with 0 keys",
        "expects an array"
      ),
    ])
  func containerMismatch(
    _ key: String, _ literal: String, _ path: String, _ expected: String, _ found: String,
    _ reason: String
  ) throws {
    let dictionary = try ConvJSON.object("{\"\(key)\": \(literal)}")
    #expect(
      ConvJSON.issues { _ = try ConvHotel(dictionary: dictionary) } == [
        MappingIssue(
          path: path, kind: .typeMismatch, expectedType: expected, found: found, reason: reason)
      ])
  }

  @Test("Any, [String: Any] and [Any] receive the value as it is")
  func rawValues() throws {
    let input = try ConvJSON.object(
      #"{"any": 12.5, "optionalAny": "x", "object": {"a": [1, true], "b": null},"#
        + #" "list": [1, "two", null, {"k": false}], "optionalList": []}"#)
    let raw = try ConvRaw(dictionary: input)
    #expect(ConvJSON.identity(raw.any) == ConvJSON.identity(input["any"] as Any))
    #expect(raw.optionalAny as? String == "x")
    let object = try #require(input["object"] as? [String: Any])
    #expect(ConvJSON.text(raw.object) == ConvJSON.text(object))
    #expect(ConvJSON.text(raw.object) == #"{"a":[1,true],"b":null}"#)
    let list = try #require(input["list"] as? [Any])
    #expect(ConvJSON.text(raw.list) == #"[1,"two",null,{"k":false}]"#)
    #expect(ConvJSON.identity(raw.list[0]) == ConvJSON.identity(list[0]))
    #expect(raw.list[2] is NSNull)
    #expect(raw.optionalList?.isEmpty == true)

    let swiftValues = try ConvRaw(dictionary: ["any": Int8(5), "optionalAny": 2.5])
    #expect(swiftValues.any as? Int8 == 5)
    #expect(swiftValues.optionalAny as? Double == 2.5)

    let nulls = try ConvRaw(
      dictionary: try ConvJSON.object(#"{"any": null, "optionalAny": null, "optionalList": null}"#))
    #expect(nulls.any as? String == "unset")
    #expect(nulls.optionalAny == nil && nulls.optionalList == nil)

    let wrong = try ConvJSON.object(#"{"object": [1], "list": "x"}"#)
    #expect(
      ConvJSON.issues { _ = try ConvRaw(dictionary: wrong) } == [
        MappingIssue(
          path: "object", kind: .typeMismatch, expectedType: "[String: Any]",
          found: "Array of 1 element", reason: "expects [String: Any]"),
        MappingIssue(
          path: "list", kind: .typeMismatch, expectedType: "[Any]", found: #"String "x""#,
          reason: "expects [Any]"),
      ])
  }

  @Test("A user type conforming to MappableValue converts both ways; its errors get paths")
  func customType() throws {
    let weather = try ConvWeather(
      dictionary: try ConvJSON.object(
        #"{"now": "21.5C", "forecast": [18, "19.5C"], "record": null}"#))
    #expect(weather.now == ConvTemperature(celsius: 21.5))
    #expect(weather.forecast == [ConvTemperature(celsius: 18), ConvTemperature(celsius: 19.5)])
    #expect(weather.record == nil)
    let output = weather.toDictionary()
    #expect(output["now"] as? String == "21.5C")
    #expect(output["forecast"] as? [String] == ["18.0C", "19.5C"])
    #expect(output.keys.sorted() == ["forecast", "now"])

    let wrong = try ConvJSON.object(#"{"now": "70F", "forecast": [1, true]}"#)
    #expect(
      ConvJSON.issues { _ = try ConvWeather(dictionary: wrong) } == [
        MappingIssue(
          path: "now", kind: .hookFailed, expectedType: "ConvTemperature",
          found: #"String "70F""#, reason: "70F is not in degrees Celsius"),
        MappingIssue(
          path: "forecast[1]", kind: .typeMismatch, expectedType: "Double", found: "Bool true",
          reason: "expects a number or a numeric string"),
      ])
  }
}

/// Sample values for every scalar row; each sample's round trip must give them back.
enum ConvSample: String, CaseIterable, Sendable {
  case ordinary, extremes, smallest

  func make() throws -> ConvScalars {
    let model = ConvScalars()
    switch self {
    case .ordinary:
      (model.string, model.int, model.int8, model.int16, model.int32) = (
        "Grand Hôtel", -42, -8, -16, -32
      )
      (model.int64, model.uint, model.uint8, model.uint16) = (-64, 42, 8, 16)
      (model.uint32, model.uint64, model.double, model.float, model.bool) = (32, 64, 0.1, 0.1, true)
      model.decimal = try #require(Decimal(string: "12345678901234567890.123456789"))
      model.date = Date(timeIntervalSince1970: 1_714_979_289.123)
      model.url = try #require(URL(string: "https://example.com/hotels/1001?lang=zh"))
      model.uuid = try #require(UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"))
      (model.data, model.kind, model.level) = (Data("hello".utf8), .suite, .high)
    case .extremes:
      (model.string, model.int, model.int8, model.int16) = (
        "\"quoted\"\n\t😀 \u{0}", .min, .min, .min
      )
      (model.int32, model.int64, model.uint, model.uint8) = (.min, .max, .max, .max)
      (model.uint16, model.uint32, model.uint64, model.bool) = (.max, .max, .max, false)
      (model.double, model.float) = (.greatestFiniteMagnitude, -.greatestFiniteMagnitude)
      model.decimal = try #require(Decimal(string: "-1234567890123456789012345678901234567.8"))
      model.date = Date(timeIntervalSince1970: 1_714_979_289.123_456_789)
      model.url = try #require(URL(string: "https://example.com/%E5%9C%B0%E5%9D%80?q=a%20b#top"))
      (model.uuid, model.data, model.kind) = (UUID(), Data((0...255).map { UInt8($0) }), .double)
    case .smallest:
      (model.string, model.double, model.float) = (
        "", .leastNonzeroMagnitude, .leastNonzeroMagnitude
      )
      model.decimal = try #require(Decimal(string: "0.000000000000000000000000000001"))
      model.date = Date(timeIntervalSince1970: -1.5)
      model.url = try #require(URL(string: "file:///tmp/a.json"))
      (model.data, model.level) = (Data(), .low)
    }
    return model
  }
}

/// How a dictionary travels back: as it is, or through JSON text as an upload would.
enum ConvRoute: String, CaseIterable, Sendable {
  case dictionary, jsonText

  func carry(_ dictionary: [String: Any]) throws -> [String: Any] {
    switch self {
    case .dictionary: return dictionary
    case .jsonText:
      let data = try JSONSerialization.data(withJSONObject: dictionary, options: [.sortedKeys])
      let parsed = try JSONSerialization.jsonObject(with: data, options: [])
      return try #require(parsed as? [String: Any])
    }
  }
}

@Suite("Conversion table: to dictionary and round trip")
struct ConversionTableOutputTests {
  @Test("Every scalar type is written as the exact Foundation value")
  func scalarOutput() throws {
    let output = try ConvSample.ordinary.make().toDictionary()
    #expect(JSONSerialization.isValidJSONObject(output))
    #expect(output.count == 21)
    expect(output, "string", "Grand Hôtel")
    expect(output, "int", -42)
    expect(output, "int8", -8)
    expect(output, "int16", -16)
    expect(output, "int32", -32)
    expect(output, "int64", -64)
    expect(output, "uint", UInt(42))
    expect(output, "uint8", 8)
    expect(output, "uint16", 16)
    expect(output, "uint32", 32)
    expect(output, "uint64", UInt(64))
    expect(output, "double", 0.1)
    expect(output, "float", Float(0.1))
    expect(output, "bool", true)
    let decimal = try #require(output["decimal"] as? NSDecimalNumber)
    #expect(decimal.decimalValue == Decimal(string: "12345678901234567890.123456789"))
    expect(output, "date", "2024-05-06T07:08:09.123Z")
    expect(output, "url", "https://example.com/hotels/1001?lang=zh")
    expect(output, "uuid", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    expect(output, "data", "aGVsbG8=")
    expect(output, "kind", "suite")
    expect(output, "level", 2)
  }

  @Test("Dates are written as ISO 8601 in UTC with the fractional digits they need")
  func dateOutput() throws {
    for (seconds, text) in [
      (1_714_979_289.0, "2024-05-06T07:08:09Z"), (1_714_979_289.5, "2024-05-06T07:08:09.500Z"),
      (-1.5, "1969-12-31T23:59:58.500Z"), (0, "1970-01-01T00:00:00Z"),
    ] {
      let model = ConvScalars()
      model.date = Date(timeIntervalSince1970: seconds)
      #expect(model.toDictionary()["date"] as? String == text)
    }
  }

  @Test("Containers are written element by element; nil optionals are left out")
  func containerOutput() throws {
    let hotel = ConvHotel()
    let room = ConvRoom()
    (room.name, room.price, room.kind) = ("A", 80.5, .double)
    (hotel.room, hotel.rooms, hotel.byName, hotel.wings) = (
      room, [room], ["A": room], ["e": [room]]
    )
    (hotel.tags, hotel.floors, hotel.grid) = (["sea", "quiet"], [2, 1], [[1, 2.5], []])
    (hotel.counts, hotel.maybe, hotel.scores) = (["a": -1], .some(.some(7)), [1, nil])
    let output = hotel.toDictionary()
    #expect(JSONSerialization.isValidJSONObject(output))
    let roomOutput = #"{"kind":"double","name":"A","price":80.5}"#
    #expect(ConvJSON.text(output["room"]) == roomOutput)
    #expect(ConvJSON.text(output["rooms"]) == "[\(roomOutput)]")
    #expect(ConvJSON.text(output["byName"]) == #"{"A":\#(roomOutput)}"#)
    #expect(ConvJSON.text(output["wings"]) == #"{"e":[\#(roomOutput)]}"#)
    #expect(Set(try #require(output["tags"] as? [String])) == ["sea", "quiet"])
    #expect(Set(try #require(output["floors"] as? [Int])) == [1, 2])
    #expect(output["grid"] as? [[Double]] == [[1, 2.5], []])
    #expect(output["counts"] as? [String: Int] == ["a": -1])
    #expect(output["maybe"] as? Int == 7)
    let scores = try #require(output["scores"] as? [Any])
    #expect(scores.count == 2 && scores[0] as? Int == 1 && scores[1] is NSNull)

    let empty = ConvHotel()
    empty.maybe = .none
    #expect(empty.toDictionary()["room"] == nil && empty.toDictionary()["maybe"] == nil)
    #expect(
      empty.toDictionary().keys.sorted() == [
        "byName", "counts", "floors", "grid", "rooms", "scores", "tags", "wings",
      ])
  }

  @Test("Any, [String: Any] and [Any] are written as they are")
  func rawOutput() throws {
    let raw = ConvRaw()
    raw.any = 12.5
    raw.object = ["a": [1, true], "b": NSNull()]
    raw.list = [1, "two", NSNull()]
    let output = raw.toDictionary()
    #expect(JSONSerialization.isValidJSONObject(output))
    #expect(output["any"] as? Double == 12.5)
    #expect(output["optionalAny"] == nil && output["optionalList"] == nil)
    #expect(ConvJSON.text(output["object"]) == #"{"a":[1,true],"b":null}"#)
    #expect(ConvJSON.text(output["list"]) == #"[1,"two",null]"#)
  }

  @Test(
    "T(dictionary: m.toDictionary()) gives back every scalar value",
    arguments: ConvSample.allCases, ConvRoute.allCases)
  func scalarRoundTrip(_ sample: ConvSample, _ route: ConvRoute) throws {
    let model = try sample.make()
    let output = model.toDictionary()
    #expect(JSONSerialization.isValidJSONObject(output))
    let back = try ConvScalars(dictionary: try route.carry(output))
    #expect(back.string == model.string)
    #expect(back.int == model.int)
    #expect(back.int8 == model.int8)
    #expect(back.int16 == model.int16)
    #expect(back.int32 == model.int32)
    #expect(back.int64 == model.int64)
    #expect(back.uint == model.uint)
    #expect(back.uint8 == model.uint8)
    #expect(back.uint16 == model.uint16)
    #expect(back.uint32 == model.uint32)
    #expect(back.uint64 == model.uint64)
    #expect(back.double.bitPattern == model.double.bitPattern)
    #expect(back.float.bitPattern == model.float.bitPattern)
    #expect(back.bool == model.bool)
    #expect(back.decimal == model.decimal)
    #expect(back.date == model.date)
    #expect(back.url == model.url)
    #expect(back.uuid == model.uuid)
    #expect(back.data == model.data)
    #expect(back.kind == model.kind)
    #expect(back.level == model.level)
  }

  @Test(
    "T(dictionary: m.toDictionary()) gives back models, collections, Any and custom types",
    arguments: ConvRoute.allCases)
  func containerRoundTrip(_ route: ConvRoute) throws {
    let json = """
      {"room": {"name": "Garden", "price": 120.5, "kind": "suite"},
       "rooms": [{"name": "A", "price": 80}, {"name": "B", "price": 95.5, "kind": "double"}],
       "tags": ["quiet", "sea"], "floors": [1, 2], "byName": {"A": {"name": "A", "price": 80}},
       "grid": [[1, 2.5], [], [-300]], "wings": {"east": [{"name": "E1"}], "west": []},
       "counts": {"a": 1, "b": -2}, "maybe": 7, "scores": [1, null, 3]}
      """
    let hotel = try ConvHotel(dictionary: try ConvJSON.object(json))
    let back = try ConvHotel(dictionary: try route.carry(hotel.toDictionary()))
    #expect(back.room?.name == "Garden" && back.room?.price == 120.5 && back.room?.kind == .suite)
    #expect(back.rooms.map(\.name) == hotel.rooms.map(\.name))
    #expect(back.rooms.map(\.price) == hotel.rooms.map(\.price))
    #expect(back.rooms.map(\.kind) == hotel.rooms.map(\.kind))
    #expect(back.tags == hotel.tags && back.floors == hotel.floors)
    #expect(back.byName.mapValues(\.price) == hotel.byName.mapValues(\.price))
    #expect(back.grid == hotel.grid)
    #expect(back.wings.mapValues { $0.map(\.name) } == hotel.wings.mapValues { $0.map(\.name) })
    #expect(back.counts == hotel.counts && back.maybe == hotel.maybe)
    #expect(back.scores == hotel.scores)

    let raw = try ConvRaw(
      dictionary: try ConvJSON.object(
        #"{"any": "x", "optionalAny": 2.5, "object": {"a": [1]}, "list": [true, null]}"#))
    let rawBack = try ConvRaw(dictionary: try route.carry(raw.toDictionary()))
    #expect(rawBack.any as? String == "x" && rawBack.optionalAny as? Double == 2.5)
    #expect(ConvJSON.text(rawBack.object) == #"{"a":[1]}"#)
    #expect(ConvJSON.text(rawBack.list) == "[true,null]")
    #expect(rawBack.optionalList == nil)

    let weather = ConvWeather()
    (weather.now, weather.forecast) = (.init(celsius: -3.5), [.init(celsius: 0.1)])
    let weatherBack = try ConvWeather(dictionary: try route.carry(weather.toDictionary()))
    #expect(weatherBack.now == weather.now && weatherBack.forecast == weather.forecast)
    #expect(weatherBack.record == nil)
  }
}

/// Checks that `dictionary[key]` is exactly a `T` (not a bridged look-alike) equal to `expected`.
private func expect<T: Equatable>(
  _ dictionary: [String: Any], _ key: String, _ expected: T,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let value = dictionary[key]
  let type = value.map { "\(Swift.type(of: $0))" } ?? "nothing"
  #expect(type == "\(T.self)", "\(key)", sourceLocation: sourceLocation)
  #expect(value as? T == expected, "\(key)", sourceLocation: sourceLocation)
}
