import Foundation
import Testing

@testable import MirrorModel

final class Player: ModelBase {
  var playerId: Int = 0
  var name: String = ""
  var score: Int = 0
  override class var identifierProperty: String? { "playerId" }
  override class var propertyMapping: [String: String] { ["playerId": "player_id"] }
}

final class Match: ModelBase {
  var matchId: String = ""
  var home: Player?
  var away: Player?
  var players: [Player] = []
  override class var identifierProperty: String? { "matchId" }
}

final class Badge: ModelBase {
  var badgeId: String = ""
  var label: String = ""
  override class var identifierProperty: String? { "badgeId" }
  override class var requiredProperties: Set<String> { ["badgeId"] }
}

@Suite("Identity map")
@MainActor
struct IdentityTests {
  @Test func identifiedClassesAreReadDirectlyAndEveryModelIsNewOutsideAMap() throws {
    // Outside an identity map a nested identified model is a new one, from every source: JSON
    // text and decoders read identified classes straight into their models.
    #expect(SchemaCache.shared.schema(for: Match.self).jsonKeys != nil)
    #expect(SchemaCache.shared.schema(for: Player.self).decoderKeys?.count == 3)
    let text = #"""
      {"players": [{"player_id": 1, "name": "Ann"}, {"player_id": "1", "score": "4"}],
       "home": {"player_id": 1, "score": 2}, "matchId": "m1", "away": null}
      """#
    let data = Data(text.utf8)
    let fromText = try Match(json: data)
    let fromDictionary = try Match(dictionary: try jsonObject(text))
    let decoded = try JSONDecoder().decode(Match.self, from: data)
    for match in [fromText, fromDictionary, decoded] {
      #expect(match.matchId == "m1" && match.away == nil)
      #expect(match.players.map(\.playerId) == [1, 1] && match.players.map(\.score) == [0, 4])
      #expect(match.players[0] !== match.players[1] && match.home !== match.players[0])
      #expect(match.home?.score == 2 && match.players[0].name == "Ann")
      #expect(match == fromDictionary)
    }
    let bad = #"{"matchId": "m2", "players": [{"player_id": "x"}], "home": {"name": [1]}}"#
    let issues = mappingIssues { _ = try Match(json: Data(bad.utf8)) }
    #expect(issues.map(\.path) == ["home.name", "players[0].player_id"])
    #expect(issues == mappingIssues { _ = try Match(dictionary: try jsonObject(bad)) })
    #expect(
      issues == mappingIssues { _ = try JSONDecoder().decode(Match.self, from: Data(bad.utf8)) })
  }

  @Test func uniqueReturnsTheLiveInstanceUpdatedInPlace() throws {
    let first = try Player.unique(dictionary: ["player_id": 7001, "name": "Ann", "score": 1])
    let second = try Player.unique(dictionary: ["player_id": "7001", "score": 5])
    #expect(first === second)
    #expect(first.name == "Ann")
    #expect(first.score == 5)
    let other = try Player.unique(dictionary: ["player_id": 7002])
    #expect(other !== first)
  }

  /// `7`, `"07"` and `"+7"` are one `Int` identifier: one live model, filed under `"7"`.
  @Test func theIdentifierIsTheMappedValue() throws {
    let map = IdentityMap()
    let seven = try map.model(Player.self, dictionary: ["player_id": 7, "name": "Ann"])
    #expect(try map.model(Player.self, dictionary: ["player_id": "07"]) === seven)
    #expect(try map.model(Player.self, dictionary: ["player_id": "+7"]) === seven)
    #expect(try map.model(Player.self, dictionary: ["player_id": 7.0]) === seven)
    #expect(map.registered(Player.self, identifier: "7") === seven)
    #expect(map.count == 1)
  }

  @Test func nestedIdentifiedModelsShareOneInstanceThroughAMap() throws {
    let map = IdentityMap()
    let match = try map.model(
      Match.self,
      dictionary: [
        "matchId": "m1", "home": ["player_id": 7101, "name": "Bo"],
        "away": ["player_id": 7102, "name": "Cy"],
        "players": [["player_id": 7101, "score": 3], ["player_id": 7102]],
      ])
    #expect(match.home === match.players[0])
    #expect(match.away === match.players[1])
    #expect(match.home?.name == "Bo")
    #expect(match.home?.score == 3)
    // Outside a map, nested identified models are new, unshared instances.
    let plain = try Match(dictionary: [
      "home": ["player_id": 7101], "players": [["player_id": 7101]],
    ])
    #expect(plain.home !== plain.players[0] && plain.home !== match.home)
  }

  /// A plain mapping or update never writes another identifier's data into a shared model.
  @Test func anotherIdentifiersDataIsNeverWrittenIntoASharedModel() throws {
    let map = IdentityMap()
    let first = try map.model(
      Match.self, dictionary: ["matchId": "a", "home": ["player_id": 5, "name": "Five"]])
    let five = try #require(first.home)
    let second = try map.model(
      Match.self, dictionary: ["matchId": "b", "home": ["player_id": 9, "name": "Nine"]])
    #expect(five.playerId == 5 && five.name == "Five" && second.home !== five)
    try first.update(with: ["home": ["player_id": 9, "name": "Changed"]])
    #expect(five.playerId == 5 && five.name == "Five")
    #expect(first.home?.playerId == 9 && first.home !== five)
    _ = try map.model(Match.self, dictionary: ["matchId": "a", "home": ["player_id": 9]])
    #expect(five.playerId == 5 && five.name == "Five")
    #expect(first.home === second.home)
  }

  /// A mapping that throws changes nothing shared: not the live model, not a nested one.
  @Test func aFailedMappingChangesNothingShared() throws {
    let map = IdentityMap()
    let match = try map.model(
      Match.self,
      dictionary: ["matchId": "m", "home": ["player_id": 1, "name": "Ann", "score": 2]])
    let home = try #require(match.home)
    let issues = mappingIssues {
      _ = try map.model(
        Match.self,
        dictionary: ["matchId": "m", "home": ["player_id": 1, "name": "Bob", "score": "many"]])
    }
    #expect(issues.map(\.path) == ["home.score"])
    #expect(home.name == "Ann" && home.score == 2 && match.home === home)
    let badNew = mappingIssues {
      _ = try map.model(Player.self, dictionary: ["player_id": 2, "score": "x"])
    }
    #expect(badNew.map(\.path) == ["score"])
    #expect(map.registered(Player.self, identifier: "2") == nil)
    // update(with:) too.
    let updateIssues = mappingIssues { try home.update(with: ["name": "Cy", "score": []]) }
    #expect(updateIssues.map(\.path) == ["score"] && home.name == "Ann")
  }

  @Test func theMapHoldsInstancesWeakly() throws {
    weak var released: Player?
    do {
      let player = try Player.unique(dictionary: ["player_id": 7201, "name": "Di"])
      released = player
      #expect(IdentityMap.main.registered(Player.self, identifier: "7201") === player)
    }
    #expect(released == nil)
    #expect(IdentityMap.main.registered(Player.self, identifier: "7201") == nil)
    let fresh = try Player.unique(dictionary: ["player_id": 7201])
    #expect(fresh.name == "")
  }

  @Test func aDictionaryWithoutTheIdentifierGivesAnUnregisteredInstance() throws {
    let first = try Player.unique(dictionary: ["name": "anon"])
    let second = try Player.unique(dictionary: ["name": "anon"])
    #expect(first !== second)
    let issues = mappingIssues { _ = try Badge.unique(dictionary: ["label": "x"]) }
    #expect(issues.map(\.path) == ["badgeId"])
    #expect(issues.map(\.kind) == [.missingValue])
  }

  /// No lock is held while hooks run: a hook may wait for another thread that maps models
  /// through an identity map of its own.
  @Test func aHookMayWaitForAnotherThreadThatMapsModels() throws {
    let map = IdentityMap()
    let model = try map.model(WaitingPlayer.self, dictionary: ["player_id": 1, "name": "x"])
    #expect(model.otherThreadMapped == true)
  }

  /// `unique(dictionary:)` uses the calling thread's map: the main one here, another on each
  /// other thread, so no model is shared between threads.
  @Test func uniqueUsesTheCallingThreadsMap() throws {
    #expect(IdentityMap.current === IdentityMap.main)
    let here = try Player.unique(dictionary: ["player_id": 7501])
    let (same, identity) = onAppThread(()) { _ -> (Bool, ObjectIdentifier?) in
      guard let first = try? Player.unique(dictionary: ["player_id": 7501]),
        let again = try? Player.unique(dictionary: ["player_id": "7501"])
      else { return (false, nil) }
      return (
        first === again && IdentityMap.current === IdentityMap.current, ObjectIdentifier(first)
      )
    }
    #expect(same && identity != ObjectIdentifier(here))
    #expect(try Player.unique(dictionary: ["player_id": 7501]) === here)
  }

  /// Each thread maps through its own identity map: one instance per identifier within it.
  @Test nonisolated func identityMapsOnManyThreads() {
    let collected = PlayerCollector()
    let group = DispatchGroup()
    for thread in 0..<8 {
      group.enter()
      let worker = Thread {
        let map = IdentityMap()
        var players: [Player] = []
        for round in 0..<50 {
          if let player = try? map.model(
            Player.self, dictionary: ["player_id": 7300 + round % 5, "score": thread])
          {
            players.append(player)
          }
        }
        collected.add(players)
        group.leave()
      }
      worker.stackSize = 512 * 1024
      worker.start()
    }
    group.wait()
    #expect(collected.count == 400)
    #expect(collected.distinctCount == 40)
  }
}

/// A model whose `didMap` waits for another thread, which maps a model itself.
final class WaitingPlayer: ModelBase {
  var playerId = 0
  var name = ""
  var otherThreadMapped = false
  override class var identifierProperty: String? { "playerId" }
  override class var propertyMapping: [String: String] { ["playerId": "player_id"] }
  override class var ignoredProperties: Set<String> { ["otherThreadMapped"] }

  override func didMap(from dictionary: [String: Any]) throws {
    let done = DispatchSemaphore(value: 0)
    let result = PlayerCollector()
    let thread = Thread {
      if let player = try? IdentityMap().model(Player.self, dictionary: ["player_id": 99]) {
        result.add([player])
      }
      done.signal()
    }
    thread.start()
    otherThreadMapped = done.wait(timeout: .now() + 10) == .success && result.count == 1
  }
}

/// Keeps the players the threads got (alive, so the registry keeps them too).
final class PlayerCollector: @unchecked Sendable {
  // `players` is only touched with `lock` held.
  private let lock = NSLock()
  private var players: [Player] = []

  func add(_ more: [Player]) {
    lock.lock()
    players += more
    lock.unlock()
  }

  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return players.count
  }

  var distinctCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return Set(players.map(ObjectIdentifier.init)).count
  }
}

private let gameStoreDirectory = FileManager.default.temporaryDirectory
  .appendingPathComponent("mirrormodel-identity-\(UUID().uuidString)")
private let gameStore = try? ModelStore(directory: gameStoreDirectory)

final class StoredGame: ModelBase {
  var gameId: String = ""
  var name: String = ""
  var genre: String = ""
  var releaseDate: Date?
  override class var identifierProperty: String? { "gameId" }
  override class var modelStore: ModelStore? { gameStore }
  override class var propertyMapping: [String: String] {
    ["gameId": "game_id", "releaseDate": "release_date"]
  }
}

private let friendStoreDirectory = FileManager.default.temporaryDirectory
  .appendingPathComponent("mirrormodel-friends-\(UUID().uuidString)")
private let friendStore = try? ModelStore(directory: friendStoreDirectory)

/// People who are each other's friends, saved in a store.
final class StoredFriend: ModelBase {
  var name = ""
  var friend: StoredFriend?
  override class var identifierProperty: String? { "name" }
  override class var modelStore: ModelStore? { friendStore }
}

@Suite("Identity and persistence")
@MainActor
struct IdentityPersistenceTests {
  /// FDModel's game: map, save, drop every reference, `unique` again returns the stored data.
  @Test func uniqueFindsAModelSavedEarlier() throws {
    let store = try #require(gameStore)
    defer { try? FileManager.default.removeItem(at: gameStoreDirectory) }
    do {
      let game = try StoredGame.unique(
        dictionary: [
          "game_id": "tetris", "name": "Tetris", "genre": "puzzle",
          "release_date": "1984-06-06T00:00:00Z",
        ])
      try store.save(game)
    }
    #expect(IdentityMap.main.registered(StoredGame.self, identifier: "tetris") == nil)
    let again = try StoredGame.unique(dictionary: ["game_id": "tetris", "genre": "classic"])
    #expect(again.name == "Tetris")
    #expect(again.genre == "classic")
    #expect(again.releaseDate.map(ISO8601.string) == "1984-06-06T00:00:00Z")
    #expect(try StoredGame.unique(dictionary: ["game_id": "tetris"]) === again)
    let unknown = try StoredGame.unique(dictionary: ["game_id": "doom"])
    #expect(unknown.name == "")
  }

  /// Loading Ann loads Bob, whose friend is Ann: the registered Ann, not another load.
  @Test func modelsThatReferToEachOtherThroughAStoreLoadOnce() throws {
    let store = try #require(friendStore)
    defer { try? FileManager.default.removeItem(at: friendStoreDirectory) }
    do {
      let map = IdentityMap()
      let ann = try map.model(
        StoredFriend.self, dictionary: ["name": "Ann", "friend": ["name": "Bob"]])
      let bob = try #require(ann.friend)
      bob.friend = ann
      try store.save(ann)
      try store.save(bob)
      bob.friend = nil  // no cycle left for LeakSanitizer
    }
    let launch = IdentityMap()  // a new launch: nothing live
    let ann = try launch.model(StoredFriend.self, dictionary: ["name": "Ann"])
    let bob = try #require(ann.friend)
    #expect(bob.name == "Bob" && bob.friend === ann)
    #expect(launch.registered(StoredFriend.self, identifier: "Bob") === bob)
    bob.friend = nil
  }
}

private let measurementStoreDirectory = FileManager.default.temporaryDirectory
  .appendingPathComponent("mirrormodel-measurements-\(UUID().uuidString)")
private let measurementStore = try? ModelStore(directory: measurementStoreDirectory)

/// A stored model with a `Double`, for a file holding a literal longer than 38 digits; its
/// `didMap(from:)` makes its objects be read as dictionaries, where the literal is an
/// `NSDecimalNumber` (its first 38 digits) and the call's table holds its whole rounding.
final class StoredMeasurement: ModelBase {
  var id = 0
  var value: Double = 0
  override class var identifierProperty: String? { "id" }
  override class var modelStore: ModelStore? { measurementStore }
  override func didMap(from dictionary: [String: Any]) throws {}
}

@Suite("Identity maps read stored text as init(json:) does")
struct StoredTextLiteralTests {
  /// A model an identity map finds in its class's store, inside a call from a dictionary, has
  /// its `Double` rounded from the whole literal of the stored text, as `init(json:)` and the
  /// store's own `load` round it (its `NSDecimalNumber`'s 38 digits round to the even `Double`
  /// below).
  @Test func aStoredLongLiteralIsRoundedFromItsWholeText() throws {
    let store = try #require(measurementStore)
    defer { try? FileManager.default.removeItem(at: measurementStoreDirectory) }
    let saved = StoredMeasurement()
    saved.id = 1
    try store.save(saved)
    let files = try #require(
      FileManager.default.enumerator(at: measurementStoreDirectory, includingPropertiesForKeys: nil)
    )
    .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }
    #expect(files.count == 1)
    let literal = "9007199254740993.00000000000000000000000001"
    try Data(#"{"id": 1, "value": \#(literal)}"#.utf8).write(to: try #require(files.first))
    let expected = 9_007_199_254_740_994.0
    #expect(
      try StoredMeasurement(json: Data(#"{"id": 1, "value": \#(literal)}"#.utf8)).value
        .bitPattern == expected.bitPattern)
    #expect(
      try store.load(StoredMeasurement.self, id: "1")?.value.bitPattern == expected.bitPattern)
    let mapped = try IdentityMap().model(StoredMeasurement.self, dictionary: ["id": 1])
    #expect(mapped.value.bitPattern == expected.bitPattern)
  }
}
