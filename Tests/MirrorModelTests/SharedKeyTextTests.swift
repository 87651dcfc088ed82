import Foundation
import Testing

@testable import MirrorModel

// Keys several properties read (two properties on one key, YYModel's "multiple properties to
// one key"; a property that reads an object whole beside key paths into it, `user` and
// `user.name`) read straight from JSON text: the value is read into each property in turn, the
// text read again from the value's start, as a dictionary gives each property the value. Every
// case against `JSONSerialization` + `init(dictionary:)`, in every mode.

final class SharedKeyUser: ModelBase {
  var id = 0
  var name = ""
}

final class SharedKeyTag: ModelBase {
  var text = ""
  var indices: [Int] = []
}

final class SharedKeyStatus: ModelBase {
  var id = 0
  var idText: String?
  var count = 0
  var countText = ""
  var user: SharedKeyUser?
  var userName = ""
  var userID: Int?
  var author: [String: Any] = [:]
  var entities: [String: Any] = [:]
  var hashtags: [SharedKeyTag] = []
  var tagCount: Int?
  var text = ""

  override class var propertyMapping: [String: String] {
    [
      "idText": "id", "countText": "count", "userName": "user.name", "userID": "user.id",
      "author": "user", "hashtags": "entities.hashtags", "tagCount": "entities.count",
    ]
  }
}

/// The same keys in a class that keeps its unknown keys: those inside a value a property reads
/// whole are not unknown.
final class SharedKeyKeptStatus: ModelBase {
  var id = 0
  var idText: String?
  var user: SharedKeyUser?
  var userName = ""
  var meta: [String: Any] = [:]
  var metaKind = ""

  override class var keepsUnknownKeys: Bool { true }
  override class var propertyMapping: [String: String] {
    ["idText": "id", "userName": "user.name", "metaKind": "meta.kind"]
  }
}

/// The same keys in a class that validates: its values are read in the properties' order,
/// each shared value noted once for each property (a model read where it is met).
final class SharedKeyCheckedStatus: ModelBase {
  var id = 0
  var idText: String?
  var user: SharedKeyUser?
  var userName = ""
  var meta: [String: Any] = [:]
  var metaKind = ""
  var log: [String] = []

  override class var ignoredProperties: Set<String> { ["log"] }
  override class var propertyMapping: [String: String] {
    ["idText": "id", "userName": "user.name", "metaKind": "meta.kind"]
  }

  override func validate(_ value: Any, forProperty property: String) throws -> Any {
    log.append("\(property) after id=\(id) user=\(user?.name ?? "-") name=\(userName)")
    if property == "userName", value as? String == "reject" {
      throw ConversionError(expectedType: "String", reason: "rejected")
    }
    return value
  }
}

/// Shared keys beside alternative keys of other properties (by priority, a key path among
/// them).
final class SharedKeyAliasedStatus: ModelBase {
  var id = 0
  var idText: String?
  var text = ""
  var user: SharedKeyUser?
  var userName = ""
  override class var alternativeKeys: [String: [String]] { ["text": ["name", "meta.kind"]] }
  override class var propertyMapping: [String: String] {
    ["idText": "id", "userName": "user.name"]
  }
}

/// An alternative key on a key other properties share (`id`), or through one (`user.id`):
/// which key counts depends on the other keys met, so the class reads its objects as
/// dictionaries.
final class SharedKeyClashingStatus: ModelBase {
  var id = 0
  var idText: String?
  var text = ""
  var user: SharedKeyUser?
  var userName = ""
  override class var alternativeKeys: [String: [String]] { ["text": ["id", "user.id"]] }
  override class var propertyMapping: [String: String] {
    ["idText": "id", "userName": "user.name"]
  }
}

final class SharedKeyTimeline: ModelBase {
  var status: SharedKeyStatus?
  var statuses: [SharedKeyStatus] = []
  var kept: [SharedKeyKeptStatus] = []
  var checked: [SharedKeyCheckedStatus] = []
  var aliased: [SharedKeyAliasedStatus] = []
  var clashing: [SharedKeyClashingStatus] = []
}

