// mirrormodel-demo: maps IPHBaseModel's hotel, writes it back as JSON, then shows the error
// a broken payload gives.
import Foundation
import MirrorModel

final class Room: ModelBase {
  var roomId: Int = 0
  var price: Double = 0
  var kind: String = ""
  var beds: Int?

  override class var propertyMapping: [String: String] { ["roomId": "room_id"] }
}

final class Hotel: ModelBase {
  var hotelName: String = ""
  var hotelId: Int = 0
  var recommendedRoom: Room?
  var rooms: [Room] = []
  var address: String = ""
  var stars: Int?
  var openedAt: Date?

  override class var propertyMapping: [String: String] {
    [
      "hotelName": "name", "hotelId": "hotel_id", "recommendedRoom": "recommended_room",
      "rooms": "room_list", "openedAt": "opened_at",
    ]
  }
  override class var defaultValues: [String: Any] { ["address": "地址未知"] }
}

let payload = """
  {
    "name": "Grand Hotel",
    "hotel_id": "1001",
    "recommended_room": {"room_id": 7, "price": 129.5, "kind": "suite", "beds": 2},
    "room_list": [
      {"room_id": 1, "price": 59, "kind": "single", "beds": 1},
      {"room_id": 2, "price": "89.90", "kind": "double", "beds": "<null>"}
    ],
    "stars": "<null>",
    "opened_at": "1998-04-01T09:30:00Z"
  }
  """

let broken = """
  {
    "name": ["not", "a", "name"],
    "hotel_id": 10.5,
    "room_list": [
      {"room_id": 1, "price": "cheap"},
      {"room_id": 300000000000000000000, "beds": true}
    ],
    "opened_at": "last spring"
  }
  """

func dictionary(from json: String) throws -> [String: Any] {
  let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
  guard let dictionary = object as? [String: Any] else {
    throw CocoaError(.propertyListReadCorrupt)
  }
  return dictionary
}

do {
  print("== A hotel mapped from JSON")
  let hotel = try Hotel(dictionary: dictionary(from: payload))
  print(hotel)

  print("\n== toDictionary(), as JSON")
  let data = try JSONSerialization.data(
    withJSONObject: hotel.toDictionary(), options: [.prettyPrinted, .sortedKeys])
  print(String(decoding: data, as: UTF8.self))

  print("\n== A broken payload")
  do {
    _ = try Hotel(dictionary: dictionary(from: broken))
    print("unexpectedly mapped")
  } catch let error as MappingError {
    print(error)
  }
} catch {
  print("demo failed: \(error)")
  exit(1)
}
