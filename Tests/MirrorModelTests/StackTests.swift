import Foundation
import Testing

@testable import MirrorModel

// Every path, on the 512 KB stack of Apple's secondary threads and GCD workers, in debug and in
// release: no input and no value built in code crashes; over-deep values become issues, or a
// documented bounded result for the paths that do not throw.

/// A model with every kind of nesting: a parent, replies, and untyped values.
final class DeepNode: ModelBase {
  var name = ""
  var parent: DeepNode?
  var replies: [DeepNode] = []
  var extra: Any?
}

/// A model a store can save: it has an identifier.
final class DeepStored: ModelBase {
  var name = ""
  var parent: DeepStored?
  var extra: Any?
  override class var identifierProperty: String? { "name" }
}

/// A stored model with a tree of nested models, written whole into its file.
final class DeepStoredTree: ModelBase {
  var name = ""
  var tree: DeepNode?
  override class var identifierProperty: String? { "name" }
}

/// A model nesting others in a dictionary: each level is two (the dictionary and the model).
final class DeepKeyed: ModelBase {
  var name = ""
  var byKey: [String: DeepKeyed] = [:]
}

/// The bodies' inputs and results cross to the thread and back in this box.
///
/// The deep values in it are built and released by the calling thread: Swift releases nested
/// values recursively, so a value 10,000 levels deep cannot even be deallocated on a 512 KB
/// stack, whatever library made it.
final class ThreadBox<Input, Output>: @unchecked Sendable {
  // Written before the thread starts and read after it has finished.
  let input: Input
  var output: Output?
  init(_ input: Input) { self.input = input }
}

/// Runs `body` on a thread with a 512 KB stack and returns its result.
func onAppThread<Input, Output>(
  _ input: Input, stackSize: Int = 512 * 1024, _ body: @escaping @Sendable (Input) -> Output
) -> Output {
  let box = ThreadBox<Input, Output>(input)
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    box.output = body(box.input)
    done.signal()
  }
  thread.stackSize = stackSize
  thread.start()
  done.wait()
  while !thread.isFinished { usleep(100) }
  guard let output = box.output else { fatalError("the 512 KB thread produced no result") }
  return output
}

/// Whether this test binary runs under a sanitizer (CI passes `-DSANITIZED` with
/// `--sanitize=address` and `--sanitize=thread`), whose instrumentation makes every frame
/// larger: the exact 200-level expectations then become "no crash, and an issue that says the
/// stack ran out" (the promise that holds in every build).
#if SANITIZED
  let isSanitized = true
#else
  let isSanitized = false
#endif

/// `levels` dictionaries, each the `key` of the next.
func nested(_ key: String, levels: Int, leaf: [String: Any] = ["name": "leaf"]) -> [String: Any] {
  var value = leaf
  for level in 0..<levels { value = [key: value, "name": "n\(level)"] }
  return value
}

/// A chain of `levels` models built in code, each the parent of the one before.
func chain(levels: Int) -> DeepNode {
  let root = DeepNode()
  root.name = "root"
  var node = root
  for level in 0..<levels {
    let next = DeepNode()
    next.name = "c\(level)"
    node.parent = next
    node = next
  }
  return root
}

/// The number of `key` levels in a dictionary tree.
func depth(of value: Any?, key: String) -> Int {
  var count = 0
  var current = value
  while let next = (current as? [String: Any])?[key] {
    count += 1
    current = next
  }
  return count
}

@Suite("512 KB stacks")
struct StackTests {
  /// A reader's or a context's snapshot of its thread's stack bounds checks the stack of the
  /// thread it is used on: made on another thread, it falls back to that thread's own bounds.
  @Test func aStackSnapshotFromAnotherThreadChecksTheStackItRunsOn() {
    let elsewhere = StackBounds.current()
    let checks = onAppThread(elsewhere) { elsewhere -> [Bool] in
      let own = StackBounds.current()
      let atTop = [elsewhere.hasRoom(), own.hasRoom(), StackBounds.hasRoom()]
      // Under AddressSanitizer too, whose frames on the heap stand for frames on the stack.
      return atTop + descendUntilTheStackRunsLow(elsewhere, own, level: 0)
    }
    #expect(checks == [true, true, true, false, false])
  }

