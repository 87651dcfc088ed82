import Foundation
import MirrorModel

// `update(with:)` runs once on a model whose classes have no hooks of their own, and puts back
// what it wrote when it throws; a class with a `didMap(from:)` (the `ViaDictionary` classes)
// takes the dry-run way, a deep copy first. Both must leave the same model and throw the same
// issues, and an update that throws must leave the model as it was.

enum UpdateJournaling {
  /// Updates a model made from one object of the input (its `node` or `object` member, or
  /// nothing) with the whole input, in every mode, both ways.
  static func check(_ data: Data, fail: (String, () -> String) -> Never) {
    guard
      let root = try? JSONSerialization.jsonObject(with: data, options: []) as? [String: Any]
    else { return }
    let base = root["node"] as? [String: Any] ?? root["object"] as? [String: Any] ?? [:]
    for mode in [MappingMode.standard, .lenient, .strict] {
      compare(FuzzLoose.self, FuzzLooseViaDictionary.self, base, root, mode, fail: fail)
      compare(FuzzKeeping.self, FuzzKeepingViaDictionary.self, base, root, mode, fail: fail)
    }
    compare(FuzzPaths.self, FuzzPathsViaDictionary.self, base, root, .standard, fail: fail)
    compare(FuzzIndexed.self, FuzzIndexedViaDictionary.self, root, base, .standard, fail: fail)
  }

  /// What one update left: the model's text (`nil` when it has none), and the issues it threw
  /// by path and kind (their reasons name the class).
  private struct Outcome: Equatable {
    let text: Data?
    let issues: [String]?
  }

  private static func compare<Model: ModelBase>(
    _ once: Model.Type, _ dryRun: Model.Type, _ base: [String: Any],
    _ update: [String: Any], _ mode: MappingMode, fail: (String, () -> String) -> Never
  ) {
    let (before, onceOutcome) = outcome(once, base, update, mode)
    let (_, dryRunOutcome) = outcome(dryRun, base, update, mode)
    if onceOutcome != dryRunOutcome {
      fail("update(with:) put back when it throws differs from the dry run's") {
        "\(Model.self) \(mode)\nonce: \(describe(onceOutcome))\ndry run: \(describe(dryRunOutcome))"
      }
    }
    if onceOutcome.issues != nil, onceOutcome.text != before {
      fail("update(with:) threw and changed the model") {
        "\(Model.self) \(mode)\nbefore: \(describe(before))\nafter: \(describe(onceOutcome))"
      }
    }
  }

  /// The model made from `base` (leniently), its text before, and what updating it with
  /// `update` left.
  private static func outcome<Model: ModelBase>(
    _ type: Model.Type, _ base: [String: Any], _ update: [String: Any], _ mode: MappingMode
  ) -> (before: Data?, after: Outcome) {
    let model = type.map(base, mode: .lenient).model
    let before = try? model.toJSON(prettyPrinted: true)
    var issues: [String]?
    do {
      try model.update(with: update, mode: mode)
    } catch let error as MappingError {
      issues = error.issues.map { "\($0.path) \($0.kind)" }
    } catch {
      issues = ["\(error)"]
    }
    return (before, Outcome(text: try? model.toJSON(prettyPrinted: true), issues: issues))
  }

  private static func describe(_ text: Data?) -> String {
    text.map { String(decoding: $0, as: UTF8.self) } ?? "no JSON"
  }

  private static func describe(_ outcome: Outcome) -> String {
    "\(describe(outcome.text))\nissues: \(outcome.issues.map(String.init(describing:)) ?? "none")"
  }
}
