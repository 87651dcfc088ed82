import Foundation
import Testing

@testable import MirrorModel

// `init(from:)` asks a `Decoder` only for the keys a class reads (its `ReadShape`), as a
// `Codable` struct does, instead of walking the whole payload. The values it reads are the ones
// the whole walk gives for those keys, so the model and its issues must be the same: these
// tests compare the two on random and chosen payloads.

/// A payload decoded both ways: the whole walk's dictionary mapped as `init(from:)` maps it.
private struct WholeWalk<Model: ModelBase>: Decodable {
  let model: Model?
  let issues: [MappingIssue]

  init(from decoder: any Decoder) throws {
    let longLiterals = LongLiterals()
    let dictionary = try CodableBridge.dictionary(
      from: decoder, shape: nil, longLiterals: longLiterals)
    let model = Model()
    let options = MappingOptions(longLiterals: longLiterals)
    issues = model.mapRoot(dictionary, options: options).issues
    self.model = issues.isEmpty ? model : nil
  }
}

final class ShapedLeaf: ModelBase {
  var name = ""
  var size = 0
}

final class ShapedRoot: ModelBase {
  var id = 0
  var title: String?
  var leaf: ShapedLeaf?
  var leaves: [ShapedLeaf] = []
  var byName: [String: ShapedLeaf] = [:]
  var firstName = ""
  var city = ""
  var deepSize = 0
  var tags: [String] = []
  var raw: [String: Any] = [:]
  override class var propertyMapping: [String: String] {
    [
      "firstName": "list[0].name", "city": "address.place.city", "deepSize": "nested.leaf.size",
    ]
  }
  override class var alternativeKeys: [String: [String]] { ["title": ["headline", "meta.title"]] }
}

/// Reads a dictionary hook: decoded whole.
final class ShapedHooked: ModelBase {
  var id = 0
  var keys: [String] = []
  override func didMap(from dictionary: [String: Any]) throws {
    keys = dictionary.keys.sorted()
  }
}

final class ShapedParentOfAliased: ModelBase {
  var aliased: [ShapedAliased] = []
}

final class ShapedParent: ModelBase {
  var hooked: ShapedHooked?
  var root: ShapedRoot?
}

/// Alternative keys, each a key: decoded straight into the model, the alternative asked for
/// where the own key is missing.
final class ShapedAliased: ModelBase {
  var id = 0
  var name: String?
  var leaf: ShapedLeaf?
  var leaves: [ShapedLeaf] = []
  var count = 0
  override class var alternativeKeys: [String: [String]] {
    ["id": ["ID", "identifier"], "name": ["title"], "leaf": ["node"], "leaves": ["items"]]
  }
}

/// A discriminator whose key sorts between the properties' keys.
class SortedVehicle: ModelBase {
  var alpha = 1
  override class var discriminator: ModelDiscriminator? {
    ModelDiscriminator(key: "kind", classes: ["car": SortedCar.self])
  }
}

final class SortedCar: SortedVehicle {
  var zulu = 2
}

/// Signed zeros read straight from a decoder.
class SignedZero: ModelBase {
  var x = 1.0
  var xs: [Double] = []
  var any: Any?
  var plain = 1.0
}

/// ``DirectPathAliased`` with no index written `[n]` (which has the decoder walked): decoded
/// straight.
class DecodedPathAliased: DirectPathAliased {
  override class var alternativeKeys: [String: [String]] {
    super.alternativeKeys.merging(["first": ["items.0.id", "items.1.id", "data.first"]]) { $1 }
  }
}

/// ``DecodedPathAliased`` matching keys case-insensitively (key paths exactly).
final class DecodedPathAliasedFolded: DecodedPathAliased {
  override class var keyMatching: KeyMatching { .caseInsensitive }
}

/// ``DecodedPathAliasedFolded`` keeping its unknown keys (looked up lowercased).
final class DecodedPathAliasedFoldedKept: DecodedPathAliased {
  override class var keyMatching: KeyMatching { .caseInsensitive }
  override class var keepsUnknownKeys: Bool { true }
}

/// ``DecodedPathAliased`` keeping its unknown keys.
final class DecodedPathAliasedKept: DecodedPathAliased {
  override class var keepsUnknownKeys: Bool { true }
}

/// ``DecodedPathAliased`` validating each value (every value walked, in the properties' order).
final class DecodedPathAliasedValidated: DecodedPathAliased {
  override func validate(_ value: Any, forProperty property: String) throws -> Any {
    try DirectPathAliased.refusingNegativeFirst(value, property)
  }
}

/// A class decoded only by the concurrency test of its shape (made on first use).
final class LazilyShaped: ModelBase {
  var first = 0
  var name = ""
  var leaf: ShapedLeaf?
  override class var propertyMapping: [String: String] { ["first": "items[0].id"] }
}

/// A key path with an index written `[n]`.
final class IndexedFirst: ModelBase {
  var first = 0
  override class var propertyMapping: [String: String] { ["first": "items[0].id"] }
}

/// Objects whose key paths meet arrays (collected from, indexed), scalars and `null` strings:
/// read straight from a decoder and from JSON text, each compared with the dictionary's way.
let collectedPathPayloads = [
  #"{"items": [{"id": 1, "name": "a", "owner": {"name": "o"}}, {"id": 2, "name": "b"}]}"#,
  #"{"items": [{"id": 1}, null, {"id": "3"}], "#
    + #""groups": [{"items": [{"id": 4}]}, {"items": []}]}"#,
  #"{"items": {"id": 5, "1": {"name": "x"}}, "groups": {"items": {"id": 6}}}"#,
  #"{"items": 7, "groups": [{"items": 8}], "id": 1}"#,
  #"{"items": [1, 2], "groups": [[{"items": [{"id": 9}]}]]}"#,
  #"{"items": "<null>", "groups": "null", "name": "kept"}"#,
  #"{"items": [{"owner": 3, "name": 4}, {"owner": [{"name": "p"}], "name": null}]}"#,
  #"{"items": [], "groups": null}"#, #"{"items": [{"id": 1e400}, {"id": 12345678901234567890}]}"#,
  #"{"items": [{"id": 0.30000000000000004441}, {"name": "\u00e9"}], "other": [1]}"#,

]

