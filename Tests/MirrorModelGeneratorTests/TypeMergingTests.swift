import Foundation
import Testing

@testable import MirrorModelGenerator

@Suite("Types merged from every sample")
struct TypeMergingTests {
  /// The values of key `v` in successive array elements (`nil`: the key is missing there), and
  /// the declaration expected for `v`.
  struct Case: CustomTestStringConvertible, Sendable {
    let samples: [String?]
    let declaration: String

    init(_ samples: [String?], _ declaration: String) {
      self.samples = samples
      self.declaration = declaration
    }

    var testDescription: String { "\(samples.map { $0 ?? "<missing>" }) -> \(declaration)" }

    var json: String {
      let elements = samples.map { sample in sample.map { "{\"v\": \($0)}" } ?? "{\"w\": 0}" }
      return "{\"items\": [" + elements.joined(separator: ", ") + "]}"
    }
  }

  static let cases: [Case] = [
    Case(["1", "2"], "var v: Int = 0"),
    Case(["1", "2.5"], "var v: Double = 0"),
    Case(["2.5", "-1"], "var v: Double = 0"),
    Case(["1.0"], "var v: Double = 0"),
    Case(["1e3"], "var v: Double = 0"),
    Case(["9223372036854775807"], "var v: Int = 0"),
    Case(["12345678901234567890"], "var v: Double = 0"),
    Case(["123456789012345678901234"], "var v: Double = 0"),
    Case(["true", "false"], "var v: Bool = false"),
    Case(["1", "true"], "var v: Any = NSNull()"),
    Case(["\"a\"", "1"], "var v: Any = NSNull()"),
    Case(["\"a\"", "[1]"], "var v: Any = NSNull()"),
    Case(["{\"a\": 1}", "[1]"], "var v: Any = NSNull()"),
    Case(["\"a\"", "1", "null"], "var v: Any?"),
    Case(["\"a\"", "null"], "var v: String?"),
    Case(["\"a\"", nil], "var v: String?"),
    Case(["null", "null"], "var v: Any?"),
    Case(["null", nil], "var v: Any?"),
    Case(["1", nil, "null"], "var v: Int?"),
    Case(["\"a\"", "\"<null>\""], "var v: String?"),
    Case(["\"null\"", "\"NIL\""], "var v: Any?"),
    Case(["\"nil\"", "2"], "var v: Int?"),
    Case(["\"none\""], "var v: String = \"\""),
    Case(
      ["\"2024-01-02T03:04:05Z\"", "\"2024-01-02T03:04:05.123+01:00\""],
      "var v: Date = Date(timeIntervalSince1970: 0)"),
    Case(["\"2024-01-02T03:04:05Z\"", "null"], "var v: Date?"),
    Case(["\"2024-01-02T03:04:05Z\"", "\"soon\""], "var v: String = \"\""),
    Case(["\"2024-01-02\""], "var v: String = \"\""),
    Case(["[1]", "[2.5]"], "var v: [Double] = []"),
    Case(["[1]", "[]"], "var v: [Int] = []"),
    Case(["[]"], "var v: [Any] = []"),
    Case(["[null]"], "var v: [Any] = []"),
    Case(["[1, null]"], "var v: [Int?] = []"),
    Case(["[1, \"a\"]"], "var v: [Any] = []"),
    Case(["[[1]]", "[[2], []]"], "var v: [[Int]] = []"),
    Case(["[[1], [\"a\"]]"], "var v: [[Any]] = []"),
    Case(["[1]", "null"], "var v: [Int]?"),
    Case(["[{}]"], "var v: [[String: Any]] = []"),
    Case(["{}"], "var v: [String: Any] = [:]"),
    Case(["{}", nil], "var v: [String: Any]?"),
    Case(["{\"a\": 1}", "{}"], "var v: V?"),
    Case(["{\"a\": 1}"], "var v: V?"),
    Case(["[{\"a\": 1}]", "[{\"a\": 2}, null]"], "var v: [V?] = []"),
  ]

  @Test(arguments: cases)
  func declaration(_ testCase: Case) throws {
    let source = try generate(testCase.json)
    let members = memberLines(source, ofClass: "Item")
    #expect(members.first { $0.hasPrefix("var v:") } == testCase.declaration)
  }

