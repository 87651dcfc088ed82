import Foundation
import Testing

@testable import MirrorModel

final class StoreGame: ModelBase {
  var gameId = 0
  var name = ""
  var genre = ""
  var releaseDate: Date?
  override class var identifierProperty: String? { "gameId" }
  override class var propertyMapping: [String: String] {
    ["gameId": "game_id", "releaseDate": "release_date"]
  }
}

final class StoreNote: ModelBase {
  var noteId = ""
  var text = ""
  override class var identifierProperty: String? { "noteId" }
}

final class StoreNoteV2: ModelBase {
  var noteId = ""
  var text = ""
  var stars = 5  // the property a later version of the app added to StoreNote
  override class var identifierProperty: String? { "noteId" }
}

final class StoreUnidentified: ModelBase { var name = "" }

/// An older version of an app's model with a nested model, for what a newer version stored.
final class StoreShelf: ModelBase {
  var shelfId = ""
  var label = ""
  var book: StoreBook?
  override class var identifierProperty: String? { "shelfId" }
  override class var modelStore: ModelStore? { storeShelfStore }
}

final class StoreBook: ModelBase {
  var title = ""
}

nonisolated(unsafe) var storeShelfStore: ModelStore?

final class StoreBlob: ModelBase {
  var blobId = ""
  var version = 0
  var payload = ""  // large, so that a torn write shows
  override class var identifierProperty: String? { "blobId" }
}

private let crashChildVariable = "MIRRORMODEL_STORE_CRASH_CHILD"

private func note(_ id: String, _ text: String) throws -> StoreNote {
  try StoreNote(dictionary: ["noteId": id, "text": text])
}

/// Version 0 or 1 of blob `id`; the versions differ in every payload byte and in length.
private func blob(_ id: String, version: Int, size: Int = 300_000) -> StoreBlob {
  let blob = StoreBlob()
  blob.blobId = id
  blob.version = version
  blob.payload = String(repeating: version == 0 ? "a" : "b", count: size + version * 200_000)
  return blob
}

/// A fresh temporary folder for one test, removed by `body`'s end.
private func withTemporaryFolder(_ body: (URL) throws -> Void) throws {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("ModelStore-\(UUID())")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: url) }
  try body(url)
}

private final class StoreCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  @discardableResult func add(_ amount: Int) -> Int {
    lock.lock()
    defer { lock.unlock() }
    count += amount
    return count
  }
}

