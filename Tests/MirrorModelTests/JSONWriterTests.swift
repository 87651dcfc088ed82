import Foundation
import Testing

@testable import MirrorModel

/// A type JSON has no form for.
struct JSONRWUnsupported {}

/// Wraps a value for test arguments (`Any` is not `Sendable`).
struct JSONRWCase: @unchecked Sendable, CustomTestStringConvertible {
  let value: Any
  let json: String
  var testDescription: String { json }

  init(_ value: Any, _ json: String) {
    self.value = value
    self.json = json
  }
}

@Suite("JSONWriter")
struct JSONRWWriterTests {
  @Test(arguments: [
    JSONRWCase(3.0, "3"), JSONRWCase(1e20, "1e+20"), JSONRWCase(1e15, "1000000000000000"),
    JSONRWCase(1e16, "1e+16"), JSONRWCase(0.1, "0.1"), JSONRWCase(-0.0, "-0"),
    JSONRWCase(-2.5, "-2.5"), JSONRWCase(1e-7, "1e-07"),
    JSONRWCase(Double.leastNonzeroMagnitude, "5e-324"),
    JSONRWCase(123_456_789_012_345_678.0, "1.2345678901234568e+17"),
    JSONRWCase(0.30000000000000004, "0.30000000000000004"),
    JSONRWCase(1.7976931348623157e308, "1.7976931348623157e+308"),
    JSONRWCase(Int.min, "-9223372036854775808"), JSONRWCase(Int.max, "9223372036854775807"),
    JSONRWCase(0, "0"), JSONRWCase(-5, "-5"), JSONRWCase(UInt.max, "18446744073709551615"),
    JSONRWCase(Int8(-3), "-3"), JSONRWCase(UInt16(7), "7"),
    JSONRWCase(Int64.min, "-9223372036854775808"),
    JSONRWCase(UInt64.max, "18446744073709551615"), JSONRWCase(Float(0.1), "0.1"),
    JSONRWCase(Float(3), "3"), JSONRWCase(true, "true"), JSONRWCase(false, "false"),
    JSONRWCase(NSNull(), "null"), JSONRWCase(Int?.none as Any, "null"),
    JSONRWCase(Int?.some(4) as Any, "4"),
    JSONRWCase(NSNumber(value: true), "true"), JSONRWCase(NSNumber(value: false), "false"),
    JSONRWCase(NSNumber(value: 1), "1"), JSONRWCase(NSNumber(value: 1.5), "1.5"),
    JSONRWCase(NSNumber(value: 2.0), "2"),
    JSONRWCase(NSNumber(value: UInt64.max), "18446744073709551615"),
    JSONRWCase(NSNumber(value: Int64.min), "-9223372036854775808"),
    JSONRWCase(NSNumber(value: Float(0.1)), "0.1"),
    JSONRWCase(NSDecimalNumber(string: "12345678901234567890123"), "12345678901234567890123"),
    JSONRWCase(NSDecimalNumber(string: "-0.000123"), "-0.000123"),
    JSONRWCase(Decimal(string: "1.25") ?? 0, "1.25"),
    JSONRWCase("a/b\"c\\d", #""a\/b\"c\\d""#),
    JSONRWCase("\n\t\r\u{8}\u{c}\u{0}\u{1f}\u{7f}", #""\n\t\r\b\f\u0000\u001f\#u{7f}""#),
    JSONRWCase("é😀名前\u{2028}", "\"é😀名前\u{2028}\""), JSONRWCase("", #""""#),
    JSONRWCase(NSString(string: "ns"), #""ns""#),
    JSONRWCase([String: Any](), "{}"), JSONRWCase([Any](), "[]"),
    JSONRWCase([1, 2] as [Int], "[1,2]"), JSONRWCase(["k": "v"] as [String: String], #"{"k":"v"}"#),
    JSONRWCase([[Any]()] as [Any], "[[]]"),
    JSONRWCase(
      ["b": 1, "a": [1, 2.5, "x"], "c": ["x": NSNull()], "B": true] as [String: Any],
      #"{"B":true,"a":[1,2.5,"x"],"b":1,"c":{"x":null}}"#),
  ])
  func exactOutput(_ testCase: JSONRWCase) throws {
    #expect(try write(testCase.value, sortedKeys: true) == testCase.json)
  }

  @Test func doublesAndStringsMatchJSONEncoder() throws {
    var generator = SystemRandomNumberGenerator()
    var doubles: [Double] = [0, 1, 100, 1e14, 999_999_999_999_999, 1e-5, 0.0001, 12345.678]
    for _ in 0..<2000 {
      let double = Double(bitPattern: generator.next())
      if double.isFinite { doubles.append(double) }
      doubles.append(Double(Int32.random(in: .min ... .max, using: &generator)))
      doubles.append(Double(Int64.random(in: -(1 << 53)...(1 << 53), using: &generator)))
    }
    let encoder = JSONEncoder()
    for double in doubles {
      let expected = String(decoding: try encoder.encode(double), as: UTF8.self)
      #expect(try write(double) == expected)
    }
    let everyASCII = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
    for string in [everyASCII, "é😀\u{2028}名前 / \\ \"", ""] {
      #expect(try write(string) == String(decoding: try encoder.encode(string), as: UTF8.self))
    }
  }

  /// Strings are scanned eight bytes at a time: every byte that needs an escape, at every
  /// offset in a word, next to plain ASCII, non-ASCII and other escapes, against JSONEncoder.
  @Test func everyEscapeAtEveryOffsetMatchesJSONEncoder() throws {
    let encoder = JSONEncoder()
    let specials: [Character] = ["\"", "\\", "/", "\u{0}", "\u{1F}", "\n", "\t", "\u{8}"]
    let fillers: [Character] = ["a", "0", "~", "é", "名", "😀", "\u{7F}", " "]
    var random = RandSplitMix(seed: 0xE5C_A9E)
    for special in specials {
      for offset in 0..<17 {
        for filler in fillers {
          let string =
            String(repeating: filler, count: offset) + String(special)
            + String(repeating: filler, count: 17 - offset)
          #expect(try write(string) == String(decoding: try encoder.encode(string), as: UTF8.self))
        }
      }
    }
    let pool = specials + fillers
    for _ in 0..<2_000 {
      let length = Int.random(in: 0...40, using: &random)
      let string = String((0..<length).map { _ in pool.randomElement(using: &random)! })
      #expect(try write(string) == String(decoding: try encoder.encode(string), as: UTF8.self))
    }
  }

  @Test func prettyPrintingMatchesJSONEncoder() throws {
    let value: [String: Any] = [
      "name": "x", "list": [1, [String: Any](), [Any](), ["k": [true]]], "empty": [String: Any](),
    ]
    let expected = """
      {
        "empty" : {

        },
        "list" : [
          1,
          {

          },
          [

          ],
          {
            "k" : [
              true
            ]
          }
        ],
        "name" : "x"
      }
      """
    #expect(try write(value, prettyPrinted: true, sortedKeys: true) == expected)
    let serialization = try JSONSerialization.data(
      withJSONObject: value, options: [.prettyPrinted, .sortedKeys])
    #expect(String(decoding: serialization, as: UTF8.self) == expected)
    #expect(try write([Any](), prettyPrinted: true) == "[\n\n]")
    #expect(try write(5, prettyPrinted: true) == "5")
  }

  @Test func sortedKeysUseUTF8ByteOrderLikeJSONEncoder() throws {
    let keys = ["a10", "a9", "A", "_", "ä", "a\u{301}", "Z", "~", "", "😀", "\u{FF5E}"]
    let object = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let expected = String(decoding: try encoder.encode(object), as: UTF8.self)
    #expect(try write(object, sortedKeys: true) == expected)
  }

  @Test func roundTripsThroughTheReader() throws {
    for fixture in jsonrwRoundTripFixtures {
      for pretty in [false, true] {
        let data = try JSONWriter.data(from: fixture, prettyPrinted: pretty)
        #expect(jsonrwEqual(try JSONReader.parse(data), fixture))
        #expect((try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil)
      }
    }
  }

  @Test func unwritableValuesThrowWithTheirPath() {
    let cases: [(Any, String)] = [
      (Double.infinity, "cannot write the non-finite number inf as JSON (at the top-level value)"),
      (["a": [1, Double.nan]], "cannot write the non-finite number nan as JSON (at a[1])"),
      ([["b": Float.infinity]], "cannot write the non-finite number inf as JSON (at [0].b)"),
      (
        NSDecimalNumber.notANumber,
        "cannot write the non-finite number NaN as JSON (at the top-level value)"
      ),
      (
        ["rooms": [["price": JSONRWUnsupported()]]],
        "cannot write a value of type MirrorModelTests.JSONRWUnsupported as JSON "
          + "(at rooms[0].price)"
      ),
      (
        [1: "x"],
        "cannot write a value of type Swift.Dictionary<Swift.Int, Swift.String> as JSON "
          + "(at the top-level value)"
      ),
    ]
    for (value, message) in cases {
      do throws(JSONWriterError) {
        _ = try JSONWriter.data(from: value)
        Issue.record("wrote \(value)")
      } catch {
        #expect(error.description == message)
      }
    }
  }

  @Test func nestingLimit() throws {
    var deep: Any = 1
    for _ in 0..<JSONWriter.maximumDepth { deep = [deep] }
    #expect(try write(deep).count == 2 * JSONWriter.maximumDepth + 1)
    deep = ["k": deep]
    do throws(JSONWriterError) {
      _ = try JSONWriter.data(from: deep)
      Issue.record("wrote more than \(JSONWriter.maximumDepth) levels")
    } catch {
      #expect(error.reason == .tooDeep(limit: MappingContext.maximumDepth + 2))
      #expect(error.path.count == JSONWriter.maximumDepth)
    }
  }

  @Test func writerErrorsReachUsersAsMappingErrors() {
    let error = JSONWriterError(.nonFiniteNumber("inf")).inside(.index(2)).inside(.key("rooms"))
      .mappingError(modelType: JSONRWUnsupported.self)
    #expect(error.modelType == "JSONRWUnsupported")
    #expect(error.issues.map(\.path) == ["rooms[2]"])
    #expect(error.issues.map(\.kind) == [.invalidValue])
    #expect(
      error.issues.first?.reason == "cannot write the non-finite number inf as JSON (at rooms[2])")
    let deep = JSONWriterError(.tooDeep(limit: 202)).mappingError(modelType: Int.self)
    #expect(deep.issues.map(\.path) == [""])
    #expect(deep.issues.map(\.kind) == [.tooDeep])
  }
}

private func write(
  _ value: Any, prettyPrinted: Bool = false, sortedKeys: Bool = false
) throws -> String {
  let data = try JSONWriter.data(from: value, prettyPrinted: prettyPrinted, sortedKeys: sortedKeys)
  return String(decoding: data, as: UTF8.self)
}

private var jsonrwRoundTripFixtures: [Any] {
  [
    [
      "id": 505_874_924_095_815_681, "name": "名前 \"q\" / \n 😀", "price": 12.75, "ok": true,
      "none": NSNull(), "tags": ["a", "b"], "nested": ["deep": [["x": -0.5, "y": [Any]()]]],
      "big": NSDecimalNumber(string: "12345678901234567890123"), "empty": [String: Any](),
    ] as [String: Any],
    [1, -2, 0.1, 1e-300, Double.leastNonzeroMagnitude, "s", false, NSNull(), [[[1]]]] as [Any],
    "top-level string", 42, 2.5, true, NSNull(),
  ]
}

/// Strict structural equality of parsed JSON; numbers compare by value, so `3` and `3.0` agree.
private func jsonrwEqual(_ lhs: Any, _ rhs: Any) -> Bool {
  switch (lhs, rhs) {
  case (let left as [String: Any], let right as [String: Any]):
    return left.count == right.count
      && left.allSatisfy { key, value in right[key].map { jsonrwEqual(value, $0) } ?? false }
  case (let left as [Any], let right as [Any]):
    return left.count == right.count && zip(left, right).allSatisfy(jsonrwEqual)
  case (let left as String, let right as String):
    return left == right
  case (is NSNull, is NSNull):
    return true
  case (let left as Bool, let right as Bool) where type(of: lhs) == Bool.self:
    return left == right && type(of: rhs) == Bool.self
  case (let left as NSDecimalNumber, let right as NSDecimalNumber):
    return left.stringValue == right.stringValue
  default:
    return jsonrwNumber(lhs).map { $0 == jsonrwNumber(rhs) } ?? false
  }
}

private func jsonrwNumber(_ value: Any) -> Double? {
  if type(of: value) == Int.self, let integer = value as? Int { return Double(integer) }
  if type(of: value) == Double.self, let double = value as? Double { return double }
  return nil
}
