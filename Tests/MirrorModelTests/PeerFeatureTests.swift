import Foundation
import Testing

@testable import MirrorModel

// What users bring from HandyJSON, ObjectMapper, KakaJSON, YYModel and MJExtension.

class Book: ModelBase {
  var bookId = 0
  var title = ""
  override class var alternativeKeys: [String: [String]] { ["bookId": ["id", "ID", "book_id"]] }
}

final class Ebook: Book {
  var url = ""
  override class var alternativeKeys: [String: [String]] { ["url": ["link"]] }
}

final class Account: ModelBase {
  var userName = ""
  var age = 0
  override class var keyMatching: KeyMatching { .caseInsensitive }
}

final class Indexed: ModelBase {
  var firstValue = 0
  var secondX = ""
  var dotted = ""
  var missing = -1
  override class var propertyMapping: [String: String] {
    [
      "firstValue": "nested.0.value", "secondX": "name.info[1].x",
      "dotted": #"first\.layer.second"#, "missing": "nested.5.value",
    ]
  }
}

class Vehicle: ModelBase {
  var kind = ""
  var wheels = 0
  override class func modelType(for dictionary: [String: Any]) -> ModelBase.Type? {
    switch dictionary["kind"] as? String {
    case "car": Car.self
    case "bike": Bike.self
    case "boat": Hotel.self
    default: nil
    }
  }
}

final class Car: Vehicle {
  var doors = 0
}

final class Bike: Vehicle {
  var bell = false
}

final class Garage: ModelBase {
  var name = ""
  var cars: [String: Room] = [:]
}

final class ContextModel: ModelBase {
  var price = 0.0
  var currency = ""
  var room: ContextRoom?
  override func didMap(from dictionary: [String: Any]) throws {
    currency = ModelBase.mappingUserInfo["currency"] as? String ?? "none"
  }
}

final class ContextRoom: ModelBase {
  var seenCurrency = ""
  override func didMap(from dictionary: [String: Any]) throws {
    seenCurrency = ModelBase.mappingUserInfo["currency"] as? String ?? "none"
  }
}

final class Palette: ModelBase {
  var colors: [Color] = []
  var unique: Set<Color> = []
  var named: [String: Color] = [:]
  var maybe: [Color]?
  override class var transformers: [String: PropertyTransformer] {
    [
      "colors": .forEachElement(.hexColor), "unique": .forEachElement(.hexColor),
      "named": .forEachElement(.hexColor), "maybe": .forEachElement(.hexColor),
    ]
  }
}

