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
struct IdentityTests {
  @Test func uniqueReturnsTheLiveInstanceUpdatedInPlace() throws {
    let first = try Player.unique(dictionary: ["player_id": 7001, "name": "Ann", "score": 1])
    let second = try Player.unique(dictionary: ["player_id": "7001", "score": 5])
    #expect(first === second)
    #expect(first.name == "Ann")
    #expect(first.score == 5)
    let other = try Player.unique(dictionary: ["player_id": 7002])
    #expect(other !== first)
  }

  @Test func nestedIdentifiedModelsShareOneInstance() throws {
    let match = try Match(
      dictionary: [
        "matchId": "m1", "home": ["player_id": 7101, "name": "Bo"],
        "away": ["player_id": 7102, "name": "Cy"],
        "players": [["player_id": 7101, "score": 3], ["player_id": 7102]],
      ])
    #expect(match.home === match.players[0])
    #expect(match.away === match.players[1])
    #expect(match.home?.name == "Bo")
    #expect(match.home?.score == 3)
  }

  @Test func theRegistryHoldsInstancesWeakly() throws {
    weak var released: Player?
    do {
      let player = try Player.unique(dictionary: ["player_id": 7201, "name": "Di"])
      released = player
      #expect(IdentityRegistry.shared.live(Player.self, identifier: "7201") === player)
    }
    #expect(released == nil)
    #expect(IdentityRegistry.shared.live(Player.self, identifier: "7201") == nil)
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

  @Test func concurrentUniqueCallsGetTheSameInstance() {
    let collected = PlayerCollector()
    let group = DispatchGroup()
    for thread in 0..<8 {
      group.enter()
      let worker = Thread {
        for round in 0..<50 {
          if let player = try? Player.unique(
            dictionary: ["player_id": 7300 + round % 5, "score": thread])
          {
            collected.add(player)
          }
        }
        group.leave()
      }
      worker.start()
    }
    group.wait()
    #expect(collected.count == 400)
    #expect(collected.distinctCount == 5)
  }
}

/// Keeps the players the threads got (alive, so the registry keeps them too).
final class PlayerCollector: @unchecked Sendable {
  // `players` is only touched with `lock` held.
  private let lock = NSLock()
  private var players: [Player] = []

  func add(_ player: Player) {
    lock.lock()
    players.append(player)
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

@Suite("Identity and persistence")
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
    #expect(IdentityRegistry.shared.live(StoredGame.self, identifier: "tetris") == nil)
    let again = try StoredGame.unique(dictionary: ["game_id": "tetris", "genre": "classic"])
    #expect(again.name == "Tetris")
    #expect(again.genre == "classic")
    #expect(again.releaseDate.map(ISO8601.string) == "1984-06-06T00:00:00Z")
    #expect(try StoredGame.unique(dictionary: ["game_id": "tetris"]) === again)
    let unknown = try StoredGame.unique(dictionary: ["game_id": "doom"])
    #expect(unknown.name == "")
  }
}
