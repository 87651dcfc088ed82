import Foundation
import Testing

@testable import MirrorModel

// An identity map that finds a nested model's file in its class's store fills it in a context
// of its own (every model there keeps its unknown keys) inside the mapping call: what a hook
// sees and what is reported must be what the call around it would see and report.

private let storedContextDirectory = FileManager.default.temporaryDirectory
  .appendingPathComponent("mirrormodel-stored-context-\(UUID().uuidString)")
private let storedContextStore = try? ModelStore(directory: storedContextDirectory)

/// A value whose conversion notes the path it was converted at.
struct NotedPath: MappableValue, Equatable {
  var path: String

  static func fromMappedValue(_ value: Any, context: MappingContext) throws -> NotedPath {
    NotedPath(path: context.path)
  }

  func toMappedValue(context: MappingContext) -> Any? { "noted" }
}

/// A model saved in a store, read through an identity map.
final class ContextStoredFriend: ModelBase {
  var id = ""
  var age = 0
  var note: NotedPath?
  var pal: ContextStoredFriend?
  var scores: [Int] = []
  override class var identifierProperty: String? { "id" }
  override class var modelStore: ModelStore? { storedContextStore }
}

/// A class whose configuration is broken (an empty key-path component), met in stored files.
final class ContextBrokenPart: ModelBase {
  var label = ""
  override class var propertyMapping: [String: String] { ["label": "a..b"] }
}

/// A stored model holding a part whose configuration is broken.
final class ContextStoredHolder: ModelBase {
  var id = ""
  var part: ContextBrokenPart?
  override class var identifierProperty: String? { "id" }
  override class var modelStore: ModelStore? { storedContextStore }
}

/// The model an identity map reads: two stored friends, two stored holders.
final class ContextRoot: ModelBase {
  var name = ""
  var friend: ContextStoredFriend?
  var second: ContextStoredFriend?
  var holder: ContextStoredHolder?
  var otherHolder: ContextStoredHolder?
}

@Suite("Stored models read inside a mapping call", .serialized)
struct StoredModelContextTests {
  /// Writes `object` as the stored file of the `type` model `id`.
  private func store(_ object: [String: Any], as type: ModelBase.Type, id: String) throws {
    let store = try #require(storedContextStore)
    let url = try store.fileURL(for: type, id: id)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try JSONSerialization.data(withJSONObject: object).write(to: url)
  }

  @Test func aStoredModelSeesTheCallsPathAndKeepsItsKeysAloneInTheCall() throws {
    defer { try? FileManager.default.removeItem(at: storedContextDirectory) }
    try store(
      ["id": "ann", "age": 31, "note": "x", "nickname": "A", "pal": ["id": "bob", "shoe": 42]],
      as: ContextStoredFriend.self, id: "ann")
    let map = IdentityMap()
    let root = try map.model(
      ContextRoot.self,
      dictionary: ["name": "r", "friend": ["id": "ann", "age": 32], "extra": true])
    let ann = try #require(root.friend)
    #expect(ann.age == 32)  // the payload's value, applied over the stored one
    #expect(ann.note == NotedPath(path: "friend.note"))
    #expect(ann.unknownValues.keys.sorted() == ["nickname"])
    // The stored file's nested model keeps its keys too; the call's own models do not.
    #expect(ann.pal?.unknownValues.keys.sorted() == ["shoe"])
    #expect(root.unknownValues.isEmpty)
  }

  @Test func issuesInAStoredFileAreTheCallsAtTheirPathsWithinTheCap() throws {
    defer { try? FileManager.default.removeItem(at: storedContextDirectory) }
    try store(
      ["id": "ann", "age": "old", "pal": ["id": "bob", "age": "young"]],
      as: ContextStoredFriend.self, id: "ann")
    let map = IdentityMap()
    let error = try #require(throws: MappingError.self) {
      try map.model(ContextRoot.self, dictionary: ["name": "r", "friend": ["id": "ann"]])
    }
    #expect(error.issues.map(\.path) == ["friend.age", "friend.pal.age"])
    #expect(error.issues.map(\.kind) == [.invalidValue, .invalidValue])

    // 999 issues in the first stored file: the second one's first issue is the last kept,
    // its second is counted past the cap. (The dry run before the call reads no store.)
    try store(
      ["id": "cid", "scores": [Any](repeating: "x", count: MappingContext.maximumIssueCount - 1)],
      as: ContextStoredFriend.self, id: "cid")
    try store(
      ["id": "dan", "age": "old", "scores": ["y"]], as: ContextStoredFriend.self, id: "dan")
    let capped = try #require(throws: MappingError.self) {
      try IdentityMap().model(
        ContextRoot.self, dictionary: ["friend": ["id": "cid"], "second": ["id": "dan"]])
    }
    #expect(capped.issues.count == MappingContext.maximumIssueCount + 1)
    #expect(capped.issues[0].path == "friend.scores[0]")
    #expect(capped.issues[MappingContext.maximumIssueCount - 1].path == "second.age")
    let last = try #require(capped.issues.last)
    #expect(last.kind == .tooManyIssues)
    #expect(last.found == "1 more issue")
  }

  /// The nesting limit counts on through stored files: 60 levels in the payload, then a chain
  /// of 150 stored models each naming the next, read on a stack large enough that only the
  /// limit stops it.
  @Test func theNestingLimitCountsOnThroughStoredFiles() throws {
    defer { try? FileManager.default.removeItem(at: storedContextDirectory) }
    for index in 0..<150 {
      try store(
        ["id": "s\(index)", "pal": ["id": "s\(index + 1)"]], as: ContextStoredFriend.self,
        id: "s\(index)")
    }
    var payload: [String: Any] = ["id": "s0"]
    for index in (0..<60).reversed() { payload = ["id": "p\(index)", "pal": payload] }
    let issues = onAppThread(payload, stackSize: 64 << 20) { payload -> [MappingIssue] in
      do {
        _ = try IdentityMap().model(ContextRoot.self, dictionary: ["friend": payload])
        return []
      } catch let error as MappingError {
        return error.issues
      } catch {
        return []
      }
    }
    #expect(issues.map(\.kind) == [.tooDeep])
    // `friend`, then 200 `pal`s: the model at the 201st key is one level too many.
    let levels = issues.first?.path.split(separator: ".").count
    #expect(levels == MappingContext.maximumDepth + 1)
  }

  @Test func aBrokenConfigurationIsReportedOnceAcrossStoredFiles() throws {
    defer { try? FileManager.default.removeItem(at: storedContextDirectory) }
    try store(["id": "h", "part": ["label": "in"]], as: ContextStoredHolder.self, id: "h")
    try store(["id": "k", "part": ["label": "in"]], as: ContextStoredHolder.self, id: "k")
    let error = try #require(throws: MappingError.self) {
      try IdentityMap().model(
        ContextRoot.self, dictionary: ["holder": ["id": "h"], "otherHolder": ["id": "k"]])
    }
    let configuration = error.issues.filter { $0.kind == .configuration }
    #expect(configuration.map(\.path) == ["holder.part"])
  }
}
