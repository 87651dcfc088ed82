import Foundation
import Testing

@testable import MirrorModel

// The documented 200 levels on a 512 KB thread, in debug and in release, for the shapes of
// class apps write, not only the plainest: keys matched case-insensitively, alternative keys,
// a class that validates, a discriminated class, kept unknown keys, a `didMap(from:)` hook.
// Each is read from JSON text, from a dictionary and from a decoder, and written by every
// writer, each result read back whole. (Before this test, a debug build ran out of stack at
// 94 to 159 levels for some of these shapes, and `make(json:)` counted the top level as one.)

/// Matches its keys case-insensitively (the text writes them in capitals).
final class StackFolded: ModelBase {
  var name = ""
  var parent: StackFolded?
  override class var keyMatching: KeyMatching { .caseInsensitive }
}

/// Reads its parent under an alternative key.
final class StackAliased: ModelBase {
  var name = ""
  var parent: StackAliased?
  override class var alternativeKeys: [String: [String]] { ["parent": ["up"]] }
}

/// Validates every value (a nested model included).
final class StackValidated: ModelBase {
  var name = ""
  var parent: StackValidated?
  override func validate(_ value: Any, forProperty property: String) throws -> Any { value }
}

/// A discriminated base: `make(json:)` reads the class `type` names.
class StackShape: ModelBase {
  var name = ""
  var parent: StackShape?
  override class var discriminator: ModelDiscriminator? {
    ModelDiscriminator(key: "type", classes: ["round": StackRound.self])
  }
}

final class StackRound: StackShape {
  var radius = 0
}

/// Keeps the keys it does not read (written back by every writer).
final class StackKept: ModelBase {
  var name = ""
  var parent: StackKept?
  override class var keepsUnknownKeys: Bool { true }
}

/// Takes each object's dictionary in `didMap(from:)`.
final class StackHooked: ModelBase {
  var name = ""
  var parent: StackHooked?
  override func didMap(from dictionary: [String: Any]) throws {}
}

/// Reads and writes its parent through a key path (`links.parent`): each level is the model's
/// object and the key path's. (`StackPathedKept` keeps unknown keys too.)
final class StackPathed: ModelBase {
  var name = ""
  var parent: StackPathed?
  override class var propertyMapping: [String: String] { ["parent": "links.parent"] }
}

/// Reads its parent whole and its parent's name through a key path (`parent.name`): one key
/// two properties read, the text read again for the second.
final class StackShared: ModelBase {
  var name = ""
  var parent: StackShared?
  var parentName = ""
  override class var propertyMapping: [String: String] { ["parentName": "parent.name"] }
}

/// ``StackShared`` validating every value (its parent read where it is met).
final class StackSharedValidated: ModelBase {
  var name = ""
  var parent: StackSharedValidated?
  var parentName = ""
  override class var propertyMapping: [String: String] { ["parentName": "parent.name"] }
  override func validate(_ value: Any, forProperty property: String) throws -> Any { value }
}

/// Its parent, plainly.
final class StackPlain: ModelBase {
  var name = ""
  var parent: StackPlain?
}
/// Its children in an array of optional models.
final class StackOptionals: ModelBase {
  var name = ""
  var children: [StackOptionals?] = []
}
/// ``StackOptionals`` validating every value.
final class StackValidatedOptionals: ModelBase {
  var name = ""
  var children: [StackValidatedOptionals?] = []
  override func validate(_ value: Any, forProperty property: String) throws -> Any { value }
}
/// Its children in an array of models, validating every value (the array included).
final class StackValidatedArray: ModelBase {
  var name = ""
  var children: [StackValidatedArray] = []
  override func validate(_ value: Any, forProperty property: String) throws -> Any { value }
}
/// Its children in a dictionary of models, validating every value (the dictionary included).
final class StackValidatedByKey: ModelBase {
  var name = ""
  var byKey: [String: StackValidatedByKey] = [:]
  override func validate(_ value: Any, forProperty property: String) throws -> Any { value }
}
/// Its children in a set of models.
final class StackSet: ModelBase {
  var name = ""
  var children: Set<StackSet> = []
}
/// Its children in an array of arrays of models.
final class StackGrid: ModelBase {
  var name = ""
  var grid: [[StackGrid]] = []
}
/// Its children in arrays of models by key.
final class StackSections: ModelBase {
  var name = ""
  var sections: [String: [StackSections]] = [:]
}
/// ``StackPathed`` keeping the keys it does not read, each merged back into its object.
final class StackPathedKept: ModelBase {
  var name = ""
  var parent: StackPathedKept?
  override class var propertyMapping: [String: String] { ["parent": "links.parent"] }
  override class var keepsUnknownKeys: Bool { true }
}

