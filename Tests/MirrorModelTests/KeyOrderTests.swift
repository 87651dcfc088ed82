import Foundation
import Testing

@testable import MirrorModel

// Where MirrorModel orders keys itself (a description's dictionaries, kept unknown members
// written, the paths of a dictionary's entries), the order is the keys' UTF-8
// bytes: one order whatever the dictionary's, for every key. (`<` on `String` was the order:
// it orders by canonical equivalence, and for keys such as `café-` and `café` spelled with a
// combining accent, neither came before the other, so the result followed the dictionary's
// iteration order, which differs between a model and its copy. The fuzzer found it.)

/// Scores by name, keeping the keys it does not read.
final class OrderedScores: ModelBase {
  var scores: [String: Double] = [:]
  override class var keepsUnknownKeys: Bool { true }
}

/// The same, its scores under a key path (its kept members written by the key-path walk).
final class OrderedPathScores: ModelBase {
  var scores: [String: Double] = [:]
  var name = ""
  override class var propertyMapping: [String: String] { ["name": "meta.name"] }
  override class var keepsUnknownKeys: Bool { true }
}

@Suite("Keys in one order, whatever the dictionary's")
struct KeyOrderTests {
  /// Keys that `String`'s `<` does not order.
  ///
  /// `caf\u{e9}-` and `cafe\u{301}` (`café` with a combining accent), with others around
  /// them. In UTF-8 order: a, b, cafe\u{301}, caf\u{e9}-, z, \u{e9}.
  static let keys = ["z", "caf\u{e9}-", "a", "\u{e9}", "cafe\u{301}", "b"]
  static let utf8Order = ["a", "b", "cafe\u{301}", "caf\u{e9}-", "z", "\u{e9}"]

  /// `keys` in several orders, each a JSON object with the key's position as its value.
  static var objects: [String] {
    let orders = [
      [0, 1, 2, 3, 4, 5], [5, 4, 3, 2, 1, 0], [4, 1, 0, 5, 2, 3], [1, 4, 3, 0, 5, 2],
    ]
    return orders.map { order in
      "{" + order.map { "\(jsonString(keys[$0])): \($0)" }.joined(separator: ", ") + "}"
    }
  }

  /// `key` as a JSON string literal, escaped as the writer escapes it (not at all here).
  private static func jsonString(_ key: String) -> String {
    "\"" + key + "\""
  }

  /// The keys a description lists, as it writes them (`debugDescription`), in its order.
  private static func keyOrder(_ described: String) -> [String] {
    described.split(separator: "\n").compactMap { line in
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("\""), let colon = trimmed.range(of: "\": ") else { return nil }
      return String(trimmed[..<colon.lowerBound]) + "\""
    }
  }

  /// Where `needle`'s bytes first occur in `haystack`'s.
  private static func offset(of needle: String, in haystack: Data) -> Int? {
    let bytes = Array(haystack)
    let wanted = Array(needle.utf8)
    guard bytes.count >= wanted.count else { return nil }
    return (0...(bytes.count - wanted.count)).first {
      Array(bytes[$0..<($0 + wanted.count)]) == wanted
    }
  }

  @Test func aDescriptionListsADictionarysKeysInOneOrder() throws {
    var described: Set<String> = []
    for object in Self.objects {
      let model = try OrderedScores(json: Data(#"{"scores": \#(object)}"#.utf8))
      described.insert(model.description)
      described.insert(model.copy().description)
    }
    #expect(described.count == 1)
    let keys = Self.keyOrder(try #require(described.first))
    #expect(keys == Self.utf8Order.map(\.debugDescription))
  }

  @Test func aDictionarysIssuesAreInOneOrderFromEverySource() throws {
    // Every entry's value is no number: an issue each, kept in the keys' UTF-8 order, read
    // from text in any document order, from a dictionary, and by a decoder.
    var orders: Set<[String]> = []
    for object in Self.objects {
      let bad = object.replacingOccurrences(
        of: #": (\d)"#, with: #": "x$1""#, options: .regularExpression)
      let text = Data(#"{"scores": \#(bad)}"#.utf8)
      let dictionary = try #require(try JSONSerialization.jsonObject(with: text) as? [String: Any])
      for read in [
        { try OrderedScores(json: text) }, { try OrderedScores(dictionary: dictionary) },
        { try JSONDecoder().decode(OrderedScores.self, from: text) },
      ] as [() throws -> OrderedScores] {
        do {
          _ = try read()
          Issue.record("no issue for \(bad)")
        } catch let error as MappingError {
          orders.insert(error.issues.map(\.path))
        }
      }
    }
    #expect(orders.count == 1)
    let expected = Self.utf8Order.map { key in
      MappingContext.isPlainKey(key) ? "scores.\(key)" : "scores[\"\(key)\"]"
    }
    #expect(orders.first == expected)
  }

  @Test func keptMembersAreWrittenInOneOrder() throws {
    for type in [OrderedScores.self, OrderedPathScores.self] as [ModelBase.Type] {
      var written: Set<Data> = []
      var keys: [[String]] = []
      for object in Self.objects {
        // The object's keys kept at the top level, beside the model's own.
        let members = object.dropFirst().dropLast()
        let text = #"{"meta": {"name": "n"}, \#(members)}"#
        let model = try type.init(json: Data(text.utf8))
        let json = try model.toJSON()
        written.insert(json)
        // `JSONEncoder` orders an object's keys itself; every kept one is there.
        let encoded = try JSONEncoder().encode(model)
        let decoded = try JSONSerialization.jsonObject(with: encoded) as? [String: Any]
        #expect(Self.keys.allSatisfy { decoded?[$0] != nil }, "\(type)")
        let back = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        keys.append(Self.keys.filter { back[$0] != nil })
      }
      #expect(written.count == 1, "\(type)")
      // Every kept key written (none lost between two spellings of `café`).
      #expect(keys.allSatisfy { $0.count == Self.keys.count }, "\(type)")
      let json = try #require(written.first)
      let positions = Self.utf8Order.map { Self.offset(of: Self.jsonString($0) + ":", in: json) }
      #expect(positions.allSatisfy { $0 != nil }, "\(type)")
      #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(type)")
    }
  }
}
