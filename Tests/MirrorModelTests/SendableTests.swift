import Foundation
import Testing

@testable import MirrorModel

// What crosses isolation domains, pinned at compile time (after swift-log's TestSendable):
// these lines compile only while the types stay `Sendable`, and models move between actors
// only through `decode(json:)`, with no `@unchecked Sendable` anywhere.

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
}
