import Foundation
import Testing

@testable import MirrorModel

/// Strings, numbers, booleans and nulls as a dictionary gives them.
private class ScalarHolder: ModelBase {
  var text: String = "initial"
  var note: String?
  var count: Int = -1
  var flag: Bool = false
  var ratio: Double?
}

/// The same properties with `validate` overridden: each value goes the ordinary way (convert,
/// validate, write), never a fast one, so this class is the reference the fast ways must match.
private final class ValidatedScalarHolder: ScalarHolder {
  override func validate(_ value: Any, forProperty property: String) throws -> Any { value }
}

/// The same properties with IPHBaseModel's longer list of null strings.
private class ExtendedNullHolder: ScalarHolder {
  override class var nullStrings: Set<String> { ModelBase.extendedNullStrings }
}

private final class ValidatedExtendedNullHolder: ExtendedNullHolder {
  override func validate(_ value: Any, forProperty property: String) throws -> Any { value }
}

@Suite("Dictionary scalars: the fast ways agree with the ordinary conversion")
struct DictionaryScalarTests {
  /// Every kind of value `JSONSerialization` or code puts in a dictionary.
  private static var inputs: [(label: String, value: Any)] {
    [
      ("string", "Ada"), ("empty string", ""), ("<null>", "<null>"), ("(null)", "(null)"),
      ("null", "null"), ("NULL", "NULL"), ("Null surname", "Null"),
      ("NSString", NSString(string: "Grace")), ("NSString <null>", NSString(string: "<null>")),
      ("numeric string", "42"), ("true string", "yes"),
      ("integer", NSNumber(value: 1001)), ("negative", NSNumber(value: -7)),
      ("double", NSNumber(value: 2.5)), ("whole double", NSNumber(value: 3.0)),
      ("boolean", NSNumber(value: true)), ("false", NSNumber(value: false)),
      ("long literal", NSDecimalNumber(string: "123456789012345678901")),
      ("Swift Int", 5), ("Swift Double", 0.25), ("Swift Bool", true), ("NSNull", NSNull()),
      ("array", [1, 2]), ("dictionary", ["a": 1]),
    ]
  }

  private static func state(_ model: ScalarHolder) -> String {
    "\(model.text)|\(model.note ?? "nil")|\(model.count)|\(model.flag)|"
      + "\(model.ratio.map { "\($0)" } ?? "nil")"
  }

  @Test(arguments: [MappingMode.standard, .strict, .lenient])
  func everyInputMapsAsTheOrdinaryConversionDoes(mode: MappingMode) {
    let keys = ["text", "note", "count", "flag", "ratio"]
    expectSameMapping(
      ScalarHolder.self, ValidatedScalarHolder.self, keys: keys, inputs: Self.inputs, mode: mode,
      state: Self.state)
    expectSameMapping(
      ExtendedNullHolder.self, ValidatedExtendedNullHolder.self, keys: keys, inputs: Self.inputs,
      mode: mode, state: Self.state)
  }

  @Test func nullStringsAreNullForStringPropertiesExceptInStrictMode() throws {
    let standard = try ScalarHolder(dictionary: ["text": "<null>", "note": "(null)"])
    #expect(standard.text == "initial")
    #expect(standard.note == nil)
    let filled = ScalarHolder()
    filled.note = "kept?"
    try filled.update(with: ["note": "<null>"])
    #expect(filled.note == nil)
    let strict = try ScalarHolder(dictionary: ["text": "<null>", "note": "(null)"], mode: .strict)
    #expect(strict.text == "<null>")
    #expect(strict.note == "(null)")
    // "Null" is a surname, not null, unless the class asks for the longer list.
    #expect(try ScalarHolder(dictionary: ["text": "Null"]).text == "Null")
    #expect(try ExtendedNullHolder(dictionary: ["text": "Null"]).text == "initial")
  }

  @Test func anUpdateIgnoringNullsLeavesStringsAlone() throws {
    let model = ScalarHolder()
    model.text = "set"
    model.note = "set"
    try model.update(with: ["text": "<null>", "note": NSNull()], ignoringNulls: true)
    #expect(model.text == "set")
    #expect(model.note == "set")
  }

  @Test func aRequiredStringGivenANullStringIsAnIssueAtItsPath() {
    final class Account: ModelBase {
      var login: String = ""
      override class var requiredProperties: Set<String> { ["login"] }
    }
    let result = Account.map(["login": "<null>"], mode: .standard)
    #expect(
      result.issues.map { "\($0.path) \($0.kind) \($0.found)" } == ["login missingValue null"])
    #expect(result.model.login == "")
  }
}