@Suite("ModelStore")
struct ModelStoreTests {
  /// A FIFO, a link to `/dev/zero` and a link out of the folder are refused at once, with the
  /// file named; the store's own files still load.
  @Test func readsOnlyItsOwnRegularFiles() throws {
    try withTemporaryFolder { url in
      let store = try ModelStore(directory: url)
      let game = StoreGame()
      game.gameId = 1
      game.name = "Tetris"
      try store.save(game)
      let folder = try store.folderURL(for: StoreGame.self)
      #expect(mkfifo(folder.appendingPathComponent("2.json").path, 0o600) == 0)
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent("3.json").path, withDestinationPath: "/dev/zero")
      let outside = url.appendingPathComponent("outside.json")
      try Data(#"{"game_id": 4}"#.utf8).write(to: outside)
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent("4.json").path, withDestinationPath: outside.path)
      for (id, reason) in [
        ("2", "is not a regular file"), ("3", "is a symbolic link"), ("4", "is a symbolic link"),
      ] {
        do {
          _ = try store.load(StoreGame.self, id: id)
          Issue.record("loaded \(id)")
        } catch let error as ModelStoreError {
          #expect(error.reason.hasPrefix(reason), "\(id): \(error.reason)")
          #expect(error.fileURL?.lastPathComponent == "\(id).json")
        }
      }
      let (models, errors) = try store.allReportingErrors(StoreGame.self)
      #expect(models.map(\.name) == ["Tetris"])
      #expect(
        errors.compactMap { $0.fileURL?.lastPathComponent }.sorted() == [
          "2.json", "3.json", "4.json",
        ])
    }
  }

  @Test func aClassFolderPlantedAsASymbolicLinkIsNeverWrittenThrough() throws {
    try withTemporaryFolder { url in
      let outside = url.appendingPathComponent("outside", isDirectory: true)
      try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
      let store = try ModelStore(directory: url.appendingPathComponent("store"))
      let folder = try store.folderURL(for: StoreGame.self)
      try FileManager.default.createSymbolicLink(
        atPath: folder.path, withDestinationPath: outside.path)
      let game = try StoreGame(dictionary: ["game_id": 1, "name": "Tetris"])
      for (operation, body) in [
        ("save", { try store.save(game) }),
        ("delete", { try store.delete(StoreGame.self, id: "1") }),
        ("load", { _ = try store.load(StoreGame.self, id: "1") }),
      ] as [(String, () throws -> Void)] {
        do {
          try body()
          Issue.record("\(operation) went through the link")
        } catch let error as ModelStoreError {
          #expect(error.reason.contains("symbolic link"), "\(operation): \(error.reason)")
        }
      }
      // Nothing was written outside the store.
      #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
      let planted = outside.appendingPathComponent("1.json")
      try Data(#"{"game_id": 1, "name": "Planted"}"#.utf8).write(to: planted)
      #expect(throws: ModelStoreError.self) { try store.delete(StoreGame.self, id: "1") }
      #expect(FileManager.default.fileExists(atPath: planted.path))
    }
  }

  @Test func keysANewerVersionStoredAreWrittenBackByAnOlderOne() throws {
    try withTemporaryFolder { url in
      let store = try ModelStore(directory: url)
      let folder = try store.folderURL(for: StoreShelf.self)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let file = folder.appendingPathComponent("s1.json")
      try Data(
        #"{"shelfId": "s1", "label": "old", "color": "red", "book": {"title": "T", "isbn": 9}}"#
          .utf8
      ).write(to: file)
      let shelf = try #require(try store.load(StoreShelf.self, id: "s1"))
      shelf.label = "new"
      try store.save(shelf)
      let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
      #expect(saved?["label"] as? String == "new" && saved?["color"] as? String == "red")
      #expect((saved?["book"] as? [String: Any])?["isbn"] as? Int == 9)
      // Through the identity map and the class's modelStore too.
      storeShelfStore = store
      defer { storeShelfStore = nil }
      let map = IdentityMap()
      let live = try map.model(StoreShelf.self, dictionary: ["shelfId": "s1", "label": "again"])
      try store.save(live)
      let again = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
      #expect(again?["label"] as? String == "again" && again?["color"] as? String == "red")
      #expect((again?["book"] as? [String: Any])?["isbn"] as? Int == 9)
    }
  }

  @Test func refusesAFileLargerThanAModelFile() throws {
    try withTemporaryFolder { url in
      let store = try ModelStore(directory: url)
      let folder = try store.folderURL(for: StoreGame.self)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let big = folder.appendingPathComponent("5.json")
      #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
      let handle = try FileHandle(forWritingTo: big)
      try handle.truncate(atOffset: UInt64(StoreFiles.maximumFileSize + 1))
      try handle.close()
      #expect(throws: ModelStoreError.self) { _ = try store.load(StoreGame.self, id: "5") }
    }
  }

  @Test func savesLoadsDeletesAndListsModels() throws {
    try withTemporaryFolder { root in
      let store = try ModelStore(directory: root)
      for id in ["n1", "n2", "n3", "n2"] { try store.save(note(id, "text \(id)")) }
      try store.save(note("n2", "two, edited"))
      #expect(try store.load(StoreNote.self, id: "n2")?.text == "two, edited")
      #expect(try store.load(StoreNote.self, id: "missing") == nil)
      #expect(try store.all(StoreNote.self).map(\.noteId) == ["n1", "n2", "n3"])
      let file = try store.fileURL(for: StoreNote.self, id: "n1")
      #expect(file.path == root.path + "/^mirror^model^tests.^store^note/n1.json")
      let content = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
      #expect(content as? [String: String] == ["noteId": "n1", "text": "text n1"])
      try store.delete(StoreNote.self, id: "n1")
      try store.delete(StoreNote.self, id: "n1")  // deleting what is not there is no error
      #expect(try store.load(StoreNote.self, id: "n1") == nil)
      #expect(try store.all(StoreNote.self).map(\.text) == ["two, edited", "text n3"])
      #expect(try store.all(StoreGame.self).isEmpty)
      let error = #expect(throws: ModelStoreError.self) { try store.save(StoreUnidentified()) }
      #expect(error?.reason.contains("StoreUnidentified has no identifierProperty") == true)
      #expect(throws: ModelStoreError.self) { try store.save(note("", "no id")) }
    }
  }

  @Test func gameExampleEndToEnd() throws {
    try withTemporaryFolder { root in
      let store = try ModelStore(directory: root)
      weak var released: StoreGame?
      do {
        let game = try StoreGame(dictionary: [
          "game_id": 42, "name": "Portal 2", "genre": "Puzzle",
          "release_date": "2011-04-19T00:00:00Z",
        ])
        try store.save(game)
        released = game
      }
      #expect(released == nil)
      let loaded = try #require(try store.load(StoreGame.self, id: "42"))
      #expect(loaded.gameId == 42)
      #expect(loaded.name == "Portal 2")
      #expect(loaded.genre == "Puzzle")
      #expect(loaded.releaseDate == Date(timeIntervalSince1970: 1_303_171_200))
      #expect(loaded.toDictionary()["release_date"] as? String == "2011-04-19T00:00:00Z")
      #expect(try ModelStore(directory: root).all(StoreGame.self).map(\.gameId) == [42])
    }
  }

  @Test func loadsAfterAPropertyIsAdded() throws {
    try withTemporaryFolder { root in
      let store = try ModelStore(directory: root)
      try store.save(note("n1", "written by version 1"))
      try FileManager.default.copyItem(
        at: store.folderURL(for: StoreNote.self), to: store.folderURL(for: StoreNoteV2.self))
      let loaded = try #require(try store.load(StoreNoteV2.self, id: "n1"))
      #expect(loaded.text == "written by version 1")
      #expect(loaded.stars == 5)
      #expect(try store.all(StoreNoteV2.self).count == 1)
    }
  }

  @Test func corruptAndForeignFilesAreNamedAndTheRestStillLoads() throws {
    try withTemporaryFolder { root in
      let store = try ModelStore(directory: root)
      for id in ["n1", "n2", "n3"] { try store.save(note(id, "text \(id)")) }
      let folder = try store.folderURL(for: StoreNote.self)
      let corrupt = try store.fileURL(for: StoreNote.self, id: "n2")
      try Data(#"{"noteId":"n2","te"#.utf8).write(to: corrupt)
      let array = folder.appendingPathComponent("list.json")
      try Data("[1, 2]".utf8).write(to: array)
      let misplaced = folder.appendingPathComponent("other.json")
      try Data(#"{"noteId":"n1","text":"copy"}"#.utf8).write(to: misplaced)
      try Data("not a model".utf8).write(to: folder.appendingPathComponent("notes.txt"))

      let error = #expect(throws: ModelStoreError.self) { try store.load(StoreNote.self, id: "n2") }
      #expect(error?.fileURL == corrupt)
      #expect(error?.description.hasPrefix(corrupt.path + ": not a valid StoreNote") == true)
      #expect(error?.reason.contains("malformed JSON text: unterminated string") == true)
      #expect(try store.load(StoreNote.self, id: "n3")?.text == "text n3")

      let (models, errors) = try store.allReportingErrors(StoreNote.self)
      #expect(models.map(\.noteId) == ["n1", "n3"])
      #expect(errors.map(\.fileURL) == [array, corrupt, misplaced])
      #expect(errors[2].reason.contains(#"identifier "n1", which belongs in n1.json"#))
      let all = #expect(throws: ModelStoreError.self) { try store.all(StoreNote.self) }
      #expect(all?.failures.count == 3)
      #expect(all?.description.contains(corrupt.path) == true)
    }
  }

  @Test func hostileIdentifiersStayInTheirFolder() throws {
    try withTemporaryFolder { root in
      let store = try ModelStore(directory: root)
      let ids = ["../../etc/passwd", "a/b", "..", ".", "~1.tmp", "ゲーム🎮", "x\0y", "A", "a", "%41"]
      for id in ids { try store.save(note(id, "text of \(id)")) }
      let folder = try store.folderURL(for: StoreNote.self)
      for id in ids {
        let url = try store.fileURL(for: StoreNote.self, id: id)
        #expect(url.deletingLastPathComponent().path == folder.path)
        #expect(try store.load(StoreNote.self, id: id)?.text == "text of \(id)")
      }
      let entries = try FileManager.default.contentsOfDirectory(atPath: root.path)
      #expect(entries == ["^mirror^model^tests.^store^note"])  // nothing escaped the folder
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      #expect(names.count == ids.count)
      #expect(Set(names.map { $0.lowercased() }).count == ids.count)  // apart on macOS too
      #expect(try Set(store.all(StoreNote.self).map(\.noteId)) == Set(ids))
      for id in ["", String(repeating: "é", count: 100)] {
        let error = #expect(throws: ModelStoreError.self) { try store.load(StoreNote.self, id: id) }
        #expect(error?.reason.contains(id.isEmpty ? "empty identifier" : "too long") == true)
      }
    }
  }

  @Test func concurrentSavesAndLoadsFromEightThreads() throws {
    try withTemporaryFolder { root in
      let store = try ModelStore(directory: root)
      let failures = StoreCounter()
      let group = DispatchGroup()
      for thread in 0..<8 {
        group.enter()
        Thread {
          defer { group.leave() }
          for round in 0..<12 {
            let ids = ["shared-\(round % 3)", "own-\(thread)"]
            for (id, version) in zip(ids, [thread % 2, round % 2])
            where (try? store.save(blob(id, version: version, size: 20_000))) == nil {
              failures.add(1)
            }
            for id in ids {
              let loaded = try? store.load(StoreBlob.self, id: id)
              let expected = loaded.map { blob(id, version: $0.version, size: 20_000) }
              if loaded == nil || loaded != expected { failures.add(1) }  // also when it threw
            }
          }
        }.start()
      }
      group.wait()
      #expect(failures.add(0) == 0)
      #expect(try store.all(StoreBlob.self).count == 11)
    }
  }

  @Test func temporaryFilesOfExitedProcessesAreIgnoredThenRemoved() throws {
    try withTemporaryFolder { root in
      let store = try ModelStore(directory: root)
      try store.save(note("n1", "one"))
      let folder = try store.folderURL(for: StoreNote.self)
      let stale = "~2147483646.\(UUID().uuidString).tmp"  // no such process
      let live = "~\(getpid()).\(UUID().uuidString).tmp"
      for name in [stale, live] {
        try Data("{".utf8).write(to: folder.appendingPathComponent(name))
      }
      #expect(try store.all(StoreNote.self).map(\.noteId) == ["n1"])
      _ = try ModelStore(directory: root)
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      #expect(names == ["n1.json", live].sorted())
    }
  }

  /// The child side of the crash test: saves forever when the parent set the variable.
  @Test func crashChildSavesUntilKilled() throws {
    guard let path = ProcessInfo.processInfo.environment[crashChildVariable] else { return }
    let root = URL(fileURLWithPath: path, isDirectory: true)
    let store = try ModelStore(directory: root.appendingPathComponent("store"))
    for round in 0... {
      for index in 0..<4 { try store.save(blob("blob-\(index)", version: (round + index) % 2)) }
      if round == 0 { try Data().write(to: root.appendingPathComponent("ready")) }
    }
  }

  #if os(Linux)
    @Test func aProcessKilledWhileSavingLeavesWholeVersions() throws {
      try withTemporaryFolder { root in
        let ready = root.appendingPathComponent("ready")
        let start = Date()
        var kills = 0
        // Kills for 7 s, at least two. Each child is given 30 s to start saving: a sanitized
        // test binary on a busy machine can take several seconds to start (CI saw one miss a
        // shared 7 s deadline under ThreadSanitizer).
        while kills < 20, kills < 2 || Date().timeIntervalSince(start) < 7 {
          try? FileManager.default.removeItem(at: ready)
          let child = try spawnCrashChild(root: root)
          let startBy = Date().addingTimeInterval(30)
          var (status, exited): (Int32, Bool) = (0, false)
          while !FileManager.default.fileExists(atPath: ready.path), !exited, Date() < startBy {
            usleep(5_000)
            exited = waitpid(child, &status, WNOHANG) == child
          }
          let started = FileManager.default.fileExists(atPath: ready.path)
          if started { usleep(UInt32.random(in: 1_000...60_000)) }
          if !exited { _ = (kill(child, SIGKILL), waitpid(child, &status, 0)) }
          let log = (try? String(contentsOfFile: root.path + "/log", encoding: .utf8)) ?? ""
          try #require(started, "the child never saved (wait status \(status)):\n\(log)")
          kills += 1
          let store = try ModelStore(directory: root.appendingPathComponent("store"))
          let blobs = try store.all(StoreBlob.self)
          #expect(blobs.map(\.blobId) == ["blob-0", "blob-1", "blob-2", "blob-3"])
          for loaded in blobs { #expect(loaded == blob(loaded.blobId, version: loaded.version)) }
          let folder = try store.folderURL(for: StoreBlob.self)
          let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
          #expect(names.allSatisfy { !$0.hasPrefix("~") }, "temporary files were not removed")
        }
        #expect(kills >= 2)
      }
    }
  #endif
}

#if os(Linux)
  /// Starts this test binary again, running only `crashChildSavesUntilKilled`.
  ///
  /// Its output goes to `root/log`. Uses `posix_spawn`: `Process` trips LeakSanitizer on Linux.
  private func spawnCrashChild(root: URL) throws -> pid_t {
    let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let arguments = [binary, "--testing-library", "swift-testing", "--filter", "crashChild"]
    let argv = arguments.map { strdup($0) }
    let variables = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    let envp = (variables + ["\(crashChildVariable)=\(root.path)"]).map { strdup($0) }
    defer { for string in argv + envp { free(string) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, root.path + "/log", O_WRONLY | O_CREAT, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var child: pid_t = 0
    let error = posix_spawn(&child, binary, &actions, nil, argv + [nil], envp + [nil])
    guard error == 0 else { throw ModelStoreError(reason: "posix_spawn: errno \(error)") }
    return child
  }
#endif

/// People with a list of friends, saved in a store (the identity article's example).
final class StorePerson: ModelBase {
  var id = 0
  var name = ""
  var friends: [StorePerson] = []
  override class var identifierProperty: String? { "id" }
  override class var modelStore: ModelStore? { storePersonStore }
}

nonisolated(unsafe) var storePersonStore: ModelStore?

@Suite("Stored models that refer to each other", .serialized)
struct StoredReferenceTests {
  @Test func friendsKeepEachOtherThroughSaveAndLoad() throws {
    try withTemporaryFolder { url in
      let store = try ModelStore(directory: url)
      storePersonStore = store
      defer { storePersonStore = nil }
      do {
        let ann = try StorePerson(dictionary: ["id": 1, "name": "Ann"])
        let bob = try StorePerson(dictionary: ["id": 2, "name": "Bob"])
        ann.friends = [bob]
        bob.friends = [ann]
        try store.save(ann)  // Bob is saved too: Ann's file only refers to him
        let annFile = try String(
          contentsOf: store.fileURL(for: StorePerson.self, id: "1"), encoding: .utf8)
        #expect(annFile == #"{"id":1,"name":"Ann","friends":[{"id":2}]}"#)
        ann.friends = []  // no cycle left for LeakSanitizer
        bob.friends = []
      }
      // Through an identity map (the class's modelStore): Ann loads Bob, whose friend is Ann.
      let map = IdentityMap()
      let ann = try map.model(StorePerson.self, dictionary: ["id": 1])
      let bob = try #require(ann.friends.first)
      #expect(ann.name == "Ann" && bob.name == "Bob")
      #expect(bob.friends.count == 1 && bob.friends.first === ann)
      // Saving Bob again keeps Ann in his file.
      try store.save(bob)
      let bobFile = try String(
        contentsOf: store.fileURL(for: StorePerson.self, id: "2"), encoding: .utf8)
      #expect(bobFile == #"{"id":2,"name":"Bob","friends":[{"id":1}]}"#)
      ann.friends = []
      bob.friends = []
      // Through the store itself: the same graph, one instance per person.
      let loaded = try #require(try store.load(StorePerson.self, id: "2"))
      #expect(loaded.friends.map(\.name) == ["Ann"])
      #expect(loaded.friends.first?.friends.first === loaded)
      let everyone = try store.all(StorePerson.self)
      #expect(everyone.map(\.name) == ["Ann", "Bob"])
      #expect(
        everyone[0].friends.first === everyone[1] && everyone[1].friends.first === everyone[0])
      for person in [loaded] + everyone + loaded.friends { person.friends = [] }
    }
  }
}

/// A stored model with models inside it, each able to keep what a newer version wrote.
final class StoreLibrary: ModelBase {
  var libraryId = 0
  var name = ""
  var shelves: [StoreLibraryShelf] = []
  var byRoom: [String: StoreLibraryShelf] = [:]
  var owner: StoreOwner?
  override class var identifierProperty: String? { "libraryId" }
  override class var propertyMapping: [String: String] { ["libraryId": "library_id"] }
  override class var modelStore: ModelStore? { storeLibraryStore }
}

nonisolated(unsafe) var storeLibraryStore: ModelStore?

/// A stored library's owner: ``StorePerson`` with a store of its own, so that this file's
/// suites, each serialized but run beside each other, never set one another's store.
final class StoreOwner: ModelBase {
  var id = 0
  var name = ""
  var friends: [StoreOwner] = []
  override class var identifierProperty: String? { "id" }
  override class var modelStore: ModelStore? { storeOwnerStore }
}

nonisolated(unsafe) var storeOwnerStore: ModelStore?

final class StoreLibraryShelf: ModelBase {
  var label = ""
  var books: [String] = []
}

@Suite("Stored files read from their text", .serialized)
struct StoredTextTests {
  /// Each file is read straight from its text (the identifier found first): the same model, the
  /// same kept keys and the same issues as its dictionary gives, nested identified models
  /// (saved as references) through the store.
  @Test(arguments: [
    #"{"library_id": 7, "name": "City", "shelves": [{"label": "A", "books": ["x"], "floor": 2}],"#
      + #" "byRoom": {"r1": {"label": "B", "extra": {"deep": [1, null]}}}, "opened": 1999,"#
      + #" "owner": {"id": 1}}"#,
    // The identifier repeated (the last one counts), in the middle, after an unknown member.
    #"{"name": "N", "x": {"library_id": 1}, "library_id": 3, "library_id": 7, "y": [{}]}"#,
    // Escaped keys and values, a long literal kept, a null string left for the property.
    #"{"library_id": 7.0, "n\u0061me": "Caf\u00e9", "big": 123456789012345678901234,"#
      + #" "shelves": [], "byRoom": {}}"#,
    // Issues: as the dictionary way reports them, the file named.
    #"{"library_id": 7, "name": 5, "shelves": [{"label": []}, 3], "owner": "ann"}"#,
    #"{"library_id": "seven"}"#,
    #"{"name": "no identifier"}"#,
    #"{"library_id": 7, "name": "unterminated"#,
    #"[{"library_id": 7}]"#,
  ])
  func readsAsItsDictionary(json: String) throws {
    try withTemporaryFolder { url in
      let store = try ModelStore(directory: url)
      storeOwnerStore = store
      defer { storeOwnerStore = nil }
      try store.save(try StoreOwner(dictionary: ["id": 1, "name": "Ann"]))
      let folder = try store.folderURL(for: StoreLibrary.self)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let file = folder.appendingPathComponent("7.json")
      try Data(json.utf8).write(to: file)
      let expected = Self.throughDictionary(
        Data(json.utf8), as: StoreLibrary.self, id: "7", store: store)
      do {
        let library = try #require(try store.load(StoreLibrary.self, id: "7"))
        let saved = try library.toJSON(prettyPrinted: true)
        #expect(String(decoding: saved, as: UTF8.self) == expected)
        #expect(library.owner.map { $0.name } == (json.contains("owner\": {") ? "Ann" : nil))
      } catch let error as ModelStoreError {
        #expect(error.reason == expected)
      }
    }
  }

  /// A class whose identifier is under a key path of keys: its file is read from its text, the
  /// identifier found by following the path's objects (the dictionary decides where a key on
  /// the way repeats or an array is met): the same model, kept keys and errors as the
  /// dictionary gives.
  @Test(arguments: [
    #"{"meta": {"id": 7, "rev": 2}, "name": "A", "extra": [1]}"#,
    #"{"name": "B", "meta": {"id": 1}, "meta": {"id": 7, "by": "x"}}"#,
    #"{"meta": {"id": 7}, "meta": {"id": 1}}"#,
    #"{"meta": {"id": 1, "id": 7}, "name": "C"}"#,
    #"{"meta": {"id": "7"}, "name": "D"}"#,
    #"{"meta": {"id": 7.0}}"#,
    #"{"meta": [{"id": 7}]}"#,
    #"{"meta": null, "name": "E"}"#,
    #"{"meta": "7"}"#,
    #"{"name": "no identifier"}"#,
    #"{"meta": {"id": 7}, "name": "unterminated"#,
  ])
  func anIdentifierUnderAKeyPathIsFoundInTheText(json: String) throws {
    try withTemporaryFolder { url in
      let store = try ModelStore(directory: url)
      let folder = try store.folderURL(for: StoreEntry.self)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(json.utf8).write(to: folder.appendingPathComponent("7.json"))
      let expected = Self.throughDictionary(
        Data(json.utf8), as: StoreEntry.self, id: "7", store: store)
      // The identifier an identity map registers the file's model under, before reading it.
      let schema = SchemaCache.shared.schema(for: StoreEntry.self)
      let dictionary = try? ModelBase.jsonDictionary(Data(json.utf8), modelType: StoreEntry.self)
      let dictionaryID = dictionary.flatMap {
        IdentityMap.identifier(in: $0, schema: schema, context: MappingContext())
      }
      let file = try? StoredFile(Data(json.utf8), of: StoreEntry.self)
      #expect(file?.identifier == dictionaryID)
      if let file { #expect(file.dictionary == nil) }  // the model read from the text
      do {
        let entry = try #require(try store.load(StoreEntry.self, id: "7"))
        let saved = try entry.toJSON(prettyPrinted: true)
        #expect(String(decoding: saved, as: UTF8.self) == expected)
        #expect(entry.entryId == 7)
      } catch let error as ModelStoreError {
        #expect(error.reason == expected)
      }
    }
  }

  @Test func anIdentifierUnderAKeyPathIsSavedAndLoaded() throws {
    try withTemporaryFolder { url in
      let store = try ModelStore(directory: url)
      let schema = SchemaCache.shared.schema(for: StoreEntry.self)
      #expect(IdentityMap.identifierKeys(schema) == ["meta", "id"])
      #expect(schema.jsonKeys != nil)
      try store.save(try StoreEntry(dictionary: ["meta": ["id": 12], "name": "Kept"]))
      let file = try store.fileURL(for: StoreEntry.self, id: "12")
      #expect(try StoredFile(Data(contentsOf: file), of: StoreEntry.self).dictionary == nil)
      let loaded = try #require(try store.load(StoreEntry.self, id: "12"))
      #expect(loaded.entryId == 12)
      #expect(loaded.name == "Kept")
      #expect(try store.all(StoreEntry.self).map(\.entryId) == [12])
    }
  }

  /// Through an identity map (the class's `modelStore`): the stored file is read from its
  /// text, keeping its unknown keys, then updated with the dictionary given; a file that is
  /// malformed, or holds another identifier, is an issue at the model, as it was.
  @Test func anIdentityMapFillsFromTheStoredText() throws {
    try withTemporaryFolder { url in
      let store = try ModelStore(directory: url)
      storeLibraryStore = store
      storeOwnerStore = store
      defer {
        storeLibraryStore = nil
        storeOwnerStore = nil
      }
      try store.save(try StoreOwner(dictionary: ["id": 1, "name": "Ann"]))
      let folder = try store.folderURL(for: StoreLibrary.self)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(
        (#"{"library_id": 7, "name": "City", "opened": 1999, "owner": {"id": 1}, "#
          + #""shelves": [{"label": "A", "floor": 2}]}"#).utf8
      ).write(to: folder.appendingPathComponent("7.json"))
      let malformed = Data(#"{"library_id": 8, "name": "#.utf8)
      try malformed.write(to: folder.appendingPathComponent("8.json"))
      try Data(#"{"library_id": 10}"#.utf8).write(to: folder.appendingPathComponent("9.json"))
      let map = IdentityMap()
      let library = try map.model(StoreLibrary.self, dictionary: ["library_id": 7, "name": "New"])
      #expect(library.name == "New" && library.owner?.name == "Ann")
      #expect(library.shelves.map(\.label) == ["A"])
      #expect(
        String(decoding: try library.toJSON(prettyPrinted: true), as: UTF8.self) == """
          {
            "byRoom" : {

            },
            "library_id" : 7,
            "name" : "New",
            "opened" : 1999,
            "owner" : {
              "friends" : [

              ],
              "id" : 1,
              "name" : "Ann"
            },
            "shelves" : [
              {
                "books" : [

                ],
                "floor" : 2,
                "label" : "A"
              }
            ]
          }
          """)
      for (id, reason) in [
        (
          8,
          "not a valid StoreLibrary: Mapping StoreLibrary failed with 1 issue:\n"
            + "  - (root): expected JSON, found malformed JSON text: unexpected end of input at "
            + "line 1, column 27 (expected a value)"
        ),
        (9, "holds the StoreLibrary with identifier \"10\", not \"9\""),
      ] {
        do {
          _ = try map.model(StoreLibrary.self, dictionary: ["library_id": id])
          Issue.record("loaded the file of \(id)")
        } catch let error as MappingError {
          #expect(error.issues.count == 1)
          #expect(error.issues.first?.kind == .hookFailed)
          let file = try store.fileURL(for: StoreLibrary.self, id: "\(id)").path
          #expect(error.issues.first?.reason == "\(file): \(reason)")
        }
      }
    }
  }

  /// Random payloads (valid ones, then mutated: retyped, nulled, null strings, extra keys at
  /// every level) of a class with every kind of property, stored and loaded: read from the
  /// text as through the dictionary, model for model and issue for issue.
  @Test(arguments: [UInt64(0x5707_0001), 0x5707_0002])
  func randomFilesReadAsTheirDictionaries(seed: UInt64) throws {
    try withTemporaryFolder { url in
      let store = try ModelStore(directory: url)
      var seeds = RandSplitMix(seed: seed)
      for index in 0..<40 {
        var maker = RandMaker(seed: seeds.next())
        var payload = maker.payload()
        if index % 2 == 1 { payload = maker.mutated(payload) }
        for extra in 0..<maker.int(0...3) { payload["extra\(extra)"] = maker.value(depth: 2) }
        if index % 5 != 4 { payload["text"] = "r\(index)" }
        guard JSONSerialization.isValidJSONObject(payload) else { continue }
        let json = try JSONSerialization.data(withJSONObject: payload)
        let id = "r\(index)"
        let file = try store.fileURL(for: RandStoredRoot.self, id: id)
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try json.write(to: file)
        let expected = Self.throughDictionary(json, as: RandStoredRoot.self, id: id, store: store)
        let loaded: String
        do {
          let model = try #require(try store.load(RandStoredRoot.self, id: id))
          loaded = String(decoding: try model.toJSON(prettyPrinted: true), as: UTF8.self)
        } catch let error as ModelStoreError {
          loaded = error.reason
        }
        #expect(loaded == expected, "seed \(seed) case \(index)")
      }
    }
  }

  /// What the file gives through its dictionary, as every load did before: the model's sorted
  /// JSON, or the reason of the error.
  private static func throughDictionary<Model: ModelBase>(
    _ json: Data, as type: Model.Type, id expectedID: String, store: ModelStore
  ) -> String {
    do {
      let dictionary = try ModelBase.jsonDictionary(json, modelType: type)
      let schema = SchemaCache.shared.schema(for: type)
      let map = IdentityMap(loadingFrom: store)
      let model = type.init()
      if let id = IdentityMap.identifier(in: dictionary, schema: schema, context: .init()) {
        map.register(model, identifier: id)
      }
      var options = MappingOptions(identityMap: map)
      options.keepsUnknownKeys = true
      let outcome = options.run { context in
        model.fill(from: dictionary, schema: schema, context: context, updating: false)
      }
      if !outcome.issues.isEmpty {
        throw MappingError(issues: outcome.issues, modelType: typeName(type))
      }
      let id = try ModelStore.identifier(of: model)
      guard id == expectedID else {
        let name = try store.fileURL(for: type, id: id).lastPathComponent
        return "holds the \(typeName(type)) with identifier \"\(id)\", which belongs in \(name)"
      }
      return String(decoding: try model.toJSON(prettyPrinted: true), as: UTF8.self)
    } catch {
      return "not a valid \(typeName(type)): \(error)"
    }
  }
}

/// A stored model whose identifier is under a key path.
final class StoreEntry: ModelBase {
  var entryId = 0
  var name = ""
  override class var identifierProperty: String? { "entryId" }
  override class var propertyMapping: [String: String] { ["entryId": "meta.id"] }
}

/// ``RandRoot`` kept in a store, by its `text`.
final class RandStoredRoot: RandRoot {
  override class var identifierProperty: String? { "text" }
}
