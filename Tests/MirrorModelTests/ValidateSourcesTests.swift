import Foundation
import Testing

@testable import MirrorModel

// `validate(_:forProperty:)` sees each converted value, of the property's type, in the
// properties' order, whichever source the model is read from: a dictionary, JSON text (whose
// values are read once the object's members are met, in the properties' order), or a
// `Decoder` (which reads such a class property by property, without a dictionary of it).

final class CheckedRoom: ModelBase {
  var price = 0.0
}

final class CheckedHotel: ModelBase {
  var name = ""
  var stars = 0
  var price: Double?
  var tags: [String] = []
  var room: CheckedRoom?
  var rooms: [CheckedRoom] = []
  var byName: [String: CheckedRoom] = [:]
  /// What `validate` was called with, in order: the property and the value's type.
  var calls: [String] = []

  override class var ignoredProperties: Set<String> { ["calls"] }

  override func validate(_ value: Any, forProperty property: String) throws -> Any {
    calls.append("\(property): \(type(of: value))")
    switch property {
    case "name":
      return (value as? String)?.uppercased() ?? value
    case "stars":
      if let stars = value as? Int, stars > 5 {
        throw ConversionError(expectedType: "Int", reason: "at most 5 stars")
      }
    case "room":
      if let room = value as? CheckedRoom, room.price < 0 { return CheckedRoom() }
    case "rooms":
      return (value as? [CheckedRoom])?.filter { $0.price >= 0 } ?? value
    case "tags":
      guard let tags = value as? [String], tags != ["bad"] else { return 42 }  // an issue
      // Read with a property declared before it: set already, whatever the key order.
      return tags + [name]
    default:
      break
    }
    return value
  }
}

@Suite("validate from every source")
struct ValidateSourcesTests {
  /// The model from a dictionary, from JSON text and from `JSONDecoder`, or their issues.
  private func fromEverySource(_ text: String) throws -> [(CheckedHotel?, [MappingIssue])] {
    let data = Data(text.utf8)
    let dictionary = try jsonObject(text)
    return [
      read { try CheckedHotel(dictionary: dictionary) },
      read { try CheckedHotel(json: data) },
      read { try JSONDecoder().decode(CheckedHotel.self, from: data) },
    ]
  }

  private func read(_ body: () throws -> CheckedHotel) -> (CheckedHotel?, [MappingIssue]) {
    do {
      return (try body(), [])
    } catch let error as MappingError {
      return (nil, error.issues)
    } catch {
      return (nil, [])
    }
  }

  @Test func everySourceValidatesTheSameValuesInTheSameOrder() throws {
    // Keys in another order than the properties, nested models, a replacement, a filter.
    let text = #"""
      {"byName": {"a": {"price": 3}}, "rooms": [{"price": 1}, {"price": -2}],
       "room": {"price": -1}, "tags": ["x", "y"], "price": "12.5", "stars": 4,
       "name": "grand", "extra": true}
      """#
    for (model, issues) in try fromEverySource(text) {
      #expect(issues.isEmpty)
      guard let model else { continue }
      #expect(model.name == "GRAND" && model.stars == 4 && model.price == 12.5)
      #expect(model.tags == ["x", "y", "GRAND"] && model.room?.price == 0)
      #expect(model.rooms.map(\.price) == [1] && model.byName.mapValues(\.price) == ["a": 3])
      #expect(
        model.calls == [
          "name: String", "stars: Int", "price: Optional<Double>", "tags: Array<String>",
          "room: Optional<CheckedRoom>", "rooms: Array<CheckedRoom>",
          "byName: Dictionary<String, CheckedRoom>",
        ])
    }
  }

  @Test func aDecoderAndTextReadAValidatingClassDirectly() {
    let schema = SchemaCache.shared.schema(for: CheckedHotel.self)
    #expect(schema.decoderKeys?.count == 7)
    #expect(schema.jsonKeys != nil && schema.readsInDeclarationOrder)
  }

  @Test func everySourceReportsTheSameRejections() throws {
    let text = #"""
      {"stars": 7, "tags": ["bad"], "price": "cheap", "rooms": [{"price": "x"}], "name": null}
      """#
    let results = try fromEverySource(text)
    let expected = [
      ("stars", MappingIssue.Kind.invalidValue, "at most 5 stars"),
      ("price", .invalidValue, ""), ("tags", .hookFailed, ""),
      ("rooms[0].price", .invalidValue, ""),
    ]
    for (model, issues) in results {
      #expect(model == nil)
      #expect(issues.map(\.path) == expected.map(\.0))
      #expect(issues.map(\.kind) == expected.map(\.1))
      #expect(issues[0].reason == "at most 5 stars")
      #expect(
        issues[2].reason
          == "validate(_:forProperty:) returned Number 42 for tags, not a [String]")
    }
    #expect(results[1].1 == results[0].1 && results[2].1 == results[0].1)
  }
}
