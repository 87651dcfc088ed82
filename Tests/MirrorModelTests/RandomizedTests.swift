import Foundation
import Testing

@testable import MirrorModel

// Seeded, reproducible randomized tests. Every case has its own seed, printed with any failure:
// `RandMaker(seed:)` with that seed rebuilds the exact input (`dictionary(depth: 4)` for the
// random dictionaries, `payload()` then `mutated(_:)` for the mutations).
//
// Invariants: no crash; every failure is a MappingError whose every issue path exists in the
// input; `map` agrees with the throwing initializer in every mode, lenient issues are the
// standard ones plus unknown keys, and strict reports at least the standard paths; whatever maps
// (and every lenient model) round-trips through `toDictionary()` to an equal model with an equal
// hash, and `copy()` is equal.

extension RandMaker {
  /// `root` with the value at `path` transformed (`nil` removes it).
  static func replacing(
    _ root: Any, at path: ArraySlice<RandStep>, with transform: (Any) -> Any?
  ) -> Any? {
    guard let step = path.first else { return transform(root) }
    switch step {
    case .key(let key):
      guard var dictionary = root as? [String: Any], let child = dictionary[key] else {
        return root
      }
      dictionary[key] = replacing(child, at: path.dropFirst(), with: transform)
      return dictionary
    case .index(let index):
      guard var array = root as? [Any], array.indices.contains(index) else { return root }
      if let value = replacing(array[index], at: path.dropFirst(), with: transform) {
        array[index] = value
      } else {
        array.remove(at: index)
      }
      return array
    }
  }
}

/// Walks an input by an issue path: `a.b[2].c`, `["key.with.dots"]`, key paths.
enum RandPaths {
  enum Reach: Int, Comparable {
    /// The path leads nowhere in the input.
    case none
    /// A proper prefix exists, and holds something that is not a dictionary.
    case blocked
    /// A proper prefix holds an array of dictionaries, whose elements the rest of a key path
    /// is read from (Key-Value Coding's collection): the issue is about the collected value.
    case collected
    /// Everything but the last key exists; the last key is missing from a dictionary.
    case missingLast
    case exists

    static func < (lhs: Reach, rhs: Reach) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// How far `path` reaches into `root`.
  ///
  /// Quoted keys may contain `"]`, so every way of reading the path is tried; the best wins.
  static func reach(_ path: String, in root: Any) -> Reach {
    reach(path[...], root, isFirst: true)
  }

  private static func reach(_ rest: Substring, _ value: Any, isFirst: Bool) -> Reach {
    if rest.isEmpty { return .exists }
    var best = Reach.none
    for (step, remainder) in steps(rest, isFirst: isFirst) where best != .exists {
      switch step {
      case .key(let key):
        if let array = value as? [Any],
          array.allSatisfy({ $0 is [String: Any] || $0 is NSNull })
        {
          best = max(best, .collected)
          continue
        }
        guard let dictionary = value as? [String: Any] else {
          best = max(best, .blocked)
          continue
        }
        guard let child = dictionary[key] else {
          best = max(best, remainder.isEmpty ? .missingLast : .none)
          continue
        }
        best = max(best, reach(remainder, child, isFirst: false))
      case .index(let index):
        guard let array = value as? [Any], array.indices.contains(index) else { continue }
        best = max(best, reach(remainder, array[index], isFirst: false))
      }
    }
    return best
  }

  private static func steps(_ text: Substring, isFirst: Bool) -> [(RandStep, Substring)] {
    if text.hasPrefix("[\"") {
      let start = text.index(text.startIndex, offsetBy: 2)
      var result: [(RandStep, Substring)] = []
      var searchFrom = start
      while let close = text[searchFrom...].range(of: "\"]") {
        result.append((.key(String(text[start..<close.lowerBound])), text[close.upperBound...]))
        searchFrom = text.index(after: close.lowerBound)
      }
      return result
    }
    if text.hasPrefix("["), let close = text.firstIndex(of: "]"),
      let index = Int(text[text.index(after: text.startIndex)..<close])
    {
      return [(.index(index), text[text.index(after: close)...])]
    }
    var body = text
    if !isFirst {
      guard body.hasPrefix(".") else { return [] }
      body = body.dropFirst()
    }
    let end = body.firstIndex { $0 == "." || $0 == "[" } ?? body.endIndex
    guard end > body.startIndex else { return [] }
    return [(.key(String(body[..<end])), body[end...])]
  }
}

/// Failed invariants of one test, by kind: the first two of each kind are recorded in full (so
/// one frequent failure cannot hide another), the rest counted.
struct RandFailures {
  private var counts: [String: Int] = [:]

  mutating func fail(_ kind: String, _ detail: String) {
    counts[kind, default: 0] += 1
    if counts[kind, default: 0] <= 2 { Issue.record("\(kind): \(detail)") }
  }

  func finish(cases: Int) {
    for (kind, count) in counts.sorted(by: { $0.key < $1.key }) where count > 2 {
      Issue.record("\(kind): \(count) times in \(cases) cases")
    }
  }
}

enum RandCheck {
  /// The issues `body` throws: `[]` when it succeeds, `nil` for an error that is not a
  /// `MappingError`.
  static func issues(_ body: () throws -> Void) -> [MappingIssue]? {
    do {
      try body()
      return []
    } catch let error as MappingError {
      return error.issues
    } catch {
      return nil
    }
  }

