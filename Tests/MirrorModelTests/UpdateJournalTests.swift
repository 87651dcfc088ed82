import Foundation
import Testing

@testable import MirrorModel

/// A nested model an update fills in place.
final class JournalLeaf: ModelBase {
  var name = ""
  var size = 0
}

/// A nested model whose class has a hook of its own: an update cannot put it back by
/// restoring its properties, and takes the dry-run way.
final class JournalHooked: ModelBase {
  var name = ""
  var didMapCount = 0
  override class var ignoredProperties: Set<String> { ["didMapCount"] }
  override func didMap(from dictionary: [String: Any]) throws { didMapCount += 1 }
}

/// A class whose configuration is broken: a property MirrorModel cannot map.
final class JournalBroken: ModelBase {
  var name = ""
  var lock: NSLock?
}

/// A model with every kind of value an update fills in place, keeping its unknown keys.
final class JournalRoot: ModelBase {
  var title = ""
  var count = 0
  var leaf: JournalLeaf?
  var other: JournalLeaf?
  var leaves: [JournalLeaf] = []
  var byName: [String: JournalLeaf] = [:]
  var hooked: JournalHooked?
  var broken: JournalBroken?
  override class var keepsUnknownKeys: Bool { true }
}

/// ``JournalRoot`` with a `didMap(from:)` of its own: its updates take the dry-run way.
final class JournalHookedRoot: ModelBase {
  var title = ""
  var broken: JournalBroken?
  var didMapCount = 0
  override class var ignoredProperties: Set<String> { ["didMapCount"] }
  override func didMap(from dictionary: [String: Any]) throws { didMapCount += 1 }
}

/// A model with values of every kind the journal saves (plain bytes, strings, optional
/// strings, other values), chained: an update of a long chain notes more models than one
/// chunk of the journal's arena holds.
final class JournalWide: ModelBase {
  var a = "", b = "", c = "", d = "", e = ""
  var f: String?, g: String?, h: String?
  var count = 0
  var flag = false
  var ratio = 0.0
  var tags: [String] = []
  var anything: Any?
  var date: Date?
  var next: JournalWide?
}

@Suite("An update runs once and is put back when it throws")
struct UpdateJournalTests {
  private static var original: [String: Any] {
    [
      "title": "T1", "count": 1, "leaf": ["name": "L1", "size": 1],
      "leaves": [["name": "E1"]], "byName": ["a": ["name": "A1", "size": 2]],
      "hooked": ["name": "H1"], "kept": ["deep": 1],
    ]
  }

  /// The root, its leaf shared under `other` too.
  private static func root() throws -> JournalRoot {
    let root = try JournalRoot(dictionary: original)
    root.other = root.leaf
    return root
  }

  @Test(arguments: [MappingMode.standard, .strict])
  func anUpdateThatThrowsPutsBackEveryModelItFilledInPlace(mode: MappingMode) throws {
    let root = try Self.root()
    let before = root.toDictionary()
    let leaf = try #require(root.leaf)
    let entry = try #require(root.byName["a"])
    let element = try #require(root.leaves.first)
    let issues = mappingIssues {
      try root.update(
        with: [
          "title": "T2", "leaf": ["name": "L2", "size": 5], "other": ["size": 9],
          "leaves": [["name": "E2"]], "byName": ["a": ["name": "A2"], "b": ["name": "B"]],
          "kept": 2, "new": "n", "count": "x",
        ], mode: mode)
    }
    #expect(issues.map(\.path) == ["count"])
    #expect(root.title == "T1" && root.count == 1)
    #expect(root.leaf === leaf && root.other === leaf)
    #expect(leaf.name == "L1" && leaf.size == 1)
    #expect(root.leaves.count == 1 && root.leaves.first === element && element.name == "E1")
    #expect(Array(root.byName.keys) == ["a"] && root.byName["a"] === entry)
    #expect(entry.name == "A1" && entry.size == 2)
    #expect(root.unknownValues.keys.sorted() == ["kept"])
    #expect(JSONValue.equal(root.unknownValues["kept"] as Any, ["deep": 1]))
    #expect(JSONValue.equal(root.toDictionary(), before))
  }

  @Test func anUpdateThatSucceedsFillsInPlaceOnce() throws {
    let root = try Self.root()
    let leaf = try #require(root.leaf)
    let entry = try #require(root.byName["a"])
    try root.update(
      with: [
        "title": "T2", "leaf": ["name": "L2"], "other": ["size": 9],
        "byName": ["a": ["size": 3], "b": ["name": "B"]], "kept": 2,
      ])
    #expect(root.title == "T2" && root.count == 1)
    #expect(root.leaf === leaf && root.other === leaf)
    // `leaf` and `other` are one model: both updates went into it.
    #expect(leaf.name == "L2" && leaf.size == 9)
    #expect(root.byName["a"] === entry && entry.name == "A1" && entry.size == 3)
    #expect(root.byName["b"]?.name == "B")
    #expect(JSONValue.equal(root.unknownValues["kept"] as Any, 2))
  }

