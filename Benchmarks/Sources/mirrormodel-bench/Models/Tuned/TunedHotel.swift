import Foundation

extension Tuned {
  /// The wrapper the hotel payload arrives in.
  final class HotelList {
    var hotels: [Hotel]

    init(dictionary d: [String: Any]) {
      hotels = Read.models(d["hotels"], Hotel.init) ?? []
    }
  }

  /// The hotel example.
  final class Hotel {
    var name: String
    var hotelId: Int
    var recommendedRoom: Room?
    var roomList: [Room]
    var address: String

    init(dictionary d: [String: Any]) {
      name = Read.string(d["name"]) ?? ""
      hotelId = Read.int(d["hotel_id"]) ?? 0
      recommendedRoom = Read.model(d["recommended_room"], Room.init)
      roomList = Read.models(d["room_list"], Room.init) ?? []
      address = Read.string(d["address"]) ?? HotelDefaults.address
    }
  }

  /// One room of a hotel.
  final class Room {
    var roomId: Int
    var name: String
    var price: Double
    var beds: Int
    var smoking: Bool
    var amenities: [String]

    init(dictionary d: [String: Any]) {
      roomId = Read.int(d["room_id"]) ?? 0
      name = Read.string(d["name"]) ?? ""
      price = Read.double(d["price"]) ?? 0
      beds = Read.int(d["beds"]) ?? 0
      smoking = Read.bool(d["smoking"]) ?? false
      amenities = Read.strings(d["amenities"]) ?? []
    }
  }
}