/// Maps each input, under every key of `keys`, into `fast` (the class whose values take the fast
/// ways) and `ordinary` (the same class overriding `validate`, whose values take the ordinary
/// conversion), and expects the same models (by `state`) and the same issues.
func expectSameMapping<Model: ModelBase>(
  _ fast: Model.Type, _ ordinary: Model.Type, keys: [String],
  inputs: [(label: String, value: Any)], mode: MappingMode, state: (Model) -> String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  func issues(_ issues: [MappingIssue]) -> [String] {
    issues.map { "\($0.path) \($0.kind) \($0.expectedType) \($0.found)" }
  }
  for (label, value) in inputs {
    let dictionary = Dictionary(uniqueKeysWithValues: keys.map { ($0, value) })
    let direct = fast.map(dictionary, mode: mode)
    let reference = ordinary.map(dictionary, mode: mode)
    #expect(type(of: direct.model) == fast && type(of: reference.model) == ordinary)
    #expect(
      state(direct.model) == state(reference.model), "\(label), \(mode)",
      sourceLocation: sourceLocation)
    #expect(
      issues(direct.issues) == issues(reference.issues), "\(label), \(mode)",
      sourceLocation: sourceLocation)
  }
}

@Suite("Null strings")
struct NullStringsTests {
  @Test func containsExactlyTheNullStrings() {
    let strings: Set<String> = ["<null>", "(null)", "", "N/A", "—", "ничего", "nil"]
    let nulls = NullStrings(strings)
    for string in strings { #expect(nulls.contains(string), "\(string)") }
    for string in ["<null", "<null>>", "(nul)", "n/a", "N", "–", "ничто", "nill", "Nil", " "] {
      #expect(!nulls.contains(string), "\(string)")
    }
    #expect(!nulls.isEmpty)
  }

  @Test func noneOrOnlyTheEmptyString() {
    let none = NullStrings([])
    #expect(none.isEmpty)
    #expect(!none.contains(""))
    #expect(!none.contains("<null>"))
    let empty = NullStrings([""])
    #expect(!empty.isEmpty)
    #expect(empty.contains(""))
    #expect(!empty.contains("a"))
    let ascii = NullStrings(["x"])
    #expect(!ascii.contains("é"))
    #expect(!ascii.contains(""))
  }

  @Test func canonicallyEquivalentStringsAreNullAsSetMembershipSaysTheyAre() {
    // "K" is the Kelvin sign's canonical decomposition; "é" two ways.
    let kelvin = NullStrings(["K/A", "caf\u{E9}"])
    #expect(kelvin.contains("\u{212A}/A") == kelvin.strings.contains("\u{212A}/A"))
    #expect(kelvin.contains("\u{212A}/A"))
    let decomposed = NullStrings(["e\u{301}t\u{E9}"])
    #expect(decomposed.contains("\u{E9}t\u{E9}"))
    #expect(decomposed.contains("e\u{301}te\u{301}") == false)  // longer than any null string
  }

  @Test func everyFirstByteIsItsOwnBit() {
    for byte in UInt8(0)..<0x80 {
      let string = String(decoding: [byte], as: UTF8.self)
      let nulls = NullStrings([string])
      #expect(nulls.contains(string))
      let other = String(decoding: [byte ^ 1], as: UTF8.self)
      #expect(!nulls.contains(other))
    }
  }
}

@Suite("Class methods called through a metatype value")
struct MetatypeValueTests {
  @Test func mapDecodeAndMakeMakeTheClassTheyAreCalledOn() async throws {
    let type: ScalarHolder.Type = ExtendedNullHolder.self
    let mapped = type.map(["text": "Null"], mode: .standard)
    #expect(Swift.type(of: mapped.model) == ExtendedNullHolder.self)
    #expect(mapped.model.text == "initial")  // ExtendedNullHolder's null strings
    let decoded = try await type.decode(json: Data(#"{"text":"Null"}"#.utf8), at: nil)
    #expect(Swift.type(of: decoded) == ExtendedNullHolder.self)
    #expect(decoded.text == "initial")
    let made = try type.make(dictionary: ["text": "Null"])
    #expect(Swift.type(of: made) == ExtendedNullHolder.self)
    #expect(made.text == "initial")
    let madeFromText = try type.make(json: Data(#"{"text":"Null"}"#.utf8))
    #expect(Swift.type(of: madeFromText) == ExtendedNullHolder.self)
    #expect(madeFromText.text == "initial")
    let envelope = try type.make(json: Data(#"{"data":{"text":"Null"}}"#.utf8), at: "data")
    #expect(Swift.type(of: envelope) == ExtendedNullHolder.self)
  }

  @Test func aBadValueNamesTheClassMakeIsCalledOn() {
    let type: ScalarHolder.Type = ExtendedNullHolder.self
    #expect {
      try type.make(dictionary: ["count": "many"], mode: .strict)
    } throws: { error in
      (error as? MappingError)?.modelType == "ExtendedNullHolder"
    }
  }
}