@Suite("Keys several properties read, from JSON text")
struct SharedKeyTextTests {
  static let statuses = [
    #"{"id": 7, "count": 12, "user": {"id": 3, "name": "ann"}, "text": "hi", "#
      + #""entities": {"hashtags": [{"text": "swift", "indices": [0, 6]}, {"text": "json"}], "#
      + #""count": 2, "urls": []}}"#,
    #"{"count": "12", "id": "7", "user": {"name": "bob", "extra": [1, {"a": null}]}}"#,
    #"{"text": "none of them"}"#,
    #"{"id": null, "count": null, "user": null, "entities": null}"#,
    #"{"user": "not an object", "entities": [1, 2], "id": true, "count": 1.5}"#,
    #"{"user": [{"name": "in an array"}], "entities": {"hashtags": {"0": {"text": "keyed"}}}}"#,
    #"{"user": {"id": "x", "name": 5}, "entities": {"hashtags": [{"text": 1}], "count": "2"}}"#,
    #"{"id": 1, "id": 2, "user": {"name": "first"}}"#,
    #"{"user": {"name": "a"}, "user": {"name": "b"}}"#,
    #"{"user": {"name": "a", "name": "b"}, "entities": {"hashtags": [], "hashtags": [{}]}}"#,
    #"{"user": {}, "entities": {}, "count": "<null>", "id": "(null)"}"#,
    #"{"\u0069d": 9, "us\u0065r": {"n\u0061me": "escaped"}, "entities": {"hashtags": [null]}}"#,
    #"{ "user" : { "id" : 4 , "name" : "s p a c e" } , "id" : 5 , "count" : 6 ,"#
      + #" "entities" : { "hashtags" : [ { "text" : "t" , "x" : [ { } ] } ] , "count" : 1 } }"#,
    #"{"entities": {"hashtags": [{"text": "a"}, 5, {"indices": ["x"]}], "count": 9e99}}"#,
    #"{"meta": {"kind": "k", "other": 1}, "meta2": {"kind": "unknown"}, "zzz": [1]}"#,
    #"{"meta": "flat", "id": 3}"#,
    #"{"meta": {"kind": 1}, "meta": {"kind": "second"}}"#,
    #"{"user": {"name": "reject", "id": 2}, "id": 4, "meta": {"kind": "k"}}"#,
    #"{"name": "by name", "meta": {"kind": "by kind"}, "user": {"id": 5}, "text": "own"}"#,
    #"{"user": {"id": "7", "name": "n"}, "meta": {"kind": 3}}"#,
  ]

  @Test func theClassesAreReadFromTheText() {
    let status = SchemaCache.shared.schema(for: SharedKeyStatus.self)
    #expect(status.jsonKeys != nil)
    #expect(!status.readsPlainKeys)
    // `id`, `count`, `user` and `entities` (whole, and through it) at the top.
    #expect(status.jsonSharedKeys.count == 4)
    #expect(SchemaCache.shared.schema(for: SharedKeyKeptStatus.self).jsonKeys != nil)
    #expect(SchemaCache.shared.schema(for: SharedKeyCheckedStatus.self).jsonSharedKeys.count == 3)
    #expect(SchemaCache.shared.schema(for: SharedKeyAliasedStatus.self).jsonSharedKeys.count == 2)
    #expect(SchemaCache.shared.schema(for: SharedKeyClashingStatus.self).jsonKeys == nil)
    // A class without shared keys has none.
    #expect(SchemaCache.shared.schema(for: SharedKeyUser.self).jsonSharedKeys.isEmpty)
  }

  @Test(arguments: statuses)
  func sameAsTheDictionary(status: String) throws {
    try compare(status)
  }

  /// Random objects over the classes' keys (repeated, nested, of every kind of value).
  @Test(arguments: [UInt64(0x5A4E_0001), 0x5A4E_0002])
  func randomObjectsAsTheDictionary(seed: UInt64) throws {
    var random = RandSplitMix(seed: seed)
    for _ in 0..<80 {
      try compare(Self.randomObject(&random, depth: 0))
    }
  }

  static let keys = [
    "id", "count", "user", "entities", "hashtags", "name", "meta", "kind", "text", "indices",
    "urls", "extra",
  ]

  static func randomObject(_ random: inout RandSplitMix, depth: Int) -> String {
    let count = Int(random.next() % 6)
    let members = (0..<count).map { _ in
      let key = keys[Int(random.next() % UInt64(keys.count))]
      return #""\#(key)": \#(randomValue(&random, depth: depth + 1))"#
    }
    return "{" + members.joined(separator: ", ") + "}"
  }

  static func randomValue(_ random: inout RandSplitMix, depth: Int) -> String {
    let containers: UInt64 = depth < 4 ? 3 : 0
    switch random.next() % (9 + containers) {
    case 0: return String(Int(random.next() % 200) - 50)
    case 1: return #""\#(random.next() % 30)""#
    case 2: return #""text \#(random.next() % 5)""#
    case 3: return "null"
    case 4: return random.next() % 2 == 0 ? "true" : "false"
    case 5: return "2.5"
    case 6: return #""<null>""#
    case 7: return "123456789012345678901"
    case 8: return #""x""#
    case 9, 10: return randomObject(&random, depth: depth)
    default:
      let count = Int(random.next() % 4)
      let elements = (0..<count).map { _ in randomValue(&random, depth: depth + 1) }
      return "[" + elements.joined(separator: ", ") + "]"
    }
  }

