import Foundation
import MirrorModel
import Testing

// Optionals of models nested more than once: one word in memory like a reference, but with an
// outer `nil` that is not a null pointer. Every path must store them through their real type.

final class OptionalLeaf: ModelBase {
  var value = 0
}

final class DeeplyOptional: ModelBase {
  var single: OptionalLeaf??
  var list: [OptionalLeaf]??
  var elements: [OptionalLeaf?] = []
  var maybeElements: [OptionalLeaf?]?
  var byKey: [String: OptionalLeaf]??
  var triple: OptionalLeaf???
  var plain: OptionalLeaf?
}

final class GenericBox<Content>: ModelBase {
  var value: Content?
}

@Suite("Nested optionals of models")
struct NestedOptionalModelTests {
  private let text = #"""
    {"single": {"value": 1}, "list": [{"value": 2}], "elements": [{"value": 3}, null],
     "maybeElements": [null, {"value": 4}], "byKey": {"a": {"value": 5}},
     "triple": {"value": 6}, "plain": {"value": 7}}
    """#

  private func check(_ model: DeeplyOptional) {
    #expect(model.single??.value == 1)
    #expect(model.list??.map(\.value) == [2])
    #expect(model.elements.map { $0?.value } == [3, nil])
    #expect(model.maybeElements?.map { $0?.value } == [nil, 4])
    #expect(model.byKey??["a"]?.value == 5)
    #expect(model.triple???.value == 6)
    #expect(model.plain?.value == 7)
  }

  @Test func aFreshModelIsWrittenOnEveryPath() throws {
    let empty = DeeplyOptional()
    #expect(String(decoding: try empty.toJSON(), as: UTF8.self) == #"{"elements":[]}"#)
    #expect(empty.toDictionary().keys.sorted() == ["elements"])
    #expect(empty.copy() == empty)
    _ = try JSONEncoder().encode(empty)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("NestedOptional-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    final class Stored: ModelBase {
      var id = "s"
      var leaf: OptionalLeaf??
      var leaves: [OptionalLeaf]??
      override class var identifierProperty: String? { "id" }
    }
    let store = try ModelStore(directory: folder)
    try store.save(Stored())
    let loaded = try #require(try store.load(Stored.self, id: "s"))
    #expect(loaded.leaf == nil && loaded.leaves == nil)
  }

  @Test func everyReadingPathFillsThem() throws {
    check(try DeeplyOptional(json: Data(text.utf8)))
    check(try DeeplyOptional(dictionary: jsonObject(text)))
    check(try JSONDecoder().decode(DeeplyOptional.self, from: Data(text.utf8)))
    let list = try [DeeplyOptional](json: Data("[\(text), {}]".utf8))
    check(list[0])
    #expect(list[1].single == nil && list[1].list == nil)
  }

  @Test func everyWritingPathWritesThemBack() throws {
    let model = try DeeplyOptional(json: Data(text.utf8))
    check(try DeeplyOptional(json: model.toJSON()))
    check(try DeeplyOptional(json: model.toJSON(prettyPrinted: true)))
    check(try DeeplyOptional(dictionary: model.toDictionary()))
    check(model.copy())
    #expect(model.copy() == model)
  }

  @Test func nullClearsEachLevel() throws {
    let model = try DeeplyOptional(
      json: Data(#"{"single": null, "list": null, "triple": null, "byKey": null}"#.utf8))
    #expect(model.single == nil && model.list == nil && model.triple == nil && model.byKey == nil)
    let written = String(decoding: try model.toJSON(), as: UTF8.self)
    #expect(written == #"{"elements":[]}"#)
  }

  @Test func aGenericModelOfAnOptionalModel() throws {
    let box = try GenericBox<OptionalLeaf?>(json: Data(#"{"value": {"value": 8}}"#.utf8))
    #expect(box.value??.value == 8)
    #expect(String(decoding: try box.toJSON(), as: UTF8.self) == #"{"value":{"value":8}}"#)
    let empty = GenericBox<OptionalLeaf?>()
    #expect(String(decoding: try empty.toJSON(), as: UTF8.self) == "{}")
    let listBox = try GenericBox<[OptionalLeaf]?>(json: Data(#"{"value": [{"value": 9}]}"#.utf8))
    #expect(listBox.value??.map(\.value) == [9])
    #expect(try GenericBox<[OptionalLeaf]?>(json: listBox.toJSON()).value??.first?.value == 9)
  }
}
