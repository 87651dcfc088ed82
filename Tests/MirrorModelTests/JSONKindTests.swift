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
