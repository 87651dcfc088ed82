import Foundation
import Testing

@testable import MirrorModel

/// `toJSON()` of `[String: Model]` properties, written straight from the models: the same text
/// as the models' dictionaries written by the JSON writer, the same issues and errors.
@Suite("toJSON of dictionaries of models")
struct ModelsByKeyJSONTests {
  final class Item: ModelBase {
    var id = 0
    var name = ""
    var price = 0.0
    var stock: [Int] = []
    var parts: [String: Item] = [:]
    var owner: Shelf?
    var extra: Any?
  }

  final class Shelf: ModelBase {
    var title = ""
    var items: [String: Item] = [:]
    var spare: [String: Item]?
    var hidden: [String: Item]?
  }

  /// A model whose `willWrite` refuses some of its instances.
  final class Picky: ModelBase {
    var keep = true
    var label = ""
    override func willWrite(to dictionary: inout [String: Any]) throws {
      guard keep else { throw ConversionError(expectedType: "Picky", reason: "refused") }
    }
  }

  final class PickyShelf: ModelBase {
    var byName: [String: Picky] = [:]
  }

  final class Node: ModelBase {
    var value = 0
    var children: [String: Node] = [:]
  }

  private static func item(_ id: Int, _ name: String, price: Double = 1.5) -> Item {
    let item = Item()
    item.id = id
    item.name = name
    item.price = price
    item.stock = [id, id * 2]
    return item
  }

  /// A shelf whose keys sort differently by UTF-8 bytes and by `String` comparison, with
  /// escapes, nested dictionaries, an empty one, a spare optional and a nil one.
  private static func shelf() -> Shelf {
    let shelf = Shelf()
    shelf.title = "main"
    let keys = ["b", "a", "B", "é", "e\u{301}", "Z😀", "\"q\"/\\", "\u{1}", "", "ab", "a\u{0}"]
    for (offset, key) in keys.enumerated() {
      shelf.items[key] = item(offset, "item \(key)", price: Double(offset) / 4)
    }
    let outer = item(99, "outer")
    outer.parts = ["x": item(100, "x"), "y": item(101, "y")]
    shelf.items["outer"] = outer
    shelf.spare = [:]
    return shelf
  }

  /// What the mapped value gives: the model's dictionary, written by the JSON writer.
  private static func viaDictionary(_ model: ModelBase, pretty: Bool) throws -> String {
    let data = try JSONWriter.data(
      from: model.toDictionary(), prettyPrinted: pretty, sortedKeys: pretty)
    return String(decoding: data, as: UTF8.self)
  }

  @Test func textIsTheDictionarysText() throws {
    let shelf = Self.shelf()
    let pretty = String(decoding: try shelf.toJSON(prettyPrinted: true), as: UTF8.self)
    #expect(pretty == (try Self.viaDictionary(shelf, pretty: true)))
    #expect(pretty.contains(#""spare" : {\#n\#n  }"#))
    // `é` spelled two ways is one key.
    #expect(shelf.items.count == 11)
    #expect(!pretty.contains("hidden"))
    // Compact: members in the dictionary's order, so compared as values.
    let compact = try shelf.toJSON()
    let read = try JSONSerialization.jsonObject(with: compact)
    #expect(sortedJSON(read) == sortedJSON(shelf.toDictionary()))
    #expect((read as? [String: Any])?["items"].map { ($0 as? [String: Any])?.count } == 11)
    // And it reads back equal.
    #expect(try Shelf(json: compact) == shelf)
    #expect(try Shelf(json: try shelf.toJSON(prettyPrinted: true)) == shelf)
  }

  @Test func keysSortByTheirUTF8Bytes() throws {
    let shelf = Shelf()
    for key in ["é", "z", "Z", "😀", "\u{FF5E}", "e"] { shelf.items[key] = Item() }
    let pretty = try shelf.toJSON(prettyPrinted: true)
    let text = String(decoding: pretty, as: UTF8.self)
    let order = ["Z", "e", "z", "é", "\u{FF5E}", "😀"].map { text.range(of: "\"\($0)\" :") }
    #expect(order.allSatisfy { $0 != nil })
    let positions = order.compactMap { $0?.lowerBound }
    #expect(positions == positions.sorted())
  }

  /// A shelf whose item `first` holds itself and an item holding `first` back, for `body`;
  /// the cycles broken afterwards, so that nothing leaks (LeakSanitizer).
  private static func withCycle(price: Double = 1.5, _ body: (Shelf) throws -> Void) rethrows {
    let first = item(1, "first", price: price)
    let second = item(2, "second")
    first.parts = ["self": first, "other": second]
    second.parts = ["back": first]
    defer {
      first.parts = [:]
      second.parts = [:]
    }
    let shelf = Shelf()
    shelf.items = ["first": first]
    try body(shelf)
  }

  @Test func aCycleIsLeftOutWithItsKey() throws {
    try Self.withCycle { shelf in try Self.checkCycleLeftOut(shelf) }
  }

