import Foundation
import Testing

@testable import MirrorModel

final class Game: ModelBase {
  var gameId: String = ""
  var name: String = ""
  var genre: String = ""
  var releaseDate: Date?

  override class var propertyMapping: [String: String] {
    ["gameId": "game_id", "releaseDate": "release_date"]
  }
  override class var transformers: [String: PropertyTransformer] {
    ["releaseDate": .date(format: "MM-dd-yyyy")]
  }
}

final class Uploader: ModelBase {
  var username: String = ""
}

final class Video: ModelBase {
  var title: String = ""
  var uploader: Uploader?
  var views: Int = 0

  override func validate(_ value: Any, forProperty property: String) throws -> Any {
    if property == "views", let views = value as? Int, views < 0 {
      throw ConversionError(expectedType: "Int", reason: "views cannot be negative")
    }
    if property == "title", let title = value as? String {
      return title.trimmingCharacters(in: .whitespaces)
    }
    return value
  }
}

class Post: ModelBase {
  var kind: String = ""
  override class func modelType(for dictionary: [String: Any]) -> ModelBase.Type? {
    switch dictionary["kind"] as? String {
    case "video": return VideoPost.self
    case "bogus": return Room.self
    default: return nil
    }
  }
}

final class VideoPost: Post {
  var duration: Double = 0
}

final class Feed: ModelBase {
  var posts: [Post] = []
  var pinned: Post?
}

final class RoomWithHotel: ModelBase {
  var number: Int = 0
  weak var hotel: HotelWithRooms?
}

final class HotelWithRooms: ModelBase {
  var rooms: [RoomWithHotel] = []
  var didMapCount = 0
  override class var ignoredProperties: Set<String> { ["didMapCount"] }
  override func didMap(from dictionary: [String: Any]) throws {
    didMapCount += 1
    for room in rooms { room.hotel = self }
  }
}

@Suite("Services")
struct ServicesTests {
  @Test func fdModelGameWithAReleaseDateTransformer() throws {
    let game = try Game(
      dictionary: [
        "game_id": "g1", "name": "Tetris", "genre": "puzzle", "release_date": "06-06-1984",
      ])
    let date = try #require(game.releaseDate)
    #expect(ISO8601.string(from: date) == "1984-06-06T00:00:00Z")
    #expect(game.toDictionary()["release_date"] as? String == "06-06-1984")
    let issues = mappingIssues { _ = try Game(dictionary: ["release_date": "1984/06/06"]) }
    #expect(issues.map(\.path) == ["release_date"])
    #expect(issues.first?.reason == "String \"1984/06/06\" is not a date in format MM-dd-yyyy")
  }

  @Test func kvcParsingVideoWithNestedUploaderAndValidation() throws {
    let video = try Video(
      dictionary: ["title": "  Cats  ", "uploader": ["username": "kim"], "views": 10])
    #expect(video.title == "Cats")
    #expect(video.uploader?.username == "kim")
    let issues = mappingIssues { _ = try Video(dictionary: ["views": -1]) }
    #expect(issues.map(\.path) == ["views"])
    #expect(issues.first?.kind == .invalidValue)
    #expect(issues.first?.reason == "views cannot be negative")
  }

  @Test func didMapSetsBackReferences() throws {
    let hotel = try HotelWithRooms(dictionary: ["rooms": [["number": 1], ["number": 2]]])
    #expect(hotel.rooms.allSatisfy { $0.hotel === hotel })
    #expect(hotel.didMapCount == 1)
    try hotel.update(with: ["rooms": [["number": 3]]])
    #expect(hotel.didMapCount == 2)
    #expect(hotel.rooms.map(\.number) == [3])
    #expect(hotel.rooms.first?.hotel === hotel)
  }