  /// A local whose address escapes (AddressSanitizer moves it to its fake stack on the heap)
  /// is checked at the real frame it stands for: the check sees the stack run low, level
  /// after level, on every build (under AddressSanitizer it saw nothing, and the level limit
  /// alone stopped a descent, past the end of a 512 KB stack).
  @Test func aLocalOnAddressSanitizersFakeStackIsCheckedAtItsRealFrame() {
    let reached = onAppThread(()) { _ -> (levels: Int, seen: Bool) in
      descendCheckingEscapedLocals(StackBounds.current(), level: 0)
    }
    #expect(reached.seen)
    #expect(reached.levels > 100)
  }

  @Test func theDocumentedLimitFitsAnAppThreadInDebugAndRelease() throws {
    let input = nested("parent", levels: MappingContext.maximumDepth)
    let (levels, again, decoded) = onAppThread(input) { input -> (Int, Int, Int) in
      guard let node = try? DeepNode(dictionary: input) else { return (-1, -1, -1) }
      var count = 0
      var current = node.parent
      while let next = current {
        count += 1
        current = next.parent
      }
      let text = try? node.toJSON()
      let json = text.flatMap { try? DeepNode(json: $0) }
      let viaDecoder = text.flatMap { try? JSONDecoder().decode(DeepNode.self, from: $0) }
      return (
        count, depth(of: json?.toDictionary(), key: "parent"),
        depth(of: viaDecoder?.toDictionary(), key: "parent")
      )
    }
    if isSanitized { return }
    #expect(levels == MappingContext.maximumDepth)
    #expect(again == MappingContext.maximumDepth)
    #expect(decoded == MappingContext.maximumDepth)
  }

  @Test func onAStackTooSmallForTheLimitEveryPathGivesAnIssueAtAPath() throws {
    // Sanitizers move frames around: only the promise of the other tests (no crash) holds.
    if isSanitized { return }
    let text =
      String(repeating: #"{"name": "n", "parent": "#, count: 190) + #"{"name": "leaf"}"#
      + String(repeating: "}", count: 190)
    // 120 KB: glibc gives a new thread a cached stack up to four times the size asked for, and
    // the other tests leave 512 KB ones; this size cannot get one of those.
    let kinds = onAppThread(Data(text.utf8), stackSize: 120 * 1024) { json -> [[String]] in
      func summary(_ issues: [MappingIssue]) -> [String] {
        issues.map { issue in
          // The array's element is at `[0]`, its parents after it.
          let path = issue.path.hasPrefix("[0]") ? issue.path.dropFirst(3) : issue.path[...]
          let parents = path.split(separator: ".")
          let atAParent = !parents.isEmpty && parents.allSatisfy { $0 == "parent" }
          return "\(issue.kind) \(atAParent) \(issue.found)"
        }
      }
      let dictionary = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any]
      return [
        summary(mappingIssues { _ = try DeepNode(json: json) }),
        summary(mappingIssues { _ = try DeepNode(dictionary: dictionary ?? [:]) }),
        summary(mappingIssues { _ = try [DeepNode](json: Data("[\(text)]".utf8)) }),
      ]
    }
    let expected = ["tooDeep true Dictionary with 2 keys"]
    #expect(kinds == [expected, expected, expected])
  }

