import Foundation
import MirrorModel

/// A GeoJSON feature collection of polygons: number-heavy, coordinates of 15 to 17 digits.
enum Geo {}

extension Geo {
  final class FeatureCollection: ModelBase {
    var type: String = ""
    var features: [Feature] = []
  }

  final class Feature: ModelBase {
    var type: String = ""
    var properties: Properties?
    var geometry: Geometry?
  }

  final class Properties: ModelBase {
    var name: String = ""
    var population: Int = 0
  }

  final class Geometry: ModelBase {
    var type: String = ""
    var coordinates: [[[Double]]] = []
  }

  final class CodedFeatureCollection: Codable {
    var type: String = ""
    var features: [CodedFeature] = []
  }

  final class CodedFeature: Codable {
    var type: String = ""
    var properties: CodedProperties?
    var geometry: CodedGeometry?
  }

  final class CodedProperties: Codable {
    var name: String = ""
    var population: Int = 0
  }

  final class CodedGeometry: Codable {
    var type: String = ""
    var coordinates: [[[Double]]] = []
  }

  /// `features` polygons of `points` coordinate pairs each, from a fixed seed.
  static func generate(features: Int, points: Int) -> Data {
    var random = SplitMix64(seed: 0x6E0_15)
    var text = #"{"type":"FeatureCollection","features":["#
    for feature in 0..<features {
      if feature > 0 { text += "," }
      text += #"{"type":"Feature","properties":{"name":"area \#(feature)","population":"#
      text += "\(random.int(0...9_000_000))},"
      text += #""geometry":{"type":"Polygon","coordinates":[["#
      let longitude = Double.random(in: -180..<180, using: &random)
      let latitude = Double.random(in: -85..<85, using: &random)
      for point in 0..<points {
        if point > 0 { text += "," }
        // Shortest round-trip text of a random double: 15 to 17 significant digits.
        let x = longitude + Double.random(in: -0.5..<0.5, using: &random)
        let y = latitude + Double.random(in: -0.5..<0.5, using: &random)
        text += "[\(x),\(y)]"
      }
      text += "]]}}"
    }
    text += "]}"
    return Data(text.utf8)
  }
}
