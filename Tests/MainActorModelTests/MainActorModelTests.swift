import Foundation
import MirrorModel
import Observation
import Testing

// This target is compiled as Xcode 26 compiles a new app target: every declaration is
// `@MainActor` unless it says otherwise (`-default-isolation MainActor`, SE-0466). Its models
// are declared as the README and the articles show, so that they keep compiling there.
//
// `nonisolated` on the class is needed: under default MainActor isolation a subclass's
// initializers and hook overrides would be inferred `@MainActor`, which cannot override
// `ModelBase`'s nonisolated ones. A library cannot change that inference from its side: a
// conformance inherited from `ModelBase` does not count as one the class declares.

nonisolated final class Room: ModelBase {
  var price: Double = 0
  var kind = ""
}

nonisolated final class Hotel: ModelBase {
  var hotelId = 0
  var name = ""
  var rooms: [Room] = []
  var opened: Date?

  override class var propertyMapping: [String: String] {
    ["hotelId": "hotel_id", "rooms": "room_list"]
  }
  override class var defaultValues: [String: Any] { ["name": "unknown"] }
  override func didMap(from dictionary: [String: Any]) throws {
    if name.isEmpty { name = "unnamed" }
  }
}

/// Immutable by convention: may cross tasks.
nonisolated final class Rate: ModelBase, @unchecked Sendable {
  var currency = ""
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable nonisolated final class Profile: ModelBase {
  var name = ""
  var followers = 0
  override class var propertyKeyPaths: [String: AnyKeyPath] {
    ["name": \Profile.name, "followers": \Profile.followers]
  }
}

/// A view model as an app writes it: main-actor isolated (by default), holding models.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable final class ProfileScreen {
  var profile = Profile()
  var hotels: [Hotel] = []

  func load(_ profile: Data, _ hotels: Data) async throws {
    self.profile = try await Profile.decode(json: profile)
    self.hotels = try await [Hotel].decode(json: hotels)
  }

  func refresh(with dictionary: [String: Any]) throws {
    try profile.update(with: dictionary)
  }
}

@Suite("Default MainActor isolation")
struct MainActorModelTests {
  @Test func modelsMapOnTheMainActor() throws {
    let hotel = try Hotel(
      dictionary: ["hotel_id": 3, "name": "", "room_list": [["price": 9.5, "kind": "suite"]]])
    #expect(hotel.hotelId == 3 && hotel.name == "unnamed" && hotel.rooms.first?.price == 9.5)
    #expect(hotel.toDictionary()["hotel_id"] as? Int == 3)
    try Hotel.validateMapping()
  }

  @Test func anObservableViewModelLoadsAndRefreshes() async throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let screen = ProfileScreen()
    try await screen.load(
      Data(#"{"name": "Ann", "followers": 3}"#.utf8), Data(#"[{"hotel_id": 1}]"#.utf8))
    #expect(screen.profile.name == "Ann" && screen.hotels.map(\.hotelId) == [1])
    try screen.refresh(with: ["followers": 4])
    #expect(screen.profile.followers == 4)
  }

  @Test func modelsMapOffTheMainActorToo() async throws {
    let hotel = try await Hotel.decode(json: Data(#"{"hotel_id": 8}"#.utf8))
    #expect(hotel.hotelId == 8)
    let rate = try await Task.detached {
      try Rate(dictionary: ["currency": "EUR"])
    }.value
    #expect(rate.currency == "EUR")
  }
}