  @Test func aDeepValueNoPropertyReadsIsSteppedOverOnASmallStack() throws {
    // 500 levels under a key no property reads: JSONSerialization accepts them (its limit is
    // 512), so init(json:) steps over them, however little stack is left.
    func document(levels: Int) -> Data {
      let junk = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
      return Data(#"{"name": "kept", "junk": \#(junk)}"#.utf8)
    }
    let inputs = (document(levels: 500), document(levels: 513))
    let (name, over) = onAppThread(inputs, stackSize: 120 * 1024) { inputs -> (String, String) in
      let name = (try? DeepNode(json: inputs.0))?.name ?? "failed"
      let over = mappingIssues { _ = try DeepNode(json: inputs.1) }.map(\.reason)
      return (name, over.joined())
    }
    #expect(name == "kept")
    #expect(over == "nesting deeper than 512 levels at line 1, column 537")
  }

  @Test func theDecoderBridgeDoesNotRecurseSoItsLimitHoldsOnAnyStack() throws {
    // Containers alone, 202 levels (the bridge's limit): the walk keeps its open containers
    // in a list, so even a sanitized build reads them all on a 512 KB thread.
    var untyped: Any = 1
    for _ in 0..<CodableBridge.maximumDepth - 1 { untyped = [untyped] }
    let fits = try JSONSerialization.data(withJSONObject: ["extra": untyped])
    let over = try JSONSerialization.data(withJSONObject: ["extra": [untyped]])
    let (read, refused) = onAppThread((fits, over)) { input -> (Int, String) in
      let value = try? JSONDecoder().decode(AnyValueBox.self, from: input.0).value
      var levels = 0
      var current = value?["extra"]
      while let array = current as? [Any] {
        levels += 1
        current = array.first
      }
      do {
        _ = try JSONDecoder().decode(AnyValueBox.self, from: input.1)
        return (levels, "read")
      } catch DecodingError.dataCorrupted(let context) {
        return (levels, context.debugDescription)
      } catch {
        return (levels, "\(error)")
      }
    }
    #expect(read == CodableBridge.maximumDepth - 1)
    #expect(refused == "The value nests containers more than 202 levels deep.")
  }

  @Test func oneLevelMoreIsAnIssueAtItsPath() {
    let input = nested("parent", levels: MappingContext.maximumDepth + 1)
    let issues = onAppThread(input) { input in mappingIssues { _ = try DeepNode(dictionary: input) }
    }
    if isSanitized {
      #expect(issues.map(\.kind) == [.tooDeep])
      return
    }
    let path = Array(repeating: "parent", count: MappingContext.maximumDepth + 1)
      .joined(separator: ".")
    #expect(
      issues == [
        MappingIssue(
          path: path, kind: .tooDeep, expectedType: "DeepNode", found: "Dictionary with 1 key",
          reason: "input nests deeper than 200 levels")
      ])
  }

  /// A key path through 500 nested arrays (the text's limit is 512 levels), a value read whole
  /// and then looked up in, on a 512 KB thread: the issues the dictionary gives, from text in
  /// every mode, and a decoder's error (its walk stops at its own limit), never a stack
  /// overflow.
  @Test func aKeyPathThroughHostileNestingIsAnIssue() throws {
    let text =
      #"{"items": "# + String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
      + "}"
    let dictionary = try #require(try JSONReader.parse(Data(text.utf8)) as? [String: Any])
    let expected = mappingIssues { _ = try DecodedCollectedPaths(dictionary: dictionary) }
    #expect(expected.map(\.path) == ["items.id", "items.owner.name"])
    let results = onAppThread(Data(text.utf8)) { json -> [[MappingIssue]] in
      [
        mappingIssues { _ = try DecodedCollectedPaths(json: json) },
        mappingIssues { _ = try DecodedCollectedPathsKept(json: json) },
        mappingIssues { _ = try DecodedCollectedPaths(json: json, mode: .strict) },
      ]
    }
    // Under a sanitizer, whose frames are larger, the stack may run out inside the value.
    let ranOut = { (issues: [MappingIssue]) in
      issues.map { "\($0.kind) \($0.path)" } == ["tooDeep items.id"]
    }
    #expect(results.allSatisfy { $0 == expected || (isSanitized && ranOut($0)) }, "\(results)")
    // On a stack too small for the value: a `tooDeep` issue at the first property's path, the
    // document read on, in every build.
    let small = onAppThread(Data(text.utf8), stackSize: 120 * 1024) { json -> [[MappingIssue]] in
      [
        mappingIssues { _ = try DecodedCollectedPaths(json: json) },
        mappingIssues { _ = try DecodedCollectedPathsKept(json: json, mode: .strict) },
      ]
    }
    #expect(small.allSatisfy(ranOut), "\(small)")
    let decoded = onAppThread(Data(text.utf8)) { json -> Bool in
      (try? JSONDecoder().decode(DecodedCollectedPaths.self, from: json)) == nil
    }
    #expect(decoded)
  }

