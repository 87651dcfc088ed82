import MirrorModel

extension Mirrored {
  /// The wrapper the hotel payload arrives in: `{"hotels": [...]}`.
  final class HotelList: ModelBase {
    var hotels: [Hotel] = []
  }

  /// The hotel example: a mapped key, a nested model, an array of models and a default value.
  final class Hotel: ModelBase {
    var name: String = ""
    var hotelId: Int = 0
    var recommendedRoom: Room?
    var roomList: [Room] = []
    var address: String = ""

    override class var propertyMapping: [String: String] {
      ["hotelId": "hotel_id", "recommendedRoom": "recommended_room", "roomList": "room_list"]
    }

    override class var defaultValues: [String: Any] { ["address": HotelDefaults.address] }
  }

  /// One room of a hotel.
  final class Room: ModelBase {
    var roomId: Int = 0
    var name: String = ""
    var price: Double = 0
    var beds: Int = 0
    var smoking: Bool = false
    var amenities: [String] = []

    override class var propertyMapping: [String: String] { ["roomId": "room_id"] }
  }
}

/// Values shared by every flavour of the hotel model.
enum HotelDefaults {
  /// The address a hotel gets when the payload's `address` is missing or null.
  static let address = "address unknown"
}
