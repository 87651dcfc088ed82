import Foundation
import Testing

@testable import MirrorModel

// What differs on Apple platforms, run here through the width-generic paths and with inputs
// built to look like what Darwin's Foundation gives.

/// One number as a decoder of Apple's reports it: its own `Decimal`, `Int64`, `UInt64` and
/// `Double` readings, any of them missing or disagreeing.
private struct ReportedNumber: CodableValueSource {
  var decimal: Decimal?
  var integer: Int64?
  var unsigned: UInt64?
  var double: Double?

  var codingPath: [any CodingKey] { [] }
  func isNull() -> Bool { false }
  func attempt(_ type: String.Type) -> String? { nil }
  func attempt(_ type: Bool.Type) -> Bool? { nil }
  func attempt(_ type: Int64.Type) -> Int64? { integer }
  func attempt(_ type: UInt64.Type) -> UInt64? { unsigned }
  func attempt(_ type: Double.Type) -> Double? { double }
  func attempt<T: Decodable>(_ type: T.Type) -> T? { decimal as? T }
  func keyedContainer() -> KeyedDecodingContainer<AnyCodingKey>? { nil }
  func unkeyedContainer() -> (any UnkeyedDecodingContainer)? { nil }
  func unreadable(_ description: String) -> DecodingError {
    .dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: description))
  }
}

final class PlatformIds: ModelBase {
  var id: Int64 = 0
  var count: Int = 0
  var big: UInt64 = 0
  var ratio = 0.0
  var amount = Decimal(0)
  var anything: Any?
}

final class PlatformStored: ModelBase {
  var key: UInt64 = 0
  var name = ""
  override class var identifierProperty: String? { "key" }
}

@Suite("Platforms: 32-bit Int and Darwin's numbers, checked on Linux")
struct PlatformTests {
  /// Reads one reported number as the Codable bridge does.
  private func bridged(_ number: ReportedNumber) throws -> Any {
    var walk = DecodingWalk()
    walk.decimalSupport = .yes
    var source = number
    return try walk.value(from: &source)
  }

  @Test func aTimestampThatDoesNotFitA32BitIntIsAnExactNumberNotATrap() throws {
    // `Int(_:)` traps on watchOS for 1_700_000_000_000; the width comes from the target.
    let narrow = DecodingWalk.foundationInteger(1_700_000_000_000, word: Int32.self)
    let number = try #require(narrow as? NSNumber)
    #expect(number.int64Value == 1_700_000_000_000)
    #expect(try Int64.fromMappedValue(narrow, context: MappingContext()) == 1_700_000_000_000)
    #expect(DecodingWalk.foundationInteger(-5, word: Int32.self) as? Int32 == -5)
    // 64-bit: an Int, as before.
    #expect(DecodingWalk.foundationInteger(1_700_000_000_000) as? Int == 1_700_000_000_000)
    // The whole way through JSONDecoder.
    let json = Data(#"{"id": 1700000000000, "count": 3}"#.utf8)
    let model = try JSONDecoder().decode(PlatformIds.self, from: json)
    #expect(model.id == 1_700_000_000_000 && model.count == 3)
  }

  @Test func aUInt64AboveInt64MaxIsWrittenAsItselfWhateverTheWordWidth() throws {
    let big: UInt64 = 18_446_744_073_709_551_000
    // 32-bit: neither `Int` nor `UInt` holds it; the NSNumber keeps it unsigned.
    let narrow = big.foundationInteger(word: Int32.self, unsignedWord: UInt32.self)
    let number = try #require(narrow as? NSNumber)
    #expect(number.uint64Value == big)
    #expect(String(cString: number.objCType) == "Q")
    #expect(try UInt64.fromMappedValue(narrow, context: MappingContext()) == big)
    #expect(
      String(decoding: try JSONWriter.data(from: ["big": narrow]), as: UTF8.self)
        == #"{"big":18446744073709551000}"#)
    // Signed values too wide for the word stay signed.
    let wide = Int64(-3_000_000_000).foundationInteger(word: Int32.self, unsignedWord: UInt32.self)
    #expect((wide as? NSNumber)?.int64Value == -3_000_000_000)
    let small = UInt32(7).foundationInteger(word: Int32.self, unsignedWord: UInt32.self)
    #expect(small as? UInt32 == 7)
    // 64-bit, through the model's writers, the identity text and the store's file name.
    let model = PlatformIds()
    model.big = big
    #expect(model.toDictionary()["big"] as? UInt == UInt(big))
    #expect(String(decoding: try model.toJSON(), as: UTF8.self).contains("18446744073709551000"))
    #expect(try PlatformIds(json: try model.toJSON()).big == big)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("P-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try ModelStore(directory: folder)
    let stored = PlatformStored()
    stored.key = UInt64.max
    try store.save(stored)
    #expect(
      try store.fileURL(for: PlatformStored.self, id: "18446744073709551615").lastPathComponent
        == "18446744073709551615.json")
    #expect(try store.load(PlatformStored.self, id: "18446744073709551615")?.key == .max)
  }

