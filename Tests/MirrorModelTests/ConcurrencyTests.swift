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

/// Collects models mapped concurrently elsewhere, and reads and writes their fields itself,
/// where ThreadSanitizer sees every access: were a model still referenced by the thread that
/// mapped it (a registry, a cache), the race would show here.
actor HotelDesk {
  private var hotels: [Hotel] = []

  func keep(_ hotel: sending Hotel) {
    hotel.hotelName += " (kept)"
    hotels.append(hotel)
  }

  func summary() -> [String] {
    for hotel in hotels { hotel.hotelId += 1 }
    return hotels.map { "\($0.hotelName) \($0.hotelId) \($0.rooms.count)" }.sorted()
  }
}

@Suite("Concurrency: models moved between isolation domains")
struct ConcurrencyMoveTests {
  @Test func modelsMappedInParallelMoveToOneActor() async throws {
    let desk = HotelDesk()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<16 {
        group.addTask {
          let json = Data(#"{"name": "H\#(index)", "hotel_id": \#(index), "room_list": [{}]}"#.utf8)
          let hotel = try await Hotel.decode(json: json)
          hotel.rooms[0].price = Double(index)
          await desk.keep(hotel)
        }
      }
      try await group.waitForAll()
    }
    let summary = await desk.summary()
    #expect(summary.count == 16)
    #expect(summary.contains("H3 (kept) 4 1"))
  }
}