/// Its children in an array: each level is two (the array and the model).
final class StackListed: ModelBase {
  var name = ""
  var children: [StackListed] = []
}

/// Its children by key: each level is two (the dictionary and the model).
final class StackByKey: ModelBase {
  var name = ""
  var byKey: [String: StackByKey] = [:]
}

/// `levels` objects, each the parent of the one before, with `member(level)` first in each.
private func chainText(levels: Int, _ member: String) -> Data {
  var text = ""
  for _ in 0..<levels { text += "{" + member }
  text += #"{"name": "leaf"}"# + String(repeating: "}", count: levels)
  return Data(text.utf8)
}

/// How many parents `model` has.
private func parents<Model: ModelBase>(_ model: Model?, _ parent: (Model) -> Model?) -> Int {
  var count = 0
  var current = model.flatMap(parent)
  while let next = current {
    count += 1
    current = parent(next)
  }
  return count
}

/// The depths a class gives on every way, on a 512 KB thread.
///
/// Read from `text` (by `read`), from its dictionary (`readDictionary`) and by `JSONDecoder`;
/// then what it reads written by `toJSON()` compact and pretty, `toDictionary()` and
/// `JSONEncoder`, each read back. -1 where a way threw.
private func depths<Model: ModelBase>(
  _: Model.Type, text: Data, parent: @escaping @Sendable (Model) -> Model?,
  read: @escaping @Sendable (Data) throws -> Model,
  readDictionary: @escaping @Sendable ([String: Any]) throws -> Model
) -> [Int] {
  onAppThread(text) { text -> [Int] in
    func depth(_ body: () throws -> Model) -> Int {
      guard let model = try? body() else { return -1 }
      return parents(model, parent)
    }
    guard let model = try? read(text) else { return [-1] }
    let dictionary = (try? JSONSerialization.jsonObject(with: text)) as? [String: Any] ?? [:]
    return [
      parents(model, parent),
      depth { try readDictionary(dictionary) },
      depth { try JSONDecoder().decode(Model.self, from: text) },
      depth { try read(model.toJSON()) },
      depth { try read(model.toJSON(prettyPrinted: true)) },
      depth { try readDictionary(model.toDictionary()) },
      depth { try read(JSONEncoder().encode(model)) },
    ]
  }
}

@Suite("512 KB stacks: the shapes apps write")
struct StackShapesTests {
  static let levels = MappingContext.maximumDepth
  static let everyWay = Array(repeating: levels, count: 7)