  /// Checks every invariant on one input; `isJSON` when it came from JSON text, so that
  /// `toDictionary()` must give JSON too; `sample` to check hashing and description (slow).
  static func verify(
    _ input: [String: Any], _ label: String, isJSON: Bool = false, sample: Bool = true,
    _ failures: inout RandFailures
  ) {
    var results: [MappingMode: MappingResult<RandRoot>] = [:]
    for mode in [MappingMode.strict, .standard, .lenient] {
      let result = RandRoot.map(input, mode: mode)
      results[mode] = result
      // `init(dictionary:mode: .lenient)` cannot throw: it has no other code path than `map`.
      let thrown =
        mode == .lenient ? [] : issues { _ = try RandRoot(dictionary: input, mode: mode) }
      if thrown != (mode == .lenient ? [] : result.issues) {
        failures.fail(
          "init and map disagree",
          "\(label), \(mode): \(String(describing: thrown)) vs \(result.issues)")
      }
      for issue in result.issues where issue.kind != .configuration {
        let reach = RandPaths.reach(issue.path, in: input)
        let accepted =
          reach == .exists || reach == .collected
          || (reach == .missingLast && issue.kind == .missingValue)
          || (reach == .blocked && issue.reason.hasPrefix("key path needs a dictionary"))
        if !accepted { failures.fail("\(reach) issue path", "\(label), \(mode): \(issue)") }
      }
    }
    guard let standard = results[.standard], let lenient = results[.lenient] else { return }
    if lenient.issues.filter({ $0.kind != .unknownKey }) != standard.issues {
      failures.fail("lenient issues", "\(label): \(lenient.issues) vs \(standard.issues)")
    }
    // Strict reports every standard path, except where a null string made a required
    // property null: strict mode reads null strings as text.
    let strictPaths = Set(results[.strict]?.issues.map(\.path) ?? [])
    let standardPaths = standard.issues.filter { $0.kind != .missingValue || $0.found != "null" }
    if !Set(standardPaths.map(\.path)).isSubset(of: strictPaths) {
      failures.fail("strict misses a path", "\(label): \(standard.issues) vs \(strictPaths)")
    }
    // The lenient model is always a valid model; without issues it is the standard one.
    if standard.issues.isEmpty, lenient.model != standard.model {
      failures.fail("lenient model differs at \(differences(lenient.model, standard.model))", label)
    }
    roundTrip(lenient.model, isJSON: isJSON, sample: sample, label, &failures)
  }

  static func roundTrip(
    _ model: RandRoot, isJSON: Bool, sample: Bool, _ label: String,
    _ failures: inout RandFailures
  ) {
    let output = model.toDictionary()
    if isJSON, !JSONSerialization.isValidJSONObject(output) {
      failures.fail("toDictionary() is not JSON", label)
    }
    do {
      let again = try RandRoot(dictionary: output)
      if again != model {
        failures.fail("round trip differs at \(differences(model, again))", label)
      } else if sample, again.hashValue != model.hashValue {
        failures.fail("equal models hash differently", label)
      }
    } catch {
      let kinds = (error as? MappingError)?.issues.map(\.kind.rawValue) ?? []
      failures.fail("toDictionary() does not map back (\(kinds))", "\(label): \(error)")
    }
    if model.copy() != model { failures.fail("copy() differs", label) }
    if sample, !model.description.hasPrefix("RandRoot(") { failures.fail("description", label) }
  }

  static func differences(_ lhs: ModelBase, _ rhs: ModelBase) -> [String] {
    let (left, right) = (lhs.toDictionary(), rhs.toDictionary())
    return Set(left.keys).union(right.keys).sorted().filter { key in
      guard let one = left[key], let other = right[key] else { return true }
      return !JSONValue.equal(one, other)
    }
  }
}

private func hex(_ value: UInt64) -> String { "0x" + String(value, radix: 16, uppercase: true) }

@Suite("Randomized")
struct RandomizedTests {
  static let seeds: [UInt64] = [0x5EED_0001, 0x5EED_0002, 0x5EED_0003]
  static let casesPerSeed = 500

  @Test("Random dictionaries", arguments: seeds)
  func randomDictionaries(seed: UInt64) {
    var seeds = RandSplitMix(seed: seed)
    var failures = RandFailures()
    for index in 0..<Self.casesPerSeed {
      let caseSeed = seeds.next()
      var maker = RandMaker(seed: caseSeed)
      let input = maker.dictionary(depth: 4)
      let label = "dictionary: seed \(hex(seed)) case \(index) (\(hex(caseSeed)))"
      RandCheck.verify(input, label, sample: index % 4 == 0, &failures)
    }
    failures.finish(cases: Self.casesPerSeed)
  }