  @Test func hostileInputOnEveryReadingPathIsAnIssue() throws {
    let parents = nested("parent", levels: 10_000)
    var replies: [String: Any] = ["name": "leaf"]
    for _ in 0..<10_000 { replies = ["replies": [replies]] }
    var untyped: Any = 1
    for _ in 0..<10_000 { untyped = [untyped] }
    let text =
      String(repeating: #"{"parent":"#, count: 10_000) + "{}"
      + String(repeating: "}", count: 10_000)
    let input = (parents, replies, untyped, Data(text.utf8))
    let kinds = onAppThread(input) { input -> [[MappingIssue.Kind]] in
      let (parents, replies, untyped, json) = input
      let node = DeepNode()
      return [
        mappingIssues { _ = try DeepNode(dictionary: parents) }.map(\.kind),
        mappingIssues { _ = try DeepNode(dictionary: replies) }.map(\.kind),
        mappingIssues { _ = try DeepNode(dictionary: ["extra": untyped]) }.map(\.kind),
        mappingIssues { _ = try DeepNode(json: json) }.map(\.kind),
        mappingIssues { _ = try [DeepNode](dictionaries: [parents]) }.map(\.kind),
        mappingIssues { try node.update(with: parents) }.map(\.kind),
        mappingIssues { _ = try IdentityMap().model(DeepStored.self, dictionary: parents) }
          .map(\.kind),
        (try? JSONDecoder().decode(DeepNode.self, from: json)) == nil ? [.invalidJSON] : [],
      ]
    }
    #expect(
      kinds == [
        [.tooDeep], [.tooDeep], [.tooDeep], [.invalidJSON], [.tooDeep], [.tooDeep], [.tooDeep],
        [.invalidJSON],
      ])
  }

  @Test func aChainBuiltInCodeIsWrittenBoundedOnEveryPath() throws {
    let root = chain(levels: 10_000)
    let result = onAppThread(root) { root -> (Int, Int, Bool, Bool, Int, Bool, DeepNode) in
      let written = depth(of: root.toDictionary(), key: "parent")
      // toJSON() does not cut in silence: it throws, at the path of the first model cut.
      let issues = mappingIssues { _ = try root.toJSON() }
      let checked = mappingIssues { _ = try root.toCheckedDictionary() }
      let cutAt =
        issues.count == 1 && issues[0].kind == .tooDeep && checked == issues
        ? issues[0].path.components(separatedBy: ".").count : -1
      // encode(to:) writes from the fields, nested models into nested containers: as deep as
      // toDictionary() goes.
      let encodedText = try? JSONEncoder().encode(root)
      let encoded =
        encodedText.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        .map { depth(of: $0, key: "parent") == written } ?? false
      let copy = root.copy()
      let description = root.description
      return (
        written, cutAt, copy == root,
        description.hasSuffix(")"),
        description.components(separatedBy: "<too deep: DeepNode>").count - 1,
        encoded, copy
      )
    }
    let (written, cutAt, equal, described, cut, encoded, copy) = result
    #expect(described && cut == 1)
    if !isSanitized {
      #expect(written == MappingContext.maximumDepth)
      #expect(cutAt == MappingContext.maximumDepth + 1)  // the first parent not written
      #expect(equal)
      #expect(encoded)
    }
    // The copy is complete: copying uses a work list, not the stack.
    var levels = 0
    var current = copy.parent
    while let next = current {
      levels += 1
      current = next.parent
    }
    #expect(levels == 10_000)
    _ = root.hashValue
  }