  @Test func aDecimalBuiltFromADoubleIsNotTrustedOverTheDecodersIntegerOrDouble() throws {
    // Apple's JSONDecoder before macOS 12 and iOS 15 made the Decimal from the Double: a
    // 19-digit id came out 21 units off, and 3.133 as 3.132999999999999488.
    let id = try bridged(
      ReportedNumber(
        decimal: Decimal(string: "1234567890123456768"), integer: 1_234_567_890_123_456_789,
        double: 1.2345678901234568e18))
    #expect(id as? Int == 1_234_567_890_123_456_789)
    let ratio = try bridged(
      ReportedNumber(decimal: Decimal(string: "3.132999999999999488"), double: 3.133))
    #expect(ratio as? Double == 3.133)
    let unsigned = try bridged(
      ReportedNumber(
        decimal: Decimal(string: "18446744073709551616"), unsigned: 18_446_744_073_709_551_615,
        double: 1.8446744073709552e19))
    #expect((unsigned as? NSNumber)?.uint64Value == .max)
    // A Decimal that agrees with the decoder is the exact literal, and kept.
    let exact = try bridged(
      ReportedNumber(
        decimal: Decimal(string: "3.14159265358979323846"), double: 3.141592653589793))
    #expect((exact as? NSDecimalNumber)?.stringValue == "3.14159265358979323846")
  }

