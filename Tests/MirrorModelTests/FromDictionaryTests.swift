import Foundation
import Testing

@testable import MirrorModel

@Suite("From dictionary")
struct FromDictionaryTests {
  @Test func mapsTheSeedHotel() throws {
    let hotel = try Hotel(dictionary: jsonObject(hotelJSON))
    #expect(hotel.hotelName == "Grand Hotel")
    #expect(hotel.hotelId == 1001)
    let recommended = try #require(hotel.recommendedRoom)
    #expect(recommended.price == 99.5)
    #expect(recommended.kind == "suite")
    #expect(recommended.beds == 2)
    #expect(hotel.rooms.count == 2)
    #expect(hotel.rooms[0].price == 50)
    #expect(hotel.rooms[0].beds == 1)
    #expect(hotel.rooms[1].price == 75.25)
    #expect(hotel.rooms[1].kind == "double")
    #expect(hotel.rooms[1].beds == nil)
    #expect(hotel.address == "地址未知")
  }

  @Test func missingKeysKeepInitialValuesOrTakeDefaults() throws {
    let hotel = try Hotel(dictionary: ["name": "Solo"])
    #expect(hotel.hotelName == "Solo")
    #expect(hotel.hotelId == 0)
    #expect(hotel.recommendedRoom == nil)
    #expect(hotel.rooms.isEmpty)
    #expect(hotel.address == "地址未知")
  }

