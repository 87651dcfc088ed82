import Foundation
import MirrorModel

final class Room: ModelBase {
  var price: Double = 0
  var kind: String = ""
  var beds: Int?
}
final class Hotel: ModelBase {
  var hotelName: String = ""
  var hotelId: Int = 0
  var recommendedRoom: Room?
  var rooms: [Room] = []
  var address: String = ""
  var tags: Set<String> = []
  var opened: Date?
  let fixed = 1
  weak var parent: Hotel?
  override class var propertyMapping: [String: String] {
    ["hotelName": "name", "hotelId": "hotel_id", "recommendedRoom": "recommended_room", "rooms": "room_list"]
  }
  override class var defaultValues: [String: Any] { ["address": "unknown"] }
}
let json = #"{"name":"Grand","hotel_id":"1001","recommended_room":{"price":99.5,"kind":"suite","beds":null},"room_list":[{"price":50,"kind":"single","beds":1},{"price":"75.25","kind":"double","beds":"<null>"}],"address":"<null>","tags":["a","b"],"opened":"2024-05-06T07:08:09.123Z","fixed":5}"#
let dict = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
let h = try Hotel(dictionary: dict)
print(h)
print(h.toDictionary())
do { _ = try Hotel(dictionary: ["hotel_id": 1.5, "room_list": [["price": "x"], 5], "opened": "nope"]) } catch { print(error) }