/// An object whose key paths collect from arrays and index them (``DecodedCollectedPaths``),
/// with one key no property reads.
///
/// Computed, not a global `let`: a `Data` kept in a global hides its storage from
/// LeakSanitizer (its representation keeps a case in a reference's spare bits).
var collectingPayload: Data {
  Data(
    (#"{"items": [{"id": 1, "owner": {"name": "o"}}, {"id": 2, "name": "b", "#
      + #""owner": {"name": "p"}}], "groups": [{"items": [{"id": 4}, {"id": 5}]}, "#
      + #"{"items": []}], "extra": 1}"#).utf8)
}

/// An object whose key paths meet scalars, and the issues (path and reason) they are.
var scalarPathsPayload: Data { Data(#"{"items": 7, "groups": {"items": 8}}"#.utf8) }
let scalarPathIssues = [
  "items.id: key path needs a dictionary at items",
  "items.owner.name: key path needs a dictionary at items",
  "items[1].name: key path needs an array at items",
  "groups.items.id: key path needs a dictionary at groups.items",
]

/// What ``collectingPayload`` gives, from every source.
func expectCollected(_ collected: DecodedCollectedPaths) {
  #expect(collected.ids == [1, 2])
  #expect(collected.names == ["o", "p"])
  #expect(collected.second == "b")
  #expect(collected.deep == [[4, 5], []])
}

/// Key paths that collect from arrays (Key-Value Coding) and index them.
class DecodedCollectedPaths: ModelBase {
  var ids: [Int] = []
  var names: [String]?
  var second = ""
  var deep: [[Int]] = []
  override class var propertyMapping: [String: String] {
    [
      "ids": "items.id", "names": "items.owner.name", "second": "items[1].name",
      "deep": "groups.items.id",
    ]
  }
}

/// ``DecodedCollectedPaths`` keeping its unknown keys (read whole by the walk).
final class DecodedCollectedPathsKept: DecodedCollectedPaths {
  override class var keepsUnknownKeys: Bool { true }
}

/// ``DecodedCollectedPaths`` validating each value (every value walked, in order).
final class DecodedCollectedPathsValidated: DecodedCollectedPaths {
  override func validate(_ value: Any, forProperty property: String) throws -> Any { value }
}

/// Arrays of integers, which a decoder's elements are read into one by one.
final class IntegerArrays: ModelBase {
  var ids: [Int64] = []
  var rows: [[Int]] = []
  var maybeIds: [Int64]?
  var counts: [Int?] = []
}

/// ``SignedZero`` walked whole from a decoder (a hook that takes the dictionary).
final class SignedZeroWalked: SignedZero {
  override func didMap(from dictionary: [String: Any]) throws {}
}

@Suite("Decoding asks only for the keys a class reads")
struct DecoderShapeTests {
  /// The two ways, on `text`: the same model (by its dictionary) or the same issues.
  private static func compare<Model: ModelBase>(_: Model.Type, _ text: Data, _ label: String) {
    let whole: WholeWalk<Model>
    do {
      whole = try JSONDecoder().decode(WholeWalk<Model>.self, from: text)
    } catch {
      return  // a DecodingError of the whole walk (JSONDecoder's syntax, a value too deep)
    }
    do {
      let shaped = try JSONDecoder().decode(Model.self, from: text)
      #expect(whole.issues == [], "\(label): only the whole walk had issues")
      if let model = whole.model {
        #expect(
          JSONValue.equal(shaped.toDictionary(), model.toDictionary()),
          "\(label)\n\(shaped.toDictionary())\nvs\n\(model.toDictionary())")
      }
    } catch let error as MappingError {
      #expect(error.issues == whole.issues, "\(label)")
    } catch {
      Issue.record("\(label): \(error)")
    }
  }

  @Test func theShapeNamesTheKeysAndWhatOfEachIsRead() throws {
    let shape = try #require(SchemaCache.shared.schema(for: ShapedRoot.self).readShape)
    #expect(
      Set(shape.members.keys)
        == [
          "id", "title", "headline", "meta", "leaf", "leaves", "byName", "list", "address",
          "nested", "tags", "raw",
        ])
    #expect(shape.members["leaf"]?.kind == .model)
    #expect(shape.members["leaves"]?.kind == .models)
    #expect(shape.members["byName"]?.kind == .modelsByKey)
    #expect(shape.members["list"]?.kind == .whole)  // read through an index
    #expect(shape.members["raw"]?.kind == .whole)
    #expect(
      shape.members["address"]?.keys?.members["place"]?.keys?.members.keys.sorted() == ["city"])
    #expect(shape.members["nested"]?.kind == .keys)
    // A hook that takes the dictionary, or unknown keys kept: read whole.
    #expect(SchemaCache.shared.schema(for: ShapedHooked.self).readShape == nil)
    #expect(SchemaCache.shared.schema(for: DirectKeptStatus.self).readShape == nil)
  }

  @Test func keysNoPropertyReadsAreNotReadAtAll() throws {
    // An unknown value nested past the bridge's limit (202 levels): the whole walk refuses the
    // payload, while a Codable struct, and now a model, never look at it.
    let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    let text = Data(
      (#"{"id": 7, "unknown": "# + deep + #", "leaf": {"name": "a", "x": "# + deep + "}}").utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(WholeWalk<ShapedRoot>.self, from: text)
    }
    let root = try JSONDecoder().decode(ShapedRoot.self, from: text)
    #expect(root.id == 7)
    #expect(root.leaf?.name == "a")
  }

  @Test(arguments: [
    #"{"id": 1, "title": "t", "headline": "h", "leaf": {"name": "a", "size": 2, "other": [1]}}"#,
    #"{"headline": "h", "meta": {"title": "m"}, "leaves": [{"name": "x"}, {"size": "3"}]}"#,
    #"{"meta": {"title": "m", "more": 1}, "byName": {"a": {"name": "a"}, "b": 5}}"#,
    #"{"list": [{"name": "first", "size": 1}, 2], "address": {"place": {"city": "P", "z": 1}}}"#,
    #"{"address": {"place": "nowhere"}, "nested": {"leaf": {"size": 9, "name": "q"}}}"#,
    #"{"nested": [{"leaf": {"size": 1}}, {"leaf": {"size": 2}}], "leaf": null, "tags": ["a"]}"#,
    #"{"leaves": {"a": 1}, "byName": [1], "leaf": [], "raw": {"k": [1, {"z": null}]}}"#,
    #"{"id": "12", "leaf": {"name": 5, "size": 1.5}, "raw": 3, "tags": "x"}"#,
    #"{"leaf": {"mantissa": [1, 0, 0, 0, 0, 0, 0, 0], "exponent": 0, "length": 1, "#
      + #""isNegative": false, "isCompact": true}}"#,
    #"{"id": 1e400}"#, #"{"id": 123456789012345678901234567890}"#, #"{}"#,
  ])
  func chosenPayloadsGiveWhatTheWholeWalkGives(_ text: String) {
    Self.compare(ShapedRoot.self, Data(text.utf8), text)
    Self.compare(ShapedParent.self, Data(#"{"root": \#(text), "hooked": \#(text)}"#.utf8), text)
  }

  @Test func classesWithPlainKeysAreDecodedStraightIntoTheirModels() {
    #expect(SchemaCache.shared.schema(for: DirectRoot.self).decoderKeys?.count == 38)
    #expect(SchemaCache.shared.schema(for: DirectNode.self).decoderKeys != nil)
    #expect(SchemaCache.shared.schema(for: DirectLeaf.self).decoderKeys != nil)
    // Key paths made of keys: each property's keys.
    #expect(
      SchemaCache.shared.schema(for: DirectStatus.self).decoderKeys?.map { $0.map(\.stringValue) }
        == [
          ["id"], ["text"], ["entities", "hashtags"], ["entities", "urls"], ["user", "name"],
          ["user", "more", "followers"],
        ])
    // An index written `[n]`: a key with an `intValue`.
    #expect(
      SchemaCache.shared.schema(for: ShapedRoot.self).decoderKeys?[5].map(\.intValue)
        == [nil, 0, nil])
    // A hook that takes the dictionary: the decoder is walked into a dictionary of the keys
    // the class reads.
    #expect(SchemaCache.shared.schema(for: ShapedHooked.self).decoderKeys == nil)
    // Unknown keys kept, keys matched case-insensitively: read straight from the decoder.
    #expect(SchemaCache.shared.schema(for: DirectKeptStatus.self).decoderKeys?.count == 4)
    #expect(SchemaCache.shared.schema(for: DirectFolded.self).decoderKeys?.count == 3)
  }

  @Test(arguments: [
    #"{"id": 1, "entities": {"hashtags": ["a"], "urls": [{"u": "x"}], "media": [1]}, "#
      + #""user": {"name": "ann", "more": {"followers": 3, "f": {"g": null}}}, "lang": "en"}"#,
    #"{"z": [1, {"a": 2}], "entities": {"x": {"y": [3]}, "hashtags": ["a"], "b": "s"}, "#
      + #""user": {"more": {"followers": 4, "f2": null, "": true}, "w": -1.5e3}, "a": 1e300}"#,
    #"{"id": 3, "entities": null, "user": 7, "big": 123456789012345678901234567890}"#,
    #"{"id": 4, "entities": [{"hashtags": ["k"]}], "user": {"more": [1]}}"#,
    #"{"entities": {}, "user": {"more": 7}, "id": "x", "k\u00e9y": "\ud83d\ude00"}"#, #"{}"#,
  ])
  func keptUnknownKeysAreDecodedAsTheWalkGivesThem(_ text: String) throws {
    Self.compare(DirectKeptStatus.self, Data(text.utf8), text)
    Self.compare(DirectKeptFlat.self, Data(text.utf8), text)
    let data = Data(text.utf8)
    guard let kept = try? JSONDecoder().decode(DirectKeptStatus.self, from: data) else { return }
    // The values kept are written back, as they are from JSON text.
    #expect(JSONValue.equal(kept.toDictionary(), try DirectKeptStatus(json: data).toDictionary()))
  }

  @Test(arguments: [
    #"{"animals": [{"type": "dog", "name": "Rex", "barks": false}, {"type": "cat", "lives": 7}, "#
      + #"{"name": "Generic"}], "byKeeper": {"a": {"type": "cat"}}, "star": {"type": "dog"}}"#,
    #"{"animals": [{"type": 1, "name": "n"}, {"type": null}, {"type": "bird"}, {"type": "cat", "#
      + #""lives": "x"}], "star": {"type": "cat", "lives": 2, "extra": [1]}}"#,
    #"{"animals": [{"type": ["dog"]}, 3], "star": {"name": 5, "type": "dog", "barks": "no"}}"#,
    #"{"animals": [{"type": "cat", "lives": null}], "star": {"type": "N/A"}}"#,
  ])
  func aDecoderReadsTheClassTheDiscriminatorNames(_ text: String) throws {
    // Read straight from the decoder: the discriminator's value asked for, then the class it
    // names read property by property.
    #expect(SchemaCache.shared.schema(for: Pet.self).decoderKeys != nil)
    #expect(SchemaCache.shared.schema(for: PetDog.self).decoderKeys != nil)
    let data = Data(text.utf8)
    let decoded = mappingIssues { _ = try JSONDecoder().decode(PetZoo.self, from: data) }
    #expect(decoded == mappingIssues { _ = try PetZoo(json: data) })
    guard decoded.isEmpty else { return }
    let fromDecoder = try JSONDecoder().decode(PetZoo.self, from: data)
    let fromText = try PetZoo(json: data)
    #expect(
      fromDecoder.animals.map { "\(type(of: $0))" } == fromText.animals.map { "\(type(of: $0))" })
    #expect(type(of: fromDecoder.star as Any) == type(of: fromText.star as Any))
    #expect(fromDecoder.star.map { "\(type(of: $0))" } == fromText.star.map { "\(type(of: $0))" })
    #expect(JSONValue.equal(fromDecoder.toDictionary(), fromText.toDictionary()))
  }

  @Test func aDiscriminatedClassIsWrittenStraightToJSONText() throws {
    #expect(SchemaCache.shared.schema(for: PetDog.self).jsonDiscriminator?.value == "dog")
    // Its key is a property's too (the discriminator wins): written through the dictionary.
    #expect(SchemaCache.shared.schema(for: RoundFigure.self).jsonDiscriminator == nil)
    let zoo = try PetZoo(
      json: Data(
        #"""
        {"zooId": "z", "animals": [{"type": "dog", "name": "Rex", "barks": false},
         {"type": "cat", "name": "Tom", "lives": 7}, {"name": "Generic", "type": "pet"}],
         "byKeeper": {"b": {"type": "cat", "name": "\u00e9"}}, "star": {"type": "dog"}}
        """#.utf8))
    for pretty in [false, true] {
      let text = try zoo.toJSON(prettyPrinted: pretty)
      let read = try JSONSerialization.jsonObject(with: text) as? [String: Any]
      #expect(JSONValue.equal(read ?? [:], zoo.toDictionary()))
      let again = try PetZoo(json: text)
      #expect(again.animals.map { "\(type(of: $0))" } == ["PetDog", "PetCat", "Pet"])
      #expect(JSONValue.equal(again.toDictionary(), zoo.toDictionary()))
    }
    // An encoder gets the discriminator after the properties too, and a decoder the classes.
    let encoded = try JSONEncoder().encode(zoo)
    let decoded = try JSONDecoder().decode(PetZoo.self, from: encoded)
    #expect(decoded.animals.map { "\(type(of: $0))" } == ["PetDog", "PetCat", "Pet"])
    #expect(decoded.star is PetDog && decoded.byKeeper["b"] is PetCat)
    let encodedTree = try JSONSerialization.jsonObject(with: encoded) as? [String: Any]
    #expect(JSONValue.equal(encodedTree ?? [:], zoo.toDictionary()))
    // `==` and `hash(into:)` compare and hash property by property: the same answers, and
    // the hash the dictionary gives.
    let copy = try PetZoo(json: try zoo.toJSON())
    #expect(copy == zoo && copy.hashValue == zoo.hashValue)
    for (animal, again) in zip(zoo.animals, copy.animals) {
      #expect(animal == again && animal.hashValue == again.hashValue)
      var hasher = Hasher()
      hasher.combine(ObjectIdentifier(type(of: animal)))
      JSONValue.hash(animal.toDictionary(), into: &hasher)
      #expect(animal.hashValue == hasher.finalize())
    }
    (copy.animals[0] as? PetDog)?.barks = true
    #expect(copy.animals[0] != zoo.animals[0] && copy != zoo)
    #expect(zoo.animals[0] != zoo.animals[1])
    // Pretty text has its keys sorted, the discriminator's among them: the bytes the
    // dictionary gives.
    var writer = JSONWriter.Writer(prettyPrinted: true, sortedKeys: true)
    try writer.write(zoo.toDictionary(), depth: 0)
    #expect(try zoo.toJSON(prettyPrinted: true) == writer.output.takeData())
    let figure = RoundFigure()
    figure.radius = 2
    let figureText = try figure.toJSON()
    #expect(String(decoding: figureText, as: UTF8.self).contains(#""kind":"circle""#))
    // The discriminator's key between the properties' keys when sorted.
    let car = SortedCar()
    #expect(
      String(decoding: try car.toJSON(prettyPrinted: true), as: UTF8.self)
        == "{\n  \"alpha\" : 1,\n  \"kind\" : \"car\",\n  \"zulu\" : 2\n}")
    #expect(
      String(decoding: try car.toJSON(), as: UTF8.self) == #"{"alpha":1,"zulu":2,"kind":"car"}"#)
    #expect(try SortedVehicle.make(json: try car.toJSON()) is SortedCar)
  }

  @Test func negativeZeroKeepsItsSignWalkedOrReadStraight() throws {
    let data = Data(#"{"x": -0.0, "xs": [-0.0, 0.0], "any": -0E-5, "plain": -0}"#.utf8)
    let direct = try JSONDecoder().decode(SignedZero.self, from: data)
    let walked = try JSONDecoder().decode(SignedZeroWalked.self, from: data)
    #expect(SchemaCache.shared.schema(for: SignedZero.self).decoderKeys != nil)
    #expect(SchemaCache.shared.schema(for: SignedZeroWalked.self).decoderKeys == nil)
    for model in [direct, walked] as [SignedZero] {
      #expect(model.x == 0 && model.x.sign == .minus)
      #expect(model.xs.map(\.sign) == [.minus, .plus])
      #expect((model.any as? Double)?.sign == .minus)
      // `JSONDecoder` reads `-0` as `-0.0` too (`JSONSerialization` as the integer 0).
      #expect(model.plain.sign == .minus)
    }
  }

  /// A negative zero written beyond `Decimal`'s exponent range (`-0E-5666`), which
  /// `JSONDecoder` reads as the integer 0 and as the `Double` `-0.0`, keeps its sign in an
  /// `Any` whatever the walk read before it (the fuzzer found it 0 where nothing had told the
  /// walk that the decoder reads `Decimal`s, `-0.0` after a fraction), as JSON text gives it.
  @Test func aNegativeZeroBeyondDecimalKeepsItsSignWhateverCameFirst() throws {
    for text in [
      #"{"any": {"z": -0E-5666, "a": 1.5}}"#, #"{"any": {"a": 1.5, "z": -0E-5666}}"#,
      #"{"any": {"z": -0e-400, "a": 2}}"#,
    ] {
      for type in [SignedZero.self, SignedZeroWalked.self] {
        let model = try JSONDecoder().decode(type, from: Data(text.utf8))
        let zero = (model.any as? [String: Any])?["z"] as? Double
        #expect(zero == 0 && zero?.sign == .minus, "\(type) \(text)")
        let fromText = try type.init(json: Data(text.utf8))
        #expect(((fromText.any as? [String: Any])?["z"] as? Double)?.sign == .minus)
      }
    }
  }

  /// An integral `Double` past 2^53 is written with its shortest digits
  /// (`7.20368547758e+18`), which `JSONDecoder` reads back as the integer they name: the model
  /// read back is `==` the one written, and hashes the same (the fuzzer found them unequal,
  /// the `Double`'s binary value being 7203685477579999744).
  @Test func aLargeWholeDoubleEqualsTheIntegerItsTextNames() throws {
    // (JSON text gives `720368547758E7` as the integer it names: the Double is set here.)
    let model = try SignedZero(dictionary: ["any": 7.203_685_477_58e18])
    #expect(model.any as? Double == 7.203_685_477_58e18)
    let text = try model.toJSON()
    #expect(String(decoding: text, as: UTF8.self).contains(#""any":7.20368547758e+18"#))
    let decoded = try JSONDecoder().decode(SignedZero.self, from: text)
    #expect(decoded.any as? Int == 7_203_685_477_580_000_000)
    #expect(decoded == model)
    #expect(decoded.hashValue == model.hashValue)
    let double = 7.203_685_477_58e18
    #expect(JSONValue.equal(double, 7_203_685_477_580_000_000))
    #expect(!JSONValue.equal(double, 7_203_685_477_579_999_744))
    #expect(!JSONValue.equal(double.nextUp, 7_203_685_477_580_000_000))
    #expect(JSONValue.equal(0x1p63, 9_223_372_036_854_776_000 as UInt64))
    #expect(!JSONValue.equal(0x1p63, UInt64(1) << 63))
    #expect(JSONValue.equal(Decimal(string: "7203685477580000000")!, double))
    #expect(JSONValue.equal(-0x1p60, -1_152_921_504_606_847_000))
    #expect(JSONValue.equal(0x1p53, 9_007_199_254_740_992))
    #expect(!JSONValue.equal(1e20, UInt64.max))
  }

  @Test(arguments: [
    #"{"HOTELID": 1, "NAME": "n", "Leaf": {"name": "l"}}"#,
    #"{"hotelid": 1, "HotelId": 2, "hotel_ID": 3, "name": "exact", "Name": "folded"}"#,
    #"{"Hotel_Id": "4", "nAmE": null, "LEAF": [1]}"#,
    #"{"hotel_id": 5, "HOTELID": 6}"#, #"{"other": 1}"#, #"{"HotelID": "x", "LeAf": 3}"#,
  ])
  func keysMatchedCaseInsensitivelyAreDecodedAsTheWalkGivesThem(_ text: String) throws {
    Self.compare(DirectFolded.self, Data(text.utf8), text)
    let data = Data(text.utf8)
    let decoded = mappingIssues { _ = try JSONDecoder().decode(DirectFolded.self, from: data) }
    #expect(decoded == mappingIssues { _ = try DirectFolded(json: data) })
    if decoded.isEmpty {
      let model = try JSONDecoder().decode(DirectFolded.self, from: data)
      #expect(JSONValue.equal(model.toDictionary(), try DirectFolded(json: data).toDictionary()))
    }
  }

  @Test(arguments: [
    #"{"id": 1, "ID": 2, "identifier": 3, "name": "n", "title": "t"}"#,
    #"{"ID": 2, "identifier": 3, "title": "t", "node": {"name": "a"}, "items": [{"size": 1}]}"#,
    #"{"identifier": "3", "name": null, "title": "t", "leaf": null, "node": {"name": "b"}}"#,
    #"{"identifier": "x", "title": 5, "node": [1], "items": {"a": 1}, "count": "many"}"#,
    #"{"id": null, "ID": 4, "leaves": [], "items": [{"name": "i"}]}"#,
    #"{"ID": 1e400, "node": {"size": "big"}, "items": [{"size": 2}, 3]}"#, #"{}"#,
  ])
  func alternativeKeysAreDecodedAsTheWalkGivesThem(_ text: String) throws {
    #expect(SchemaCache.shared.schema(for: ShapedAliased.self).decoderKeys != nil)
    Self.compare(ShapedAliased.self, Data(text.utf8), text)
    Self.compare(ShapedParentOfAliased.self, Data(#"{"aliased": [\#(text)]}"#.utf8), text)
    // And as JSON text and the dictionary give them.
    let data = Data(text.utf8)
    // (JSONSerialization refuses 1e400.)
    guard let dictionary = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      return
    }
    let fromDecoder = mappingIssues { _ = try JSONDecoder().decode(ShapedAliased.self, from: data) }
    #expect(fromDecoder == mappingIssues { _ = try ShapedAliased(dictionary: dictionary) })
    #expect(fromDecoder == mappingIssues { _ = try ShapedAliased(json: data) })
    if fromDecoder.isEmpty {
      let decoded = try JSONDecoder().decode(ShapedAliased.self, from: data)
      #expect(JSONValue.equal(decoded.toDictionary(), try ShapedAliased(json: data).toDictionary()))
    }
  }

  /// Values a model's properties take as they are, and values each property converts (or
  /// refuses) the ordinary way, decoded straight into `DirectRoot`: what the walk gives.
  @Test(arguments: [
    #"{"int": 1, "int8": 2, "big_int": 9223372036854775807, "double": 2.5, "bool": true}"#,
    #"{"int": "12", "int8": 300, "big_int": "-4", "double": "1.5", "bool": "yes", "uint": -1}"#,
    #"{"int": 1.0, "big_int": 1e3, "double": 1, "uint64": 18446744073709551615, "float": 1e40}"#,
    #"{"int": null, "text": null, "maybeText": "null", "maybeInt": null, "maybeMaybe": null}"#,
    #"{"text": "N/A", "maybeText": "-", "names": ["null", "a"], "maybeNames": ["nil", null]}"#,
    #"{"numbers": [1, 2.5, "3"], "maybeNumbers": [1, null], "grid": [[1, 2], [], [3.5]]}"#,
    #"{"cube": [[[1]], [[2, "x"]]], "tags": ["a", "a", "b"], "scores": {"a": 1, "b": "2"}}"#,
    #"{"leaf": {"weight": 1}, "leaves": [{"name": "a"}, null, {"name": 5}], "node": {}}"#,
    #"{"leaves": [], "maybeLeaves": [{"name": "x", "tags": ["t"]}], "leafMap": {"k": {}}}"#,
    #"{"node": {"label": "a", "next": {"label": "b", "kids": [{"label": "c"}, 7]}}}"#,
    #"{"node": {"next": null, "kids": null, "byName": {"x": {"label": "y"}}}, "pets": [{}]}"#,
    #"{"leaf": {"name": "a", "mantissa": [1, 0, 0, 0, 0, 0, 0, 0], "exponent": 0}}"#,
    #"{"leaf": "text", "leaves": {"a": 1}, "node": [], "pets": [{"name": "d", "barks": 1}]}"#,
    #"{"date": "2024-01-02T03:04:05Z", "url": "http://a.b/c", "uuid": "nope", "data": "AQI="}"#,
    #"{"color": "blue", "level": 2, "anything": {"a": [1, null]}, "rawList": [1, "x", null]}"#,
    #"{"double": 123456789012345678901234567890.5, "maybeDouble": 0.10000000000000000555}"#,
    #"{"decimal": 0.1, "rawMap": {"n": 12345678901234567890123}, "anything": 1e400}"#,
    #"{"level": null, "leaf": null, "maybeLeaves": null, "cube": null, "uint8": null}"#,
    #"{"int": 1447644073709500.010057827, "big_int": 1.0000000000000001, "maybeInt": 2.0}"#,
    #"{"int": 1e2, "big_int": 100e-2, "maybeInt": 12345678901234567, "numbers": [1.0, 2]}"#,
  ])
  func valuesOfEveryKindAreDecodedAsTheWalkGivesThem(_ text: String) {
    Self.compare(DirectRoot.self, Data(text.utf8), text)
    Self.compare(DirectNode.self, Data(#"{"kids": [\#(text)], "next": \#(text)}"#.utf8), text)
  }

  /// Arrays of integers decoded element by element: a fraction whose `Double` is whole
  /// (which `JSONDecoder` reads into an `Int`), an integer out of range, and any other kind
  /// leave the array to the walk, which reports what it reports; the rest read as the walk
  /// reads them.
  @Test(arguments: [
    #"{"ids": [1, 505874924095815681, -0, 1e2], "rows": [[1, 2], [], [3]], "counts": [1, null]}"#,
    #"{"ids": [1, 1.0000000000000001], "rows": [[1447644073709500.010057827]], "counts": [2.0]}"#,
    #"{"ids": [9223372036854775808], "rows": [[1], [1.5]], "maybeIds": [100e-2, 7]}"#,
    #"{"ids": [true], "rows": [["4"]], "maybeIds": [-9223372036854775808], "counts": ["x"]}"#,
    #"{"ids": [9007199254740993.5], "rows": [[1e-400]], "maybeIds": null, "counts": [1e400]}"#,
  ])
  func arraysOfIntegersAreDecodedAsTheWalkGivesThem(_ text: String) {
    Self.compare(IntegerArrays.self, Data(text.utf8), text)
    let numbers = text.replacing("\"ids\"", with: "\"numbers\"")
    Self.compare(DirectRoot.self, Data(numbers.utf8), text)
  }

  /// Alternative keys and key paths decoded straight, the class's order winning: what the
  /// walk gives, on the payloads read from JSON text and on random ones.
  @Test(arguments: [
    #"{"name": "own", "nick_name": "n", "data": {"nickName": "d"}}"#,
    #"{"data": {"nickName": "d", "profile": {"name": "p"}}, "nick_name": "n"}"#,
    #"{"data": {"profile": {"name": "p"}, "nickName": null}, "name": 5}"#,
    #"{"data": {"profile": null, "tags": ["a", "b"], "first": 3}, "items": [{"id": 1}]}"#,
    #"{"location": {"city": null}, "town": "T", "address": {"city": "A"}}"#,
    #"{"address": {"zip": 1}, "location": [{"city": "c"}], "data": {"tags": "no"}}"#,
    #"{"data": {"first": -4, "extra": true, "profile": {"name": "p", "age": 3}}, "z": null}"#,
    #"{"address": 4, "data": {"nickName": "n"}, "town": "t"}"#, #"{}"#,
  ])
  func alternativeKeyPathsAreDecodedAsTheWalkGivesThem(_ text: String) {
    for type in [
      DecodedPathAliased.self, DecodedPathAliasedKept.self, DecodedPathAliasedValidated.self,
    ] as [ModelBase.Type] {
      #expect(SchemaCache.shared.schema(for: type).decoderKeys != nil, "\(type)")
    }
    #expect(SchemaCache.shared.schema(for: DirectPathAliased.self).decoderKeys != nil)
    Self.compare(DecodedPathAliased.self, Data(text.utf8), text)
    Self.compare(DecodedPathAliasedKept.self, Data(text.utf8), text)
    Self.compare(DecodedPathAliasedValidated.self, Data(text.utf8), text)
    Self.compare(DirectPathAliased.self, Data(text.utf8), text)
  }

  @Test func randomAlternativeKeyPathsAreDecodedAsTheWalkGivesThem() {
    #expect(SchemaCache.shared.schema(for: DecodedPathAliasedFolded.self).decoderKeys != nil)
    for text in DirectReadingTests.randomAliasedObjects(seed: 0xDEC0_A17E, count: 300) {
      let label = String(decoding: text, as: UTF8.self)
      Self.compare(DecodedPathAliased.self, text, label)
      Self.compare(DecodedPathAliasedKept.self, text, label)
      Self.compare(DecodedPathAliasedValidated.self, text, label)
      // With indices written `[n]` too.
      Self.compare(DirectPathAliased.self, text, label)
      Self.compare(DirectPathAliasedKept.self, text, label)
      Self.compare(DirectPathAliasedValidated.self, text, label)
      // The keys in other cases: matched by the folded class only, key paths never.
      for (from, to) in [("name", "NAME"), ("nick_", "Nick_"), ("town", "Town"), ("data", "DATA")] {
        let folded = Data(label.replacing("\"\(from)", with: "\"\(to)").utf8)
        Self.compare(DecodedPathAliasedFolded.self, folded, "\(from): \(label)")
        Self.compare(DecodedPathAliasedFoldedKept.self, folded, "\(from): \(label)")
        Self.compare(DecodedPathAliased.self, folded, "\(from): \(label)")
      }
    }
  }

  /// A key path with an index written `[n]` takes an array only: the value it indexes is
  /// walked, and an object there reported as a dictionary's is (it was read as the object's
  /// key).
  @Test func aKeyPathIndexTakesAnArrayOnly() throws {
    #expect(SchemaCache.shared.schema(for: IndexedFirst.self).decoderKeys != nil)
    for text in [
      #"{"items": {"id": 5}}"#, #"{"items": [{"id": 6}]}"#, #"{"items": {"0": {"id": 7}}}"#,
    ] {
      Self.compare(IndexedFirst.self, Data(text.utf8), text)
    }
    let issues = mappingIssues {
      _ = try JSONDecoder().decode(IndexedFirst.self, from: Data(#"{"items": {"id": 5}}"#.utf8))
    }
    #expect(issues.map(\.path) == ["items[0].id"])
    let model = try JSONDecoder().decode(
      IndexedFirst.self, from: Data(#"{"items": [{"id": 6}]}"#.utf8))
    #expect(model.first == 6)
  }

  /// Key paths through arrays, scalars and `null` strings read straight from the decoder.
  ///
  /// The value on the way that is not an object is walked alone and looked up in as a
  /// dictionary's (elements' values collected, or one indexed; a scalar an issue), the rest
  /// of the object read property by property: the same model and issues as the walk of the
  /// whole object gives.
  @Test(arguments: collectedPathPayloads)
  func keyPathsThroughArraysAndScalarsAreDecodedAsTheWalkGivesThem(_ text: String) {
    for type in [DecodedCollectedPaths.self, DecodedCollectedPathsKept.self] as [ModelBase.Type] {
      #expect(SchemaCache.shared.schema(for: type).decoderKeys != nil, "\(type)")
    }
    Self.compare(DecodedCollectedPaths.self, Data(text.utf8), text)
    Self.compare(DecodedCollectedPathsKept.self, Data(text.utf8), text)
    Self.compare(DecodedCollectedPathsValidated.self, Data(text.utf8), text)
    Self.compare(IndexedFirst.self, Data(text.utf8), text)
    Self.compare(ShapedRoot.self, Data(text.utf8), text)
  }

  @Test func aKeyPathThroughAnArrayCollectsAndThroughAScalarIsAnIssue() throws {
    expectCollected(
      try JSONDecoder().decode(DecodedCollectedPaths.self, from: collectingPayload))
    let issues = mappingIssues {
      _ = try JSONDecoder().decode(DecodedCollectedPaths.self, from: scalarPathsPayload)
    }
    #expect(issues.map { "\($0.path): \($0.reason)" } == scalarPathIssues)
  }

  /// A class's shape is made the first time a decoder is walked for it, by whichever thread
  /// gets there first: threads decoding it at once all get their own values.
  @Test func manyThreadsMakeAndShareAShape() {
    let count = 32
    let decoded = LockedStrings(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
      let text = #"{"items": [{"id": \#(index)}], "name": "n\#(index)", "leaf": {"size": 2}}"#
      let model = try? JSONDecoder().decode(LazilyShaped.self, from: Data(text.utf8))
      decoded.set(index, model.map { "\($0.first) \($0.name) \($0.leaf?.size ?? -1)" } ?? "failed")
    }
    #expect(decoded.values == (0..<count).map { "\($0) n\($0) 2" })
    #expect(SchemaCache.shared.schema(for: LazilyShaped.self).readShape?.members.count == 3)
  }

  /// The values and issues of integer arrays decoded element by element, exactly.
  @Test func arraysOfIntegersHoldTheirValuesAndReportTheirFractions() throws {
    let model = try JSONDecoder().decode(
      IntegerArrays.self,
      from: Data(#"{"ids": [1, 505874924095815681, -0, 1e2], "rows": [[1, 2], [], [3]]}"#.utf8))
    #expect(model.ids == [1, 505_874_924_095_815_681, 0, 100])
    #expect(model.rows == [[1, 2], [], [3]])
    let issues = mappingIssues {
      _ = try JSONDecoder().decode(
        IntegerArrays.self,
        from: Data(
          #"{"ids": [1, 1.0000000000000001], "rows": [[2], [1447644073709500.010057827, 3]]}"#
            .utf8))
    }
    #expect(issues.map(\.path) == ["ids[1]", "rows[1][0]"])
  }

  /// A literal a decoder reads as no `Decimal` and no `Double`, only as the integer 0
  /// (`1e-400`), is that integer whatever the walk read before it (a fraction first tells it
  /// the decoder reads `Decimal`s): the fuzzer found it read or refused by the order of keys.
  @Test func aNumberTooSmallForADoubleIsReadTheSameWhateverCameFirst() throws {
    for text in [
      #"{"int": 1.5, "maybeDouble": 1e-400, "anything": 1e-400}"#,
      #"{"maybeDouble": 1e-400, "anything": 1e-400}"#,
    ] {
      let issues = mappingIssues {
        _ = try JSONDecoder().decode(DirectRoot.self, from: Data(text.utf8))
      }
      #expect(issues.map(\.path) == (text.contains("1.5") ? ["int"] : []), "\(text)")
      let model = try JSONDecoder().decode(
        DirectRoot.self,
        from: Data(text.utf8).replacing(
          Data(#""int": 1.5, "#.utf8), with: Data()))
      #expect(model.maybeDouble == 0)
      #expect(model.anything as? Int == 0)
    }
  }

  /// Key paths read through the objects they name, and the values on the way that make the
  /// object be read the ordinary way: what the walk gives.
  @Test(arguments: [
    #"{"entities": {"hashtags": ["a"], "urls": [{}]}, "user": {"more": {"followers": 3}}}"#,
    #"{"entities": null, "user": {"name": null, "more": null}}"#,
    #"{"entities": "null", "user": {"name": "N/A", "more": {"followers": "12"}}}"#,
    #"{"entities": [{"hashtags": ["a"]}, {"hashtags": ["b"]}], "user": {"more": {}}}"#,
    #"{"entities": {"hashtags": null, "urls": 5}, "user": [], "text": 5}"#,
    #"{"entities": 7, "user": {"more": [1]}}"#,
    #"{"entities": {"mantissa": [1, 0, 0, 0, 0, 0, 0, 0], "exponent": 0, "hashtags": []}}"#,
    #"{"user": {"more": {"followers": 1.5, "other": 1}, "name": "n"}, "id": "7"}"#,
    #"{"user": {"more": {"followers": null}}, "entities": {"urls": [{"u": 1}, null]}}"#,
  ])
  func keyPathsAreDecodedAsTheWalkGivesThem(_ text: String) {
    Self.compare(DirectStatus.self, Data(text.utf8), text)
  }

  @Test(
    "Random payloads give what the whole walk gives", arguments: [0x5A_0001, 0x5A_0002] as [UInt64])
  func randomPayloads(seed: UInt64) throws {
    var seeds = RandSplitMix(seed: seed)
    for index in 0..<200 {
      var maker = RandMaker(seed: seeds.next())
      var payload = maker.payload()
      if index % 2 == 1 { payload = maker.mutated(payload) }
      guard JSONSerialization.isValidJSONObject(payload),
        let text = try? JSONSerialization.data(withJSONObject: payload)
      else { continue }
      Self.compare(DirectRoot.self, text, "case \(index)")
      Self.compare(RandRoot.self, text, "case \(index)")
      let status =
        Data(#"{"entities": {"hashtags": ["a"], "urls": [{"u": 1}]}, "user": "#.utf8)
        + text + Data(#", "id": 3}"#.utf8)
      Self.compare(DirectStatus.self, status, "status \(index)")
    }
  }
}

/// Optionals of the common scalar types, some with initial values a missing key keeps, which a
/// decoder is asked for once each (`decodeIfPresent`).
final class DecodedOptionals: ModelBase {
  override class var nullStrings: Set<String> { ["N/A"] }
  var text: String?
  var count: Int?
  var big: Int64?
  var flag: Bool?
  var ratio: Double?
  var kept: String? = "initial"
  var keptCount: Int? = 5
  var keptFlag: Bool? = true
  var fallback: Double?
  override class var defaultValues: [String: Any] { ["fallback": 0.5] }
}

/// Arrays of the types a decoder's elements are read fast into, some with null strings.
final class DecodedArrays: ModelBase {
  override class var nullStrings: Set<String> { ["N/A"] }
  var ints: [Int] = []
  var names: [String] = []
  var ratios: [Double] = []
  var flags: [Bool] = []
  var maybe: [Int?] = []
  var rows: [[Int]] = []
  var ids: [Int64] = [7]
  var maybeInts: [Int]?
  var maybeRows: [[Int]]? = [[7]]
  var maybeNames: [String]?
}

/// Models that are not optional, whose containers a decoder is asked for first.
final class DecodedPresentModels: ModelBase {
  var leaf = ShapedLeaf()
  var leaves: [ShapedLeaf] = []
  var byName: [String: ShapedLeaf] = [:]
  var count = 0
  override class var defaultValues: [String: Any] { ["leaves": [["name": "default"]]] }
}

/// Arrays of models, optional and not, one of a subclass `arrayElementTypes` names.
final class DecodedModelArrays: ModelBase {
  var leaves: [ShapedLeaf] = []
  var maybeLeaves: [ShapedLeaf]?
  var pets: [DirectPet] = []
  var hooked: [ShapedHooked] = []
  override class var arrayElementTypes: [String: ModelBase.Type] { ["pets": DirectDog.self] }
}

/// Dictionaries of models, optional and not, one of a subclass `arrayElementTypes` names, one
/// of a class whose hook takes its dictionary.
final class DecodedModelDictionaries: ModelBase {
  var byName: [String: ShapedLeaf] = [:]
  var maybe: [String: ShapedLeaf]?
  var pets: [String: DirectPet] = [:]
  var hooked: [String: ShapedHooked] = [:]
  override class var arrayElementTypes: [String: ModelBase.Type] { ["pets": DirectDog.self] }
}

extension DecoderShapeTests {
  /// `text` decoded as the whole walk reads it (``compare(_:_:_:)``) and as JSON text is
  /// read: the same model, or the same issues.
  private static func compareWithWalkAndText<Model: ModelBase>(
    _: Model.Type, _ text: String
  ) throws {
    let data = Data(text.utf8)
    compare(Model.self, data, text)
    do {
      let decoded = try JSONDecoder().decode(Model.self, from: data)
      let read = try Model(json: data)
      #expect(JSONValue.equal(decoded.toDictionary(), read.toDictionary()), "\(text)")
    } catch let error as MappingError {
      let fromText = #expect(throws: MappingError.self) { try Model(json: data) }
      #expect(fromText?.issues == error.issues, "\(text)")
    }
  }

  /// An array whose element is not decoded fast (first, middle, last; a numeric string,
  /// `null`, a null string, a fraction, an object, an array, an integer out of range) has that
  /// element walked where it stands and the rest decoded: the model and issues the whole walk
  /// gives, and JSON text.
  @Test(arguments: [
    #"{"ints": ["1", 2, 3], "names": ["a", 5, "c"], "ratios": [1, "3.5"], "flags": [true, 1]}"#,
    #"{"ints": [1, 2, null], "names": [null, "b"], "maybe": [1, "3"], "rows": [[1], ["2"], [3]]}"#,
    #"{"ints": [1, 1.5, 3], "names": ["a", "N/A"], "ratios": ["1e2", 2], "ids": [1, "-9"]}"#,
    #"{"ids": [1, "9223372036854775808"], "maybe": [1, null, "x"]}"#,
    #"{"ints": [1, {"n": 2}, 3], "names": ["a", ["b"]], "flags": [false, "true", null]}"#,
    #"{"maybe": [null], "flags": [true, "false"]}"#,
    #"{"ints": [1, 2.0, 1e2, "4"], "rows": [[1, 2], [1.0000000000000001], [], null, [[5]]]}"#,
    #"{"ids": [9223372036854775807, 9223372036854775808, -1], "maybe": ["N/A", 2, {}]}"#,
    #"{"ints": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, "18", 19, 20]}"#,
    #"{"maybeInts": ["1", 2, null], "maybeRows": [[1], ["2"], null], "maybeNames": ["a", 5]}"#,
    #"{"maybeInts": null, "maybeRows": null, "maybeNames": "N/A"}"#,
    #"{"maybeInts": [1.5, 2], "maybeRows": "N/A", "maybeNames": ["N/A", {}, "c"]}"#,
    #"{"maybeInts": "3", "maybeRows": [], "maybeNames": [true, "b"]}"#,
  ])
  func arraysConvertTheElementsNotDecodedFastWhereTheyStand(_ text: String) throws {
    try Self.compareWithWalkAndText(DecodedArrays.self, text)
  }

  /// A `[String: Value]` property decoded into its dictionary where every value is of
  /// `Value`, walked otherwise: the model and issues the whole walk gives, and JSON text.
  @Test(arguments: [
    #"{"names": {"a": "x", "b": "y"}, "counts": {"one": 1, "two": -2}, "ratios": {"r": 0.5}}"#,
    #"{"names": {}, "counts": {}, "ratios": {}, "flags": {}, "lists": {}, "big": {}}"#,
    #"{"counts": {"a": "1", "b": 2}, "names": {"a": 1}, "flags": {"t": true, "f": 0}}"#,
    #"{"names": {"a": "N/A", "b": null}, "ratios": {"r": null}, "counts": {"n": 1.5}}"#,
    #"{"lists": {"l": [1, "2"], "m": [null]}, "big": {"max": 9223372036854775807}}"#,
    #"{"big": {"over": 9223372036854775808}, "counts": {"w": 1.0000000000000001}}"#,
    #"{"names": null, "counts": null, "ratios": null, "flags": "N/A", "lists": [], "big": 5}"#,
    #"{"counts": {"mantissa": 1, "exponent": 2, "isCompact": 3, "isNegative": 4, "length": 5}}"#,
    #"{"counts": {"mantissa": 1, "exponent": 2, "isCompact": 3, "isNegative": 4, "size": 5}}"#,
    #"{"names": {"a": "1", "b": "2", "c": "3", "d": "4", "e": "5"}, "ratios": {"mantissa": 1}}"#,
  ])
  func dictionariesOfFastValuesAreDecodedAsTheWalkReadsThem(_ text: String) throws {
    try Self.compareWithWalkAndText(FastDictionaries.self, text)
  }

  @Test func arraysDecodedHoldTheElementsAndReportTheOthersAtTheirIndex() throws {
    let decoder = JSONDecoder()
    let converted = try decoder.decode(
      DecodedArrays.self,
      from: Data(#"{"ints": ["1", 2, "3"], "maybe": [1, null, "N/A"], "rows": [[1], ["2"]]}"#.utf8))
    #expect(converted.ints == [1, 2, 3])
    #expect(converted.maybe == [1, nil, nil])
    #expect(converted.rows == [[1], [2]])
    let error = #expect(throws: MappingError.self) {
      try decoder.decode(
        DecodedArrays.self,
        from: Data(#"{"ints": [1, "x", 3, [4]], "names": ["a", {}], "rows": [[1], [2, "y"]]}"#.utf8)
      )
    }
    #expect(error?.issues.map(\.path) == ["ints[1]", "ints[3]", "names[1]", "rows[1][1]"])
    let optional = try decoder.decode(
      DecodedArrays.self, from: Data(#"{"maybeInts": [1, "2"], "maybeRows": [["3"]]}"#.utf8))
    #expect(optional.maybeInts == [1, 2])
    #expect(optional.maybeRows == [[3]])
    let refused = #expect(throws: MappingError.self) {
      try decoder.decode(
        DecodedArrays.self, from: Data(#"{"maybeInts": [1, "x"], "maybeRows": [[1, {}]]}"#.utf8))
    }
    #expect(refused?.issues.map(\.path) == ["maybeInts[1]", "maybeRows[0][1]"])
  }

  /// Each optional asked for once: a value, `null`, a missing key (the initial value kept),
  /// a null string, a value of another kind converted or refused, an integer out of range,
  /// a fraction whose `Double` is whole: the model and issues the whole walk gives, and the
  /// values themselves.
  @Test(arguments: [
    #"{"text": "a", "count": 2, "big": -9223372036854775808, "flag": false, "ratio": 0.25}"#,
    #"{"text": null, "count": null, "big": null, "flag": null, "ratio": null, "kept": null}"#,
    #"{"keptCount": null, "keptFlag": null, "fallback": null}"#,
    #"{"text": "N/A", "kept": "N/A", "count": "12", "flag": "yes", "ratio": "1.5"}"#,
    #"{"text": 5, "count": 1.5, "big": 9223372036854775808, "flag": 2, "ratio": true}"#,
    #"{"count": 1.0000000000000001, "big": 1e3, "keptCount": 2.0, "ratio": 1e400}"#,
    #"{"text": ["a"], "count": {"n": 1}, "kept": "", "keptFlag": false, "fallback": 2}"#,
  ])
  func optionalsAreAskedForOnceAsTheWalkReadsThem(_ text: String) {
    Self.compare(DecodedOptionals.self, Data(text.utf8), text)
  }

  /// A model, an array and a dictionary of models that are not optional: an object, a
  /// missing key, `null`, a value of another kind, as the whole walk reads them.
  @Test(arguments: [
    #"{"leaf": {"name": "a", "size": 1}, "leaves": [{"name": "b"}], "byName": {"k": {}}}"#,
    #"{"count": 1}"#,
    #"{"leaf": null, "leaves": null, "byName": null}"#,
    #"{"leaf": "x", "leaves": {"name": "b"}, "byName": [1]}"#,
    #"{"leaf": [], "leaves": [null, {"name": 5}], "byName": {"k": "v"}}"#,
    #"{"leaf": {"name": null, "size": "2"}, "leaves": [], "byName": {}}"#,
  ])
  func modelsThatAreNotOptionalAreDecodedAsTheWalkReadsThem(_ text: String) throws {
    try Self.compareWithWalkAndText(DecodedPresentModels.self, text)
  }

  /// An array of models whose element is not an object (first, middle, last; `null`, a
  /// string, a number, an array): the issues the whole walk gives, and JSON text (the element
  /// is walked where it stands and converted, the array read once, by the loop every source's
  /// arrays go through).
  @Test(arguments: [
    #"{"leaves": [{"name": "a"}, null, {"name": "c"}], "maybeLeaves": [null]}"#,
    #"{"leaves": ["x", {"name": "b"}], "maybeLeaves": [{"size": 1}, 7], "pets": [null, {}]}"#,
    #"{"leaves": [{"name": "a"}, [{"name": "b"}]], "pets": [{"name": "d"}, "dog"]}"#,
    #"{"leaves": [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, null]}"#,
    #"{"hooked": [{"id": 1}, null, {"id": "2"}], "leaves": [{"size": "3"}, true]}"#,
    #"{"leaves": [{"name": 5}, null], "maybeLeaves": [], "pets": [{"barks": "x"}, 1.5]}"#,
    // An object the decoder is asked for and not read as a model (it may be a `Decimal`):
    // the decoder is past it, and the loop the objects before it were read in front of reads
    // it where it stood, then the rest.
    #"{"leaves": [{"name": "a"}, {"mantissa": 1, "name": "m"}, {"name": "c"}]}"#,
  ])
  func arraysOfModelsWithElementsThatAreNoObjectsAreReadAsTheWalkReadsThem(_ text: String) throws {
    try Self.compareWithWalkAndText(DecodedModelArrays.self, text)
  }

  @Test func arraysOfModelsReportTheElementsThatAreNoObjectsAtTheirIndex() throws {
    let error = #expect(throws: MappingError.self) {
      try JSONDecoder().decode(
        DecodedModelArrays.self,
        from: Data(#"{"leaves": [{"name": "a"}, "x", {"size": 2}, 7], "pets": [{}, []]}"#.utf8))
    }
    #expect(error?.issues.map(\.path) == ["leaves[1]", "leaves[3]", "pets[1]"])
    let decoded = try JSONDecoder().decode(
      DecodedModelArrays.self,
      from: Data(#"{"leaves": [{"name": "a"}, {"size": 2}], "pets": [{"name": "d"}]}"#.utf8))
    #expect(decoded.leaves.map(\.name) == ["a", ""] && decoded.leaves[1].size == 2)
    #expect(decoded.pets.map { type(of: $0) == DirectDog.self } == [true])
  }

  /// A dictionary of models, read key by key from the decoder (each object into a model, any
  /// other value walked where it stands and converted): the model and issues the whole walk
  /// gives, and JSON text.
  @Test(arguments: [
    #"{"byName": {"a": {"name": "a"}, "b": {"size": 2}}, "maybe": {"c": {}}}"#,
    #"{"byName": {"a": null, "b": {"name": "b"}}, "maybe": null}"#,
    #"{"byName": {"z": 5, "a": "x", "m": {"size": "3"}}, "maybe": {"k": [1]}}"#,
    #"{"byName": {}, "maybe": {}, "pets": {"d": {"name": "d", "barks": true}, "e": {}}}"#,
    #"{"byName": {"a": [], "b": {"name": 5}}, "pets": {"x": "dog", "y": {"barks": "no"}}}"#,
    #"{"byName": {"a": {"name": "a"}, "b": {}, "c": {"size": 3}, "d": {"name": "d"}}}"#,
    #"{"hooked": {"h": {"id": 1, "extra": 2}, "i": 4}, "byName": {"a": {"size": 1.5}}}"#,
    #"{"byName": "N/A", "maybe": "<null>", "pets": 3}"#,
    #"{"byName": {"a": {"name": "a", "x": [[[[[[[[[[1]]]]]]]]]]}}, "maybe": {"": {"size": 1}}}"#,
    #"{"byName": {"a": {}, "b": {}, "c": {"size": 3}, "d": {}, "e": {"name": "e"}}}"#,
    #"{"byName": {"mantissa": {}, "exponent": {}, "isCompact": {}, "isNegative": {}, "size": 1}}"#,
    #"{"maybe": {"mantissa": {}, "exponent": {}, "isCompact": {}, "isNegative": {}, "#
      + #""length": {}}}"#,
  ])
  func dictionariesOfModelsAreReadAsTheWalkReadsThem(_ text: String) throws {
    try Self.compareWithWalkAndText(DecodedModelDictionaries.self, text)
  }

  /// What a decoder gives otherwise than text, read key by key as the whole walk reads it: an
  /// object in `Decimal`'s encoded form (a decimal, no model), numbers it cannot give.
  @Test(arguments: [
    #"{"byName": {"a": {"mantissa": [1, 0, 0, 0, 0, 0, 0, 0], "exponent": 0, "length": 1, "#
      + #""isNegative": false, "isCompact": true}, "b": {"name": "b"}}}"#,
    #"{"byName": {"a": {"size": 1e400}, "b": {"size": 123456789012345678901234567890}}}"#,
    #"{"maybe": {"a": {"size": 123456789012345678901234567890}, "b": 1e400}}"#,
  ])
  func dictionariesOfModelsAreDecodedAsTheWalkDecodesThem(_ text: String) {
    Self.compare(DecodedModelDictionaries.self, Data(text.utf8), text)
  }

  @Test func dictionariesOfModelsHoldTheirModelsAndReportTheOthersInKeyOrder() throws {
    let error = #expect(throws: MappingError.self) {
      try JSONDecoder().decode(
        DecodedModelDictionaries.self,
        from: Data(#"{"byName": {"b": 5, "a": {"name": "x"}, "c": "y"}, "pets": {"p": []}}"#.utf8))
    }
    #expect(error?.issues.map(\.path) == ["byName.b", "byName.c", "pets.p"])
    #expect(error?.issues.map(\.expectedType) == ["ShapedLeaf", "ShapedLeaf", "DirectDog"])
    let decoded = try JSONDecoder().decode(
      DecodedModelDictionaries.self,
      from: Data(
        (#"{"byName": {"a": {"name": "x", "size": 2}}, "maybe": {"m": {}}, "#
          + #""pets": {"d": {"barks": true}}}"#).utf8))
    #expect(decoded.byName.keys.sorted() == ["a"])
    #expect(decoded.byName["a"]?.name == "x" && decoded.byName["a"]?.size == 2)
    #expect(decoded.maybe?.keys.sorted() == ["m"] && decoded.maybe?["m"]?.name == "")
    #expect((decoded.pets["d"] as? DirectDog)?.barks == true)
  }

  @Test func modelsThatAreNotOptionalHoldWhatTheyRead() throws {
    let decoder = JSONDecoder()
    let absent = try decoder.decode(DecodedPresentModels.self, from: Data(#"{"count": 2}"#.utf8))
    #expect(absent.leaf.name == "" && absent.leaves.map(\.name) == ["default"])
    let nulls = try decoder.decode(
      DecodedPresentModels.self, from: Data(#"{"leaf": null, "leaves": null}"#.utf8))
    #expect(nulls.leaves.map(\.name) == ["default"])
    let read = try decoder.decode(
      DecodedPresentModels.self,
      from: Data(#"{"leaf": {"name": "a", "size": 3}, "byName": {"k": {"name": "b"}}}"#.utf8))
    #expect(read.leaf.name == "a" && read.leaf.size == 3 && read.byName["k"]?.name == "b")
    let error = #expect(throws: MappingError.self) {
      try decoder.decode(
        DecodedPresentModels.self, from: Data(#"{"leaf": "x", "leaves": [7]}"#.utf8))
    }
    #expect(error?.issues.map(\.path) == ["leaf", "leaves[0]"])
  }

  @Test func optionalsDecodedHoldTheirValues() throws {
    let decoder = JSONDecoder()
    let values = try decoder.decode(
      DecodedOptionals.self,
      from: Data(#"{"text": "a", "count": null, "big": 7, "kept": "N/A", "fallback": null}"#.utf8))
    #expect(values.text == "a")
    #expect(values.count == nil)
    #expect(values.big == 7)
    #expect(values.flag == nil)
    #expect(values.kept == nil)
    #expect(values.keptCount == 5)
    #expect(values.keptFlag == true)
    #expect(values.fallback == 0.5)
    let nulls = try decoder.decode(
      DecodedOptionals.self, from: Data(#"{"keptCount": null, "keptFlag": null}"#.utf8))
    #expect(nulls.keptCount == nil)
    #expect(nulls.keptFlag == nil)
    #expect(nulls.kept == "initial")
    #expect(nulls.fallback == 0.5)
    let error = #expect(throws: MappingError.self) {
      try decoder.decode(
        DecodedOptionals.self, from: Data(#"{"count": 1.5, "flag": [true]}"#.utf8))
    }
    #expect(error?.issues.map(\.path) == ["count", "flag"])
  }

  /// A decoder other than `JSONDecoder` (a property list's, which has no `null`) answers
  /// `decodeIfPresent` its own way: the same values as the dictionary it encodes.
  @Test func optionalsFromAPropertyListAreTheDictionarys() throws {
    let payload: [String: Any] = [
      "text": "a", "count": 3, "big": 9_007_199_254_740_993, "flag": true, "ratio": 0.5,
      "kept": "N/A", "keptFlag": false,
    ]
    let data = try PropertyListSerialization.data(
      fromPropertyList: payload, format: .binary, options: 0)
    let decoded = try PropertyListDecoder().decode(DecodedOptionals.self, from: data)
    let mapped = try DecodedOptionals(dictionary: payload)
    #expect(JSONValue.equal(decoded.toDictionary(), mapped.toDictionary()))
    #expect(decoded.big == 9_007_199_254_740_993)
    #expect(decoded.kept == nil)
    #expect(decoded.keptCount == 5)
    #expect(decoded.keptFlag == false)
  }
}

/// One string per thread, written under a lock.
private final class LockedStrings: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [String]

  init(count: Int) { slots = Array(repeating: "", count: count) }

  func set(_ index: Int, _ value: String) { lock.withLock { slots[index] = value } }

  var values: [String] { lock.withLock { slots } }
}