  @Test func keysMatchedCaseInsensitivelyAndAlternativeKeys() {
    let folded = depths(
      StackFolded.self, text: chainText(levels: Self.levels, #""NAME": "n", "PARENT": "#),
      parent: { $0.parent }, read: { try StackFolded(json: $0) },
      readDictionary: { try StackFolded(dictionary: $0) })
    let aliased = depths(
      StackAliased.self, text: chainText(levels: Self.levels, #""name": "n", "up": "#),
      parent: { $0.parent }, read: { try StackAliased(json: $0) },
      readDictionary: { try StackAliased(dictionary: $0) })
    if isSanitized { return }
    #expect(folded == Self.everyWay)
    #expect(aliased == Self.everyWay)
  }

  @Test func aClassThatValidatesAndOneWithADidMapHook() {
    let validated = depths(
      StackValidated.self, text: chainText(levels: Self.levels, #""name": "n", "parent": "#),
      parent: { $0.parent }, read: { try StackValidated(json: $0) },
      readDictionary: { try StackValidated(dictionary: $0) })
    let hooked = depths(
      StackHooked.self, text: chainText(levels: Self.levels, #""name": "n", "parent": "#),
      parent: { $0.parent }, read: { try StackHooked(json: $0) },
      readDictionary: { try StackHooked(dictionary: $0) })
    if isSanitized { return }
    #expect(validated == Self.everyWay)
    #expect(hooked == Self.everyWay)
  }

  @Test func aDiscriminatedClassMadeByItsDiscriminator() {
    let text = chainText(levels: Self.levels, #""type": "round", "name": "n", "parent": "#)
    let made = depths(
      StackShape.self, text: text, parent: { $0.parent },
      read: { try StackShape.make(json: $0) },
      readDictionary: { try StackShape.make(dictionary: $0) })
    // One level more is an issue at its path, on each way, as for `init(json:)`.
    let deeper = chainText(levels: Self.levels + 1, #""type": "round", "parent": "#)
    let issues = onAppThread(deeper) { text -> [String] in
      let dictionary = (try? JSONSerialization.jsonObject(with: text)) as? [String: Any] ?? [:]
      return [
        mappingIssues { _ = try StackShape.make(json: text) },
        mappingIssues { _ = try StackShape.make(dictionary: dictionary) },
      ].map { $0.map { "\($0.kind.rawValue) \($0.path.split(separator: ".").count)" }.joined() }
    }
    if isSanitized { return }
    #expect(made == Self.everyWay)
    #expect(issues == ["tooDeep \(Self.levels + 1)", "tooDeep \(Self.levels + 1)"])
  }

  @Test func aClassKeepingUnknownKeysWritesThemBackAtEveryLevel() {
    let kept = depths(
      StackKept.self, text: chainText(levels: Self.levels, #""extra": "e", "parent": "#),
      parent: { $0.parent }, read: { try StackKept(json: $0) },
      readDictionary: { try StackKept(dictionary: $0) })
    if isSanitized { return }
    #expect(kept == Self.everyWay)
  }

  @Test func arraysAndDictionariesOfModels() {
    // 100 levels of an array or a dictionary of models are the mapping's 200. (A decoder read
    // each array through the one element loop, whose generic frame a debug build does not
    // specialize: 87 levels fitted; a dictionary, 80.)
    let levels = Self.levels / 2
    func chain(_ open: String, _ close: String) -> Data {
      var text = #"{"name": "leaf"}"#
      for _ in 0..<levels { text = #"{"name": "n", "# + open + text + close + "}" }
      return Data(text.utf8)
    }
    let listed = depths(
      StackListed.self, text: chain(#""children": ["#, "]"), parent: { $0.children.first },
      read: { try StackListed(json: $0) }, readDictionary: { try StackListed(dictionary: $0) })
    let keyed = depths(
      StackByKey.self, text: chain(#""byKey": {"k": "#, "}"), parent: { $0.byKey["k"] },
      read: { try StackByKey(json: $0) }, readDictionary: { try StackByKey(dictionary: $0) })
    // Validated: read from text in the properties' turn, from a decoder in its order, each
    // dictionary of models read straight, then validated.
    let validatedKeyed = depths(
      StackValidatedByKey.self, text: chain(#""byKey": {"k": "#, "}"),
      parent: { $0.byKey["k"] }, read: { try StackValidatedByKey(json: $0) },
      readDictionary: { try StackValidatedByKey(dictionary: $0) })
    if isSanitized { return }
    #expect(listed == Array(repeating: levels, count: 7))
    #expect(keyed == Array(repeating: levels, count: 7))
    #expect(validatedKeyed == Array(repeating: levels, count: 7))
  }

  /// ``depths(_:text:parent:read:readDictionary:)`` of a chain whose parent is under the key
  /// path `links.parent`, each level's members `members` then the `links` object's.
  private func keyPathChainDepths<Model: ModelBase>(
    _: Model.Type, members: String, parent: @escaping @Sendable (Model) -> Model?
  ) -> [Int] {
    depths(
      Model.self,
      text: chainText(levels: Self.levels, members).replacingClosings(levels: Self.levels),
      parent: parent, read: { try Model(json: $0) },
      readDictionary: { try Model(dictionary: $0) })
  }

  @Test func modelsInCollectionsOnlyTheirConversionReads() {
    // `[Model?]`, `Set<Model>`, `[[Model]]`, `[String: [Model]]`: each container is a level,
    // so 100, 100, 66 and 66 levels are the mapping's 200 (198 for the last two). Read
    // from dictionaries by their generic conversion, unspecialized in a debug build: 176 to
    // 190 levels fitted before its frames were trimmed (a helper fewer for a new model, a
    // set converted as its array without the array's own conversion around it). From text
    // and decoders by their own readers (`ModelContainer.readHeldModels`,
    // `decodeHeldModels`): 83 and 74 levels of `[Model?]` fitted before the elements read
    // straight were read in the array's own frame, not in the one loop's (and a decoder's
    // models without the element type's generic layers).
    func chain(_ levels: Int, _ open: String, _ close: String) -> Data {
      var text = #"{"name": "leaf"}"#
      for _ in 0..<levels { text = #"{"name": "n", "# + open + text + close + "}" }
      return Data(text.utf8)
    }
    let optionals = depths(
      StackOptionals.self, text: chain(100, #""children": ["#, "]"),
      parent: { $0.children.first ?? nil }, read: { try StackOptionals(json: $0) },
      readDictionary: { try StackOptionals(dictionary: $0) })
    let validated = depths(
      StackValidatedOptionals.self, text: chain(100, #""children": ["#, "]"),
      parent: { $0.children.first ?? nil }, read: { try StackValidatedOptionals(json: $0) },
      readDictionary: { try StackValidatedOptionals(dictionary: $0) })
    let validatedArray = depths(
      StackValidatedArray.self, text: chain(100, #""children": ["#, "]"),
      parent: { $0.children.first }, read: { try StackValidatedArray(json: $0) },
      readDictionary: { try StackValidatedArray(dictionary: $0) })
    let set = depths(
      StackSet.self, text: chain(100, #""children": ["#, "]"), parent: { $0.children.first },
      read: { try StackSet(json: $0) }, readDictionary: { try StackSet(dictionary: $0) })
    let grid = depths(
      StackGrid.self, text: chain(66, #""grid": [["#, "]]"), parent: { $0.grid.first?.first },
      read: { try StackGrid(json: $0) }, readDictionary: { try StackGrid(dictionary: $0) })
    let sections = depths(
      StackSections.self, text: chain(66, #""sections": {"k": ["#, "]}"),
      parent: { $0.sections["k"]?.first }, read: { try StackSections(json: $0) },
      readDictionary: { try StackSections(dictionary: $0) })
    if isSanitized { return }
    #expect(optionals == Array(repeating: 100, count: 7))
    #expect(validated == Array(repeating: 100, count: 7))
    #expect(validatedArray == Array(repeating: 100, count: 7))
    #expect(set == Array(repeating: 100, count: 7))
    #expect(grid == Array(repeating: 66, count: 7))
    #expect(sections == Array(repeating: 66, count: 7))
  }

  /// The levels of `Model` after `update(with:)` of a new model, again (each nested model
  /// filled in place: the deepest still the same instance), and in lenient mode, from the
  /// dictionary of `text`, on a 512 KB thread.
  private func updateDepths<Model: ModelBase>(
    _: Model.Type, text: Data, parent: @escaping @Sendable (Model) -> Model?
  ) -> [Int] {
    onAppThread(text) { text -> [Int] in
      guard let dictionary = try? JSONSerialization.jsonObject(with: text) as? [String: Any]
      else { return [-1] }
      func deepest(_ model: Model) -> ObjectIdentifier {
        var current = model
        while let next = parent(current) { current = next }
        return ObjectIdentifier(current)
      }
      let model = Model()
      let new = (try? model.update(with: dictionary)) == nil ? -1 : parents(model, parent)
      let leaf = deepest(model)
      let again = (try? model.update(with: dictionary)) == nil ? -1 : parents(model, parent)
      let inPlace = deepest(model) == leaf ? 1 : 0
      let lenient =
        (try? model.update(with: dictionary, mode: .lenient)) == nil
        ? -1 : parents(model, parent)
      return [new, again, inPlace, lenient]
    }
  }

  @Test func anUpdateFillsNestedModelsInPlaceToTheLimit() {
    // The second update fills each nested model in place: 190 levels fitted in a debug
    // build (the field's helper for models and the update's own were both on its path).
    let plain = updateDepths(
      StackPlain.self, text: chainText(levels: Self.levels, #""name": "n", "parent": "#),
      parent: { $0.parent })
    let pathed = updateDepths(
      StackPathed.self,
      text: chainText(levels: Self.levels, #""name": "n", "links": {"parent": "#)
        .replacingClosings(levels: Self.levels), parent: { $0.parent })
    var listed = #"{"name": "leaf"}"#
    for _ in 0..<(Self.levels / 2) { listed = #"{"name": "n", "children": ["# + listed + "]}" }
    let arrays = updateDepths(
      StackListed.self, text: Data(listed.utf8), parent: { $0.children.first })
    if isSanitized { return }
    #expect(plain == [Self.levels, Self.levels, 1, Self.levels])
    #expect(pathed == [Self.levels, Self.levels, 1, Self.levels])
    // An array of models is replaced, not filled in place.
    #expect(arrays == [Self.levels / 2, Self.levels / 2, 0, Self.levels / 2])
  }

  @Test func aClassReadingItsParentThroughAnArrayElement() {
    // `photos[0].parent`: three containers a level, so 170 levels are the 510 the text's 512
    // allow (the model's own object, the array, the element). The text reader read the array
    // and its element in two frames of their own, and the element's members in a third
    // (65 levels fitted in a debug build); it reads them in the model's loop now.
    let levels = 170
    var text = #"{"name": "leaf"}"#
    for _ in 0..<levels { text = #"{"name": "n", "photos": [{"parent": "# + text + "}]}" }
    let found = depths(
      DepthIndexed.self, text: Data(text.utf8), parent: { $0.parent },
      read: { try DepthIndexed(json: $0) }, readDictionary: { try DepthIndexed(dictionary: $0) })
    if isSanitized { return }
    #expect(found == Array(repeating: levels, count: 7))
  }

  @Test func aClassReadingItsParentThroughAKeyPath() {
    let pathed = keyPathChainDepths(
      StackPathed.self, members: #""name": "n", "links": {"parent": "#, parent: { $0.parent })
    let kept = keyPathChainDepths(
      StackPathedKept.self, members: #""extra": 1, "links": {"other": 2, "parent": "#,
      parent: { $0.parent })
    if isSanitized { return }
    #expect(pathed == Self.everyWay)
    #expect(kept == Self.everyWay)
  }

  @Test func aClassReadingItsParentWholeAndThroughAKeyPath() {
    func sharedDepths(levels: Int) -> [Int] {
      depths(
        StackShared.self, text: chainText(levels: levels, #""name": "n", "parent": "#),
        parent: { $0.parent }, read: { try StackShared(json: $0) },
        readDictionary: { try StackShared(dictionary: $0) })
    }
    let read = sharedDepths(levels: Self.levels)
    // Written, the leaf's `parentName` is an object one level deeper (`"parent": {"name":
    // ""}`), which reads back as one more parent: the writers are taken one level short.
    let written = sharedDepths(levels: Self.levels - 1)
    let validated = depths(
      StackSharedValidated.self,
      text: chainText(levels: Self.levels, #""name": "n", "parent": "#), parent: { $0.parent },
      read: { try StackSharedValidated(json: $0) },
      readDictionary: { try StackSharedValidated(dictionary: $0) })
    if isSanitized { return }
    #expect(read.prefix(3) == [Self.levels, Self.levels, Self.levels])
    #expect(written == [199, 199, 199, 200, 200, 200, 200])
    #expect(validated.prefix(3) == [Self.levels, Self.levels, Self.levels])
  }
}

extension Data {
  /// A chain of ``chainText(levels:_:)`` whose members open a key path's object: each level
  /// closed twice.
  fileprivate func replacingClosings(levels: Int) -> Data {
    var text = String(decoding: self, as: UTF8.self)
    text.removeLast(levels)
    return Data((text + String(repeating: "}}", count: levels)).utf8)
  }
}

/// A `Codable` value that nests itself: decoded by its own `init(from:)` on the tree.
struct StackCodableNode: Codable, Equatable {
  var name: String
  var children: [StackCodableNode]
}

/// A model holding a ``StackCodableNode`` tree.
final class StackCodableHolder: ModelBase {
  var name = ""
  var node = StackCodableNode(name: "", children: [])
}

extension StackShapesTests {
  @Test func aCodableValueNestedToTheLimit() {
    // The holder's object, the node's and each node's array and object: 98 nodes nested in
    // the root node are the mapping's 200 levels.
    var node = #"{"name": "leaf", "children": []}"#
    for _ in 0..<98 { node = #"{"name": "n", "children": ["# + node + "]}" }
    let text = Data((#"{"name": "holder", "node": "# + node + "}").utf8)
    let counts = onAppThread(text) { text -> [Int] in
      func nodes(_ body: () throws -> StackCodableHolder) -> Int {
        guard let holder = try? body() else { return -1 }
        var count = 0
        var current = holder.node
        while let child = current.children.first {
          count += 1
          current = child
        }
        return count
      }
      let dictionary = (try? JSONSerialization.jsonObject(with: text)) as? [String: Any] ?? [:]
      guard let model = try? StackCodableHolder(json: text) else { return [-1] }
      return [
        nodes { model },
        nodes { try StackCodableHolder(dictionary: dictionary) },
        nodes { try JSONDecoder().decode(StackCodableHolder.self, from: text) },
        nodes { try StackCodableHolder(json: model.toJSON()) },
        nodes { try StackCodableHolder(dictionary: model.toDictionary()) },
        // The tree decoder itself holds them all (it leaves to `JSONDecoder` a value deeper
        // than the stack allows).
        TreeDecoder.decode(StackCodableNode.self, from: dictionary["node"] ?? 0) == model.node
          ? 98 : -1,
      ]
    }
    #expect(isSanitized || counts == Array(repeating: 98, count: 6))
  }
}