  private static func checkCycleLeftOut(_ shelf: Shelf) throws {
    let text = try shelf.toJSON(prettyPrinted: true)
    #expect(String(decoding: text, as: UTF8.self) == (try Self.viaDictionary(shelf, pretty: true)))
    let read = try Shelf(json: text)
    #expect(read.items["first"]?.parts.keys.sorted() == ["other"])
    #expect(read.items["first"]?.parts["other"]?.parts.isEmpty == true)
  }

  @Test func aModelItsHookRefusesIsAnIssueAtItsKey() throws {
    let shelf = PickyShelf()
    for (key, keep) in [("a", true), ("b", false), ("c", true), ("d", false)] {
      let picky = Picky()
      picky.keep = keep
      picky.label = key
      shelf.byName[key] = picky
    }
    let checked = mappingIssues { _ = try shelf.toCheckedDictionary() }
    #expect(checked.map(\.path).sorted() == ["byName.b", "byName.d"])
    for pretty in [false, true] {
      let issues = mappingIssues { _ = try shelf.toJSON(prettyPrinted: pretty) }
      #expect(issues.map(\.path).sorted() == ["byName.b", "byName.d"])
      #expect(issues.map(\.kind) == checked.map(\.kind))
      #expect(Set(issues.map(\.reason)) == Set(checked.map(\.reason)))
    }
    // Kept ones written as the dictionary has them.
    shelf.byName["b"]?.keep = true
    shelf.byName["d"] = nil
    #expect(
      String(decoding: try shelf.toJSON(prettyPrinted: true), as: UTF8.self)
        == (try Self.viaDictionary(shelf, pretty: true)))
    #expect(try PickyShelf(json: try shelf.toJSON()) == shelf)
  }

  @Test func valuesJSONCannotHoldAreLeftOutAsInTheDictionary() throws {
    let shelf = Shelf()
    let outer = Self.item(1, "outer")
    let bad = Self.item(2, "bad", price: .infinity)
    bad.extra = ["ok": 1, "nan": Double.nan]
    outer.parts = ["bad": bad]
    shelf.items = ["outer": outer]
    // Left out (documented), in the dictionary as in the text, without an issue.
    #expect(mappingIssues { _ = try shelf.toCheckedDictionary() }.isEmpty)
    let text = String(decoding: try shelf.toJSON(prettyPrinted: true), as: UTF8.self)
    #expect(text == (try Self.viaDictionary(shelf, pretty: true)))
    #expect(text.contains(#""extra" : {\#n            "ok" : 1\#n          }"#))
    let read = try Shelf(json: try shelf.toJSON())
    #expect(read.items["outer"]?.parts["bad"]?.price == 0)
    #expect(read.items["outer"]?.parts["bad"]?.name == "bad")
  }

  /// Nodes nested in dictionaries to the limit: each level a dictionary and a model.
  private static func nodeChain() -> Node {
    let root = Node()
    var node = root
    for level in 0..<MappingContext.maximumDepth {
      let child = Node()
      child.value = level
      node.children = ["c": child]
      node = child
    }
    return root
  }

  @Test func nestingPastTheLimitIsAnIssueAtItsPath() {
    let root = Self.nodeChain()
    let issues = mappingIssues { _ = try root.toJSON() }
    let checked = mappingIssues { _ = try root.toCheckedDictionary() }
    #expect(issues.map(\.kind) == [.tooDeep])
    #expect(issues.map(\.path) == checked.map(\.path))
    #expect(issues.map(\.reason) == checked.map(\.reason))
    // Each level is a dictionary and a model: the dictionary left out is the 101st.
    let components =
      Array(repeating: "children.c", count: MappingContext.maximumDepth / 2) + ["children"]
    #expect(issues.first?.path == components.joined(separator: "."))
  }

  /// What `JSONEncoder` writes of `model` (through ``ModelBase/encode(to:)``), as sorted JSON.
  private static func encoded(_ model: ModelBase) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return sortedJSON(try JSONSerialization.jsonObject(with: try encoder.encode(model)))
  }

  @Test func encoderWritesWhatTheDictionaryHolds() throws {
    let shelf = Self.shelf()
    #expect(try Self.encoded(shelf) == sortedJSON(shelf.toDictionary()))
    #expect(try JSONDecoder().decode(Shelf.self, from: try JSONEncoder().encode(shelf)) == shelf)
    // A cycle and values JSON cannot hold, left out as in the dictionary.
    try Self.withCycle(price: .nan) { (cyclic: Shelf) throws in
      cyclic.spare = [:]
      #expect(try Self.encoded(cyclic) == sortedJSON(cyclic.toDictionary()))
      #expect(try Self.encoded(cyclic).contains(#""spare":{}"#))
    }
    // A refused model is left out with its key.
    let picky = PickyShelf()
    for (key, keep) in [("a", true), ("b", false)] {
      let model = Picky()
      model.keep = keep
      model.label = key
      picky.byName[key] = model
    }
    #expect(try Self.encoded(picky) == #"{"byName":{"a":{"keep":true,"label":"a"}}}"#)
  }

  @Test func encoderNestingPastTheLimitIsLeftOutAsInTheDictionary() throws {
    let root = Self.nodeChain()
    let text = try JSONEncoder().encode(root)
    let read = try JSONSerialization.jsonObject(with: text)
    #expect(sortedJSON(read) == sortedJSON(root.toDictionary()))
  }
}
