import Foundation
import MirrorModel
import Testing

// A lenient call through an entry point that throws only for a broken configuration builds no
// issue (the caller never reads them); when it meets a broken class it runs again keeping them,
// so the error lists every issue, exactly as `map(_:mode:)` gives them.

final class LenientRoom: ModelBase {
  var price = 0
}

/// Broken: its mapping names a property it does not have.
final class LenientBrokenRoom: ModelBase {
  var price = 0
  override class var propertyMapping: [String: String] { ["cost": "c"] }
}

final class LenientListing: ModelBase {
  var name = ""
  var rooms: [LenientRoom] = []
  var extra: LenientBrokenRoom?
}

@Suite("Lenient issues")
struct LenientIssueTests {
  private let text = #"""
    {"zeta": 1, "name": "n", "rooms": [{"price": 1, "junk": true}, {"price": "x"}],
     "alpha": [1, 2], "extra": {"price": 3, "other": "o"}}
    """#

  private let expectedPaths = [
    "rooms[0].junk", "rooms[1].price", "extra", "extra.other", "alpha", "zeta",
  ]

  @Test func aBrokenClassMetLateThrowsEveryIssueFromEveryEntryPoint() throws {
    let dictionary = try jsonObject(text)
    let mapped = LenientListing.map(dictionary, mode: .lenient).issues
    #expect(mapped.map(\.path) == expectedPaths)
    #expect(
      mapped.map(\.kind) == [
        .unknownKey, .invalidValue, .configuration, .unknownKey, .unknownKey, .unknownKey,
      ])
    #expect(mapped[4].found == "Array of 2 elements" && mapped[5].found == "Number 1")
    let fromText = mappingIssues {
      _ = try LenientListing(json: Data(text.utf8), mode: .lenient)
    }
    #expect(fromText == mapped)
    let fromDictionary = mappingIssues {
      _ = try LenientListing(dictionary: dictionary, mode: .lenient)
    }
    #expect(fromDictionary == mapped)
    let designated = mappingIssues {
      _ = try LenientListing(
        json: Data(#"{"data": \#(text)}"#.utf8), at: "data", mode: .lenient)
    }
    #expect(designated.map(\.path) == expectedPaths.map { "data." + $0 })
    let list = mappingIssues {
      _ = try [LenientListing](json: Data("[{}, \(text)]".utf8), mode: .lenient)
    }
    #expect(list.map(\.path) == expectedPaths.map { "[1]." + $0 })
    #expect(list.map(\.reason) == mapped.map(\.reason))
  }

  @Test func aSoundLenientCallReturnsTheModelMapGives() throws {
    let text = #"{"zeta": 1, "name": "n", "rooms": [{"price": 1, "junk": true}, {"price": "x"}]}"#
    let listing = try LenientListing(json: Data(text.utf8), mode: .lenient)
    let mapped = LenientListing.map(try jsonObject(text), mode: .lenient)
    #expect(listing.name == "n" && listing.rooms.map(\.price) == [1, 0])
    #expect(listing == mapped.model)
    #expect(mapped.issues.map(\.path) == ["rooms[0].junk", "rooms[1].price", "zeta"])
    let many =
      "["
      + Array(repeating: #"{"a": 1, "b": [2], "price": 3}"#, count: 700)
      .joined(separator: ",") + "]"
    let rooms = try [LenientRoom](json: Data(many.utf8), mode: .lenient)
    #expect(rooms.count == 700 && rooms.allSatisfy { $0.price == 3 })
  }
}
