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

  @Test func anUpdateInLenientModeKeepsTheGoodElementsToo() throws {
    let bag = LenientBag()
    try bag.update(with: ["array": [["name": "k"], 7], "numbers": [3, "x"]], mode: .lenient)
    #expect(bag.array.map(\.name) == ["k"] && bag.numbers == [3])
  }
}