  @Test func fieldsOfMergedObjectsAreOptionalWhenMissingOrNullAnywhere() throws {
    let json = """
      {"rooms": [{"id": 1, "a": {"x": 1, "y": "p"}}, {"id": 2, "a": {"x": 2.5, "z": null}}]}
      """
    let source = try generate(json)
    #expect(memberLines(source, ofClass: "Room") == ["var id: Int = 0", "var a: A?"])
    #expect(
      memberLines(source, ofClass: "A") == ["var x: Double = 0", "var y: String?", "var z: Any?"])
  }

  @Test func nestedArraysOfObjectsNameTheirElementsOnce() throws {
    let source = try generate(#"{"rows": [[{"n": 1}], [{"n": 2}]]}"#)
    #expect(memberLines(source, ofClass: "Root") == ["var rows: [[Row]] = []"])
    #expect(memberLines(source, ofClass: "Row") == ["var n: Int = 0"])
  }
}

@Suite("Values as JSONSerialization gives them")
struct InferenceTests {
  @Test(arguments: [
    ("true", Kind.bool), ("false", .bool), ("0", .int), ("1", .int), ("-5", .int),
    ("1.5", .double), ("1.0", .double), ("1e3", .double), ("-0.0", .double),
    ("9223372036854775807", .int), ("-9223372036854775808", .int),
    ("12345678901234567890", .double), ("-9223372036854775809", .double),
    ("3.14159265358979323846", .double), ("100000000000000000000", .double),
  ])
  func numberKind(literal: String, kind: Kind) throws {
    let shape = ShapeInference(keyOrder: KeyOrder()).shape(of: try parse("[\(literal)]"))
    #expect(shape.kind == .array(ValueShape(kind: kind)))
  }

  @Test(arguments: [
    ("2024-01-02T03:04:05Z", true), ("2024-01-02T03:04:05.1Z", true),
    ("2024-01-02T03:04:05.123456Z", true), ("2024-01-02T03:04:05+02:00", true),
    ("2024-01-02T03:04:05.250-07:30", true), ("2024-12-31T23:59:59Z", true),
    ("2024-01-02", false), ("2024-01-02T03:04:05", false), ("2024-01-02 03:04:05Z", false),
    ("2024-13-02T03:04:05Z", false), ("2024-01-32T03:04:05Z", false),
    ("2024-01-02T24:00:00Z", false), ("2024-01-02T03:04:05.Z", false),
    ("2024-01-02T03:04:05+0200", false), ("2024-01-02T03:04:05Zx", false),
    ("Mon Sep 24 03:35:21 +0000 2012", false), ("", false), ("2024-02-29T00:00:00Z", true),
    ("2023-02-29T00:00:00Z", false), ("2000-02-29T00:00:00Z", true),
    ("1900-02-29T00:00:00Z", false),
    ("2024-04-31T00:00:00Z", false),
  ])
  func isoDateTime(string: String, isDate: Bool) {
    #expect(DateTimeText.isDateTime(string) == isDate)
  }

  @Test func keyOrderFollowsThePayloadAndMergesArrayElements() {
    let json =
      #"{"b": 1, "a": {"d": 1, "c": [2]}, "l": [{"z": 1}, {"y": 1, "z": 2}], "e\u00e9\"": 0}"#
    let order = KeyOrder(scanning: Array(json.utf8))
    #expect(order.ordered(["a", "b", "l", "eé\""], at: []) == ["b", "a", "l", "eé\""])
    #expect(order.ordered(["c", "d"], at: [.key("a")]) == ["d", "c"])
    #expect(order.ordered(["y", "z"], at: [.key("l"), .element]) == ["z", "y"])
  }

  @Test func keysTheScannerDidNotSeeSortAlphabetically() {
    let utf16 = Array(#"{"b": 1, "a": 2}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    #expect(KeyOrder(scanning: utf16).ordered(["b", "a"], at: []) == ["a", "b"])
    #expect(KeyOrder().ordered(["b", "c", "a"], at: []) == ["a", "b", "c"])
  }

  private func parse(_ json: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(json.utf8))
  }
}
