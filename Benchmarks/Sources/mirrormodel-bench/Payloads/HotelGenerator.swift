import Foundation

/// Generates the hotel example payload: `{"hotels": [...]}`.
///
/// Each hotel has a name, a `hotel_id`, usually a `recommended_room`, a `room_list` of 2 to 12
/// rooms, and an `address` that is present for half of the hotels, null for a quarter and missing
/// for the rest (so the default value is used).
struct HotelGenerator {
  private var rng = SplitMix64(seed: 0x4077_E100)

  mutating func json(hotelCount: Int = 100) throws -> Data {
    let hotels = (0..<hotelCount).map { hotel(index: $0) }
    return try JSONSerialization.data(
      withJSONObject: ["hotels": hotels], options: [.prettyPrinted, .sortedKeys])
  }

  private mutating func hotel(index: Int) -> [String: Any] {
    let rooms = (0..<rng.int(2...12)).map { _ in room() }
    var hotel: [String: Any] = [
      "name": "\(rng.pick(TextPools.hotelNames)) \(index + 1)",
      "hotel_id": 10_001 + index,
      "room_list": rooms,
    ]
    if rng.chance(0.8) { hotel["recommended_room"] = rng.pick(rooms) }
    let draw = rng.int(0...3)
    if draw < 2 {
      hotel["address"] = "\(rng.int(1...40))-\(rng.int(1...20)) \(rng.pick(TextPools.locations))"
    } else if draw == 2 {
      hotel["address"] = NSNull()
    }
    return hotel
  }

  private mutating func room() -> [String: Any] {
    let floor = rng.int(1...30)
    return [
      "room_id": floor * 100 + rng.int(1...40),
      "name": "\(rng.pick(TextPools.roomNames)) \(floor)F",
      "price": rng.chance(0.3) ? Double(rng.int(80...400)) : Double(rng.int(8_000...40_000)) / 100,
      "beds": rng.int(1...3),
      "smoking": rng.chance(0.1),
      "amenities": (0..<rng.int(0...5)).map { _ in rng.pick(TextPools.amenities) },
    ]
  }
}
