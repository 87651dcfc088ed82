import Foundation
import MirrorModel

/// Places whose location and opening hours are `Codable` structs: values MirrorModel maps
/// through their own `init(from:)` and `encode(to:)`, as apps declare coordinates and small
/// value types.
enum Places {}

extension Places {
  struct Location: Codable, Equatable {
    var lat: Double
    var lng: Double
    var accuracy: Int?
  }

  struct Hours: Codable, Equatable {
    var day: Int
    var opens: String
    var closes: String
  }

  final class Root: ModelBase {
    var places: [Place] = []
  }

  final class Place: ModelBase {
    var id = 0
    var name = ""
    var rating = 0.0
    var location = Location(lat: 0, lng: 0)
    var hours: [Hours] = []
  }

  final class CodedRoot: Codable {
    var places: [CodedPlace] = []
  }

  final class CodedPlace: Codable {
    var id = 0
    var name = ""
    var rating = 0.0
    var location = Location(lat: 0, lng: 0)
    var hours: [Hours] = []
  }

  /// `places` places from a fixed seed: coordinates with six decimals, two to seven days of
  /// opening hours.
  static func generate(places: Int) -> Data {
    var random = SplitMix64(seed: 0x91AC_E5)
    func coordinate(_ degrees: Int) -> String {
      let micro = random.int(0...(2 * degrees * 1_000_000)) - degrees * 1_000_000
      let sign = micro < 0 ? "-" : ""
      let magnitude = abs(micro)
      let fraction = String(magnitude % 1_000_000)
      return "\(sign)\(magnitude / 1_000_000)."
        + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
    var text = #"{"places":["#
    for id in 0..<places {
      if id > 0 { text += "," }
      let rating = Double(random.int(10...50)) / 10
      text += #"{"id":\#(id),"name":"place \#(random.token(10))","rating":\#(rating),"#
      text += #""location":{"lat":\#(coordinate(90)),"lng":\#(coordinate(180))"#
      text += random.chance(0.5) ? #","accuracy":\#(random.int(1...100))},"# : "},"
      let days = (0..<random.int(2...7)).map { day in
        #"{"day":\#(day),"opens":"0\#(random.int(6...9)):00","#
          + #""closes":"\#(random.int(17...23)):30"}"#
      }
      text += #""hours":[\#(days.joined(separator: ","))]}"#
    }
    text += "]}"
    return Data(text.utf8)
  }
}