  @Test func polymorphicElementsAndBadModelTypes() throws {
    let feed = try Feed(
      dictionary: [
        "posts": [["kind": "text"], ["kind": "video", "duration": 12.5]],
        "pinned": ["kind": "video", "duration": 1],
      ])
    #expect(type(of: feed.posts[0]) == Post.self)
    #expect((feed.posts[1] as? VideoPost)?.duration == 12.5)
    #expect(feed.pinned is VideoPost)
    let issues = mappingIssues { _ = try Feed(dictionary: ["posts": [["kind": "bogus"]]]) }
    #expect(issues.map(\.path) == ["posts[0]"])
    #expect(issues.first?.kind == .configuration)
    #expect(
      issues.first?.reason
        == "modelType(for:) of Post returned Room, which is not a subclass of Post")
  }

  @Test func updateChangesOnlyPresentKeysAndKeepsNestedIdentity() throws {
    let hotel = try Hotel(dictionary: jsonObject(hotelJSON))
    let recommended = try #require(hotel.recommendedRoom)
    try hotel.update(with: ["hotel_id": 2002, "recommended_room": ["price": 1]])
    #expect(hotel.hotelId == 2002)
    #expect(hotel.hotelName == "Grand Hotel")
    #expect(hotel.recommendedRoom === recommended)
    #expect(recommended.price == 1)
    #expect(recommended.kind == "suite")
    #expect(hotel.rooms.count == 2)
  }

  @Test func copyIsDeepAndSharesNothingMutable() throws {
    let hotel = try Hotel(dictionary: jsonObject(hotelJSON))
    let copy = hotel.copy()
    #expect(copy == hotel)
    #expect(copy !== hotel)
    #expect(copy.recommendedRoom !== hotel.recommendedRoom)
    #expect(copy.rooms[0] !== hotel.rooms[0])
    copy.rooms[0].price = 999
    copy.recommendedRoom?.kind = "changed"
    #expect(hotel.rooms[0].price == 50)
    #expect(hotel.recommendedRoom?.kind == "suite")
    #expect(copy != hotel)
  }

  @Test func copyCopiesEveryKindOfFieldOfEveryClassInTheChain() throws {
    let source = CopiedMix()
    source.flag = true
    source.small = -7
    source.count = 1 << 40
    source.ratio = -0.5
    source.maybeCount = 12
    source.maybeFlag = false
    source.when = Date(timeIntervalSince1970: 1_000)
    source.name = String(repeating: "長い名前", count: 10)
    source.nickname = "nick"
    source.tags = ["a", "b"]
    source.leaf = CopiedLeaf()
    source.leaf?.note = "leaf"
    source.extra = 99
    source.subtitle = nil
    source.label = "sub"
    let copy = source.copy()
    #expect(copy.flag && copy.small == -7 && copy.count == 1 << 40 && copy.ratio == -0.5)
    #expect(copy.maybeCount == 12 && copy.maybeFlag == false)
    #expect(copy.when == Date(timeIntervalSince1970: 1_000))
    #expect(copy.name == source.name && copy.nickname == "nick" && copy.tags == ["a", "b"])
    #expect(copy.leaf?.note == "leaf" && copy.leaf !== source.leaf)
    #expect(copy.extra == 99 && copy.subtitle == nil && copy.label == "sub")
    #expect(copy == source)
    // Nothing shared: changing the copy leaves the source as it was.
    copy.name += "!"
    copy.maybeCount = nil
    copy.label = nil
    #expect(source.name == String(repeating: "長い名前", count: 10))
    #expect(source.maybeCount == 12 && source.label == "sub")
    #expect(CopiedMix().copy() == CopiedMix())
  }

  @Test func equalityTellsApartAChangeInAnyFieldOfTheChain() throws {
    let source = CopiedMix()
    source.name = "name"
    source.leaf = CopiedLeaf()
    let changes: [(String, (CopiedMix) -> Void)] = [
      ("flag", { $0.flag = true }), ("small", { $0.small = 1 }), ("count", { $0.count = -1 }),
      ("count high bits", { $0.count = 1 << 62 }), ("name", { $0.name = "Name" }),
      ("ratio", { $0.ratio = 0.1 }), ("maybeCount", { $0.maybeCount = 0 }),
      ("nickname", { $0.nickname = "" }), ("maybeFlag", { $0.maybeFlag = false }),
      ("when", { $0.when = Date(timeIntervalSince1970: 0) }), ("tags", { $0.tags = [""] }),
      ("leaf", { $0.leaf?.note = "x" }), ("extra", { $0.extra = 1 }),
      ("subtitle", { $0.subtitle = nil }), ("label", { $0.label = "l" }),
    ]
    for (field, change) in changes {
      let changed = source.copy()
      #expect(changed == source, "\(field)")
      change(changed)
      #expect(changed != source && source != changed, "\(field)")
      #expect(
        JSONValue.equal(changed.toDictionary(), source.toDictionary()) == false, "\(field)")
    }
    // Strings equal as Swift compares them: canonically equivalent spellings are equal, as
    // their dictionaries are.
    let composed = source.copy()
    composed.name = "caf\u{E9}"
    let decomposed = source.copy()
    decomposed.name = "cafe\u{301}"
    #expect(composed == decomposed)
    #expect(JSONValue.equal(composed.toDictionary(), decomposed.toDictionary()))
  }

  @Test func copyKeepsCyclesAndSharing() throws {
    let root = try Comment(dictionary: ["text": "root", "replies": [["text": "a"]]])
    root.replies[0].parent = root
    let copy = root.copy()
    #expect(copy.replies[0].parent === copy)
    // Break the strong cycles the test made, so LeakSanitizer sees no leak.
    copy.replies[0].parent = nil
    root.replies[0].parent = nil
  }

  @Test func equalityAndHashingFollowMappedValues() throws {
    let first = try Hotel(dictionary: jsonObject(hotelJSON))
    let second = try Hotel(dictionary: jsonObject(hotelJSON))
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(Set([first, second]).count == 1)
    second.rooms[1].beds = 4
    #expect(first != second)
    let room = Room()
    let dog = Dog()
    #expect((room as ModelBase) != (dog as ModelBase))
  }

  @Test func strictModeAcceptsOnlyExactTypes() {
    let issues = mappingIssues {
      _ = try Hotel(
        dictionary: ["hotel_id": "1001", "name": 5, "room_list": [["price": "1.5"]]], mode: .strict)
    }
    #expect(issues.map(\.path) == ["name", "hotel_id", "room_list[0].price"])
    #expect(
      issues.first?.reason == "strict mode accepts only String values, not Number 5")
    let nullString = mappingIssues { _ = try Room(dictionary: ["kind": "<null>"], mode: .strict) }
    #expect(nullString.isEmpty)
  }

  @Test func lenientModeReturnsTheModelWithEveryIssueAndUnknownKeys() throws {
    let result = Hotel.map(["hotel_id": "x", "name": "Kept", "extra": 1, "more": [1]])
    #expect(result.model.hotelName == "Kept")
    #expect(result.model.hotelId == 0)
    #expect(result.issues.map(\.path) == ["hotel_id", "extra", "more"])
    #expect(result.issues.map(\.kind) == [.invalidValue, .unknownKey, .unknownKey])
    #expect(throws: MappingError.self) { try result.get() }
    let lenient = try Hotel(dictionary: ["hotel_id": "x"], mode: .lenient)
    #expect(lenient.hotelId == 0)
  }

  @Test func requiredPropertiesMustBePresentAndNotNull() throws {
    final class Account: ModelBase {
      var accountId: Int = 0
      var name: String?
      override class var requiredProperties: Set<String> { ["accountId", "name"] }
    }
    let issues = mappingIssues { _ = try Account(dictionary: ["name": NSNull()]) }
    #expect(issues.map(\.path) == ["accountId", "name"])
    #expect(issues.map(\.kind) == [.missingValue, .missingValue])
    #expect(issues.map(\.found) == ["nothing", "null"])
    let account = try Account(dictionary: ["accountId": 1, "name": "a"])
    try account.update(with: ["name": "b"])  // a partial update needs no required key
    #expect(account.name == "b")
    #expect(account.accountId == 1)
    let nulled = mappingIssues { try account.update(with: ["name": NSNull()]) }
    #expect(nulled.map(\.kind) == [.missingValue])
  }

  @Test func snakeCaseKeysAndSeparateOutputKeys() throws {
    final class Customer: ModelBase {
      var accountHolder: String = ""
      var imageURL: String = ""
      var lastUpdated: String = ""
      var customProperty: String = ""
      override class var keyStrategy: KeyStrategy { .snakeCase }
      override class var propertyMapping: [String: String] { ["customProperty": "custom"] }
      override class var outputPropertyMapping: [String: String] {
        ["lastUpdated": "updated_at", "customProperty": "meta.custom"]
      }
    }
    let customer = try Customer(
      dictionary: [
        "account_holder": "Ann", "image_url": "u", "last_updated": "today", "custom": "c",
      ])
    #expect(customer.accountHolder == "Ann")
    #expect(customer.imageURL == "u")
    let output = customer.toDictionary()
    #expect(output.keys.sorted() == ["account_holder", "image_url", "meta", "updated_at"])
    #expect((output["meta"] as? [String: Any])?["custom"] as? String == "c")
    #expect(KeyStrategy.snakeCase.key(for: "urlString") == "url_string")
  }

  @Test func unknownKeysCanBeKeptForAFaithfulRoundTrip() throws {
    final class Keeper: ModelBase {
      var name: String = ""
      override class var keepsUnknownKeys: Bool { true }
    }
    let input = try jsonObject(#"{"name": "a", "future_field": {"x": [1, 2]}, "flag": true}"#)
    let keeper = try Keeper(dictionary: input)
    #expect(keeper.unknownValues.keys.sorted() == ["flag", "future_field"])
    let output = keeper.toDictionary()
    let first = try JSONSerialization.data(withJSONObject: input, options: .sortedKeys)
    let second = try JSONSerialization.data(withJSONObject: output, options: .sortedKeys)
    #expect(first == second)
    #expect(keeper.copy().unknownValues.count == 2)
  }

  @Test func modelBaseAddsEightBytesPerInstance() {
    final class Plain {
      var value = 0
    }
    final class Modeled: ModelBase {
      var value = 0
    }
    let plainOffset = 2 * MemoryLayout<Int>.size
    let schema = SchemaCache.shared.schema(for: Modeled())
    #expect(schema.properties.first?.accessor.offset == plainOffset + 8)
    _ = Plain()
  }
}