  @Test func nullMakesOptionalsNilAndNonOptionalsTakeDefaults() throws {
    let room = Room()
    room.beds = 3
    let dictionary = try jsonObject(#"{"price": null, "kind": "<null>", "beds": null}"#)
    let mapped = try Room(dictionary: dictionary)
    #expect(mapped.price == 0)
    #expect(mapped.kind == "")
    #expect(mapped.beds == nil)
    let hotel = try Hotel(dictionary: jsonObject(#"{"address": null, "name": "(null)"}"#))
    #expect(hotel.address == "地址未知")
    #expect(hotel.hotelName == "")
  }

  @Test(arguments: ["<null>", "(null)"])
  func everyDefaultNullStringMeansNull(_ text: String) throws {
    let room = try Room(dictionary: ["beds": text, "kind": text])
    #expect(room.beds == nil)
    #expect(room.kind == "")
  }

  /// The default list loses no one's data: Mr Null keeps his surname, on the way in and out.
  @Test(arguments: ["Null", "NULL", "null", "nil", "NIL", "Nil", "(NULL)", "<NULL>"])
  func wordsThatOnlyLookNullAreKeptByDefault(_ text: String) throws {
    final class Person: ModelBase {
      var lastName = ""
      var nickname: String?
    }
    let person = try Person(dictionary: ["lastName": text, "nickname": text])
    #expect(person.lastName == text)
    #expect(person.nickname == text)
    #expect(person.toDictionary()["lastName"] as? String == text)
  }

  @Test(arguments: ModelBase.extendedNullStrings.sorted())
  func extendedNullStringsAreAnOptIn(_ text: String) throws {
    final class Legacy: ModelBase {
      var lastName = "initial"
      var nickname: String? = "initial"
      override class var nullStrings: Set<String> { ModelBase.extendedNullStrings }
    }
    let legacy = try Legacy(dictionary: ["lastName": text, "nickname": text])
    #expect(legacy.lastName == "initial")
    #expect(legacy.nickname == nil)
    #expect(ModelBase.extendedNullStrings.count == 12)
  }

  @Test func nullStringsCanBeReplacedBySubclass() throws {
    final class Literal: ModelBase {
      var word: String = "initial"
      var optionalWord: String?
      override class var nullStrings: Set<String> { ["-"] }
    }
    let model = try Literal(dictionary: ["word": "null", "optionalWord": "-"])
    #expect(model.word == "null")
    #expect(model.optionalWord == nil)
  }

  @Test func keyPathsReadNestedDictionaries() throws {
    final class Flat: ModelBase {
      var hotelId: Int = 0
      var city: String = ""
      var missing: String = "kept"
      override class var propertyMapping: [String: String] {
        ["hotelId": "meta.hotel_id", "city": "meta.location.city", "missing": "meta.nope.x"]
      }
    }
    let flat = try Flat(
      dictionary: jsonObject(#"{"meta": {"hotel_id": 7, "location": {"city": "Oslo"}}}"#))
    #expect(flat.hotelId == 7)
    #expect(flat.city == "Oslo")
    #expect(flat.missing == "kept")
    let issues = mappingIssues { _ = try Flat(dictionary: ["meta": ["hotel_id": "x"]]) }
    #expect(issues.map(\.path) == ["meta.hotel_id"])
    let wrongShape = mappingIssues { _ = try Flat(dictionary: ["meta": 5]) }
    #expect(wrongShape.map(\.path) == ["meta.hotel_id", "meta.location.city", "meta.nope.x"])
    #expect(wrongShape.allSatisfy { $0.kind == .typeMismatch && $0.found == "Number 5" })
  }

  @Test func hooksMergeAlongAThreeLevelHierarchy() throws {
    let payload = try jsonObject(
      #"{"puppy_id": 9, "id": 1, "good_boy": false, "age_weeks": 10, "legs": 3, "#
        + #""chewedShoes": ["left"]}"#
    )
    let puppy = try Puppy(dictionary: payload)
    #expect(puppy.animalId == 9)  // the subclass's mapping wins over the base's "id"
    #expect(puppy.goodBoy == false)  // mapping from the middle class
    #expect(puppy.ageInWeeks == 10)
    #expect(puppy.legs == 4)  // ignored by Puppy
    #expect(puppy.name == "unnamed")  // default from the base class
    #expect(puppy.breed == "mixed")  // default from the middle class
    #expect(puppy.chewedShoes == ["left"])
    let dog = try Dog(dictionary: payload)
    #expect(dog.animalId == 1)
    #expect(dog.legs == 3)
    #expect(
      puppy.toDictionary().keys.sorted() == [
        "age_weeks", "breed", "chewedShoes", "good_boy", "name", "puppy_id",
      ])
  }

  @Test func genericSubclassesHaveOneSchemaPerSpecialization() throws {
    let ints = try Envelope<Int>(dictionary: ["status": "ok", "payload": 5, "items": [1, 2]])
    #expect(ints.payload == 5)
    #expect(ints.items == [1, 2])
    let rooms = try Envelope<Room>(
      dictionary: ["status": "ok", "payload": ["price": 3], "items": [["kind": "a"]]])
    #expect(rooms.payload?.price == 3)
    #expect(rooms.items.map(\.kind) == ["a"])
    let issues = mappingIssues { _ = try Envelope<Int>(dictionary: ["payload": ["price": 3]]) }
    #expect(issues.map(\.path) == ["payload"])
    #expect(issues.first?.expectedType == "Int")
  }

  @Test func recursiveModelsMapToAnyDepthWithinTheLimit() throws {
    var dictionary: [String: Any] = ["text": "leaf"]
    for level in 0..<50 {
      dictionary = ["text": "level \(level)", "replies": [dictionary]]
    }
    var comment: Comment? = try Comment(dictionary: dictionary)
    var depth = 0
    while let current = comment, let next = current.replies.first {
      comment = next
      depth += 1
    }
    #expect(depth == 50)
    #expect(comment?.text == "leaf")
  }

  @Test func arrayElementTypesCreateSubclassesAndFillUntypedArrays() throws {
    final class Kennel: ModelBase {
      var animals: [Animal] = []
      var loose: [Any] = []
      var byName: [String: Any] = [:]
      var base: [ModelBase]?
      override class var arrayElementTypes: [String: ModelBase.Type] {
        ["animals": Dog.self, "loose": Room.self, "byName": Room.self, "base": Room.self]
      }
    }
    let kennel = try Kennel(
      dictionary: jsonObject(
        #"""
        {"animals": [{"id": 1, "breed": "collie"}], "loose": [{"price": 1}, {"price": 2}],
         "byName": {"a": {"kind": "x"}}, "base": [{"kind": "y"}]}
        """#))
    let dog = try #require(kennel.animals.first as? Dog)
    #expect(dog.breed == "collie")
    #expect((kennel.loose as? [Room])?.map(\.price) == [1, 2])
    #expect((kennel.byName["a"] as? Room)?.kind == "x")
    #expect((kennel.base?.first as? Room)?.kind == "y")
    let back = kennel.toDictionary()
    #expect((back["loose"] as? [[String: Any]])?.count == 2)
    #expect(JSONSerialization.isValidJSONObject(back))
  }

  @Test func untypedPropertiesReceiveValuesAsTheyAre() throws {
    let model = try Guarded(
      dictionary: jsonObject(
        #"{"anything": [1, "a"], "optionalAnything": {"k": true}, "rawList": [1, null], "#
          + #""rawDictionary": {"x": "y"}}"#
      ))
    #expect((model.anything as? [Any])?.count == 2)
    #expect(((model.optionalAnything as? [String: Any])?["k"] as? Bool) == true)
    #expect(model.rawList.count == 2)
    #expect(model.rawList[1] is NSNull)
    #expect(model.rawDictionary["x"] as? String == "y")
  }

  @Test func nestedOptionals() throws {
    let present = try Guarded(dictionary: ["nestedOptional": 3])
    #expect(present.nestedOptional == .some(.some(3)))
    let null = try Guarded(dictionary: ["nestedOptional": NSNull()])
    #expect(null.nestedOptional == .none)
  }

  @Test func nestedContainersToAnyDepth() throws {
    final class Grid: ModelBase {
      var cells: [[Double]] = []
      var wings: [String: [Room]] = [:]
      var sets: Set<Int> = []
      var maybe: [Int?] = []
    }
    let grid = try Grid(
      dictionary: jsonObject(
        #"{"cells": [[1, 2.5], []], "wings": {"east": [{"kind": "a"}]}, "sets": [1, 1, 2], "#
          + #""maybe": [1, null, "<null>"]}"#
      ))
    #expect(grid.cells == [[1, 2.5], []])
    #expect(grid.wings["east"]?.map(\.kind) == ["a"])
    #expect(grid.sets == [1, 2])
    #expect(grid.maybe == [1, nil, nil])
  }
}