  @Test("Mutations of valid payloads", comparesWithCorelibsNumbers, arguments: seeds)
  func mutatedPayloads(seed: UInt64) throws {
    var seeds = RandSplitMix(seed: seed)
    var failures = RandFailures()
    for index in 0..<Self.casesPerSeed {
      let caseSeed = seeds.next()
      let label = "mutation: seed \(hex(seed)) case \(index) (\(hex(caseSeed)))"
      var maker = RandMaker(seed: caseSeed)
      let payload = maker.payload()
      let clean = RandRoot.map(payload, mode: .standard).issues
      if !clean.isEmpty { failures.fail("valid payload has issues", "\(label): \(clean)") }
      let input = maker.mutated(payload)
      RandCheck.verify(input, label, sample: index % 4 == 0, &failures)
      guard index % 3 == 0, JSONSerialization.isValidJSONObject(input) else { continue }
      // The same input through JSON text: JSONSerialization's numbers, and MirrorModel's reader.
      let data = try JSONSerialization.data(withJSONObject: input)
      let parsed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      RandCheck.verify(parsed, "\(label), JSON", isJSON: true, &failures)
      let fromText = RandCheck.issues { _ = try RandRoot(json: data) }
      let fromParsed = RandCheck.issues { _ = try RandRoot(dictionary: parsed) }
      // Beyond the depth limit the reader rejects the text as a whole: not compared.
      let tooDeep = fromParsed?.contains { $0.kind == .tooDeep } ?? false
      if !tooDeep, fromText?.map(\.path).sorted() != fromParsed?.map(\.path).sorted() {
        failures.fail(
          "init(json:) paths differ",
          "\(label): \(String(describing: fromText)) vs \(String(describing: fromParsed))")
      }
    }
    failures.finish(cases: Self.casesPerSeed)
  }

  @Test func pathResolverFollowsKeysIndexesQuotedKeysAndKeyPaths() {
    let input: [String: Any] = [
      "a": ["b": [1, ["c": 2]]], "key.with.dots": ["x\"]y": 1], "meta": 5, "": [NSNull()],
    ]
    for path in ["a", "a.b", "a.b[1].c", #"["key.with.dots"]["x"]y"]"#, #"[""][0]"#] {
      #expect(RandPaths.reach(path, in: input) == .exists, "\(path)")
    }
    for path in ["a.b[2]", "b.c", "a..b", "a.b[1].z.y"] {
      #expect(RandPaths.reach(path, in: input) == .none, "\(path)")
    }
    for path in ["meta.city", "a.b.c", "a.b[0].x", "a.b[1].c.d.e"] {
      #expect(RandPaths.reach(path, in: input) == .blocked, "\(path)")
    }
    for path in ["a.z", #"["key.with.dots"].x"#, "z"] {
      #expect(RandPaths.reach(path, in: input) == .missingLast, "\(path)")
    }
  }

  /// Found by the mutations above: a model at the depth limit writes empty arrays one level
  /// deeper (`kids: []` of the deepest node), which the limit then rejects.
  @Test func aModelAtTheDepthLimitRoundTrips() throws {
    var chain: [String: Any] = ["label": "end"]
    for _ in 1..<MappingContext.maximumDepth { chain = ["next": chain] }
    let model = try RandRoot(dictionary: ["node": chain])
    let issues = mappingIssues { _ = try RandRoot(dictionary: model.toDictionary()) }
    #expect(issues.isEmpty, "\(issues.map(\.kind))")
  }

  /// Found by the JSON-text comparison above: issues inside models held by a dictionary come
  /// in the dictionary's iteration order, which differs between equal dictionaries.
  @Test func issuesInsideDictionaryValuesComeInAStableOrder() {
    let leaves = Dictionary(uniqueKeysWithValues: (0..<20).map { ("k\($0)", [String: Any]()) })
    let issues = mappingIssues { _ = try RandRoot(dictionary: ["leafMap": leaves]) }
    #expect(issues.count == 20)
    #expect(issues.map(\.path) == issues.map(\.path).sorted())
  }

  /// Found by the mutations above: sets iterate in a per-instance order, and `==` and `hash`
  /// compare `toDictionary()` output, which writes a set as an array (of strings, of models).
  @Test func modelsWithEqualSetsAreEqual() throws {
    let tags = (0..<16).map { "tag\($0)" }
    let leaves = tags.map { ["name": $0, "tags": ["a", "b"], "weight": 1.5] as [String: Any] }
    let first = try RandRoot(dictionary: ["tags": tags, "leafSet": leaves])
    let second = try RandRoot(
      dictionary: ["tags": Array(tags.reversed()), "leafSet": Array(leaves.reversed())])
    #expect(first.tags == second.tags && first.leafSet == second.leafSet)
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(try RandRoot(dictionary: first.toDictionary()) == first)
  }

  /// Found by the mutations above: `copy()` copies models in arrays, dictionaries and
  /// optionals, but hands the copy the very models held in a `Set`.
  @Test func copyOfASetOfModelsSharesNoModel() throws {
    let original = try RandRoot(dictionary: ["leafSet": [["name": "a"], ["name": "b"]]])
    let copy = original.copy()
    #expect(copy.leafSet.count == 2)
    #expect(!copy.leafSet.contains { leaf in original.leafSet.contains { $0 === leaf } })
  }
}
