import Foundation
import Testing

@testable import MirrorModel

/// The digits-to-`Double` conversion (``DecimalDouble``) against the standard library's parser,
/// bit for bit, for every power of ten it has a table entry for and beyond.
@Suite("Decimal digits to Double")
struct DecimalDoubleTests {
  /// Significands every power is tried with: the extremes of 1 to 19 digits, powers of two
  /// around 2^53 and 2^64's last digits, and seeded random ones of every length.
  static func significands(seed: UInt64) -> [UInt64] {
    var fixed: [UInt64] = [
      1, 2, 5, 9, 10, 99, 4_503_599_627_370_496, 9_007_199_254_740_991, 9_007_199_254_740_992,
      9_007_199_254_740_993, 9_007_199_254_740_995, 18_014_398_509_481_985,
      9_999_999_999_999_999_999, 1_000_000_000_000_000_000, 4_940_656_458_412_465_442,
      2_470_328_229_206_232_720, 2_225_073_858_507_201_136, 1_797_693_134_862_315_708,
    ]
    var random = RandSplitMix(seed: seed)
    for length in 1...19 {
      let low = length == 1 ? 1 : pow10(length - 1)
      for _ in 0..<3 { fixed.append(UInt64.random(in: low...(pow10(length) - 1), using: &random)) }
    }
    return fixed
  }

  static func pow10(_ power: Int) -> UInt64 {
    (0..<power).reduce(1) { value, _ in value * 10 }
  }

  @Test func everyPowerAgreesWithTheStandardLibrary() {
    var undecided = 0
    var compared = 0
    for exponent in -360...330 {
      for significand in Self.significands(seed: UInt64(bitPattern: Int64(exponent))) {
        for negative in [false, true] {
          let text = "\(negative ? "-" : "")\(significand)e\(exponent)"
          let expected = Double(text) ?? .nan
          guard
            let result = DecimalDouble.double(
              significand: significand, exponent: exponent, negative: negative,
              truncated: false)
          else {
            undecided += 1
            continue
          }
          compared += 1
          if result.bitPattern != expected.bitPattern {
            Issue.record("\(text): \(result) instead of \(expected)")
            return
          }
        }
      }
    }
    // The cases left to the text parser are rare (none of these, as it happens, beyond a few).
    #expect(compared > 70_000)
    #expect(undecided * 1_000 < compared)
  }

  @Test(arguments: [
    // Halfway between two Doubles: ties to even, both ways.
    ("9007199254740993", 9_007_199_254_740_992.0), ("9007199254740995", 9_007_199_254_740_996.0),
    ("1.00000000000000011102230246251565404236316680908203125", 1.0),
    ("4.9406564584124654e-324", Double.leastNonzeroMagnitude),
    ("2.4703282292062328e-324", Double.leastNonzeroMagnitude), ("2.4703282292062327e-324", 0),
    ("2.2250738585072011e-308", Double.leastNormalMagnitude.nextDown),
    ("2.2250738585072014e-308", Double.leastNormalMagnitude),
    ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
    ("1.7976931348623158e308", Double.greatestFiniteMagnitude),
    ("1.7976931348623159e308", .infinity),
    ("-0.0", -0.0), ("0e400", 0), ("1e-400", 0), ("1e400", .infinity),
    ("0.1", 0.1), ("-65.61361699999997", -65.61361699999997),
  ])
  func hardLiteralsThroughTheReader(literal: String, expected: Double) throws {
    // JSON text, where the Double of a literal is read straight into the field and into an
    // array's elements; the reader never hands out infinities, which are out of range.
    let text = #"{"value": \#(literal), "values": [\#(literal)]}"#
    guard expected.isFinite else {
      #expect(throws: MappingError.self) { try DecimalDoubleModel(json: Data(text.utf8)) }
      return
    }
    let model = try DecimalDoubleModel(json: Data(text.utf8))
    #expect(model.value.bitPattern == expected.bitPattern)
    #expect(model.values.map(\.bitPattern) == [expected.bitPattern])
    #expect(expected.bitPattern == (Double(literal) ?? .nan).bitPattern)
  }

  /// Literals of 20 to 45 digits: the first 19 bound the value from below and above, and the
  /// result is the standard library's wherever both bounds round alike.
  @Test func longLiteralsAgreeWithTheStandardLibrary() throws {
    var random = RandSplitMix(seed: 0xD1_6175)
    var decided = 0
    for index in 0..<4_000 {
      let length = Int.random(in: 20...45, using: &random)
      var digits = String(Int.random(in: 1...9, using: &random))
      for _ in 1..<length { digits += String(Int.random(in: 0...9, using: &random)) }
      if index % 4 == 0 {
        // A run of zeros or nines after the first 17 digits: values next to a tie.
        let run = String(repeating: index % 8 == 0 ? "0" : "9", count: length - 18)
        digits = String(digits.prefix(17)) + run + "1"
      }
      let exponent = Int.random(in: -330...(300 - length), using: &random)
      let literal = "\(digits)e\(exponent)"
      let expected = Double(literal) ?? .nan
      if let result = DecimalDouble.double(
        significand: UInt64(digits.prefix(19)) ?? 0, exponent: exponent + length - 19,
        negative: false, truncated: true)
      {
        decided += 1
        #expect(result.bitPattern == expected.bitPattern, "\(literal)")
      }
      let model = try DecimalDoubleModel(json: Data(#"{"value": \#(literal)}"#.utf8))
      #expect(model.value.bitPattern == expected.bitPattern, "\(literal) read from JSON text")
    }
    #expect(decided > 3_000)
  }

  /// Literals written with a point anywhere and leading zeros after it, every length of
  /// integer and fraction part on both sides of the 19 digits a significand holds.
  @Test func pointsAndLeadingZerosAreReadAsTheStandardLibraryReadsThem() throws {
    var random = RandSplitMix(seed: 0x9017_3A)
    for _ in 0..<3_000 {
      let integerDigits = Int.random(in: 1...30, using: &random)
      let fractionDigits = Int.random(in: 1...30, using: &random)
      var integer = String(Int.random(in: 1...9, using: &random))
      for _ in 1..<integerDigits { integer += String(Int.random(in: 0...9, using: &random)) }
      var fraction = ""
      for _ in 0..<fractionDigits { fraction += String(Int.random(in: 0...9, using: &random)) }
      let zeros = String(repeating: "0", count: Int.random(in: 0...25, using: &random))
      let exponent = Int.random(in: -40...40, using: &random)
      for literal in [
        "\(integer).\(fraction)", "-0.\(zeros)\(integer)\(fraction)e\(exponent)",
        "0.\(zeros)\(integer)", "\(integer)e\(exponent)", "\(integer).\(zeros)\(fraction)E+3",
      ] {
        let model = try DecimalDoubleModel(json: Data(#"{"values": [\#(literal)]}"#.utf8))
        #expect(
          model.values.map(\.bitPattern) == [(Double(literal) ?? .nan).bitPattern], "\(literal)")
      }
    }
  }
}

final class DecimalDoubleModel: ModelBase {
  var value = 0.0
  var values: [Double] = []
}
