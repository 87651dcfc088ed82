import Foundation
import Testing

@testable import MirrorModel

/// ``DirectRoot`` with an alternative key no payload holds: its dictionaries are mapped
/// property by property, each key looked up, where ``DirectRoot``'s are read in one pass over
/// the dictionary's keys (``ClassSchema/readsPlainKeys``).
final class DirectRootLookedUp: DirectRoot {
  override class var alternativeKeys: [String: [String]] { ["text": ["\u{0}never"]] }
}

/// ``DirectRoot`` with a `didMap(from:)` that does nothing: its updates take the dry-run way
/// (applied to a deep copy first), where ``DirectRoot``'s run once and are put back when they
/// throw (``UpdateJournal``).
final class DirectRootDryRun: DirectRoot {
  override func didMap(from dictionary: [String: Any]) throws {}
}

@Suite("An update reads a dictionary in one pass")
struct UpdatePassTests {
  /// What an update left: the model's dictionary, and the issues it threw (by path, kind and
  /// what was found: the reasons name the class).
  private static func update<Model: ModelBase>(
    _: Model.Type, _ first: [String: Any], with second: [String: Any], mode: MappingMode,
    ignoringNulls: Bool
  ) -> (dictionary: [String: Any], issues: [String]) {
    let model = Model.map(first, mode: .lenient).model
    var issues: [String] = []
    do {
      try model.update(with: second, mode: mode, ignoringNulls: ignoringNulls)
    } catch let error as MappingError {
      issues = error.issues.map { "\($0.path) \($0.kind) \($0.found)" }
    } catch {
      issues = ["\(error)"]
    }
    return (model.toDictionary(), issues)
  }

  /// Runs `body` on 120 random updates, whole and partial, valid and mutated, each in every
  /// mode, with and without `ignoringNulls`: the payload a model is made from, the update, and
  /// a label naming the case.
  private static func forEachRandomUpdate(
    seed: UInt64,
    _ body: (_ first: [String: Any], _ second: [String: Any], MappingMode, Bool, String) -> Void
  ) {
    var seeds = RandSplitMix(seed: seed)
    for index in 0..<120 {
      var maker = RandMaker(seed: seeds.next())
      let first = maker.payload()
      var second = maker.payload()
      if index % 2 == 1 { second = maker.mutated(second) }
      if index % 3 != 0 { second = second.filter { _ in seeds.next() % 2 == 0 } }
      for mode in MappingMode.allCases {
        for ignoringNulls in [false, true] {
          body(first, second, mode, ignoringNulls, "case \(index) \(mode) \(ignoringNulls)")
        }
      }
    }
  }

  /// Random updates: the same model and issues through both loops.
  @Test(arguments: [UInt64(0x0DA7_E001), 0x0DA7_E002])
  func updatesGiveWhatLookingEachKeyUpGives(seed: UInt64) {
    #expect(SchemaCache.shared.schema(for: DirectRoot.self).readsPlainKeys)
    #expect(!SchemaCache.shared.schema(for: DirectRootLookedUp.self).readsPlainKeys)
    Self.forEachRandomUpdate(seed: seed) { first, second, mode, ignoringNulls, label in
      let plain = Self.update(
        DirectRoot.self, first, with: second, mode: mode, ignoringNulls: ignoringNulls)
      let lookedUp = Self.update(
        DirectRootLookedUp.self, first, with: second, mode: mode, ignoringNulls: ignoringNulls)
      #expect(plain.issues == lookedUp.issues, "\(label)")
      #expect(
        JSONValue.equal(plain.dictionary, lookedUp.dictionary),
        "\(label)\n\(plain.dictionary)\nvs\n\(lookedUp.dictionary)")
    }
  }

  /// Random updates: the update put back when it throws gives what the dry run gives, model
  /// and issues; and one that throws leaves the model as it was.
  @Test(arguments: [UInt64(0x0DA7_E003), 0x0DA7_E004])
  func updatesPutBackGiveWhatTheDryRunGives(seed: UInt64) {
    #expect(SchemaCache.shared.schema(for: DirectRoot.self).updatesReversibly)
    #expect(!SchemaCache.shared.schema(for: DirectRootDryRun.self).updatesReversibly)
    var thrown = 0
    Self.forEachRandomUpdate(seed: seed) { first, second, mode, ignoringNulls, label in
      let before = DirectRoot.map(first, mode: .lenient).model.toDictionary()
      let once = Self.update(
        DirectRoot.self, first, with: second, mode: mode, ignoringNulls: ignoringNulls)
      let dryRun = Self.update(
        DirectRootDryRun.self, first, with: second, mode: mode, ignoringNulls: ignoringNulls)
      #expect(once.issues == dryRun.issues, "\(label)")
      #expect(
        JSONValue.equal(once.dictionary, dryRun.dictionary),
        "\(label)\n\(once.dictionary)\nvs\n\(dryRun.dictionary)")
      if !once.issues.isEmpty {
        thrown += 1
        #expect(JSONValue.equal(once.dictionary, before), "\(label)")
      }
    }
    // Both kinds of update were met.
    #expect(thrown > 100 && thrown < 120 * 6)
  }
}
