import Foundation
import Testing

@testable import MirrorModel

@Suite("Concurrency")
struct ConcurrencyTests {
  /// Maps, writes back, copies, compares, builds schemas and uses identity maps (one per
  /// thread) from many real threads across many classes.
  @Test func concurrentMappingFromRealThreadsAcrossManyClasses() throws {
    let factories: [@Sendable () throws -> [String: Any]] = concurrencyModelFactories
    #expect(factories.count >= 50)
    let threadCount = 8
    let failures = FailureCounter()
    let group = DispatchGroup()
    for thread in 0..<threadCount {
      group.enter()
      let worker = Thread {
        let map = IdentityMap()
        for round in 0..<40 {
          let index = (thread * 7 + round) % factories.count
          do {
            let output = try factories[index]()
            if output["value"] as? Int != index { failures.increment() }
          } catch {
            failures.increment()
          }
          do {
            let hotel = try Hotel(dictionary: jsonObject(hotelJSON))
            if hotel.rooms.count != 2 || hotel.toDictionary().count != 5 { failures.increment() }
            if hotel.copy() != hotel || hotel.description.isEmpty { failures.increment() }
            // The thread's own identity map: same identifier, same instance.
            let player = try map.model(Player.self, dictionary: ["player_id": 7400 + round % 3])
            let again = try map.model(Player.self, dictionary: ["player_id": 7400 + round % 3])
            if player !== again { failures.increment() }
            let match = try map.model(
              Match.self,
              dictionary: ["matchId": "c\(thread)", "home": ["player_id": 7400 + round % 3]])
            if match.home !== player { failures.increment() }
          } catch {
            failures.increment()
          }
        }
        group.leave()
      }
      worker.stackSize = 512 * 1024
      worker.start()
    }
    group.wait()
    #expect(failures.value == 0)
  }
}

final class FailureCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() {
    lock.lock()
    count += 1
    lock.unlock()
  }
  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}
