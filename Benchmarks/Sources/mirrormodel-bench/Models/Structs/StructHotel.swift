import Foundation

extension Structs {
  /// The wrapper the hotel payload arrives in: `{"hotels": [...]}`.
  struct HotelList: Decodable {
    var hotels: [Hotel] = []

    enum CodingKeys: String, CodingKey {
      case hotels
    }
  }

  /// The hotel example: a mapped key, a nested model, an array of models and a default value.
  struct Hotel: Decodable {
    var name: String = ""
    var hotelId: Int = 0
    var recommendedRoom: Room?
    var roomList: [Room] = []
    var address: String = ""

    enum CodingKeys: String, CodingKey {
      case name
      case hotelId = "hotel_id"
      case recommendedRoom = "recommended_room"
      case roomList = "room_list"
      case address
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try container.decode(String.self, forKey: .name)
      hotelId = try container.decode(Int.self, forKey: .hotelId)
      recommendedRoom = try container.decodeIfPresent(Room.self, forKey: .recommendedRoom)
      roomList = try container.decode([Room].self, forKey: .roomList)
      address =
        try container.decodeIfPresent(String.self, forKey: .address) ?? HotelDefaults.address
    }
  }

  /// One room of a hotel.
  struct Room: Decodable {
    var roomId: Int = 0
    var name: String = ""
    var price: Double = 0
    var beds: Int = 0
    var smoking: Bool = false
    var amenities: [String] = []

    enum CodingKeys: String, CodingKey {
      case roomId = "room_id"
      case name
      case price
      case beds
      case smoking
      case amenities
    }
  }
}
