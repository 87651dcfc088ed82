import Foundation
import Testing

@testable import MirrorModel

// Classes that override `validate(_:forProperty:)` read straight from JSON text: the members
// are met first (each property's value noted and stepped over), then the values are read in
// the properties' order, so `validate` sees what it sees when the text's dictionary is
// mapped. Every case against `JSONSerialization` + `init(dictionary:)`, in every mode: the
// models, the order and arguments of the `validate` calls, and the issues.

/// What a `validate` call saw: the property, the value and what the model held then.
private func describeCall(_ property: String, _ value: Any, _ held: String) -> String {
  let shown: String
  switch value {
  case let model as ModelBase: shown = "\(type(of: model))"
  case let models as [ModelBase]: shown = "\(models.count) models"
  default: shown = "\(value)"
  }
  return "\(property)=\(shown) [\(held)]"
}

final class OrderedRoom: ModelBase {
  var label = ""
  var size = 0
  var log: [String] = []

  override class var ignoredProperties: Set<String> { ["log"] }

  override func validate(_ value: Any, forProperty property: String) throws -> Any {
    log.append(describeCall(property, value, "label=\(label) size=\(size)"))
    if property == "size", let size = value as? Int, size < 0 {
      throw ConversionError(expectedType: "Int", reason: "negative size")
    }
    return value
  }
}

final class OrderedHotel: ModelBase {
  var name = ""
  var stars = 0
  var city: String?
  var zip = ""
  var code = "none"
  var level = 0
  var rooms: [OrderedRoom] = []
  var main: OrderedRoom?
  var note: String?
  var partner: OrderedHotel?
  var log: [String] = []

  override class var ignoredProperties: Set<String> { ["log"] }
  override class var propertyMapping: [String: String] {
    ["city": "address.city", "zip": "address.zip"]
  }
  override class var alternativeKeys: [String: [String]] { ["stars": ["rating", "score"]] }
  override class var defaultValues: [String: Any] { ["code": "DEF"] }
  override class var requiredProperties: Set<String> { ["level"] }

  override func validate(_ value: Any, forProperty property: String) throws -> Any {
    let held =
      "name=\(name) stars=\(stars) city=\(city ?? "nil") zip=\(zip) code=\(code) level=\(level)"
      + " rooms=\(rooms.count) note=\(note ?? "nil") partner=\(partner?.name ?? "nil")"
    log.append(describeCall(property, value, held))
    switch (property, value) {
    case ("stars", let stars as Int) where stars == 13:
      throw ConversionError(expectedType: "Int", reason: "unlucky")
    case ("zip", let zip as String):
      // Reads a property declared before it: set already, whatever the key order.
      return zip + "/" + name
    case ("note", let note as String) where note == "bad":
      return 5  // the wrong type: an issue
    case ("rooms", let rooms as [OrderedRoom]):
      return rooms.filter { !$0.label.isEmpty }
    default:
      return value
    }
  }
}

/// Keeps the keys it does not read, and validates.
final class OrderedKeeping: ModelBase {
  var first = 0
  var second = ""
  var log: [String] = []

  override class var ignoredProperties: Set<String> { ["log"] }
  override class var keepsUnknownKeys: Bool { true }

  override func validate(_ value: Any, forProperty property: String) throws -> Any {
    log.append(describeCall(property, value, "first=\(first) second=\(second)"))
    return value
  }
}

/// Matches keys case-insensitively, and validates.
final class OrderedFolded: ModelBase {
  var userName = ""
  var userId = 0
  var log: [String] = []

  override class var ignoredProperties: Set<String> { ["log"] }
  override class var keyMatching: KeyMatching { .caseInsensitive }
  override class var alternativeKeys: [String: [String]] { ["userId": ["id"]] }

  override func validate(_ value: Any, forProperty property: String) throws -> Any {
    log.append(describeCall(property, value, "userName=\(userName) userId=\(userId)"))
    return value
  }
}

final class OrderedBundle: ModelBase {
  var hotel: OrderedHotel?
  var hotels: [OrderedHotel] = []
  var byCode: [String: OrderedHotel] = [:]
  var kept: [OrderedKeeping] = []
  var folded: [OrderedFolded] = []
}