  /// `status` read from text and from `JSONSerialization`'s dictionary, as each class, in
  /// every mode: the same models or the same issues.
  private func compare(_ status: String) throws {
    let text =
      #"{"status": \#(status), "statuses": [\#(status), \#(status)], "kept": [\#(status)], "#
      + #""checked": [\#(status), \#(status)], "aliased": [\#(status)], "clashing": [\#(status)]}"#
    let data = Data(text.utf8)
    let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    for mode in [MappingMode.standard, .lenient, .strict] {
      let fromText = Result { try SharedKeyTimeline(json: data, mode: mode) }
      let fromTree = Result { try SharedKeyTimeline(dictionary: dictionary, mode: mode) }
      switch (fromText, fromTree) {
      case (.success(let text), .success(let tree)):
        #expect(sortedJSON(text.toDictionary()) == sortedJSON(tree.toDictionary()), "\(mode)")
        #expect(text.kept.map(\.unknownValues.count) == tree.kept.map(\.unknownValues.count))
        #expect(text.checked.map(\.log) == tree.checked.map(\.log), "\(mode)")
      case (.failure(let text), .failure(let tree)):
        #expect(issues(text) == issues(tree), "\(mode)")
        #expect(issues(text)?.isEmpty == false)
      default:
        Issue.record("\(mode): \(fromText) vs \(fromTree) for \(text)")
      }
    }
  }

  @Test func eachPropertyGetsTheValue() throws {
    let status = try SharedKeyStatus(json: Data(Self.statuses[0].utf8))
    #expect(status.id == 7 && status.idText == "7")
    #expect(status.count == 12 && status.countText == "12")
    #expect(status.user?.id == 3 && status.user?.name == "ann")
    #expect(status.userName == "ann" && status.userID == 3)
    #expect(status.author["name"] as? String == "ann" && status.author["id"] as? Int == 3)
    #expect(status.hashtags.map(\.text) == ["swift", "json"])
    #expect(status.hashtags.first?.indices == [0, 6])
    #expect(status.tagCount == 2)
    #expect((status.entities["hashtags"] as? [Any])?.count == 2)
    #expect(status.entities["urls"] as? [Any] != nil && status.text == "hi")
  }

  @Test func issuesNameEachProperty() {
    let text = #"{"id": "x", "user": {"id": "y", "name": "n"}}"#
    #expect(
      issues(Result { try SharedKeyStatus(json: Data(text.utf8), mode: .strict) }.mapError { $0 })
        == [
          #"id typeMismatch strict mode accepts only Int values, not String "x""#,
          #"user.id typeMismatch strict mode accepts only Int values, not String "y""#,
          #"user.id typeMismatch strict mode accepts only Int values, not String "y""#,
        ])
  }

  @Test func aClassThatValidatesSeesEachSharedValueInItsTurn() throws {
    let text = #"{"meta": {"kind": "k"}, "user": {"name": "ann", "id": 2}, "id": 4}"#
    let checked = try SharedKeyCheckedStatus(json: Data(text.utf8))
    #expect(
      checked.log == [
        "id after id=0 user=- name=", "idText after id=4 user=- name=",
        "user after id=4 user=- name=", "userName after id=4 user=ann name=",
        "meta after id=4 user=ann name=ann", "metaKind after id=4 user=ann name=ann",
      ])
    #expect(checked.idText == "4" && checked.metaKind == "k" && checked.meta.count == 1)
  }

  @Test func keptUnknownKeysLeaveTheSharedValuesOut() throws {
    let text = Self.statuses[14]
    let kept = try SharedKeyKeptStatus(json: Data(text.utf8))
    #expect(kept.metaKind == "k" && kept.meta["other"] as? Int == 1)
    #expect(kept.unknownValues.keys.sorted() == ["meta2", "zzz"])
  }

  private func issues<Value>(_ result: Result<Value, any Error>) -> [String]? {
    guard case .failure(let error) = result else { return nil }
    return issues(error)
  }

  private func issues(_ error: any Error) -> [String]? {
    (error as? MappingError)?.issues.map { "\($0.path) \($0.kind) \($0.reason)" }
  }
}