  @Test func modelsInDictionariesAreWrittenToTheLimitAndBoundedPastIt() throws {
    func keyedChain(_ levels: Int) -> DeepKeyed {
      let root = DeepKeyed()
      var node = root
      for level in 0..<levels {
        let next = DeepKeyed()
        next.name = "k\(level)"
        node.byKey = ["next": next]
        node = next
      }
      return root
    }
    @Sendable func levels(_ model: DeepKeyed?) -> Int {
      var count = 0
      var current = model?.byKey["next"]
      while let next = current {
        count += 1
        current = next.byKey["next"]
      }
      return count
    }
    let inputs = (keyedChain(MappingContext.maximumDepth / 2), keyedChain(5_000))
    let (read, cutAt, checked) = onAppThread(inputs) { inputs -> ([Int], [String], [String]) in
      let texts = [
        try? inputs.0.toJSON(), try? inputs.0.toJSON(prettyPrinted: true),
        try? JSONEncoder().encode(inputs.0),
      ]
      let issues = mappingIssues { _ = try inputs.1.toJSON() }
      let checked = mappingIssues { _ = try inputs.1.toCheckedDictionary() }
      return (
        texts.map { text in levels(text.flatMap { try? DeepKeyed(json: $0) }) },
        issues.map { "\($0.kind.rawValue) \($0.path.components(separatedBy: ".").count)" },
        checked.map { "\($0.kind.rawValue) \($0.path.components(separatedBy: ".").count)" }
      )
    }
    // Past the limit, toJSON() throws where the dictionary cuts.
    #expect(cutAt.count == 1 && cutAt.first?.hasPrefix("tooDeep ") == true)
    if isSanitized { return }
    #expect(cutAt == checked)
    // Compact text, pretty text and encode(to:), each written to the limit and read back.
    #expect(read == Array(repeating: MappingContext.maximumDepth / 2, count: 3))
  }

  /// A store's file is read from its text on a 512 KB thread: 150 levels of nested models
  /// load whole, 10,000 levels are an error (the nesting limit), not a crash.
  @Test func deepStoredFilesLoadFromTheirTextOnAppThreads() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("StackTests-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try ModelStore(directory: folder)
    let file = try store.fileURL(for: DeepStoredTree.self, id: "root")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let prefix = "not a valid DeepStoredTree: Mapping DeepStoredTree failed with 1 issue:\n  - "
    for levels in [150, 198, 300, 10_000] {
      let text =
        #"{"name": "root", "tree": "#
        + String(repeating: #"{"name": "n", "parent": "#, count: levels) + #"{"name": "leaf"}"#
        + String(repeating: "}", count: levels + 1)
      try Data(text.utf8).write(to: file)
      let loaded = onAppThread(store) { store -> (nodes: Int, reason: String) in
        do {
          guard let root = try store.load(DeepStoredTree.self, id: "root") else { return (-1, "") }
          var count = 0
          var node = root.tree
          while let current = node {
            count += 1
            node = current.parent
          }
          return (count, "")
        } catch let error as ModelStoreError {
          return (-2, error.reason)
        } catch {
          return (-3, "\(error)")
        }
      }
      if levels == 10_000 {
        #expect(
          loaded.reason == prefix
            + "(root): expected JSON, found malformed JSON text: nesting deeper than 512 levels "
            + "at line 1, column 12290")
      } else if isSanitized {
        // Larger frames: read whole, or stopped where the stack runs out (or at the limit),
        // never a crash.
        #expect(
          loaded.nodes == levels + 1
            || (loaded.reason.hasPrefix(prefix + "tree.parent")
              && loaded.reason.contains("input nests deeper than")),
          "\(loaded.reason.suffix(160))")
      } else if levels < 300 {
        // The root and 199 models nested in it: the nesting limit's 200 levels, all read.
        #expect(loaded.nodes == levels + 1, "\(loaded.reason)")
      } else {
        // The nesting limit, or in a debug build the thread's stack, at the same model.
        #expect(loaded.reason.hasPrefix(prefix + "tree.parent"))
        #expect(loaded.reason.components(separatedBy: ".parent").count - 1 == 200)
        #expect(loaded.reason.contains("deeper than") && loaded.reason.contains("200 levels"))
      }
    }
  }

  /// An `Any` value as deep as a model can hold it (an object and an array a level, mixed
  /// Swift and Foundation containers, scalars of every kind at each level) is written whole by
  /// every writer on an app thread: the writers classify it by `JSONKind` at every level.
  @Test func deepUntypedValuesOfEveryKindAreWrittenWholeByEveryWriter() throws {
    let levels = MappingContext.maximumDepth - 1
    var untyped: Any = ["leaf": NSNumber(value: Float(0.5))] as [String: Any]
    for level in 1..<levels {
      let scalars: [Any] = [level, NSNumber(value: level), Float(0.25), Int8(-1), NSNull()]
      untyped =
        level.isMultiple(of: 2)
        ? ["next": untyped, "scalars": scalars] as [String: Any]
        : NSArray(array: [untyped, "s\(level)"])
    }
    let node = DeepNode()
    node.name = "deep"
    node.extra = untyped
    @Sendable func depth(_ value: Any?) -> Int {
      var count = 0
      var current = value
      while let next = current {
        if let object = next as? [String: Any] {
          current = object["next"] ?? object["leaf"]
        } else if let array = next as? [Any] {
          current = array.first
        } else {
          break
        }
        count += 1
      }
      return count
    }
    let results = onAppThread(node) { node -> [Int] in
      let compact = try? node.toJSON()
      let pretty = try? node.toJSON(prettyPrinted: true)
      let encoded = try? JSONEncoder().encode(node)
      let parsed = [compact, pretty, encoded].map { data in
        data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
      }
      let read = compact.flatMap { try? DeepNode(json: $0) }
      return parsed.map { depth($0?["extra"]) } + [
        depth(node.toDictionary()["extra"]), depth(read?.toDictionary()["extra"]),
        read.map { $0 == node && $0.hashValue == node.hashValue ? 1 : 0 } ?? -1,
      ]
    }
    if isSanitized { return }
    #expect(results == [levels, levels, levels, levels, levels, 1])
  }

  @Test func deepUntypedValuesBuiltInCodeAreWrittenBoundedAndRefusedByTheStore() throws {
    var untyped: Any = "leaf"
    for _ in 0..<20_000 { untyped = [untyped] }
    let node = DeepStored()
    node.name = "deep"
    node.extra = untyped
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("StackTests-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try ModelStore(directory: folder)
    let (levels, loaded) = onAppThread((node, store)) { input -> (Int, Int) in
      let (node, store) = input
      var count = 0
      var current = node.toDictionary()["extra"]
      while let array = current as? [Any] {
        count += 1
        current = array.first
      }
      _ = node.copy()
      _ = node.description
      // The store writes what loads back equal, or fails: it does not save a cut value.
      do {
        try store.save(node)
        return (count, -1)
      } catch let error as ModelStoreError {
        return (
          count, error.reason.contains("extra[0][0]") && error.reason.contains("deeper") ? 1 : 0
        )
      } catch {
        return (count, -2)
      }
    }
    #expect(levels == MappingContext.maximumDepth)
    #expect(loaded == 1)
    #expect(try store.load(DeepStored.self, id: "deep") == nil)
  }
}

