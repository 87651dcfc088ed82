import Foundation
import Testing

@testable import MirrorModel

private let brokenHotelJSON = """
  {"name": ["x"], "hotel_id": 1.5, "room_list": [{"price": "cheap"}, 7], "recommended_room": \
  {"beds": 2.5}}
  """

private let fixtures = [hotelJSON, #"{"name": "Tiny"}"#, #"{"room_list": []}"#]

private struct Stay: Codable {
  var nights: Int
  var hotel: Hotel
}

@Suite("JSON and Codable")
struct JSONAndCodableTests {
  @Test(comparesWithCorelibsNumbers, arguments: fixtures)
  func jsonGivesTheSameModelAsJSONSerialization(_ text: String) throws {
    let fromJSON = try Hotel(json: Data(text.utf8))
    let fromDictionary = try Hotel(dictionary: jsonObject(text))
    #expect(fromJSON == fromDictionary)
    #expect(try Hotel(jsonString: text) == fromDictionary)
  }

  @Test(comparesWithCorelibsNumbers) func jsonGivesTheSameIssuesAsJSONSerialization() throws {
    let fromJSON = mappingIssues { _ = try Hotel(json: Data(brokenHotelJSON.utf8)) }
    let fromDictionary = mappingIssues { _ = try Hotel(dictionary: jsonObject(brokenHotelJSON)) }
    #expect(fromJSON == fromDictionary)
    #expect(
      fromJSON.map(\.path) == [
        "name", "hotel_id", "recommended_room.beds", "room_list[0].price", "room_list[1]",
      ])
  }

  @Test func malformedJSONIsOneIssueWithLineAndColumn() {
    let issues = mappingIssues { _ = try Hotel(jsonString: "{\n  \"name\": tru\n}") }
    #expect(issues.count == 1)
    #expect(issues.first?.kind == .invalidJSON)
    #expect(issues.first?.reason.contains("line 2") == true)
    let array = mappingIssues { _ = try Hotel(jsonString: "[1]") }
    #expect(array.first?.kind == .typeMismatch)
    #expect(array.first?.reason == "expects a JSON object at the top level")
  }

  @Test func arraysOfModels() throws {
    let hotels = try [Hotel](json: Data(#"[{"name": "A"}, {"name": "B", "hotel_id": 2}]"#.utf8))
    #expect(hotels.map(\.hotelName) == ["A", "B"])
    #expect(hotels.toDictionaries().map { $0["name"] as? String } == ["A", "B"])
    let issues = mappingIssues {
      _ = try [Room](dictionaries: [["price": 1], ["price": "x"], "nope"])
    }
    #expect(issues.map(\.path) == ["[1].price", "[2]"])
    let empty = try [Room](dictionaries: [])
    #expect(empty.isEmpty)
  }

  @Test func toJSONWritesWhatToDictionaryHolds() throws {
    let hotel = try Hotel(dictionary: jsonObject(hotelJSON))
    let written = try JSONSerialization.jsonObject(with: hotel.toJSON())
    let expected = try JSONSerialization.data(
      withJSONObject: hotel.toDictionary(), options: .sortedKeys)
    let actual = try JSONSerialization.data(withJSONObject: written, options: .sortedKeys)
    #expect(actual == expected)
    let pretty = try Room(dictionary: ["price": 2, "kind": "a"]).toJSONString(prettyPrinted: true)
    #expect(pretty == "{\n  \"kind\" : \"a\",\n  \"price\" : 2\n}")
    #expect(try Hotel(json: hotel.toJSON()) == hotel)
  }

  @Test(arguments: fixtures)
  func jsonDecoderGivesTheSameModelAsInitDictionary(_ text: String) throws {
    let decoded = try JSONDecoder().decode(Hotel.self, from: Data(text.utf8))
    #expect(decoded == (try Hotel(dictionary: jsonObject(text))))
  }

  @Test func jsonDecoderReportsTheSameIssues() throws {
    var issues: [MappingIssue] = []
    do {
      _ = try JSONDecoder().decode(Hotel.self, from: Data(brokenHotelJSON.utf8))
    } catch let error as MappingError {
      issues = error.issues
    }
    #expect(issues == mappingIssues { _ = try Hotel(dictionary: jsonObject(brokenHotelJSON)) })
  }

  @Test func jsonEncoderWritesTheSameContentAsToDictionary() throws {
    let hotel = try Hotel(dictionary: jsonObject(hotelJSON))
    let texts = try encodedAndDictionaryText(hotel)
    #expect(texts.encoded == texts.dictionary)
  }

  @Test func modelsInsideCodableTypesAndPropertyLists() throws {
    let stay = Stay(nights: 3, hotel: try Hotel(dictionary: jsonObject(hotelJSON)))
    let data = try JSONEncoder().encode(stay)
    let back = try JSONDecoder().decode(Stay.self, from: data)
    #expect(back.nights == 3)
    #expect(back.hotel == stay.hotel)
    let plist = try PropertyListEncoder().encode(stay.hotel)
    let fromPlist = try PropertyListDecoder().decode(Hotel.self, from: plist)
    #expect(fromPlist == stay.hotel)
  }

  @Test func codableHonoursKeyPathsDefaultsAndTransformers() throws {
    let game = try JSONDecoder().decode(
      Game.self, from: Data(#"{"game_id": "g", "release_date": "06-06-1984"}"#.utf8))
    #expect(game.gameId == "g")
    #expect(game.releaseDate.map(ISO8601.string) == "1984-06-06T00:00:00Z")
    let hotel = try JSONDecoder().decode(Hotel.self, from: Data(#"{"address": "<null>"}"#.utf8))
    #expect(hotel.address == "地址未知")
  }
}

@Suite("Codable numbers")
struct CodableNumberTests {
  /// Found by the fuzzer: a first number beyond `Decimal`'s range (`0e400`) made the Codable
  /// bridge stop reading later long literals exactly.
  @Test func aNumberBeyondDecimalDoesNotSpoilLaterLongLiterals() throws {
    final class Numbers: ModelBase {
      var values: [Any] = []
    }
    let text = #"{"values": [0e400, 100000000000000000005, 0.10000000000000000807]}"#
    let decoded = try JSONDecoder().decode(Numbers.self, from: Data(text.utf8))
    let read = try Numbers(jsonString: text)
    #expect(decoded == read)
    #expect((decoded.values[1] as? NSDecimalNumber)?.stringValue == "100000000000000000005")
    #expect((decoded.values[2] as? NSDecimalNumber)?.stringValue == "0.10000000000000000807")
  }
}
