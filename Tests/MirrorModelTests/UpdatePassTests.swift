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

  /// Applies 120 random updates, whole and partial, valid and mutated, each in every mode, with
  /// and without `ignoringNulls`, to a model of `type` and one of `other` made from the same
  /// payload, and expects the same model and issues from both; `check` then sees the payload
  /// the models were made from, what `type`'s update left, and a label naming the case.
  private static func expectRandomUpdatesAgree(
    seed: UInt64, _ type: DirectRoot.Type, _ other: DirectRoot.Type,
    _ check: ([String: Any], (dictionary: [String: Any], issues: [String]), String) -> Void = {
      _, _, _ in
    }
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
          let label = "case \(index) \(mode) \(ignoringNulls)"
          let result = update(type, first, with: second, mode: mode, ignoringNulls: ignoringNulls)
          let otherResult = update(
            other, first, with: second, mode: mode, ignoringNulls: ignoringNulls)
          #expect(result.issues == otherResult.issues, "\(label)")
          #expect(
            JSONValue.equal(result.dictionary, otherResult.dictionary),
            "\(label)\n\(result.dictionary)\nvs\n\(otherResult.dictionary)")
          check(first, result, label)
        }
      }
    }
  }

  /// Random updates: the same model and issues through both loops.
  @Test(arguments: [UInt64(0x0DA7_E001), 0x0DA7_E002])
  func updatesGiveWhatLookingEachKeyUpGives(seed: UInt64) {
    #expect(SchemaCache.shared.schema(for: DirectRoot.self).readsPlainKeys)
    #expect(!SchemaCache.shared.schema(for: DirectRootLookedUp.self).readsPlainKeys)
    Self.expectRandomUpdatesAgree(seed: seed, DirectRoot.self, DirectRootLookedUp.self)
  }

  /// Random updates: the update put back when it throws gives what the dry run gives, model
  /// and issues; and one that throws leaves the model as it was.
  @Test(arguments: [UInt64(0x0DA7_E003), 0x0DA7_E004])
  func updatesPutBackGiveWhatTheDryRunGives(seed: UInt64) {
    #expect(SchemaCache.shared.schema(for: DirectRoot.self).updatesReversibly)
    #expect(!SchemaCache.shared.schema(for: DirectRootDryRun.self).updatesReversibly)
    var thrown = 0
    Self.expectRandomUpdatesAgree(seed: seed, DirectRoot.self, DirectRootDryRun.self) {
      first, once, label in
      guard !once.issues.isEmpty else { return }
      thrown += 1
      let before = DirectRoot.map(first, mode: .lenient).model.toDictionary()
      #expect(JSONValue.equal(once.dictionary, before), "\(label)")
    }
    // Both kinds of update were met.
    #expect(thrown > 100 && thrown < 120 * 6)
  }
}
