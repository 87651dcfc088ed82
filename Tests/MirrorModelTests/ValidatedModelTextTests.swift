import Foundation
import Testing

@testable import MirrorModel

// A class that validates its values, read from JSON text: an object for one of its single
// models (`Model`, `Model?`) is read where the reader meets it, straight into its model (no
// dictionary in between), and validated in the properties' turn, the property put back as it
// was until then. Every case against `JSONSerialization` + `init(dictionary:)` in every mode:
// the models, each `validate` call with what the model held then, and the issues.

final class CheckedPart: ModelBase {
  var name = ""
  var count: Int?
}

/// Mapped from dictionaries (its hook takes one): the reader's fallback for an object.
final class CheckedHookedPart: ModelBase {
  var name = ""
  var keys = ""

  override class var ignoredProperties: Set<String> { ["keys"] }

  override func didMap(from dictionary: [String: Any]) throws {
    keys = dictionary.keys.sorted().joined(separator: ",")
    if dictionary["boom"] != nil { throw ConversionError(expectedType: "part", reason: "boom") }
  }
}

/// Chosen by its `kind` (a discriminator the text reader looks for first).
class CheckedPet: ModelBase {
  var name = ""

  override class var discriminator: ModelDiscriminator? {
    ModelDiscriminator(key: "kind", classes: ["dog": CheckedDog.self, "pet": CheckedPet.self])
  }
}

final class CheckedDog: CheckedPet {
  var barks = false
}

final class CheckedOwner: ModelBase {
  var rank = 0
  var part = CheckedPart()
  var spare: CheckedPart?
  var other: CheckedPart?
  var inner: CheckedPart?
  var hooked: CheckedHookedPart?
  var pet: CheckedPet?
  var parts: [CheckedPart] = []
  var label = ""
  var flag: Bool?
  var next: CheckedOwner?
  var nick: String? = "init"
  var log: [String] = []

  override class var ignoredProperties: Set<String> { ["log"] }
  override class var alternativeKeys: [String: [String]] { ["other": ["other1", "other2"]] }
  override class var propertyMapping: [String: String] { ["inner": "wrap.inner"] }
  override class var defaultValues: [String: Any] { ["rank": 7, "spare": ["name": "default"]] }

  /// What the model holds, for each `validate` call to note.
  private var held: String {
    "rank=\(rank) part=\(part.name) spare=\(spare?.name ?? "nil")"
      + " other=\(other?.name ?? "nil") inner=\(inner?.name ?? "nil")"
      + " hooked=\(hooked?.name ?? "nil") parts=\(parts.count) label=\(label)"
      + " flag=\(flag.map { "\($0)" } ?? "nil")"
      + " next=\(next.map { "\($0.rank)" } ?? "nil")"
  }

  override func validate(_ value: Any, forProperty property: String) throws -> Any {
    let name: String
    switch value {
    case let part as CheckedPart: name = part.name
    case let part as CheckedHookedPart: name = part.name
    case let pet as CheckedPet: name = pet.name
    case let owner as CheckedOwner: name = "owner \(owner.rank)"
    case let flag as Bool: name = "\(flag)"
    case let parts as [CheckedPart]: name = "\(parts.count) parts"
    // A `String?` property's value is a `String?` (the cast unwraps it).
    case let text as String: name = text
    default: name = "\(value)"
    }
    log.append("\(property)=\(name) [\(held)]")
    switch name {
    case "bad": throw ConversionError(expectedType: "part", reason: "a bad part")
    case "wrong": return 42
    case "swap" where value is CheckedPart:
      let part = CheckedPart()
      part.name = "swapped"
      return part
    case "owner 13", "13": throw ConversionError(expectedType: "owner", reason: "unlucky")
    case "2" where property == "rank": return 20
    case "3 parts": throw ConversionError(expectedType: "parts", reason: "too many parts")
    case "0 parts":
      let part = CheckedPart()
      part.name = "filled"
      return [part]
    case "true" where property == "flag": return false
    default: return value
    }
  }
}