@Suite("validate from JSON text")
struct ValidateTextTests {
  static let hotels = [
    #"{"name": "a", "stars": 3, "address": {"city": "X", "zip": "1"}, "level": 1}"#,
    #"{"level": 1, "address": {"zip": "1", "city": "X"}, "stars": 3, "name": "a"}"#,
    #"{"score": 4, "rating": 5, "name": "b", "level": 2}"#,
    #"{"stars": 1, "rating": 5, "level": 2}"#,
    #"{"rating": 5, "stars": 1}"#,
    #"{"name": "c"}"#,
    #"{"name": null, "stars": null, "address": null, "level": "2", "code": null}"#,
    #"{"address": [1], "level": 1}"#,
    #"{"address": "x", "level": 1, "name": "scalar"}"#,
    #"{"name": "a", "name": "b", "level": 1}"#,
    #"{"address": {"city": "a"}, "address": {"zip": "z"}, "level": 1}"#,
    #"{"rooms": [{"size": 2, "label": "x"}, {"label": "", "size": 1}], "main": {"size": "3"},"#
      + #" "level": 1}"#,
    #"{"rooms": [{"label": "y", "size": -1}], "level": 1}"#,
    #"{"stars": 13, "level": 1, "note": "bad", "name": "n"}"#,
    #"{"stars": "many", "level": [1], "rooms": {}, "main": 5}"#,
    #"{"na\u006de": "escaped", "level": 1, "z\u0069p": "q"}"#,
    #"{"extra": 1, "address": {"city": "c", "other": [2, 3]}, "level": 1, "more": {"a": 1}}"#,
    #"{"name": "<null>", "note": "(null)", "level": 1, "zip": "top-level key, not the path"}"#,
    #"{"partner": {"name": "p", "stars": 2, "level": 1, "partner": {"level": 3}}, "name": "o","#
      + #" "level": 1, "zip": "9"}"#,
    #"{"partner": {"rooms": [{"label": "r", "size": -5}], "level": "x"}, "stars": 13}"#,
    #"{"level": 1e2, "stars": 2.0, "zip": 5, "code": "C", "note": null}"#,
  ]

  static let kept = [
    #"{"x": 1, "second": "q", "first": "2", "y": [1, {"z": null}]}"#,
    #"{"second": 7, "first": 1, "first": 2}"#,
    #"{}"#,
  ]

  static let folded = [
    #"{"USERNAME": "a", "UserId": 3}"#,
    #"{"id": 4, "username": "b", "userId": 5}"#,
    #"{"ID": 4, "userName": "c"}"#,
    #"{"username": "d", "UserName": "e"}"#,
  ]

  @Test func aValidatingClassIsReadStraightFromText() {
    let schema = SchemaCache.shared.schema(for: OrderedHotel.self)
    #expect(schema.jsonKeys != nil)
    #expect(schema.readsInDeclarationOrder)
    #expect(!SchemaCache.shared.schema(for: OrderedBundle.self).readsInDeclarationOrder)
  }

  @Test(arguments: hotels)
  func sameAsTheDictionary(hotel: String) throws {
    let text =
      #"{"hotel": \#(hotel), "hotels": [\#(hotel), 7, \#(hotel)], "byCode": {"a": \#(hotel)},"#
      + #" "kept": [\#(Self.kept.joined(separator: ","))],"#
      + #" "folded": [\#(Self.folded.joined(separator: ","))]}"#
    try expectSameAsDictionary(text, OrderedBundle.self)
    // At the top level, alone and in an array.
    try expectSameAsDictionary(hotel, OrderedHotel.self)
    try expectSameAsDictionary("[\(hotel), \(hotel)]", [OrderedHotel].self)
  }

