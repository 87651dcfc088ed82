import Foundation
import MirrorModel

// Models as an app with MainActor isolation by default declares them: `nonisolated`, because
// ModelBase's initializers and hooks are nonisolated and an inferred @MainActor subclass
// could not override them.

nonisolated final class Room: ModelBase {
  var price = 0.0
  var beds: Int?
}

nonisolated final class Hotel: ModelBase {
  var hotelId = 0
  var name = ""
  var rooms: [Room] = []
  override class var propertyMapping: [String: String] { ["hotelId": "hotel_id"] }
}

/// A view model, isolated to the main actor as the app's default makes it.
final class HotelScreen {
  var title = ""

  func show(_ hotel: Hotel) { title = "\(hotel.name) (\(hotel.rooms.count) rooms)" }
}

func check(_ condition: Bool, _ message: String) {
  if !condition {
    print("MainActorConsumer: FAILED: \(message)")
    exit(1)
  }
}

let json = Data(
  #"{"hotel_id": 7, "name": "Grand", "rooms": [{"price": 59}, {"price": 89.5, "beds": 2}]}"#.utf8)
let hotel = try Hotel(json: json)
check(hotel.hotelId == 7 && hotel.rooms.map(\.price) == [59, 89.5], "init(json:)")
check(try Hotel(dictionary: hotel.toDictionary()) == hotel, "toDictionary round trip")
check(try JSONDecoder().decode(Hotel.self, from: json) == hotel, "JSONDecoder")

// Mapping off the main actor, as apps do for large payloads; the new model is `sending`.
let decoded = try await Hotel.decode(json: json)
let screen = HotelScreen()
screen.show(decoded)
check(screen.title == "Grand (2 rooms)", "decode(json:) off the main actor")
print("MainActorConsumer: OK")