  @Test func aDoubleBeyond2To53IsAnIntegerOnlyWhenItsOwnTextIsThatInteger() throws {
    // Darwin's JSONSerialization has been reported to give a double-typed NSNumber for a
    // 19-digit id: its value is the rounding of the id, not the id.
    let rounded = NSNumber(value: 1.2345678901234568e18)
    for mode in [MappingMode.strict, .standard] {
      let issues = mappingIssues { _ = try PlatformIds(dictionary: ["id": rounded], mode: mode) }
      #expect(issues.map(\.kind) == [.invalidValue])
      #expect(
        issues.first?.reason
          == "1.2345678901234568e+18 is a floating-point number beyond 2^53, which may be the "
          + "rounding of another integer; send integers this large as integers or strings")
    }
    // Its text is exact: taken, from a Swift Double, an NSNumber and JSON text alike.
    for value: Any in [1e16, NSNumber(value: 1e16), 9_007_199_254_740_992.0] {
      #expect(try PlatformIds(dictionary: ["id": value]).id == Int64(value as? Double ?? 1e16))
    }
    #expect(try PlatformIds(json: Data(#"{"id": 1e16}"#.utf8)).id == 10_000_000_000_000_000)
    #expect(
      try PlatformIds(json: Data(#"{"id": 1234567890123456789}"#.utf8)).id
        == 1_234_567_890_123_456_789)
    // JSON text and the dictionary JSONSerialization makes of it agree: a long literal is
    // exact on both (an NSDecimalNumber there), a short one is a Double on both (but for an
    // integer of 2^53 or more, next test).
    for literal in ["1.2345678901234567e18", "1.23456789012e18", "1e16", "9.1e15"] {
      let data = Data(#"{"id": \#(literal)}"#.utf8)
      let dictionary = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
      let fromText = mappingIssues { _ = try PlatformIds(json: data) }
      #expect(fromText == mappingIssues { _ = try PlatformIds(dictionary: dictionary) })
      if fromText.isEmpty {
        #expect(try PlatformIds(json: data).id == PlatformIds(dictionary: dictionary).id)
      }
    }
    #expect(
      mappingIssues { _ = try PlatformIds(json: Data(#"{"id": 1.23456789012e18}"#.utf8)) }
        .map(\.kind) == [])
  }

  /// `720368547758E7` is exactly 7203685477580000000, which no `Double` holds: JSON text gives
  /// every integer property that integer, as `JSONDecoder` does (the fuzzer found
  /// `init(json:)` refusing what `JSONDecoder` read), where `JSONSerialization` gives the
  /// nearest `Double`, which may stand for another integer and is refused from a dictionary.
  @Test func aLiteralWithAnExponentNamingALargeIntegerIsThatIntegerFromText() throws {
    struct Decoded: Decodable {
      var id: Int64
      var count: Int
      var big: UInt64
      var ratio: Double
    }
    let cases: [(literal: String, integer: Int64)] = [
      ("720368547758E7", 7_203_685_477_580_000_000),
      ("-72036854775801e5", -7_203_685_477_580_100_000),
      ("900719925474099.3e1", 9_007_199_254_740_993),
      ("90071992547409930E-1", 9_007_199_254_740_993),
      ("9223372036854775.807e3", .max),
    ]
    for (literal, integer) in cases {
      let text = Data(
        #"{"id": \#(literal), "count": \#(literal), "big": 1, "ratio": \#(literal)}"#.utf8)
      for mode in [MappingMode.strict, .standard, .lenient] {
        let model = try PlatformIds(json: text, mode: mode)
        #expect(model.id == integer && model.count == Int(integer), "\(literal) \(mode)")
        #expect(model.ratio == Double(literal), "\(literal)")
      }
      // Foundation's JSONDecoder refuses Int64.max so written (its Double is 2^63).
      if integer != .max {
        let decoded = try JSONDecoder().decode(Decoded.self, from: text)
        #expect(decoded.id == integer && decoded.count == Int(integer), "\(literal)")
      }
      let anything = try PlatformIds(json: Data(#"{"anything": [\#(literal)]}"#.utf8))
      #expect((anything.anything as? [Any])?.first as? Int == Int(integer), "\(literal)")
    }
    // Its Double from a dictionary: refused where it is not the integer its text names.
    let dictionary =
      try JSONSerialization.jsonObject(with: Data(#"{"id": 720368547758E7}"#.utf8))
      as? [String: Any] ?? [:]
    #expect(
      mappingIssues { _ = try PlatformIds(dictionary: dictionary) }.map(\.path) == ["id"])
    // Beyond Int, for UInt64: the exact decimal, as an integer literal that large gives it.
    let big = try PlatformIds(
      json: Data(#"{"big": 1844674407370955E4, "anything": [1844674407370955E4, 2e19]}"#.utf8))
    #expect(big.big == 18_446_744_073_709_550_000)
    let values = big.anything as? [Any]
    #expect((values?.first as? NSDecimalNumber)?.stringValue == "18446744073709550000")
    #expect(values?.last as? Double == 2e19)  // beyond UInt64: no integer property takes it
    #expect(
      mappingIssues { _ = try PlatformIds(json: Data(#"{"id": 9223372036854775808e0}"#.utf8)) }
        .map(\.kind) == [.invalidValue])
    // A number that is no integer but whose nearest Double is one: an exact decimal, which an
    // integer property refuses (as a literal of 18 characters), a Double property rounds.
    for literal in ["10000000000000001e-16", "90071992547409915e-1", "99999999999999901e-2"] {
      let text = Data(#"{"id": \#(literal), "ratio": \#(literal), "anything": \#(literal)}"#.utf8)
      let issues = mappingIssues { _ = try PlatformIds(json: text) }
      #expect(issues.map(\.path) == ["id"], "\(literal)")
      #expect(issues.first?.reason == "\(NSDecimalNumber(string: literal)) is not an integer")
      let model = try PlatformIds(
        json: Data(#"{"ratio": \#(literal), "anything": \#(literal)}"#.utf8))
      #expect(model.ratio == Double(literal) && model.ratio == model.ratio.rounded())
      #expect((model.anything as? NSDecimalNumber) == NSDecimalNumber(string: literal))
      #expect(
        mappingIssues { _ = try JSONDecoder().decode(PlatformIds.self, from: text) } == issues)
    }
    // Below 2^53, and for numbers that are not integers, a Double as before.
    let small = try PlatformIds(json: Data(#"{"anything": [1e15, 9.0071992547409915e15]}"#.utf8))
    #expect(
      (small.anything as? [Any])?.compactMap { $0 as? Double } == [1e15, 9.0071992547409915e15])
    // The boundary: 2^53 - 1 is a Double (every integer below 2^53 is one), 2^53 the integer.
    let edge = try PlatformIds(
      json: Data(
        #"{"anything": [9007199254740991e0, 9007199254740992e0, -9007199254740992E0]}"#.utf8))
    let edgeValues = edge.anything as? [Any]
    #expect(edgeValues?.first as? Double == 9_007_199_254_740_991)
    #expect(edgeValues?.dropFirst().compactMap { $0 as? Int } == [1 << 53, -(1 << 53)])
  }

  @Test func anNSStringInAnAnyPropertyIsDescribedWithItsQuotes() {
    // Darwin's JSONSerialization gives NSString values; a Swift String is quoted, so is it.
    let model = PlatformIds()
    model.anything = NSString(string: "Ann \"A\"")
    #expect(model.description.contains(#"anything: "Ann \"A\"""#))
  }

  @Test func nsDataConvertsWithoutCopyingItsBytesOneByOne() throws {
    final class Blob: ModelBase {
      var payload = Data()
    }
    let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0) })
    let model = try Blob(dictionary: ["payload": NSData(data: bytes)])
    #expect(model.payload == bytes)
  }

  @Test func classFoldersDifferingOnlyInCaseAreTwoFoldersAndAnOldFolderIsAdopted() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("P-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    let store = try ModelStore(directory: root)
    let folder = try store.folderURL(for: PlatformStored.self)
    #expect(folder.lastPathComponent == "^mirror^model^tests.^platform^stored")
    #expect(folder.lastPathComponent.lowercased() == folder.lastPathComponent)
    // A store an earlier version wrote, its folder named with the uppercase letters.
    let legacy = root.appendingPathComponent("MirrorModelTests.PlatformStored")
    try FileManager.default.createDirectory(at: legacy, withIntermediateDirectories: true)
    try Data(#"{"key": 7, "name": "old"}"#.utf8).write(to: legacy.appendingPathComponent("7.json"))
    #expect(try store.load(PlatformStored.self, id: "7")?.name == "old")
    #expect(!FileManager.default.fileExists(atPath: legacy.path))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: root.path) == [
        "^mirror^model^tests.^platform^stored"
      ])
    #expect(StoreFiles.encode("AB^c", markingUppercase: true) == "^a^b%5Ec")
  }
}