/// The bridge's own reading of a whole decoder, with no model on top.
private struct AnyValueBox: Decodable {
  let value: [String: Any]
  init(from decoder: any Decoder) throws {
    value = try CodableBridge.dictionary(from: decoder)
  }
}

/// Recurses, a frame of at least 256 bytes a level, until the thread's own check finds less
/// than the margin left; there, what the two snapshots say.
@inline(never)
private func descendUntilTheStackRunsLow(
  _ elsewhere: StackBounds.Snapshot, _ own: StackBounds.Snapshot, level: Int
) -> [Bool] {
  guard StackBounds.hasRoom() else { return [elsewhere.hasRoom(), own.hasRoom()] }
  return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { frame in
    frame.initialize(repeating: UInt8(truncatingIfNeeded: level))
    let below = descendUntilTheStackRunsLow(elsewhere, own, level: level + 1)
    return frame[level % 256] == UInt8(truncatingIfNeeded: level) ? below : []
  }
}

/// The address `pointer` holds, through a call the optimizer does not see into: the local it
/// points to stays addressable (AddressSanitizer moves such a local to its fake stack).
@inline(never)
private func escapedAddress(_ pointer: UnsafeMutablePointer<Int>) -> UInt {
  UInt(bitPattern: pointer)
}

/// Descends while the check, made at the address of a local that escapes, says the stack has
/// room: the level it stopped at, and whether the check saw the stack at all.
@inline(never)
private func descendCheckingEscapedLocals(
  _ stack: StackBounds.Snapshot, level: Int
) -> (levels: Int, seen: Bool) {
  var local = level
  let here = withUnsafeMutablePointer(to: &local) { escapedAddress($0) }
  guard let room = StackBounds.room(at: here, low: stack.low, high: stack.high) else {
    return (level, false)
  }
  guard room else { return (level, true) }
  let below = descendCheckingEscapedLocals(stack, level: level + 1)
  return local == level ? below : (-1, false)
}
