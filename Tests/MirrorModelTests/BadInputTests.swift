import Foundation
import Testing

@testable import MirrorModel

// The bad-input table: each row maps one hostile dictionary into `BadTable` and states the exact
// outcome: the values `toDictionary()` then writes, and every issue with its path, kind, expected
// type, found value and reason. Structural rows are in BadInputTests+More.swift.

final class BadLeaf: ModelBase {
  var count = 0
  var label = "leaf"
  var note: String?
}

/// One property per shape the table needs: scalars, optionals, a default, nested models,
/// arrays, dictionaries, an untyped array and a key path.
final class BadTable: ModelBase {
  var int = 0
  var int8: Int8 = 0
  var uint: UInt = 0
  var int64: Int64 = 0
  var double = 0.0
  var float: Float = 0
  var decimal: Decimal = 0
  var string = "initial"
  var date = Date(timeIntervalSince1970: 0)
  var optionalInt: Int?
  var defaulted = 0
  var leaf: BadLeaf?
  var fixedLeaf = BadLeaf()
  var leaves: [BadLeaf] = []
  var byName: [String: BadLeaf] = [:]
  var ints: [Int] = []
  var maybeInts: [Int?] = []
  var strings: [String] = []
  var counts: [String: Int] = [:]
  var raw: [Any] = []
  var city = ""

  override class var propertyMapping: [String: String] { ["city": "meta.location.city"] }
  override class var defaultValues: [String: Any] { ["defaulted": 9] }
}

/// An expected issue; a `nil` found or reason is not compared.
struct BadIssue: Sendable {
  var path: String
  var kind: MappingIssue.Kind
  var expected: String
  var found: String?
  var reason: String?

  func matches(_ issue: MappingIssue) -> Bool {
    issue.path == path && issue.kind == kind && issue.expectedType == expected
      && (found.map { $0 == issue.found } ?? true) && (reason.map { $0 == issue.reason } ?? true)
  }
}

/// One row: a dictionary, the values `toDictionary()` writes for some keys afterwards (rendered
/// by `BadIssue.render`), and the exact issues.
struct BadRow: Sendable, CustomTestStringConvertible {
  var testDescription: String
  var input: @Sendable () throws -> [String: Any]
  var values: [String: String]
  var issues: [BadIssue]

  static func swift(
    _ name: String, _ input: @escaping @Sendable () -> [String: Any],
    _ values: [String: String] = [:], issues: [BadIssue] = []
  ) -> BadRow {
    BadRow(testDescription: name, input: input, values: values, issues: issues)
  }

  static func json(
    _ text: String, _ values: [String: String] = [:], issues: [BadIssue] = []
  ) -> BadRow {
    BadRow(testDescription: text, input: { try jsonObject(text) }, values: values, issues: issues)
  }

  /// Maps the row; checks that the throwing call and `map` agree, the issues, and the values.
  func check() throws {
    let dictionary = try input()
    let result = BadTable.map(dictionary, mode: .standard)
    #expect(mappingIssues { _ = try BadTable(dictionary: dictionary) } == result.issues)
    #expect(result.issues.count == issues.count, "\(result.issues)")
    for (issue, expected) in zip(result.issues, issues) {
      #expect(expected.matches(issue), "got \(issue.path) \(issue.kind) | \(issue.found)")
    }
    let output = result.model.toDictionary()
    for (key, expected) in values {
      #expect(BadIssue.render(output[key]) == expected, "\(key)")
    }
  }
}

extension BadIssue {
  static func at(
    _ path: String, _ kind: MappingIssue.Kind, _ expected: String, _ found: String?,
    _ reason: String?
  ) -> BadIssue {
    BadIssue(path: path, kind: kind, expected: expected, found: found, reason: reason)
  }