@Suite("A validated class's models from JSON text")
struct ValidatedModelTextTests {
  static let owners = [
    // Models met before the properties declared ahead of them.
    #"{"label": "l", "spare": {"name": "s"}, "part": {"name": "p", "count": 2}, "rank": 3}"#,
    #"{"next": {"part": {"name": "q"}, "rank": 4}, "part": {"name": "p"}, "rank": 1}"#,
    // Rejected, replaced, the wrong type returned: each in its turn.
    #"{"part": {"name": "bad"}, "spare": {"name": "swap"}, "other": {"name": "wrong"}}"#,
    #"{"spare": {"name": "bad", "count": 2.5}, "rank": "x", "part": {"count": "3"}}"#,
    #"{"next": {"rank": 13, "part": {"name": "bad"}}, "label": 5}"#,
    // Alternative keys in either order, the worse one's value kept or not.
    #"{"other2": {"name": "worse"}, "other1": {"name": "better"}}"#,
    #"{"other1": {"name": "better"}, "other2": {"name": "worse", "count": []}}"#,
    #"{"other2": {"name": "worse", "count": []}, "other1": {"name": "better"}}"#,
    #"{"other2": {"name": "worse"}, "other": null, "other1": 5}"#,
    #"{"other2": "text", "other1": {"name": "b"}, "other": {"name": "own"}}"#,
    // Through a key path, and a class mapped from dictionaries.
    #"{"wrap": {"inner": {"name": "in"}}, "hooked": {"name": "h", "z": 1}, "rank": 2}"#,
    #"{"wrap": {"inner": {"name": "bad"}}, "hooked": {"name": "bad"}}"#,
    #"{"hooked": {"name": "h", "boom": 1}, "wrap": {"inner": []}, "part": 5}"#,
    // Values that are no object: null, a null string, a scalar, an array.
    #"{"part": null, "spare": null, "other": "<null>", "inner": 3, "hooked": []}"#,
    #"{"spare": "null", "next": null, "part": {}}"#,
    // Arrays of models (read in the properties' order), a repeated key, unknown keys.
    #"{"parts": [{"name": "a"}, {"name": "bad"}, 3], "part": {"name": "p"}}"#,
    #"{"zz": {"part": 1}, "part": {"name": "p", "extra": [1, {"a": 2}]}, "yy": [{}]}"#,
    // Numbers, booleans and strings, each validated in its turn (read fast where they can be).
    #"{"flag": true, "label": "bad", "rank": 13, "part": {"name": "p"}}"#,
    #"{"rank": 2, "label": "wrong", "flag": false}"#,
    #"{"rank": 2.0, "label": "null", "flag": 1, "spare": {"name": "s"}}"#,
    #"{"rank": "13", "label": null, "flag": "true"}"#,
    #"{"rank": 1e1, "label": "ok", "flag": null}"#,
    #"{"rank": -0, "label": 5, "flag": "yes"}"#,
    #"{"rank": 2.5, "label": "x\u0041"}"#,
    // Strings read straight from the text: null strings, escapes, rejected and replaced.
    #"{"label": "<null>", "nick": "(null)", "rank": 1}"#,
    #"{"nick": "bad", "label": "caf\u00e9"}"#,
    #"{"nick": "wrong", "label": "\"quoted\""}"#,
    #"{"nick": null, "label": "", "rank": 2}"#,
    #"{"nick": 5, "label": true}"#,
    // Arrays of models: read as met, validated in their turn (empty, rejected, elements
    // failing: the whole array outside lenient mode, none left in it in lenient mode).
    #"{"parts": [{"name": "a"}, {"name": "b"}, {"name": "c"}], "rank": 1}"#,
    #"{"parts": [], "label": "l", "part": {"name": "p"}}"#,
    #"{"parts": [{"name": "a"}, 5], "rank": 2}"#,
    #"{"parts": [5, "x"], "label": "all bad"}"#,
    #"{"parts": {"name": "x"}, "rank": 3}"#,
    #"{"label": "first", "parts": [{"name": "swap", "count": 2.5}]}"#,
    // A discriminated class: the class its value names, or the ordinary way's choice.
    #"{"pet": {"kind": "dog", "name": "d", "barks": true}, "rank": 3}"#,
    #"{"pet": {"name": "bad", "kind": "dog"}, "part": {"name": "p"}}"#,
    #"{"pet": {"kind": 5, "name": "n"}, "label": "l"}"#,
    #"{"pet": {"kind": [1], "name": "bad"}}"#,
    #"{"pet": {"name": "c", "kind": "cat"}, "rank": 2}"#,
  ]

  /// A repeated key: the last value counts in a dictionary (`JSONDecoder` keeps the first).
  static let repeatedKey = #"{"part": {"name": "one"}, "part": {"name": "two"}, "rank": 2}"#

