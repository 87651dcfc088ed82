import Foundation
import Testing

@testable import MirrorModel

/// A model holding values set in code, of any kind, in a `[String: Any]` property.
final class KindHolder: ModelBase {
  var extra: [String: Any] = [:]
}

/// A value and the JSON text every writer gives it.
struct KindCase: @unchecked Sendable, CustomTestStringConvertible {
  let value: Any
  let json: String
  var testDescription: String { "\(type(of: value)) \(json)" }

  init(_ value: Any, _ json: String) {
    self.value = value
    self.json = json
  }
}

/// What a value held as `Any` is (`JSONKind`) is one answer for every writer: the JSON writer,
/// the `Encoder` walk, an `Any` property's conversion, and equality.
@Suite("One answer to what a JSON value is")
struct JSONKindTests {
  private static func writerText(_ value: Any) throws -> String {
    String(decoding: try JSONWriter.data(from: ["v": value], sortedKeys: true), as: UTF8.self)
  }

  private static func encoderText(_ value: Any) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(KindBox(value: ["v": value])), as: UTF8.self)
  }

  @Test(arguments: [
    KindCase(Float(0.1), "0.1"), KindCase(NSNumber(value: Float(0.1)), "0.1"),
    KindCase(NSNumber(value: Float(-2.5)), "-2.5"), KindCase(Int8(-3), "-3"),
    KindCase(UInt(7), "7"), KindCase(UInt64.max, "18446744073709551615"),
    KindCase(NSNumber(value: UInt64.max), "18446744073709551615"),
    KindCase(NSNumber(value: Int64.min), "-9223372036854775808"),
    KindCase(Decimal(string: "1.25") ?? 0, "1.25"),
    KindCase(NSDecimalNumber(string: "12345678901234567890123"), "12345678901234567890123"),
    KindCase(true, "true"), KindCase(NSNumber(value: false), "false"),
    KindCase(Int?.some(4) as Any, "4"), KindCase(Int?.none as Any, "null"),
    KindCase(NSString(string: "ns/x"), #""ns\/x""#), KindCase(NSNull(), "null"),
    KindCase(NSArray(array: [1, "a", NSNull(), NSNumber(value: true)]), #"[1,"a",null,true]"#),
    KindCase(NSDictionary(dictionary: ["k": NSArray(array: [2.5, "x"])]), #"{"k":[2.5,"x"]}"#),
    KindCase(["a": [1, 2]] as [String: [Int]], #"{"a":[1,2]}"#),
    KindCase([Float(0.5), nil] as [Float?], "[0.5,null]"),
  ])
  func everyWriterWritesAValueAlike(_ testCase: KindCase) throws {
    #expect(try Self.writerText(testCase.value) == #"{"v":\#(testCase.json)}"#)
    #expect(try Self.encoderText(testCase.value) == #"{"v":\#(testCase.json)}"#)
    let holder = KindHolder()
    holder.extra = ["v": testCase.value]
    let expected = #"{"extra":{"v":\#(testCase.json)}}"#
    let written = String(decoding: try holder.toJSON(), as: UTF8.self)
    #expect(written == expected)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let encoded = String(decoding: try encoder.encode(holder), as: UTF8.self)
    #expect(encoded == expected)
  }

  @Test func aFoundationDictionaryWithANumberKeyIsNotJSONAnywhere() throws {
    let dictionary = NSDictionary(dictionary: [1: "x"])
    do throws(JSONWriterError) {
      _ = try JSONWriter.data(from: ["v": dictionary])
      Issue.record("wrote a dictionary with a number key")
    } catch {
      #expect(error.path == [.key("v")])
      guard case .unsupportedType = error.reason else {
        Issue.record("\(error.reason)")
        return
      }
    }
    #expect {
      _ = try Self.encoderText(dictionary)
    } throws: { error in
      guard case EncodingError.invalidValue(_, let context) = error else { return false }
      return context.codingPath.map(\.stringValue) == ["v"]
        && context.debugDescription.hasPrefix("CodableBridge cannot encode a value of type ")
    }
    let error = #expect(throws: MappingError.self) {
      try KindHolder(dictionary: ["extra": ["v": dictionary]])
    }
    #expect(error?.issues.map(\.path) == ["extra.v"])
    #expect(error?.issues.first?.reason.hasSuffix("cannot be written as JSON") == true)
  }

  @Test func equalityAndHashingTakeFoundationValuesAsTheirSwiftForms() {
    let pairs: [(Any, Any)] = [
      (NSArray(array: [1, "a"]), [1, "a"] as [Any]),
      (NSDictionary(dictionary: ["k": NSNumber(value: 2)]), ["k": 2.0] as [String: Any]),
      (NSNumber(value: Float(0.5)), 0.5), (UInt(3), Int64(3)), (Int?.some(3) as Any, 3),
      (Decimal(string: "2") ?? 0, 2), (Int?.none as Any, NSNull()),
    ]
    for (left, right) in pairs {
      #expect(JSONValue.equal(left, right), "\(left) == \(right)")
      var leftHash = Hasher()
      JSONValue.hash(left, into: &leftHash)
      var rightHash = Hasher()
      JSONValue.hash(right, into: &rightHash)
      #expect(leftHash.finalize() == rightHash.finalize(), "\(left) hashes as \(right)")
      #expect(JSONValue.sortKey(left) == JSONValue.sortKey(right))
    }
    #expect(!JSONValue.equal(NSNumber(value: true), 1))
    #expect(!JSONValue.equal(NSArray(array: [1]), [1, 1] as [Any]))
  }
}

/// Encodes a tree through `CodableBridge`, as `encode(to:)` writes a model's values.
private struct KindBox: Encodable, @unchecked Sendable {
  let value: [String: Any]

  func encode(to encoder: any Encoder) throws {
    try CodableBridge.encode(value: value, to: encoder)
  }
}

/// Random trees of values as `Any` (Swift and Foundation containers, every scalar kind) written
/// by every sink: the JSON writer and the `Encoder` walk give the same text, which reads back
/// equal (and with the same hash) to the tree.
@Suite("Every sink of an Any tree agrees")
struct JSONKindRandomTests {
  private static func scalar(_ rng: inout RandSplitMix) -> Any {
    let texts = ["", "a/b", "é😀", "q\"\\", "\n\t", "null", "ключ"]
    switch rng.next() % 16 {
    case 0: return Int.random(in: -1_000_000...1_000_000, using: &rng)
    case 1: return NSNumber(value: Int64.random(in: .min ... .max, using: &rng))
    case 2: return NSNumber(value: UInt64.random(in: UInt64(Int64.max)...UInt64.max, using: &rng))
    case 3: return Double.random(in: -1e6...1e6, using: &rng)
    case 4: return NSNumber(value: Double(Int.random(in: -99...99, using: &rng)) / 8)
    case 5: return Float(Int.random(in: -99...99, using: &rng)) / 10
    case 6: return NSNumber(value: Float(Int.random(in: -99...99, using: &rng)) / 10)
    case 7: return Bool.random(using: &rng)
    case 8: return NSNumber(value: Bool.random(using: &rng))
    case 9: return NSNull()
    case 10: return texts[Int(rng.next() % UInt64(texts.count))]
    case 11: return NSString(string: texts[Int(rng.next() % UInt64(texts.count))])
    case 12: return Int8(truncatingIfNeeded: rng.next())
    case 13: return UInt(rng.next() % 1_000)
    case 14: return Decimal(Int.random(in: -999...999, using: &rng)) / 100
    default: return NSDecimalNumber(string: "1234567890123456789012.5")
    }
  }

  private static func tree(_ rng: inout RandSplitMix, depth: Int) -> Any {
    guard depth < 5, rng.next() % 3 != 0 else { return scalar(&rng) }
    let count = Int(rng.next() % 4)
    let elements = (0..<count).map { _ in tree(&rng, depth: depth + 1) }
    switch rng.next() % 4 {
    case 0: return elements
    case 1: return NSArray(array: elements)
    case 2:
      var object: [String: Any] = [:]
      for (index, element) in elements.enumerated() { object["k\(index)"] = element }
      return object
    default:
      let object = NSMutableDictionary()
      for (index, element) in elements.enumerated() { object["n\(index)"] = element }
      return object
    }
  }

  /// `value` as JSON text gives it back: a `Float` (or an `NSNumber` holding one) as the
  /// `Double` its shortest digits name, `0.3` for `Float(0.3)`.
  private static func asRead(_ value: Any) -> Any {
    switch JSONKind(value) {
    case .float(let float): return Double("\(float)") ?? 0
    case let kind:
      if let members = kind.members { return members.mapValues(asRead) }
      if let elements = kind.elements { return elements.map(asRead) }
      return value
    }
  }

  @Test func theWriterAndTheEncoderWalkWriteTheSameTextThatReadsBackEqual() throws {
    var rng = RandSplitMix(seed: 0x4A53_4F4E_4B49_4E44)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    for round in 0..<400 {
      let value: [String: Any] = ["v": Self.tree(&rng, depth: 0)]
      let written = String(
        decoding: try JSONWriter.data(from: value, sortedKeys: true), as: UTF8.self)
      let encoded = String(
        decoding: try encoder.encode(KindBox(value: value)), as: UTF8.self)
      #expect(written == encoded, "round \(round)")
      let back = try JSONSerialization.jsonObject(with: Data(written.utf8))
      let expected = Self.asRead(value)
      #expect(JSONValue.equal(back, expected), "round \(round): \(written)")
      var left = Hasher()
      JSONValue.hash(back, into: &left)
      var right = Hasher()
      JSONValue.hash(expected, into: &right)
      #expect(left.finalize() == right.finalize(), "round \(round): \(written)")
    }
  }
}