  /// An exact, type-telling text for a `toDictionary()` value: `Int 5`, `"x"`, `Double 2.5`,
  /// `NSDecimalNumber 1.5`, `null`, `[...]`, `[key: ...]`, `absent`.
  static func render(_ value: Any?) -> String {
    guard let value else { return "absent" }
    if isNSNull(value) { return "null" }
    if let string = stringValue(value) { return string.debugDescription }
    switch value {
    case let array as [Any]:
      return "[" + array.map { render($0) }.joined(separator: ", ") + "]"
    case let dictionary as [String: Any]:
      guard !dictionary.isEmpty else { return "[:]" }
      let entries = dictionary.keys.sorted().map {
        "\($0.debugDescription): \(render(dictionary[$0]))"
      }
      return "[" + entries.joined(separator: ", ") + "]"
    default:
      return "\(type(of: value)) \(value)"
    }
  }
}

private let intRange = "-9223372036854775808...9223372036854775807"
private let uintRange = "0...18446744073709551615"
private let intAccepts = "expects an integer, a numeric string or a boolean"

@Suite("Bad input: the table")
struct BadInputTests {
  @Test(
    "Wrong types and nulls at every level, mixed arrays",
    arguments: BadRows.wrongTypes + BadRows.nulls + BadRows.mixedArrays)
  func shapes(_ row: BadRow) throws { try row.check() }

  @Test(
    "NaN and infinities, integers out of range, 17- to 40-digit literals",
    arguments: BadRows.nonFinite + BadRows.outOfRange + BadRows.longLiterals)
  func numbers(_ row: BadRow) throws { try row.check() }
}