  @Test(arguments: owners + [repeatedKey])
  func sameAsTheDictionary(owner: String) throws {
    let data = Data(owner.utf8)
    let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    for mode in [MappingMode.standard, .lenient, .strict] {
      let fromText = Result { try CheckedOwner(json: data, mode: mode) }
      let fromDictionary = Result { try CheckedOwner(dictionary: dictionary, mode: mode) }
      switch (fromText, fromDictionary) {
      case (.success(let text), .success(let tree)):
        #expect(describe(text) == describe(tree), "\(mode)")
      case (.failure(let text), .failure(let tree)):
        let issues = Self.issues(text)
        #expect(issues == Self.issues(tree), "\(mode)")
        #expect(issues?.isEmpty == false)
      default:
        Issue.record("\(mode): \(fromText) vs \(fromDictionary) for \(owner)")
      }
    }
  }

  /// From a decoder (asked in the properties' order), each model decoded straight into its
  /// model and validated at once: the same models, calls and issues.
  @Test(arguments: owners)
  func aDecoderGivesWhatTheDictionaryGives(owner: String) throws {
    let data = Data(owner.utf8)
    let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let decoded = Result { try JSONDecoder().decode(CheckedOwner.self, from: data) }
    switch (decoded, Result { try CheckedOwner(dictionary: dictionary) }) {
    case (.success(let decoded), .success(let tree)):
      #expect(describe(decoded) == describe(tree))
    case (.failure(let decoded), .failure(let tree)):
      #expect(Self.issues(decoded) == Self.issues(tree))
    case (let decoded, let tree):
      Issue.record("\(decoded) vs \(tree) for \(owner)")
    }
  }

