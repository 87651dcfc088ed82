import Foundation
import MirrorModel
import Testing

// Lenient mode keeps every element that converts (YYModel, JSONModel); strict and standard
// still fail the collection. Every bad element is an issue at its own path.

final class LenientItem: ModelBase {
  var name = ""
  override class var requiredProperties: Set<String> { ["name"] }
}

final class LenientBag: ModelBase {
  var array: [LenientItem] = []
  var byKey: [String: LenientItem] = [:]
  var tags: Set<String> = []
  var grid: [[Int]] = []
  var numbers: [Int] = [9]
  var untyped: [Any] = []
  override class var arrayElementTypes: [String: ModelBase.Type] { ["untyped": LenientItem.self] }
}

/// An array of JSON objects, as apps keep the entities they do not model.
final class ObjectsBag: ModelBase {
  var objects: [[String: Any]] = []
  var maybe: [[String: Any]]?
}

/// Untyped containers of the models `arrayElementTypes` names.
final class UntypedBag: ModelBase {
  var untyped: [Any] = []
  var untypedByKey: [String: Any] = [:]
  override class var arrayElementTypes: [String: ModelBase.Type] {
    ["untyped": LenientItem.self, "untypedByKey": LenientItem.self]
  }
}

@Suite("Lenient collections")
struct LenientCollectionTests {
  private let text = #"""
    {"array": [{"name": "a"}, {"name": "b"}, {"name": "c"}, null, {"other": 1}],
     "byKey": {"x": {"name": "x"}, "y": 5, "z": {"name": "z"}},
     "tags": ["one", [], "two"],
     "grid": [[1, "x", 3], [4], "row"],
     "numbers": [1, "2", {}, 4],
     "untyped": [{"name": "u"}, 3]}
    """#

  @Test func lenientModeKeepsTheElementsThatConvert() throws {
    do {
      let result = LenientBag.map(try jsonObject(text), mode: .lenient)
      let bag = result.model
      // A model with issues inside is kept, as a nested model is; `null` is left out.
      #expect(bag.array.map(\.name) == ["a", "b", "c", ""])
      #expect(bag.byKey.mapValues(\.name) == ["x": "x", "z": "z"])
      #expect(bag.tags == ["one", "two"])
      #expect(bag.grid == [[1, 3], [4]])
      #expect(bag.numbers == [1, 2, 4])
      #expect((bag.untyped as? [LenientItem])?.map(\.name) == ["u"])
      #expect(
        result.issues.map(\.path) == [
          "array[3]", "array[4].name", "array[4].other", "byKey.y", "tags[1]", "grid[0][1]",
          "grid[2]", "numbers[2]", "untyped[1]",
        ])
    }
    let fromJSON = try LenientBag(json: Data(text.utf8), mode: .lenient)
    #expect(fromJSON.array.map(\.name) == ["a", "b", "c", ""] && fromJSON.grid == [[1, 3], [4]])
  }

  @Test func strictAndStandardStillFailTheCollection() {
    for mode in [MappingMode.standard, .strict] {
      let issues = mappingIssues {
        _ = try LenientBag(dictionary: try jsonObject(text), mode: mode)
      }
      #expect(issues.map(\.path).contains("array[3]"), "\(mode)")
      #expect(issues.map(\.path).contains("grid[0][1]"), "\(mode)")
    }
  }

  /// An untyped array or dictionary whose models `arrayElementTypes` names, given the other
  /// kind of container: one mismatch at the property, in every mode and from every source,
  /// its elements not converted (the fuzzer found standard mode reporting an element's issue
  /// and lenient mode that one, the elements' unknown keys and the mismatch).
  @Test func anUntypedContainerOfTheOtherKindIsOneMismatch() throws {
    let text = #"{"untyped": {"a.b": {"tag": "x"}, "q": 3}, "untypedByKey": [{"name": "n"}]}"#
    let dictionary = try jsonObject(text)
    let expected = [
      "untyped: [Any] Dictionary with 2 keys", "untypedByKey: [String: Any] Array of 1 element",
    ]
    func described(_ issues: [MappingIssue]) -> [String] {
      issues.map { "\($0.path): \($0.expectedType) \($0.found)" }
    }
    for mode in [MappingMode.standard, .strict] {
      #expect(
        described(mappingIssues { _ = try UntypedBag(dictionary: dictionary, mode: mode) })
          == expected, "\(mode)")
      #expect(
        described(mappingIssues { _ = try UntypedBag(json: Data(text.utf8), mode: mode) })
          == expected, "\(mode)")
    }
    #expect(described(UntypedBag.map(dictionary, mode: .lenient).issues) == expected)
    #expect(
      described(
        mappingIssues { _ = try JSONDecoder().decode(UntypedBag.self, from: Data(text.utf8)) })
        == expected)
    let right = try UntypedBag(
      dictionary: try jsonObject(
        #"{"untyped": [{"name": "u"}], "untypedByKey": {"k": {"name": "v"}}}"#))
    #expect((right.untyped as? [LenientItem])?.map(\.name) == ["u"])
    #expect((right.untypedByKey["k"] as? LenientItem)?.name == "v")
  }

  @Test func anUpdateInLenientModeKeepsTheGoodElementsToo() throws {
    let bag = LenientBag()
    try bag.update(with: ["array": [["name": "k"], 7], "numbers": [3, "x"]], mode: .lenient)
    #expect(bag.array.map(\.name) == ["k"] && bag.numbers == [3])
  }

  /// `[[String: Any]]` is an array like any other: an element that is no object is an issue
  /// at its index (not a mismatch of the whole property), and lenient mode keeps the objects.
  @Test func anArrayOfObjectsReportsTheElementThatIsNone() throws {
    let text = #"{"objects": [{"a": 1}, 5, {"b": [2]}, "x"], "maybe": [null, {"c": 3}]}"#
    let expected = ["objects[1]", "objects[3]", "maybe[0]"]
    let sources: [(String, () throws -> Void)] = [
      ("dictionary", { _ = try ObjectsBag(dictionary: jsonObject(text)) }),
      ("text", { _ = try ObjectsBag(json: Data(text.utf8)) }),
      ("decoder", { _ = try JSONDecoder().decode(ObjectsBag.self, from: Data(text.utf8)) }),
      ("strict", { _ = try ObjectsBag(json: Data(text.utf8), mode: .strict) }),
    ]
    for (name, source) in sources {
      let issues = mappingIssues(source)
      #expect(issues.map(\.path) == expected, "\(name)")
      #expect(issues.first?.expectedType == "[String: Any]", "\(name)")
      #expect(issues.first?.found == "Number 5", "\(name)")
    }
    let result = ObjectsBag.map(try jsonObject(text), mode: .lenient)
    #expect(result.issues.map(\.path) == expected)
    #expect(result.model.objects.count == 2 && result.model.objects[1]["b"] as? [Int] == [2])
    #expect(result.model.maybe?.count == 1 && result.model.maybe?[0]["c"] as? Int == 3)
    let fromText = try ObjectsBag(json: Data(text.utf8), mode: .lenient)
    #expect(fromText == result.model)
    // Not an array at all: the property's own mismatch.
    let whole = mappingIssues { _ = try ObjectsBag(dictionary: ["objects": ["a": 1]]) }
    #expect(whole.map(\.path) == ["objects"])
  }

  /// An update refills a `[String: Model]` entry by entry: a present model in place, a new
  /// key a new model, `null` removes; the entries' issues in key order, whatever order the
  /// dictionary holds them in, as a new model's are.
  @Test func anUpdateOfModelsByKeyReportsItsEntriesInKeyOrder() throws {
    let bag = try LenientBag(
      dictionary: ["byKey": ["kept": ["name": "old"], "gone": ["name": "g"]]])
    let kept = try #require(bag.byKey["kept"])
    var update: [String: Any] = ["kept": ["name": "new"], "gone": NSNull(), "added": ["name": "a"]]
    // Twelve bad entries: a dictionary of this size holds its keys out of their sorted order.
    let bad = (0..<12).map { "bad\(String(UnicodeScalar(UInt8(ascii: "a") + UInt8($0))))" }
    for key in bad.reversed() { update[key] = 5 }
    let strict = mappingIssues { try bag.update(with: ["byKey": update]) }
    #expect(strict.map(\.path) == bad.map { "byKey.\($0)" })
    #expect(bag.byKey.mapValues(\.name) == ["kept": "old", "gone": "g"])  // unchanged
    let issues = mappingIssues { try bag.update(with: ["byKey": update], mode: .lenient) }
    #expect(issues.isEmpty)  // a lenient update keeps what converts, and throws nothing
    #expect(bag.byKey.mapValues(\.name) == ["kept": "new", "added": "a"])
    #expect(bag.byKey["kept"] === kept)
    update["gone"] = nil
    let result = LenientBag.map(["byKey": update], mode: .lenient)
    #expect(result.issues.map(\.path) == strict.map(\.path))
    #expect(result.model.byKey.mapValues(\.name) == ["kept": "new", "added": "a"])
    let text = try JSONSerialization.data(withJSONObject: ["byKey": update])
    #expect(mappingIssues { _ = try LenientBag(json: text) }.map(\.path) == strict.map(\.path))
  }
}

final class UpdateImage: ModelBase {
  var name = ""
  var width = 0
  override class var requiredProperties: Set<String> { ["name"] }
  override class var defaultValues: [String: Any] { ["width": 100] }
}

final class UpdateGallery: ModelBase {
  var title = ""
  var images: [UpdateImage] = []
  var cover: UpdateImage?
}

@Suite("Models created during an update")
struct UpdateCreatedModelTests {
  @Test func theirRequiredPropertiesAndDefaultsApply() throws {
    let gallery = try UpdateGallery(dictionary: ["title": "t"])
    let issues = mappingIssues {
      try gallery.update(with: ["images": [["name": "a"], ["width": 3]], "cover": [:]])
    }
    #expect(issues.map(\.path) == ["images[1].name", "cover.name"])
    #expect(issues.map(\.kind) == [.missingValue, .missingValue])
    #expect(gallery.images.isEmpty && gallery.cover == nil)  // the update changed nothing
    try gallery.update(with: ["images": [["name": "a"]]])
    #expect(gallery.images.map(\.width) == [100])  // the default, as for any new model
    // The model being updated keeps update semantics: its own missing keys change nothing.
    try gallery.update(with: ["cover": ["name": "c"]])
    try gallery.cover?.update(with: ["width": 5])
    #expect(gallery.cover?.name == "c" && gallery.cover?.width == 5)
    try gallery.update(with: ["cover": ["width": 7]])  // in place: name is not required again
    #expect(gallery.cover?.name == "c" && gallery.cover?.width == 7)
  }
}