enum BadRows {
  static let wrongTypes: [BadRow] = [
    .json(
      #"{"leaf": "x", "int": [1]}"#, ["leaf": "absent", "int": "Int 0"],
      issues: [
        .at("int", .typeMismatch, "Int", "Array of 1 element", intAccepts),
        .at("leaf", .typeMismatch, "BadLeaf", #"String "x""#, "expects a dictionary"),
      ]),
    .json(
      #"{"leaves": {"count": 1}, "counts": [1]}"#,
      issues: [
        .at("leaves", .typeMismatch, "[BadLeaf]", "Dictionary with 1 key", "expects an array"),
        .at("counts", .typeMismatch, "[String: Int]", "Array of 1 element", "expects a dictionary"),
      ]),
    .json(
      #"{"leaf": {"count": "many", "label": "kept"}, "fixedLeaf": {"count": {}}}"#,
      [
        "leaf": #"["count": Int 0, "label": "kept"]"#,
        "fixedLeaf": #"["count": Int 0, "label": "leaf"]"#,
      ],
      issues: [
        .at("leaf.count", .invalidValue, "Int", #"String "many""#, #""many" is not an integer"#),
        .at("fixedLeaf.count", .typeMismatch, "Int", "Dictionary with 0 keys", intAccepts),
      ]),
    .json(
      #"{"leaves": [{"count": 1}, 2, {"label": []}]}"#, ["leaves": "[]"],
      issues: [
        .at("leaves[1]", .typeMismatch, "BadLeaf", "Number 2", "expects a dictionary"),
        .at("leaves[2].label", .typeMismatch, "String", "Array of 0 elements", nil),
      ]),
    .json(
      #"{"byName": {"b": 5, "a": {"count": 1.5}, "c": {}}}"#, ["byName": "[:]"],
      issues: [
        .at("byName.a.count", .invalidValue, "Int", "Number 1.5", "1.5 is not an integer"),
        .at("byName.b", .typeMismatch, "BadLeaf", "Number 5", "expects a dictionary"),
      ]),
    .json(
      #"{"meta": {"location": 7}}"#, ["meta": #"["location": ["city": ""]]"#],
      issues: [
        .at(
          "meta.location.city", .typeMismatch, "[String: Any]", "Number 7",
          "key path needs a dictionary at meta.location")
      ]),
    .json(
      #"{"meta": ["x"]}"#,
      issues: [
        .at(
          "meta.location.city", .typeMismatch, "[String: Any]", "Array of 1 element",
          "key path needs a dictionary at meta")
      ]),
    .json(
      #"{"meta": {"location": {"city": {"a": 1}}}}"#,
      issues: [.at("meta.location.city", .typeMismatch, "String", "Dictionary with 1 key", nil)]),
  ]

  static let nulls: [BadRow] = [
    .json(
      #"{"int": null, "optionalInt": "<null>", "defaulted": "(null)", "string": "<null>", "#
        + #""date": null}"#,
      ["int": "Int 0", "optionalInt": "absent", "defaulted": "Int 9", "string": #""initial""#]),
    .json(
      #"{"leaf": null, "fixedLeaf": "(null)"}"#,
      ["leaf": "absent", "fixedLeaf": #"["count": Int 0, "label": "leaf"]"#]),
    .json(
      #"{"leaf": {"note": "(null)", "label": "<null>", "count": null}}"#,
      ["leaf": #"["count": Int 0, "label": "leaf"]"#]),
    .json(
      #"{"leaves": [null, {"note": null}]}"#, ["leaves": "[]"],
      issues: [.at("leaves[0]", .typeMismatch, "BadLeaf", "null", "expects a dictionary")]),
    .json(
      #"{"ints": [1, null, "<null>"]}"#, ["ints": "[]"],
      issues: [
        .at("ints[1]", .typeMismatch, "Int", "null", intAccepts),
        .at("ints[2]", .invalidValue, "Int", #"String "<null>""#, #""<null>" is not an integer"#),
      ]),
    .json(
      #"{"maybeInts": [null, "<null>", "(null)", 3]}"#, ["maybeInts": "[null, null, null, Int 3]"]),
    .json(#"{"strings": ["null", "<null>", "x"]}"#, ["strings": #"["null", "<null>", "x"]"#]),
    .json(
      #"{"counts": {"b": "<null>", "a": null}}"#, ["counts": "[:]"],
      issues: [
        .at("counts.a", .typeMismatch, "Int", "null", intAccepts),
        .at("counts.b", .invalidValue, "Int", #"String "<null>""#, #""<null>" is not an integer"#),
      ]),
    .json(#"{"meta": null}"#, ["meta": #"["location": ["city": ""]]"#]),
    .json(#"{"meta": "<null>"}"#, ["meta": #"["location": ["city": ""]]"#]),
    .json(#"{"meta": {"location": "<null>"}}"#, ["meta": #"["location": ["city": ""]]"#]),
    .json(#"{"meta": {"location": {"city": null}}}"#, ["meta": #"["location": ["city": ""]]"#]),
    .json(#"{"raw": [null, "<null>", {"k": null}]}"#, ["raw": #"[null, "<null>", ["k": null]]"#]),
  ]

  static let nonFinite: [BadRow] = [(Double.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf")]
    .flatMap { value, text -> [BadRow] in
      let found = "Number \(text)"
      // Rejected, the property keeping its value; Date's issue names the property's type, Date,
      // as every other Date issue does.
      let rejected: [(String, String, String?, String)] = [
        ("double", "Double", "\(found) is not a finite Double", "Double 0.0"),
        ("float", "Float", "\(found) is not a finite Float", "Float 0.0"),
        ("int", "Int", "\(text) is not a finite number", "Int 0"),
        ("decimal", "Decimal", "\(found) is not a finite decimal number", "NSDecimalNumber 0"),
        ("date", "Date", nil, #""1970-01-01T00:00:00Z""#),
      ]
      // A String takes the number's text, as Swift prints it.
      return [.swift("string <- \(text)", { ["string": value] }, ["string": text.debugDescription])]
        + rejected.map { key, type, reason, kept in
          .swift(
            "\(key) <- \(text)", { [key: value] }, [key: kept],
            issues: [.at(key, .invalidValue, type, found, reason)])
        }
    }

  static let outOfRange: [BadRow] = [
    .swift(
      "int <- Double 1e20", { ["int": 1e20] },
      issues: [
        .at("int", .invalidValue, "Int", "Number 1e+20", "1e+20 is out of range \(intRange)")
      ]),
    .swift(
      "int <- Decimal -9223372036854775809",
      { ["int": Decimal(string: "-9223372036854775809") ?? 0] },
      issues: [
        .at(
          "int", .invalidValue, "Int", "Decimal -9223372036854775809",
          "-9223372036854775809 is out of range \(intRange)")
      ]),
    .json(
      #"{"ints": [1e20, -9223372036854775809, 9223372036854775807, "-9223372036854775809"]}"#,
      issues: [
        .at("ints[0]", .invalidValue, "Int", "Number 1e+20", "1e+20 is out of range \(intRange)"),
        .at(
          "ints[1]", .invalidValue, "Int", "Number -9223372036854775809",
          "-9223372036854775809 is out of range \(intRange)"),
        .at(
          "ints[3]", .invalidValue, "Int", #"String "-9223372036854775809""#,
          "-9223372036854775809 is out of range \(intRange)"),
      ]),
    .swift(
      "int8 <- Double 300", { ["int8": 300.0] },
      issues: [.at("int8", .invalidValue, "Int8", "Number 300", "300 is out of range -128...127")]),
    .swift(
      "int8 <- UInt64 300", { ["int8": UInt64(300)] },
      issues: [.at("int8", .invalidValue, "Int8", "Number 300", "300 is out of range -128...127")]),
    .swift(
      "uint <- Int8 -1, int8 <- Double -1", { ["uint": Int8(-1), "int8": -1.0] },
      ["int8": "Int -1"],
      issues: [.at("uint", .invalidValue, "UInt", "Number -1", "-1 is out of range \(uintRange)")]),
  ]

  static let longLiterals: [BadRow] = [
    ("12345678901234567", "12345678901234567", "Int 12345678901234567"),
    ("-12345678901234567890", "-12345678901234567890", nil),
    ("123456789012345678901234567890123456789", "123456789012345678901234567890123456789", nil),
    ("1234567890123456789012345678901234567890", "1234567890123456789012345678901234567890", nil),
    (
      "0.1234567890123456789012345678901234567890",
      "0.12345678901234567890123456789012345678" + "9", nil
    ),
    ("9223372036854775807.000000000000000000000", "9223372036854775807", "Int 9223372036854775807"),
  ].flatMap { literal, exact, int64 -> [BadRow] in
    let double = Double(literal).map { "Double \($0)" } ?? "?"
    let int64Issue =
      exact.contains(".")
      ? BadIssue.at(
        "int64", .invalidValue, "Int64", "Number \(exact)", "\(exact) is not an integer")
      : BadIssue.at(
        "int64", .invalidValue, "Int64", "Number \(exact)", "\(exact) is out of range \(intRange)")
    return [
      .json(#"{"double": \#(literal)}"#, ["double": double]),
      .json(#"{"decimal": \#(literal)}"#, ["decimal": "NSDecimalNumber \(exact)"]),
      .json(
        #"{"int64": \#(literal)}"#, ["int64": int64 ?? "Int 0"],
        issues: int64 == nil ? [int64Issue] : []),
    ]
  }

  static let mixedArrays: [BadRow] = [
    .json(
      #"{"ints": [1, "2", 2.5, true, null, "x", [1], {}, 7.0, 1e300]}"#, ["ints": "[]"],
      issues: [
        .at("ints[2]", .invalidValue, "Int", "Number 2.5", "2.5 is not an integer"),
        .at("ints[4]", .typeMismatch, "Int", "null", intAccepts),
        .at("ints[5]", .invalidValue, "Int", #"String "x""#, #""x" is not an integer"#),
        .at("ints[6]", .typeMismatch, "Int", "Array of 1 element", intAccepts),
        .at("ints[7]", .typeMismatch, "Int", "Dictionary with 0 keys", intAccepts),
        .at("ints[9]", .invalidValue, "Int", "Number 1e+300", "1e+300 is out of range \(intRange)"),
      ]),
    .json(
      #"{"ints": [1, "2", true, 7.0, "1e3"]}"#, ["ints": "[Int 1, Int 2, Int 1, Int 7, Int 1000]"]),
    .swift(
      "raw <- Swift values of every kind",
      { ["raw": [1, "2", 2.5, true, NSNull(), [1], ["k": "v"]]] },
      ["raw": #"[Int 1, "2", Double 2.5, Bool true, null, [Int 1], ["k": "v"]]"#]),
  ]
}
