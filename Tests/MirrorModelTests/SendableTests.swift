import Foundation
import Testing

@testable import MirrorModel

// What crosses isolation domains, pinned at compile time (after swift-log's TestSendable):
// these lines compile only while the types stay `Sendable`. Models move between actors
// through `decode(json:)` and `copy()`, which return `sending` values, or, for a model class
// that takes responsibility with `@unchecked Sendable`, like any `Sendable` value.

private func requireSendable<T: Sendable>(_: T.Type) {}

@MainActor
private final class Screen {
  var title = ""
  var hotels: [Hotel] = []

  /// Maps off the main actor and keeps the models here: `sending` moves them.
  func load(_ one: Data, _ many: Data) async throws {
    let hotel = try await Hotel.decode(json: one)
    hotel.hotelName += "!"
    title = hotel.hotelName
    hotels = try await [Hotel].decode(json: many)
    hotels.append(hotel)
  }

  /// What leaves the main actor: text, not models.
  var names: [String] { hotels.map(\.hotelName) }
}

/// A model immutable by convention: mapped once, then only read.
final class ExchangeRate: ModelBase, @unchecked Sendable {
  var currency = ""
  var rate: Double = 0
}

/// An actor that keeps models and hands out copies: `copy()` is `sending`.
private actor HotelCache {
  private var hotels: [Int: Hotel] = [:]

  func store(_ hotel: sending Hotel) { hotels[hotel.hotelId] = hotel }

  func hotel(_ id: Int) -> sending Hotel? { hotels[id]?.copy() }

  func load(_ data: Data) async throws {
    let hotel = try await Hotel.decode(json: data)
    hotels[hotel.hotelId] = hotel
  }
}

@Suite("Sendable")
struct SendableTests {
  @Test func valueTypesAndTheStoreAreSendable() {
    requireSendable(MappingIssue.self)
    requireSendable(MappingIssue.Kind.self)
    requireSendable(MappingError.self)
    requireSendable(MappingMode.self)
    requireSendable(MappingReport.self)
    requireSendable(ConversionError.self)
    requireSendable(KeyStrategy.self)
    requireSendable(PropertyTransformer.self)
    requireSendable(ModelStore.self)
    requireSendable(ModelStoreError.self)
  }

  @Test func modelsMoveToTheCallerThroughDecode() async throws {
    let one = Data(#"{"name": "Grand", "hotel_id": 1}"#.utf8)
    let many = Data(#"[{"name": "A"}, {"name": "B"}]"#.utf8)
    let screen = await Screen()
    try await screen.load(one, many)
    let (title, names) = await (screen.title, screen.names)
    #expect(title == "Grand!")
    #expect(names == ["A", "B", "Grand!"])
    let issues = await { () async -> [MappingIssue] in
      do {
        _ = try await Hotel.decode(json: Data(#"{"hotel_id": "x"}"#.utf8))
        return []
      } catch let error as MappingError {
        return error.issues
      } catch {
        return []
      }
    }()
    #expect(issues.map(\.path) == ["hotel_id"])
  }

  @Test func anUncheckedSendableModelCrossesTasksAndGroups() async throws {
    requireSendable(ExchangeRate.self)
    let rate = try await Task.detached {
      try ExchangeRate(dictionary: ["currency": "EUR", "rate": 1.1])
    }.value
    #expect(rate.currency == "EUR" && rate.rate == 1.1)
    let rates = try await withThrowingTaskGroup(of: ExchangeRate.self) { group in
      for (currency, value) in [("USD", 1.0), ("GBP", 0.8)] {
        group.addTask { try ExchangeRate(dictionary: ["currency": currency, "rate": value]) }
      }
      var all: [ExchangeRate] = []
      for try await rate in group { all.append(rate) }
      return all
    }
    #expect(rates.map(\.currency).sorted() == ["GBP", "USD"])
  }

  @Test func anActorHandsOutCopiesAndTheDesignatedPathDecodes() async throws {
    let cache = HotelCache()
    try await cache.load(Data(#"{"hotel_id": 4, "name": "Kept"}"#.utf8))
    let copy = try #require(await cache.hotel(4))
    copy.hotelName = "Changed here"
    #expect(await cache.hotel(4)?.hotelName == "Kept")
    await cache.store(copy)
    #expect(await cache.hotel(4)?.hotelName == "Changed here")

    let envelope = Data(#"{"data": {"hotel": {"hotel_id": 9}, "list": [{"hotel_id": 1}]}}"#.utf8)
    let hotel = try await Hotel.decode(json: envelope, at: "data.hotel")
    let list = try await [Hotel].decode(json: envelope, at: "data.list")
    #expect(hotel.hotelId == 9 && list.map(\.hotelId) == [1])
    let issues = await { () async -> [String] in
      do {
        _ = try await Hotel.decode(json: Data(#"{"data": {"hotel_id": "x"}}"#.utf8), at: "data")
        return []
      } catch let error as MappingError {
        return error.issues.map(\.path)
      } catch {
        return ["?"]
      }
    }()
    #expect(issues == ["data.hotel_id"])
  }
}
