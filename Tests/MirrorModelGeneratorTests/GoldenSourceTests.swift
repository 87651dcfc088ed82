import Testing

@testable import MirrorModelGenerator

@Suite("Generated source, exactly")
struct GoldenSourceTests {
  static let hotel = """
    {
      "hotel_id": 42,
      "name": "Harbor View",
      "rating": 4.5,
      "open": true,
      "opened_at": "2019-05-01T09:30:00Z",
      "closed_at": null,
      "recommended_room": {"room_id": 7, "price": 120.5, "tags": ["sea"]},
      "rooms": [
        {"room_id": 7, "price": 120.5, "tags": ["sea"]},
        {"room_id": 8, "price": 99, "tags": []}
      ],
      "owner": {"user": {"login": "ana"}},
      "guests": [
        {"user": {"login": "bo", "visits": 2}, "seat": "A1", "note": "vip",
         "since": "2024-01-02T03:04:05.250+02:00"},
        {"user": {"login": "cy", "visits": 5}, "seat": 12, "note": null}
      ],
      "grid": [[1, 2], [3]],
      "scores": [1, 2.5],
      "misc": [1, "a"],
      "photos": [],
      "extra": {},
      "class": "luxury",
      "@id": "h-42",
      "geo.lat": 59.3
    }
    """

  static let hotelSource = """
    import Foundation
    import MirrorModel

    nonisolated final class Hotel: ModelBase {
      var hotelId: Int = 0
      var name: String = ""
      var rating: Double = 0
      var open: Bool = false
      var openedAt: Date = Date(timeIntervalSince1970: 0)
      var closedAt: Any?
      var recommendedRoom: Room?
      var rooms: [Room] = []
      var owner: Owner?
      var guests: [Guest] = []
      var grid: [[Int]] = []
      var scores: [Double] = []
      var misc: [Any] = []
      var photos: [Any] = []
      var extra: [String: Any] = [:]
      var classValue: String = ""
      var id: String = ""
      // skipped key "geo.lat": a "." in propertyMapping reads as a key path

      override class var propertyMapping: [String: String] {
        [
          "hotelId": "hotel_id",
          "openedAt": "opened_at",
          "closedAt": "closed_at",
          "recommendedRoom": "recommended_room",
          "classValue": "class",
          "id": "@id",
        ]
      }
    }

    nonisolated final class Room: ModelBase {
      var roomId: Int = 0
      var price: Double = 0
      var tags: [String] = []

      override class var propertyMapping: [String: String] {
        ["roomId": "room_id"]
      }
    }

    nonisolated final class Owner: ModelBase {
      var user: User?
    }

    nonisolated final class Guest: ModelBase {
      var user: User2?
      var seat: Any = NSNull()
      var note: String?
      var since: Date?
    }

    nonisolated final class User: ModelBase {
      var login: String = ""
    }

    nonisolated final class User2: ModelBase {
      var login: String = ""
      var visits: Int = 0
    }

    """

  @Test func hotelPayload() throws {
    #expect(try generate(Self.hotel, root: "Hotel") == Self.hotelSource)
  }

  @Test func topLevelArrayMergesItsObjectsIntoTheRootClass() throws {
    let json = """
      [
        {"id": 1, "pics": {"a1": {"w": 640}, "b2": {"w": 320, "h": 200}}},
        {"id": 2, "title": "Dock", "created_at": "2024-03-04T05:06:07Z"}
      ]
      """
    let expected = """
      import Foundation
      import MirrorModel

      nonisolated final class Listing: ModelBase {
        var id: Int = 0
        var pics: [String: Pic]?
        var title: String?
        var createdAt: Date?

        override class var propertyMapping: [String: String] {
          ["createdAt": "created_at"]
        }
      }

      nonisolated final class Pic: ModelBase {
        var w: Int = 0
        var h: Int?
      }

      """
    #expect(try generate(json, root: "listing") == expected)
  }

  @Test func objectWithoutKeysIsAnEmptyClass() throws {
    #expect(
      try generate("{}")
        == "import Foundation\nimport MirrorModel\n\nnonisolated final class Root: ModelBase {}\n")
  }

  /// Hashing a schema once hashed each child twice per level: 2^depth, a hang at this depth.
  @Test func deeplyNestedObjectsStayFast() throws {
    let depth = 200
    let json =
      String(repeating: #"{"a": "#, count: depth) + "1" + String(repeating: "}", count: depth)
    let names = classNames(try generate(json))
    #expect(names.count == depth)
    #expect(names.prefix(3) == ["Root", "A", "A2"])
  }

  @Test func outputIsDeterministic() throws {
    let first = try generate(Self.hotel, root: "Hotel")
    for _ in 0..<5 {
      #expect(try generate(Self.hotel, root: "Hotel") == first)
    }
  }
}