  @Test func validateSeesEarlierPropertiesSetAndLaterOnesInitial() throws {
    // Keys in the reverse of the properties' order; a default (`code`) is not validated.
    let text =
      #"{"level": 4, "rooms": [{"size": 2, "label": "r"}], "address": {"zip": "z"}, "#
      + #""name": "n"}"#
    let hotel = try OrderedHotel(json: Data(text.utf8))
    #expect(
      hotel.log == [
        "name=n [name= stars=0 city=nil zip= code=none level=0 rooms=0 note=nil partner=nil]",
        "zip=z [name=n stars=0 city=nil zip= code=none level=0 rooms=0 note=nil partner=nil]",
        "level=4 [name=n stars=0 city=nil zip=z/n code=DEF level=0 rooms=0 note=nil"
          + " partner=nil]",
        "rooms=1 models [name=n stars=0 city=nil zip=z/n code=DEF level=4 rooms=0 note=nil"
          + " partner=nil]",
      ])
    #expect(hotel.zip == "z/n")
    #expect(hotel.rooms.first?.log == ["label=r [label= size=0]", "size=2 [label=r size=0]"])
  }

  @Test func issuesComeInThePropertiesOrder() throws {
    let text =
      #"{"note": "bad", "rooms": [{"size": -1, "label": "a"}], "stars": 13, "#
      + #""main": {"size": "x"}}"#
    #expect(
      issues { try OrderedHotel(json: Data(text.utf8)) } == [
        "stars invalidValue unlucky", "level missingValue level is required",
        "rooms[0].size invalidValue negative size",
        #"main.size invalidValue "x" is not an integer"#,
        "note hookFailed validate(_:forProperty:) returned Number 5 for note, not a String?",
      ])
  }

  /// The issues `body` throws, each as its path, kind and reason; `nil` when it throws none.
  private func issues(_ body: () throws -> some Any) -> [String]? {
    do {
      _ = try body()
      return nil
    } catch {
      return (error as? MappingError)?.issues.map { "\($0.path) \($0.kind) \($0.reason)" }
    }
  }

  private func expectSameAsDictionary<Value>(
    _ text: String, _ type: Value.Type, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let data = Data(text.utf8)
    let tree = try JSONSerialization.jsonObject(with: data)
    for mode in [MappingMode.standard, .lenient, .strict] {
      let fromText: Result<Any, any Error>
      let fromTree: Result<Any, any Error>
      if type == [OrderedHotel].self {
        let list = try #require(tree as? [Any])
        fromText = Result { try [OrderedHotel](json: data, mode: mode) }
        fromTree = Result { try [OrderedHotel](dictionaries: list, mode: mode) }
      } else if type == OrderedHotel.self {
        let dictionary = try #require(tree as? [String: Any])
        fromText = Result { try OrderedHotel(json: data, mode: mode) }
        fromTree = Result { try OrderedHotel(dictionary: dictionary, mode: mode) }
      } else {
        let dictionary = try #require(tree as? [String: Any])
        fromText = Result { try OrderedBundle(json: data, mode: mode) }
        fromTree = Result { try OrderedBundle(dictionary: dictionary, mode: mode) }
      }
      switch (fromText, fromTree) {
      case (.success(let text), .success(let tree)):
        #expect(describe(text) == describe(tree), "\(mode)", sourceLocation: sourceLocation)
      case (.failure(let text), .failure(let tree)):
        let textIssues = issues { throw text }
        #expect(textIssues == issues { throw tree }, "\(mode)", sourceLocation: sourceLocation)
        #expect(textIssues?.isEmpty == false, sourceLocation: sourceLocation)
      default:
        Issue.record(
          "\(mode): \(fromText) vs \(fromTree) for \(text)", sourceLocation: sourceLocation)
      }
    }
  }

  /// The models' dictionaries and the `validate` calls each saw, for comparing.
  private func describe(_ value: Any) -> String {
    switch value {
    case let bundle as OrderedBundle:
      let hotels =
        [bundle.hotel].compactMap { $0 } + bundle.hotels
        + bundle.byCode.keys.sorted().compactMap { bundle.byCode[$0] }
      return hotels.map(describe).joined(separator: " ")
        + bundle.kept.map { "\($0.log)" }.joined() + bundle.folded.map { "\($0.log)" }.joined()
        + sortedJSON(bundle.toDictionary())
    case let hotel as OrderedHotel:
      return "\(hotel.log) \(hotel.rooms.map(\.log)) \(hotel.main?.log ?? [])"
        + (hotel.partner.map(describe) ?? "") + sortedJSON(hotel.toDictionary())
    case let hotels as [OrderedHotel]:
      return hotels.map(describe).joined(separator: ", ")
    default:
      return "\(value)"
    }
  }
}
