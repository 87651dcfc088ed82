import Foundation
import Testing

@testable import MirrorModel

private class Leaf: ModelBase {
  var name: String = ""
  var size: Int = 0
}

private final class RedLeaf: Leaf {
  var shade: String = ""
}

/// Nested models as one reference (`Model`, `Model?`, `[Model]`, `[Model]?`), one with the
/// subclass `arrayElementTypes` names.
private class Branch: ModelBase {
  var main: Leaf = Leaf()
  var spare: Leaf?
  var leaves: [Leaf] = []
  var extra: [Leaf]?
  var red: [Leaf] = []
  var redOne: Leaf?

  override class var arrayElementTypes: [String: ModelBase.Type] {
    ["red": RedLeaf.self, "redOne": RedLeaf.self]
  }
}

/// The same properties with `validate` overridden: each value goes the ordinary way (the
/// declared type's conversion), never the direct one, so this class is the reference.
private final class ValidatedBranch: Branch {
  override func validate(_ value: Any, forProperty property: String) throws -> Any { value }
}

@Suite("Dictionary models: the direct ways agree with the ordinary conversion")
struct DictionaryModelTests {
  private static var inputs: [(label: String, value: Any)] {
    [
      ("model", ["name": "a", "size": 1]), ("empty model", [String: Any]()),
      ("bad field", ["name": "a", "size": "big"]), ("null string", "<null>"),
      ("NSNull", NSNull()), ("string", "leaf"), ("number", NSNumber(value: 3)),
      ("array of models", [["name": "b", "size": 2], ["name": "c", "shade": "dark"]]),
      ("empty array", [Any]()), ("array with a bad element", [["name": "d"], "oops", 5]),
      ("array with null", [["name": "e"], NSNull()]),
      ("array with a bad field", [["name": "f", "size": [1]]]),
      ("nested arrays", [[["name": "g"]]]), ("model object", Leaf()),
      ("red model object", RedLeaf()), ("array of model objects", [Leaf(), RedLeaf()]),
    ]
  }

  private static func state(_ model: Branch) -> String {
    func leaf(_ leaf: Leaf?) -> String {
      guard let leaf else { return "nil" }
      let shade = (leaf as? RedLeaf).map { "/\(type(of: $0)):\($0.shade)" } ?? ""
      return "\(type(of: leaf)):\(leaf.name):\(leaf.size)\(shade)"
    }
    return [
      leaf(model.main), leaf(model.spare), model.leaves.map(leaf).joined(separator: ","),
      model.extra.map { $0.map(leaf).joined(separator: ",") } ?? "nil",
      model.red.map(leaf).joined(separator: ","), leaf(model.redOne),
    ].joined(separator: " | ")
  }

  private static func issues(_ issues: [MappingIssue]) -> [String] {
    issues.map { "\($0.path) \($0.kind) \($0.expectedType) \($0.found)" }
  }

  @Test(arguments: [MappingMode.standard, .strict, .lenient])
  func everyInputMapsAsTheOrdinaryConversionDoes(mode: MappingMode) {
    expectSameMapping(
      Branch.self, ValidatedBranch.self,
      keys: ["main", "spare", "leaves", "extra", "red", "redOne"],
      inputs: Self.inputs, mode: mode, state: Self.state)
  }

  @Test func modelsAndArraysOfModelsAreMappedWithTheirClasses() throws {
    let branch = try Branch(dictionary: [
      "main": ["name": "m", "size": 1], "spare": NSNull(),
      "leaves": [["name": "a"], ["name": "b", "size": 2]],
      "extra": [["name": "x"]], "red": [["name": "r", "shade": "dark"]],
      "redOne": ["name": "o", "shade": "light"],
    ])
    #expect(
      Self.state(branch) == "Leaf:m:1 | nil | Leaf:a:0,Leaf:b:2 | Leaf:x:0 | "
        + "RedLeaf:r:0/RedLeaf:dark | RedLeaf:o:0/RedLeaf:light")
  }

  @Test func aBadElementIsAnIssueAtItsIndexNamingTheDeclaredClass() {
    let result = Branch.map(["leaves": [["name": "a"], "oops"], "red": [7]], mode: .standard)
    #expect(
      Self.issues(result.issues) == [
        "leaves[1] typeMismatch Leaf String \"oops\"",
        "red[0] typeMismatch RedLeaf Number 7",
      ])
    #expect(result.model.leaves.isEmpty)
    let lenient = Branch.map(["leaves": [["name": "a"], "oops"]], mode: .lenient)
    #expect(lenient.model.leaves.map(\.name) == ["a"])
  }
}