@Suite("Peer features: keys")
struct PeerKeyTests {
  @Test func alternativeKeysAreTriedInOrderAfterTheOwnKey() throws {
    #expect(try Book(dictionary: ["ID": 5]).bookId == 5)
    #expect(try Book(dictionary: ["id": 2, "ID": 3]).bookId == 2)
    #expect(try Book(dictionary: ["bookId": 1, "id": 2]).bookId == 1)
    #expect(try Book(dictionary: ["book_id": "7"]).toDictionary()["bookId"] as? Int == 7)
    let ebook = try Ebook(dictionary: ["book_id": 4, "link": "u"])
    #expect(ebook.bookId == 4 && ebook.url == "u")
    let issues = mappingIssues { _ = try Book(dictionary: ["book_id": "x"]) }
    #expect(issues.map(\.path) == ["book_id"])
    #expect(Book.map(["ID": 1], mode: .lenient).issues.isEmpty)
    let decoded = try JSONDecoder().decode(Book.self, from: Data(#"{"ID": 9}"#.utf8))
    #expect(decoded.bookId == 9)
  }

  @Test func caseInsensitiveMatchingPrefersAnExactKey() throws {
    #expect(try Account(dictionary: ["USERNAME": "a", "AGE": 3]).userName == "a")
    #expect(try Account(dictionary: ["userName": "e", "USERNAME": "x"]).userName == "e")
    #expect(try Account(dictionary: ["Username": "b", "USERNAME": "a"]).userName == "a")
    let strict = mappingIssues {
      _ = try Account(dictionary: ["Username": "b", "USERNAME": "a"], mode: .strict)
    }
    #expect(strict.map(\.path) == ["userName"] && strict.first?.kind == .invalidValue)
    #expect(Account.map(["USERNAME": "a"], mode: .lenient).issues.isEmpty)
    #expect(try Account(dictionary: ["USERNAME": "a"]).toDictionary()["userName"] as? String == "a")
  }

  @Test func keyPathsIndexArraysAndEscapeDots() throws {
    let model = try Indexed(
      dictionary: [
        "nested": [["value": 7]], "name": ["info": [["x": "no"], ["x": "yes"]]],
        "first.layer": ["second": "escaped"],
      ])
    #expect(model.firstValue == 7 && model.secondX == "yes" && model.dotted == "escaped")
    #expect(model.missing == -1)
    let output = model.toDictionary()
    let nested = try #require(output["nested"] as? [Any])
    #expect((nested.first as? [String: Any])?["value"] as? Int == 7)
    #expect(nested.count == 6 && nested[1] is NSNull)
    let info = try #require((output["name"] as? [String: Any])?["info"] as? [Any])
    #expect(info[0] is NSNull && (info[1] as? [String: Any])?["x"] as? String == "yes")
    #expect((output["first.layer"] as? [String: Any])?["second"] as? String == "escaped")
    #expect(JSONSerialization.isValidJSONObject(output))
    #expect(try Indexed(dictionary: output).secondX == "yes")
    let issues = mappingIssues { _ = try Indexed(dictionary: ["nested": [["value": "x"]]]) }
    #expect(issues.map(\.path) == ["nested.0.value"])
    let wrong = mappingIssues { _ = try Indexed(dictionary: ["name": ["info": "text"]]) }
    #expect(wrong.map(\.path) == ["name.info[1].x"] && wrong.first?.kind == .typeMismatch)
  }

  @Test func emptyComponentsAreConfigurationIssues() {
    final class Empty: ModelBase {
      var a = 0
      var b = 0
      var c = 0
      override class var propertyMapping: [String: String] {
        ["a": "data.result.", "b": ".data", "c": "a..b"]
      }
    }
    let issues = mappingIssues { _ = try Empty(dictionary: [:]) }
    #expect(issues.map(\.kind) == [.configuration, .configuration, .configuration])
    #expect(issues.map(\.reason).allSatisfy { $0.hasSuffix("has an empty component") })
  }
}

@Suite("Peer features: mapping")
struct PeerMappingTests {
  @Test func aDesignatedPathReadsInsideAnEnvelope() throws {
    let envelope: [String: Any] = [
      "code": 0, "data": ["hotel": ["name": "Grand", "room_list": [["price": 5]]]],
    ]
    let hotel = try Hotel(dictionary: envelope, at: "data.hotel")
    #expect(hotel.hotelName == "Grand" && hotel.rooms.first?.price == 5)
    let bad: [String: Any] = ["data": ["hotel": ["room_list": [["price": "cheap"]]]]]
    #expect(
      mappingIssues { _ = try Hotel(dictionary: bad, at: "data.hotel") }.map(\.path) == [
        "data.hotel.room_list[0].price"
      ])
    let missing = mappingIssues { _ = try Hotel(dictionary: ["data": [:]], at: "data.hotel") }
    #expect(missing.map(\.path) == ["data.hotel"] && missing.first?.kind == .missingValue)
    let json = Data(#"{"data": {"hotels": [{"name": "A"}, {"hotel_id": "x"}]}}"#.utf8)
    let issues = mappingIssues { _ = try [Hotel](json: json, at: "data.hotels") }
    #expect(issues.map(\.path) == ["data.hotels[1].hotel_id"])
    let good = Data(#"{"data": {"hotels": [{"name": "A"}], "hotel": {"name": "B"}}}"#.utf8)
    #expect(try [Hotel](json: good, at: "data.hotels").map(\.hotelName) == ["A"])
    #expect(try Hotel(json: good, at: "data.hotel").hotelName == "B")
    #expect(try Hotel(json: good, at: "data.hotels.0").hotelName == "A")
  }

  @Test func makeChoosesTheClassAtTheTopLevel() throws {
    let car = try Vehicle.make(dictionary: ["kind": "car", "doors": 4])
    #expect(type(of: car) == Car.self && (car as? Car)?.doors == 4)
    let bike = try Vehicle.make(json: Data(#"{"kind": "bike", "bell": true}"#.utf8))
    #expect((bike as? Bike)?.bell == true)
    #expect(type(of: try Vehicle.make(dictionary: ["kind": "sled"])) == Vehicle.self)
    let wrong = mappingIssues { _ = try Vehicle.make(dictionary: ["kind": "boat"]) }
    #expect(wrong.map(\.kind) == [.configuration])
    let enveloped = try Vehicle.make(
      dictionary: ["data": ["kind": "car", "wheels": "x"]], at: "data", mode: .lenient)
    #expect(type(of: enveloped) == Car.self)
  }

  @Test func updateIgnoringNullsLeavesPropertiesAsTheyAre() throws {
    let room = try Room(dictionary: ["price": 5, "kind": "suite", "beds": 2])
    try room.update(with: ["kind": NSNull(), "beds": "<null>", "price": 6], ignoringNulls: true)
    #expect(room.kind == "suite" && room.beds == 2 && room.price == 6)
    try room.update(with: ["beds": NSNull()])
    #expect(room.beds == nil)
  }

  @Test func dictionariesOfModelsAreUpdatedInPlace() throws {
    let garage = try Garage(
      dictionary: ["cars": ["a": ["price": 1, "kind": "x"], "b": ["price": 2]]])
    let a = try #require(garage.cars["a"])
    try garage.update(with: ["cars": ["a": ["price": 10], "c": ["price": 3]]])
    #expect(garage.cars["a"] === a && a.price == 10 && a.kind == "x")
    #expect(garage.cars["b"]?.price == 2 && garage.cars["c"]?.price == 3)
    try garage.update(with: ["cars": ["b": NSNull()]])
    #expect(garage.cars["b"] == nil && garage.cars.count == 2)
    let issues = mappingIssues { try garage.update(with: ["cars": ["a": ["price": "p"]]]) }
    #expect(issues.map(\.path) == ["cars.a.price"] && a.price == 10)
  }

  @Test func hooksSeeTheCallersUserInfo() throws {
    let model = try ContextModel(
      dictionary: ["price": 1, "room": [:]], userInfo: ["currency": "EUR"])
    #expect(model.currency == "EUR" && model.room?.seenCurrency == "EUR")
    #expect(ModelBase.mappingUserInfo.isEmpty)
    #expect(try ContextModel(dictionary: ["room": [:]]).room?.seenCurrency == "none")
    let json = Data(#"{"room": {}}"#.utf8)
    #expect(try ContextModel(json: json, userInfo: ["currency": "JPY"]).currency == "JPY")
    try model.update(with: [:], userInfo: ["currency": "GBP"])
    #expect(model.currency == "GBP")
    let list = try [ContextModel](json: Data("[{}]".utf8), userInfo: ["currency": "CHF"])
    #expect(list.first?.currency == "CHF")
    let made = try ContextModel.make(dictionary: [:], userInfo: ["currency": "AUD"])
    #expect(made.currency == "AUD")
    let decoder = JSONDecoder()
    decoder.userInfo[try #require(CodingUserInfoKey(rawValue: "currency"))] = "SEK"
    #expect(try decoder.decode(ContextModel.self, from: json).room?.seenCurrency == "SEK")
  }

  @Test func concurrentMappingsSeeTheirOwnUserInfo() {
    let results = ResultsBox()
    let group = DispatchGroup()
    for thread in 0..<4 {
      group.enter()
      let worker = Thread {
        for _ in 0..<50 {
          let model = try? ContextModel(
            dictionary: ["room": [:]], userInfo: ["currency": "C\(thread)"])
          results.add(model?.room?.seenCurrency == "C\(thread)")
        }
        group.leave()
      }
      worker.start()
    }
    group.wait()
    #expect(results.all && results.count == 200)
  }

  @Test func elementWiseTransformers() throws {
    let palette = try Palette(
      dictionary: [
        "colors": ["#FF0000", "#00FF00"], "unique": ["#000001", "#000001"],
        "named": ["sky": "#0000FF"], "maybe": ["#010203"],
      ])
    #expect(
      palette.colors == [Color(red: 255, green: 0, blue: 0), Color(red: 0, green: 255, blue: 0)])
    #expect(palette.unique == [Color(red: 0, green: 0, blue: 1)])
    #expect(palette.named == ["sky": Color(red: 0, green: 0, blue: 255)])
    #expect(palette.maybe == [Color(red: 1, green: 2, blue: 3)])
    let output = palette.toDictionary()
    #expect(output["colors"] as? [String] == ["#FF0000", "#00FF00"])
    #expect(output["unique"] as? [String] == ["#000001"])
    #expect(output["named"] as? [String: String] == ["sky": "#0000FF"])
    let issues = mappingIssues {
      _ = try Palette(dictionary: ["colors": ["#FF0000", "red", 3], "named": ["a b": "x"]])
    }
    #expect(issues.map(\.path) == ["colors[1]", "colors[2]", "named.a b"])
    #expect(try Palette(dictionary: output).colors == palette.colors)
  }
}

final class ResultsBox: @unchecked Sendable {
  // Touched only with `lock` held.
  private let lock = NSLock()
  private var values: [Bool] = []
  func add(_ value: Bool) {
    lock.lock()
    values.append(value)
    lock.unlock()
  }
  var all: Bool {
    lock.lock()
    defer { lock.unlock() }
    return values.allSatisfy { $0 }
  }
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return values.count
  }
}
