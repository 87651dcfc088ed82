import Foundation
import Testing

@testable import MirrorModel

@Suite("Mapping errors")
struct MappingErrorTests {
  @Test func everyIssueIsReportedWithItsPathInOrder() throws {
    let payload = try jsonObject(
      #"""
      {"name": ["not", "a", "string"], "hotel_id": 1.5,
       "recommended_room": {"price": "cheap", "beds": 2.5},
       "room_list": [{"price": 1}, 7, {"kind": {}, "beds": 300000000000000000000}]}
      """#)
    let issues = mappingIssues { _ = try Hotel(dictionary: payload) }
    #expect(
      issues.map(\.path) == [
        "name", "hotel_id", "recommended_room.price", "recommended_room.beds", "room_list[1]",
        "room_list[2].kind", "room_list[2].beds",
      ])
    #expect(
      issues.map(\.kind) == [
        .typeMismatch, .invalidValue, .invalidValue, .invalidValue, .typeMismatch, .typeMismatch,
        .invalidValue,
      ])
    #expect(issues[0].expectedType == "String")
    #expect(issues[0].found == "Array of 3 elements")
    #expect(issues[1].reason == "1.5 is not an integer")
    #expect(issues[2].found == "String \"cheap\"")
    #expect(issues[4].expectedType == "Room")
    #expect(issues[4].found == "Number 7")
    #expect(issues[6].reason.contains("out of range"))
  }

  @Test func descriptionListsOneIssuePerLine() {
    let error = MappingError(
      issues: [
        MappingIssue(
          path: "room_list[2].price", kind: .typeMismatch, expectedType: "Double",
          found: "String \"x\"", reason: "expects a number or a numeric string"),
        MappingIssue(
          path: "", kind: .configuration, expectedType: "Hotel", found: "no stored properties",
          reason: "stripped"),
      ], modelType: "Hotel")
    #expect(
      error.description == """
        Mapping Hotel failed with 2 issues:
          - room_list[2].price: expected Double, found String "x": expects a number or a \
        numeric string
          - (root): expected Hotel, found no stored properties: stripped
        """)
  }

  @Test func pathsQuoteKeysWithDotsAndBrackets() {
    final class Bag: ModelBase {
      var values: [String: Int] = [:]
    }
    let issues = mappingIssues {
      _ = try Bag(dictionary: ["values": ["a.b": "x", "": "y", "c[0]": "z", "ok": 1]])
    }
    #expect(issues.map(\.path).sorted() == ["values[\"\"]", "values[\"a.b\"]", "values[\"c[0]\"]"])
  }

  @Test func dictionaryIssuesComeInAStableOrder() {
    final class Bag: ModelBase {
      var values: [String: Int] = [:]
    }
    var dictionary: [String: Any] = [:]
    for index in 0..<20 { dictionary["k\(index)"] = "bad" }
    let issues = mappingIssues { _ = try Bag(dictionary: ["values": dictionary]) }
    #expect(issues.count == 20)
    #expect(issues.map(\.path) == issues.map(\.path).sorted())
  }

  @Test func defaultOfTheWrongTypeIsReportedOnceNamingClassAndProperty() {
    final class BadDefault: ModelBase {
      var count: Int = 0
      var child: BadDefaultChild?
      var children: [BadDefaultChild] = []
      override class var defaultValues: [String: Any] { ["count": "many"] }
    }
    let issues = mappingIssues {
      _ = try BadDefault(dictionary: ["child": [:], "children": [[:], [:]]])
    }
    #expect(issues.count == 2)
    #expect(issues[0].kind == .configuration)
    #expect(
      issues[0].reason
        == "defaultValues[\"count\"] of BadDefault does not fit property count of type Int")
    #expect(issues[1].path == "child")
    #expect(
      issues[1].reason
        == "defaultValues[\"size\"] of BadDefaultChild does not fit property size of type Double")
  }

  @Test func hooksNamingUnknownPropertiesAreConfigurationIssues() {
    final class Typo: ModelBase {
      var name: String = ""
      let fixed: Int = 1
      override class var propertyMapping: [String: String] { ["nmae": "n", "fixed": "f"] }
    }
    let issues = mappingIssues { _ = try Typo(dictionary: [:]) }
    #expect(
      issues.map(\.reason) == [
        "propertyMapping names fixed, which MirrorModel does not map (a let constant is never "
          + "written)",
        "propertyMapping names nmae, which is not a stored property of Typo",
      ])
  }

  @Test func elementTypeThatIsNotASubclassIsAConfigurationIssue() {
    final class Wrong: ModelBase {
      var rooms: [Room] = []
      var numbers: [Int] = []
      override class var arrayElementTypes: [String: ModelBase.Type] {
        ["rooms": Hotel.self, "numbers": Room.self]
      }
    }
    let issues = mappingIssues { _ = try Wrong(dictionary: ["rooms": [["price": 1]]]) }
    #expect(issues.map(\.kind) == [.configuration, .configuration])
    #expect(
      issues[0].reason == "arrayElementTypes names Hotel, which is not Room or a subclass of it")
    #expect(issues[1].reason == "type [Int] holds no models, so arrayElementTypes cannot apply")
  }

  @Test func hostileNestingBecomesAnIssueNotAStackOverflow() {
    var dictionary: [String: Any] = ["text": "leaf"]
    for _ in 0..<10_000 {
      dictionary = ["replies": [dictionary]]
    }
    let issues = onAppThread(dictionary) { dictionary in
      mappingIssues { _ = try Comment(dictionary: dictionary) }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.kind == .tooDeep)
    if isSanitized { return }
    // Depth counts models and arrays: 100 arrays and models (200 levels), then the 101st array.
    let expectedPath =
      Array(repeating: "replies[0]", count: 100).joined(separator: ".") + ".replies"
    #expect(issues.first?.path == expectedPath)
  }
}

final class BadDefaultChild: ModelBase {
  var size: Double = 0
  override class var defaultValues: [String: Any] { ["size": [1]] }
}

@Suite("Quoted values in issues")
struct QuotedValueTests {
  /// The rule, character by character: the first 40 characters, and the length past them.
  private func reference(_ string: String) -> String {
    guard string.count > 40 else { return "\"\(string)\"" }
    return "\"\(string.prefix(40))…\" (\(string.count) characters)"
  }

  @Test(arguments: [
    "", "short", String(repeating: "a", count: 40), String(repeating: "a", count: 41),
    String(repeating: "ab", count: 100),
    // `\r\n` is one character: 41 bytes, 40 characters.
    String(repeating: "a", count: 39) + "\r\n",
    String(repeating: "a", count: 40) + "\r\n" + "b",
    String(repeating: "\r\n", count: 30),
    // More bytes than characters.
    String(repeating: "é", count: 30), String(repeating: "é", count: 41),
    String(repeating: "e\u{301}", count: 41), String(repeating: "日本", count: 25),
    String(repeating: "👍🏽", count: 12), String(repeating: "a", count: 39) + "🇫🇷🇫🇷",
  ])
  func aStringIsCutAfterFortyCharacters(_ string: String) {
    #expect(quoted(string) == reference(string))
  }

  @Test func longKeysAndValuesAreCutInIssues() throws {
    final class Tag: ModelBase {
      var count = 0
    }
    let value = String(repeating: "x", count: 45)
    let issues = mappingIssues { _ = try Tag(dictionary: ["count": value]) }
    #expect(
      issues.map(\.found) == [
        #"String ""# + String(repeating: "x", count: 40) + #"…" (45 characters)"#
      ])
  }
}

@Suite("MappingContext for user conversions")
struct UserContextTests {
  /// A conformance of one's own can be tested alone, in each mode.
  @Test func aContextMadeByTheUserConvertsAlone() throws {
    #expect(try Int.fromMappedValue("12", context: MappingContext(mode: .standard)) == 12)
    #expect(throws: ConversionError.self) {
      try Int.fromMappedValue("12", context: MappingContext(mode: .strict))
    }
    #expect(MappingContext(mode: .lenient).mode == .lenient)
  }
}