  @Test func aModelWhoseClassHasItsOwnHookTakesTheDryRun() throws {
    #expect(SchemaCache.shared.schema(for: JournalRoot.self).updatesReversibly)
    #expect(!SchemaCache.shared.schema(for: JournalHooked.self).updatesReversibly)
    let root = try Self.root()
    let hooked = try #require(root.hooked)
    #expect(hooked.didMapCount == 1)
    try root.update(with: ["title": "T2", "hooked": ["name": "H2"]])
    // Run once on the model itself (and once on the dry run's copy).
    #expect(root.hooked === hooked && hooked.name == "H2" && hooked.didMapCount == 2)
    #expect(root.title == "T2")
    let issues = mappingIssues {
      try root.update(with: ["title": "T3", "hooked": ["name": "H3"], "count": "x"])
    }
    #expect(issues.map(\.path) == ["count"])
    #expect(root.title == "T2" && hooked.name == "H2" && hooked.didMapCount == 2)
  }

  @Test func aLenientUpdateThatMeetsABrokenConfigurationChangesNothing() throws {
    let root = try Self.root()
    let before = root.toDictionary()
    let issues = mappingIssues {
      try root.update(
        with: ["title": "T2", "leaf": ["name": "L2"], "broken": ["name": "b"]], mode: .lenient)
    }
    #expect(issues.map(\.kind) == [.configuration])
    #expect(issues.map(\.path) == ["broken"])
    #expect(issues.first?.found == "property lock of JournalBroken")
    #expect(root.title == "T1" && root.leaf?.name == "L1" && root.broken == nil)
    #expect(JSONValue.equal(root.toDictionary(), before))
    // The same update keeping its issues from the start (strict mode) reports the same one.
    let strict = mappingIssues {
      try root.update(
        with: ["title": "T2", "leaf": ["name": "L2"], "broken": ["name": "b"]], mode: .strict)
    }
    #expect(strict == issues)
  }

  @Test func aLenientUpdateKeepsWhatItCouldNotConvert() throws {
    let root = try Self.root()
    try root.update(with: ["title": "T2", "count": "x", "leaf": ["size": "y"]], mode: .lenient)
    #expect(root.title == "T2" && root.count == 1 && root.leaf?.size == 1)
  }

  /// One model under two keys, filled twice by one update: put back as it was before the first.
  @Test func aModelReachedTwiceIsPutBackAsItWasBeforeTheFirst() throws {
    let root = try Self.root()
    let leaf = try #require(root.leaf)
    let issues = mappingIssues {
      try root.update(
        with: [
          "leaf": ["name": "L2"], "other": ["name": "L3", "size": 4], "count": "x",
        ])
    }
    #expect(issues.map(\.path) == ["count"])
    #expect(leaf.name == "L1" && leaf.size == 1)
  }

  /// Forty models noted (several chunks of saved values), each with values of every kind:
  /// put back exactly when the update throws at the last one, kept when it does not.
  @Test func aLongChainOfModelsIsPutBackValueForValue() throws {
    func chain(_ label: String, depth: Int, bad: Bool) -> [String: Any] {
      var node: [String: Any] = [
        "a": "\(label)a\(depth) long enough not to be a small string", "b": "\(label)b",
        "c": "c", "d": "", "e": "\(label)e\(depth)", "f": "\(label)f", "g": NSNull(),
        "count": depth, "flag": depth % 2 == 0, "ratio": Double(depth) / 4,
        "tags": ["\(label)\(depth)", "t"], "anything": ["depth": depth, "label": label],
        "date": 1_700_000_000 + depth,
      ]
      if depth > 0 {
        node["next"] = chain(label, depth: depth - 1, bad: bad)
      } else if bad {
        node["count"] = "not a number"
      }
      return node
    }
    let root = try JournalWide(dictionary: chain("old", depth: 39, bad: false))
    let before = root.toDictionary()
    var models: [JournalWide] = []
    var link: JournalWide? = root
    while let model = link {
      models.append(model)
      link = model.next
    }
    #expect(models.count == 40)
    let issues = mappingIssues { try root.update(with: chain("new", depth: 39, bad: true)) }
    #expect(issues.map(\.path) == [String(repeating: "next.", count: 39) + "count"])
    #expect(JSONValue.equal(root.toDictionary(), before))
    link = root
    for model in models {
      #expect(link === model)
      link = model.next
    }
    #expect(models[0].a == "olda39 long enough not to be a small string")
    #expect(models[39].f == "oldf" && models[39].g == nil && models[39].count == 0)
    try root.update(with: chain("new", depth: 39, bad: false))
    #expect(root.next === models[1] && models[39].e == "newe0" && models[39].tags == ["new0", "t"])
    let fresh = try JournalWide(dictionary: chain("new", depth: 39, bad: false))
    #expect(JSONValue.equal(root.toDictionary(), fresh.toDictionary()))
  }

  /// A class with a hook of its own, in lenient mode: the dry run keeps no issue, and a broken
  /// configuration leaves the model as it was (the update used to change it, then throw).
  @Test func aLenientUpdateOfAHookedClassChangesNothingWhenItThrows() throws {
    #expect(!SchemaCache.shared.schema(for: JournalHookedRoot.self).updatesReversibly)
    let root = try JournalHookedRoot(dictionary: ["title": "T1"])
    let issues = mappingIssues {
      try root.update(with: ["title": "T2", "broken": ["name": "b"]], mode: .lenient)
    }
    #expect(issues.map(\.kind) == [.configuration])
    #expect(issues.map(\.path) == ["broken"])
    #expect(root.title == "T1" && root.broken == nil && root.didMapCount == 1)
    try root.update(with: ["title": "T3", "unknown": 1, "broken": NSNull()], mode: .lenient)
    #expect(root.title == "T3" && root.didMapCount == 2)
  }
}
