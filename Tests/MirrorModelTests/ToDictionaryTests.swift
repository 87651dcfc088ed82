import Foundation
import StrippedFixtures
import Testing

@testable import MirrorModel

@Suite("To dictionary")
struct ToDictionaryTests {
  @Test func usesTheSameKeysAsTheInput() throws {
    let hotel = try Hotel(dictionary: jsonObject(hotelJSON))
    let dictionary = hotel.toDictionary()
    #expect(
      dictionary.keys.sorted() == ["address", "hotel_id", "name", "recommended_room", "room_list"])
    #expect(dictionary["name"] as? String == "Grand Hotel")
    #expect(dictionary["hotel_id"] as? Int == 1001)
    #expect(dictionary["address"] as? String == "地址未知")
    let rooms = try #require(dictionary["room_list"] as? [[String: Any]])
    #expect(rooms.count == 2)
    #expect(rooms[0]["price"] as? Double == 50)
    #expect(rooms[1].keys.sorted() == ["kind", "price"])  // nil beds left out
    #expect(JSONSerialization.isValidJSONObject(dictionary))
  }

  @Test func roundTripGivesAnEqualModel() throws {
    let hotel = try Hotel(dictionary: jsonObject(hotelJSON))
    let again = try Hotel(dictionary: hotel.toDictionary())
    #expect(again.hotelName == hotel.hotelName)
    #expect(again.hotelId == hotel.hotelId)
    #expect(again.address == hotel.address)
    #expect(again.recommendedRoom?.price == hotel.recommendedRoom?.price)
    #expect(again.rooms.map(\.price) == hotel.rooms.map(\.price))
    #expect(again.rooms.map(\.beds) == hotel.rooms.map(\.beds))
    let first = try JSONSerialization.data(
      withJSONObject: hotel.toDictionary(), options: .sortedKeys)
    let second = try JSONSerialization.data(
      withJSONObject: again.toDictionary(), options: .sortedKeys)
    #expect(first == second)
  }

  @Test func keyPathsRebuildNestedDictionaries() throws {
    final class Flat: ModelBase {
      var hotelId: Int = 0
      var city: String = ""
      override class var propertyMapping: [String: String] {
        ["hotelId": "meta.hotel_id", "city": "meta.location.city"]
      }
      // `meta.x` is read by no property: kept, inside `meta`, beside the key paths' keys.
      override class var keepsUnknownKeys: Bool { true }
    }
    let flat = try Flat(
      dictionary: jsonObject(#"{"meta": {"hotel_id": 7, "location": {"city": "Oslo"}, "x": 1}}"#))
    let output = flat.toDictionary()
    let meta = try #require(output["meta"] as? [String: Any])
    #expect(meta["hotel_id"] as? Int == 7)
    #expect(meta["x"] as? Int == 1)
    #expect((meta["location"] as? [String: Any])?["city"] as? String == "Oslo")
  }

  @Test func cyclesAreLeftOutInsteadOfRecursingForever() throws {
    let root = try Comment(dictionary: ["text": "root", "replies": [["text": "child"]]])
    let child = try #require(root.replies.first)
    child.parent = root
    root.parent = root
    let output = root.toDictionary()
    #expect(output["parent"] == nil)
    let replies = try #require(output["replies"] as? [[String: Any]])
    #expect(replies[0]["text"] as? String == "child")
    #expect(replies[0]["parent"] == nil)
    #expect(JSONSerialization.isValidJSONObject(output))
    #expect(root.description.contains("parent: <cycle: Comment>"))
    // Break the strong cycles the test made, so LeakSanitizer sees no leak.
    child.parent = nil
    root.parent = nil
  }

  @Test func sharedButAcyclicReferencesAreWrittenEachTime() throws {
    final class Pair: ModelBase {
      var first: Room?
      var second: Room?
    }
    let pair = Pair()
    let room = try Room(dictionary: ["kind": "shared"])
    pair.first = room
    pair.second = room
    let output = pair.toDictionary()
    #expect((output["first"] as? [String: Any])?["kind"] as? String == "shared")
    #expect((output["second"] as? [String: Any])?["kind"] as? String == "shared")
  }

  @Test func descriptionShowsNestedModelsIndented() throws {
    let room = try Room(dictionary: ["price": 1.5, "kind": "suite"])
    #expect(
      room.description == """
        Room(
          price: 1.5
          kind: "suite"
          beds: nil
        )
        """)
  }

  @Test func aModelBuiltWithoutReflectionMetadataFailsClearly() {
    let issues = mappingIssues { _ = try StrippedModel(dictionary: ["name": "x"]) }
    #expect(issues.count == 1)
    #expect(issues.first?.kind == .configuration)
    #expect(issues.first?.reason.contains("built without reflection metadata") == true)
  }
}