@Suite("Dates far from 1970")
struct FarDateTests {
  @Test func datesBeyondISO8601AreWrittenAsSecondsAndReadBack() throws {
    final class Event: ModelBase {
      var at: Date = Date(timeIntervalSince1970: 0)
    }
    let far = try Event(dictionary: ["at": 1e300])
    #expect(far.toDictionary()["at"] as? Double == 1e300)
    #expect(try Event(dictionary: far.toDictionary()).at == far.at)
    let event = Event()
    event.at = Date(timeIntervalSince1970: .infinity)
    #expect(event.toDictionary()["at"] == nil)
    #expect(JSONSerialization.isValidJSONObject(event.toDictionary()))
  }
}

/// Plain fields next to each other and apart, strings, optionals, an array and a model, in a
/// class and its subclass.
class CopiedBase: ModelBase {
  var flag = false
  var small: Int8 = 0
  var count = 0
  var name = ""
  var ratio = 0.0
  var maybeCount: Int64?
  var nickname: String?
  var maybeFlag: Bool?
  var when: Date?
  var tags: [String] = []
  var leaf: CopiedLeaf?
}

final class CopiedMix: CopiedBase {
  var extra: UInt16 = 0
  var subtitle: String? = "default"
  var label: String?
}

final class CopiedLeaf: ModelBase {
  var note = ""
}
