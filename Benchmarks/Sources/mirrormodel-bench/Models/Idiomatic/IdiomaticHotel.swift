import Foundation

extension Idiomatic {
  /// The wrapper the hotel payload arrives in.
  final class HotelList {
    var hotels: [Hotel]

    init(dictionary d: [String: Any]) {
      hotels = (d["hotels"] as? [[String: Any]])?.map(Hotel.init) ?? []
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
      name = d["name"] as? String ?? ""
      hotelId = d["hotel_id"] as? Int ?? 0
      recommendedRoom = (d["recommended_room"] as? [String: Any]).map(Room.init)
      roomList = (d["room_list"] as? [[String: Any]])?.map(Room.init) ?? []
      address = d["address"] as? String ?? HotelDefaults.address
    }

    func toDictionary() -> [String: Any] {
      var d: [String: Any] = [
        "name": name, "hotel_id": hotelId, "room_list": roomList.map { $0.toDictionary() },
        "address": address,
      ]
      d["recommended_room"] = recommendedRoom?.toDictionary()
      return d
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
      roomId = d["room_id"] as? Int ?? 0
      name = d["name"] as? String ?? ""
      price = d["price"] as? Double ?? 0
      beds = d["beds"] as? Int ?? 0
      smoking = d["smoking"] as? Bool ?? false
      amenities = d["amenities"] as? [String] ?? []
    }

    func toDictionary() -> [String: Any] {
      [
        "room_id": roomId, "name": name, "price": price, "beds": beds, "smoking": smoking,
        "amenities": amenities,
      ]
    }
  }
}