  @Test func validateSeesTheModelsInThePropertiesOrder() throws {
    let text =
      #"{"label": "l", "next": {"rank": 4}, "spare": {"name": "swap"}, "part": {"name": "p"},"#
      + #" "rank": 3}"#
    let owner = try CheckedOwner(json: Data(text.utf8))
    #expect(
      owner.log == [
        "rank=3 [rank=0 part= spare=nil other=nil inner=nil hooked=nil parts=0 label="
          + " flag=nil next=nil]",
        "part=p [rank=3 part= spare=nil other=nil inner=nil hooked=nil parts=0 label="
          + " flag=nil next=nil]",
        "spare=swap [rank=3 part=p spare=nil other=nil inner=nil hooked=nil parts=0 label="
          + " flag=nil next=nil]",
        "label=l [rank=3 part=p spare=swapped other=nil inner=nil hooked=nil parts=0 label="
          + " flag=nil next=nil]",
        "next=owner 4 [rank=3 part=p spare=swapped other=nil inner=nil hooked=nil parts=0"
          + " label=l flag=nil next=nil]",
      ])
    #expect(owner.spare?.name == "swapped")
    #expect(owner.next?.log.first?.hasPrefix("rank=4 ") == true)
  }

  @Test func aRejectedModelIsAnIssueInItsTurnAfterItsOwnIssues() {
    let text = #"{"spare": {"name": "bad", "count": 2.5}, "rank": "x", "part": {"count": "3"}}"#
    #expect(
      issues(of: text) == [
        #"rank invalidValue "x" is not an integer"#,
        "spare.count invalidValue 2.5 is not an integer",
        "spare invalidValue a bad part",
      ])
    // Lenient: the default replaces the rejected model, and the model's own issue stays.
    let lenient = try? CheckedOwner(json: Data(text.utf8), mode: .lenient)
    #expect(lenient?.spare?.name == "default")
    #expect(lenient?.part.count == 3)
  }

  @Test func aRejectedValueIsQuotedAsTheDictionaryQuotesIt() throws {
    let text = #"{"rank": 13, "label": "bad", "flag": true}"#
    let data = Data(text.utf8)
    let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let fromText = try #require(found { try CheckedOwner(json: data) })
    #expect(fromText == ["rank: Number 13", #"label: String "bad""#])
    #expect(fromText == found { try CheckedOwner(dictionary: dictionary) })
    let owner = try CheckedOwner(json: Data(#"{"rank": 2, "flag": true}"#.utf8))
    #expect(owner.rank == 20)
    #expect(owner.flag == false)
  }

  @Test func aStringIsValidatedAsTheStringItIs() throws {
    let text = #"{"nick": "n\u00e9", "label": "a\"b", "rank": 1}"#
    let owner = try CheckedOwner(json: Data(text.utf8))
    let calls = owner.log.map { $0.prefix(while: { $0 != " " }) }
    #expect(calls == ["rank=1", #"label=a"b"#, "nick=né"])
    #expect(owner.label == #"a"b"#)
    #expect(owner.nick == "né")
    // A null string is absent (`nil` for the optional), with no call; not in strict mode.
    let nulls = Data(#"{"label": "<null>", "nick": "(null)"}"#.utf8)
    let standard = try CheckedOwner(json: nulls)
    #expect(standard.log.isEmpty)
    #expect(standard.label == "")
    #expect(standard.nick == nil)
    let strict = try CheckedOwner(json: nulls, mode: .strict)
    #expect(strict.log.map { $0.prefix(while: { $0 != " " }) } == ["label=<null>", "nick=(null)"])
    #expect(strict.label == "<null>")
    #expect(strict.nick == "(null)")
    // Rejected: the issue quotes the string as the dictionary's mapping does.
    let rejected = #"{"nick": "bad", "label": "ok"}"#
    #expect(issues(of: rejected) == ["nick invalidValue a bad part"])
    let data = Data(rejected.utf8)
    let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(found { try CheckedOwner(json: data) } == [#"nick: String "bad""#])
    #expect(
      found { try CheckedOwner(json: data) } == found { try CheckedOwner(dictionary: dictionary) })
  }

  @Test func aDecoderHandsValidateTheScalarsItDecodes() throws {
    // Asked in the properties' order, each decoded as its type and validated at once; a null
    // string is absent, with no call.
    let text = #"{"nick": "(null)", "flag": true, "label": "a", "rank": 2}"#
    let owner = try JSONDecoder().decode(CheckedOwner.self, from: Data(text.utf8))
    #expect(
      owner.log == [
        "rank=2 [rank=0 part= spare=nil other=nil inner=nil hooked=nil parts=0 label= flag=nil"
          + " next=nil]",
        "label=a [rank=20 part= spare=default other=nil inner=nil hooked=nil parts=0 label="
          + " flag=nil next=nil]",
        "flag=true [rank=20 part= spare=default other=nil inner=nil hooked=nil parts=0 label=a"
          + " flag=nil next=nil]",
      ])
    let tree = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(owner.log == (try CheckedOwner(dictionary: tree)).log)
    #expect(owner.rank == 20)
    #expect(owner.flag == false)
    #expect(owner.nick == nil)
    // Rejected: each issue quotes the value as the dictionary's mapping does.
    let rejected = Data(#"{"rank": 13, "label": "bad", "nick": "wrong"}"#.utf8)
    let dictionary = try #require(
      try JSONSerialization.jsonObject(with: rejected) as? [String: Any])
    let decoded = found { try JSONDecoder().decode(CheckedOwner.self, from: rejected) }
    #expect(decoded?.prefix(2) == ["rank: Number 13", #"label: String "bad""#])
    #expect(decoded == found { try CheckedOwner(dictionary: dictionary) })
  }

  @Test func aDecoderHandsValidateTheArraysOfModelsItDecodes() throws {
    func decoded(_ text: String) -> Result<CheckedOwner, any Error> {
      Result { try JSONDecoder().decode(CheckedOwner.self, from: Data(text.utf8)) }
    }
    func issues(_ text: String) -> [String]? {
      guard case .failure(let error) = decoded(text) else { return nil }
      return Self.issues(error)
    }
    // Decoded into their models, validated at once: replaced, rejected.
    let empty = try decoded(#"{"rank": 1, "parts": [], "label": "l"}"#).get()
    #expect(empty.parts.map(\.name) == ["filled"])
    #expect(
      empty.log.map { $0.prefix(while: { $0 != " " }) } == ["rank=1", "parts=0", "label=l"])
    let three = #"{"parts": [{"name": "a"}, {"name": "b"}, {"name": "c"}], "rank": 1}"#
    #expect(issues(three) == ["parts invalidValue too many parts"])
    #expect(found { try decoded(three).get() } == ["parts: Array of 3 elements"])
    // An array failing whole (outside lenient mode): its issues, no call.
    let failing = #"{"parts": [{"name": "a"}, 5], "rank": 2}"#
    #expect(issues(failing) == ["parts[1] typeMismatch expects a dictionary"])
    for text in [three, failing, #"{"parts": [{"name": "swap"}, {"name": "bad"}]}"#] {
      let data = Data(text.utf8)
      let tree = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      #expect(found { try decoded(text).get() } == found { try CheckedOwner(dictionary: tree) })
    }
  }

  @Test func anArrayReadAsMetIsValidatedWhenItConvertsEvenToNothing() throws {
    let text = #"{"parts": [5, "x"], "rank": 1}"#
    // Lenient: both elements left out, the empty array validated (and replaced).
    let lenient = try CheckedOwner(json: Data(text.utf8), mode: .lenient)
    #expect(lenient.parts.map(\.name) == ["filled"])
    #expect(lenient.log.map { $0.prefix(while: { $0 != " " }) } == ["rank=1", "parts=0"])
    // Elsewhere the array fails whole: the property keeps its value, nothing is validated.
    #expect(
      issues(of: text) == [
        "parts[0] typeMismatch expects a dictionary", "parts[1] typeMismatch expects a dictionary",
      ])
  }

  /// Each issue's path and what it found, when `body` throws.
  private func found(_ body: () throws -> CheckedOwner) -> [String]? {
    do {
      _ = try body()
      return nil
    } catch {
      return (error as? MappingError)?.issues.map { "\($0.path): \($0.found)" }
    }
  }

  @Test func anObjectIsReadIntoItsModelWithoutValidatingIt() throws {
    let schema = SchemaCache.shared.schema(for: CheckedOwner.self)
    let accessors = Dictionary(
      uniqueKeysWithValues: schema.properties.map { ($0.name, $0.accessor) })
    let context = MappingContext(mode: .standard)
    for name in ["part", "spare", "other", "inner", "pet", "next"] {
      #expect(accessors[name]?.readsObjectAsMet(in: context) == true, "\(name)")
    }
    // Scalars, arrays, and a class mapped from dictionaries (read in the properties' order).
    for name in ["rank", "parts", "label", "flag", "hooked"] {
      #expect(accessors[name]?.readsObjectAsMet(in: context) == false, "\(name)")
    }
    // An array of models is read as met, whatever its class.
    for (name, accessor) in accessors {
      #expect(accessor.readsArrayAsMet == (name == "parts"), "\(name)")
    }
    #expect(
      SchemaCache.shared.schema(for: CheckedPart.self).properties.allSatisfy {
        !$0.accessor.readsObjectAsMet(in: context)
      })
    // The accessor alone: the model read, nothing validated; anything else validated at once.
    let owner = CheckedOwner()
    let part = try #require(accessors["part"])
    let hooked = try #require(accessors["hooked"])
    try JSONReader.withParser(
      Data(#"{"name": "bad"} {"name": "h", "q": 1} null"#.utf8), maximumDepth: 512
    ) { parser throws(JSONSyntaxError) in
      try part.read(from: &parser, into: owner, context: context)
      #expect(owner.part.name == "bad")
      #expect(owner.log.isEmpty)
      #expect(context.issues.isEmpty)
      try hooked.read(from: &parser, into: owner, context: context)
      #expect(owner.hooked?.keys == "name,q")
      #expect(owner.log.count == 1)
      #expect(owner.log.first?.hasPrefix("hooked=h [") == true)
      try part.read(from: &parser, into: owner, context: context)  // null: absent
    }
    #expect(owner.log.count == 1)
    // `null` leaves a non-optional model as it is, with no issue and no call.
    #expect(owner.part.name == "bad")
    #expect(context.issues.isEmpty)
  }

  /// The issues of mapping `text`, each as its path, kind and reason; `nil` when it maps.
  private func issues(of text: String) -> [String]? {
    do {
      _ = try CheckedOwner(json: Data(text.utf8))
      return nil
    } catch {
      return Self.issues(error)
    }
  }

  private static func issues(_ error: any Error) -> [String]? {
    (error as? MappingError)?.issues.map { "\($0.path) \($0.kind) \($0.reason)" }
  }

  /// The model's dictionary and the `validate` calls each of its models saw.
  private func describe(_ owner: CheckedOwner) -> String {
    "\(owner.log) \(owner.hooked?.keys ?? "-") " + (owner.next.map(describe) ?? "")
      + sortedJSON(owner.toDictionary())
  }
}
