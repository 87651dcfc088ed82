import Foundation
import Testing

@testable import MirrorModel

// A model that keeps unknown values, of a class whose output keys are key paths, written by
// toJSON() from its fields and the kept members merged with them, as toDictionary() merges
// them: a property's value replaces a kept member at its place, a kept object under a key the
// key paths go through holds both.

private final class KeptPathTag: ModelBase {
  var text = ""
}

private final class KeptPathOwner: ModelBase {
  var label = ""
}

private final class KeptPathStatus: ModelBase {
  var id = 0
  var hashtags: [KeptPathTag]?
  var userName: String?
  var followers: Int?
  var note: String?
  var owner: KeptPathOwner?
  var firstPhoto: String?

  override class var keepsUnknownKeys: Bool { true }
  override class var propertyMapping: [String: String] {
    [
      "hashtags": "entities.hashtags", "userName": "user.name",
      "followers": "user.counts.followers", "note": "meta.note", "firstPhoto": "first_photo",
    ]
  }
  // `owner` is read from `owner` and written inside `meta`, where the input may keep one too;
  // `firstPhoto` is written into an array the input may keep under its key.
  override class var outputPropertyMapping: [String: String] {
    ["owner": "meta.owner", "firstPhoto": "photos[0].url"]
  }
}

/// A chain through a key path whose object keeps a member of its own (`links.other`).
private final class KeptPathLink: ModelBase {
  var name = ""
  var parent: KeptPathLink?
  override class var keepsUnknownKeys: Bool { true }
  override class var propertyMapping: [String: String] { ["parent": "links.parent"] }
}

@Suite("Writing kept unknown values beside key paths")
struct KeptKeyPathWritingTests {
  static let payloads = [
    #"""
    {"id": 1, "entities": {"hashtags": [{"text": "a"}], "media": [1, 2]}, "extra": true,
     "user": {"name": "n", "bio": "b", "counts": {"followers": 3, "following": 4}}}
    """#,
    #"{"id": 2, "entities": {"media": []}, "user": {"bio": "only kept"}}"#,
    #"{"id": 3, "meta": {"note": "x", "owner": {"k": 1}}, "owner": {"label": "o"}}"#,
    #"{"id": 4, "meta": {"owner": {"k": 1}, "more": null}}"#,
    #"{"id": 5, "user": {"counts": {"following": 1}}, "zeta": [{"a": {}}], "Alpha": 0}"#,
    #"{"id": 6, "entities": {"hashtags": []}, "user": {"name": null, "counts": {}}}"#,
    #"{"id": 7, "owner": {"label": "p"}, "meta": 12, "user": "text"}"#,
    #"{"id": 8, "first_photo": "u", "photos": [1, 2, 3]}"#,
    #"{"id": 9, "photos": {"0": "object"}}"#,
  ]

  /// The model's dictionary written by the JSON writer.
  private func dictionaryText(_ model: ModelBase, pretty: Bool) throws -> String {
    String(
      decoding: try JSONWriter.data(
        from: model.toDictionary(), prettyPrinted: pretty, sortedKeys: pretty),
      as: UTF8.self)
  }

  @Test(arguments: payloads)
  func theTextIsTheDictionarysText(_ payload: String) throws {
    let model = try KeptPathStatus(json: Data(payload.utf8), mode: .lenient)
    #expect(
      String(decoding: try model.toJSON(prettyPrinted: true), as: UTF8.self)
        == (try dictionaryText(model, pretty: true)))
    let compact = try JSONSerialization.jsonObject(with: model.toJSON())
    #expect(JSONValue.equal(compact, model.toDictionary()))
    let texts = try encodedAndDictionaryText(model)
    #expect(texts.encoded == texts.dictionary)
    let back = try KeptPathStatus(json: model.toJSON(), mode: .lenient)
    #expect(back == model)
    #expect(back.hashValue == model.hashValue)
  }

  @Test func keptMembersStayBesideTheFieldsAndAFieldReplacesOne() throws {
    let replaced = try KeptPathStatus(json: Data(Self.payloads[2].utf8))
    #expect(
      try replaced.toJSONString(prettyPrinted: true) == """
        {
          "id" : 3,
          "meta" : {
            "note" : "x",
            "owner" : {
              "label" : "o"
            }
          }
        }
        """)
    let kept = try KeptPathStatus(json: Data(Self.payloads[3].utf8))
    let text = try kept.toJSONString()
    // Each kept member at its field's place, then the others in key order.
    #expect(text == #"{"id":4,"meta":{"owner":{"k":1},"more":null}}"#)
    let nested = try KeptPathStatus(json: Data(Self.payloads[0].utf8))
    #expect(
      try nested.toJSONString(prettyPrinted: true) == """
        {
          "entities" : {
            "hashtags" : [
              {
                "text" : "a"
              }
            ],
            "media" : [
              1,
              2
            ]
          },
          "extra" : true,
          "id" : 1,
          "user" : {
            "bio" : "b",
            "counts" : {
              "followers" : 3,
              "following" : 4
            },
            "name" : "n"
          }
        }
        """)
  }

  @Test func theEncoderOpensAnObjectForItsKeptMembersAlone() throws {
    let log = EncodingLog()
    try KeptPathStatus(json: Data(Self.payloads[1].utf8)).encode(to: RecordingEncoder(log: log))
    #expect(
      log.lines == [
        "{", "id=2", "entities{", "entities.media[", "user{", "user.bio=only kept",
      ])
    let replaced = EncodingLog()
    try KeptPathStatus(json: Data(Self.payloads[2].utf8)).encode(
      to: RecordingEncoder(log: replaced))
    #expect(
      replaced.lines == [
        "{", "id=3", "meta{", "meta.note=x", "meta.owner{", "meta.owner.label=o",
      ])
  }

  @Test func whatTheGroupWritesDirectly() {
    let group = SchemaCache.shared.schema(for: KeptPathStatus.self).jsonOutputGroup
    #expect(group?.holdsKept(["meta": ["owner": 1], "user": "text", "zeta": [1]]) == true)
    // A kept value under an array's key decides whether it is one: the dictionary writes it.
    #expect(group?.holdsKept(["photos": [1, 2]]) == false)
    #expect(group?.holdsKept(["photos": ["0": 1]]) == false)
  }

  /// The `links.other` values of a chain's dictionary, level by level.
  private static func others(_ dictionary: [String: Any]?) -> [Int] {
    var values: [Int] = []
    var current = dictionary?["links"] as? [String: Any]
    while let links = current {
      values.append(links["other"] as? Int ?? -1)
      current = (links["parent"] as? [String: Any])?["links"] as? [String: Any]
    }
    return values
  }

  @Test func aKeptObjectMergedIntoAKeyPathsObjectCostsNoLevelOfItsOwn() throws {
    // As deep as the limit: the deepest model's `links` holds a kept member beside the key
    // path's object. Before, the kept object counted one level more than the object of key
    // paths it merges into: toDictionary() left it out, toJSON() threw.
    let levels = MappingContext.maximumDepth
    var text = ""
    for _ in 0..<levels { text += #"{"name": "n", "links": {"other": 2, "parent": "# }
    text += #"{"name": "leaf"}"# + String(repeating: "}}", count: levels)
    let results = onAppThread(Data(text.utf8), stackSize: 8 << 20) { text -> [[Int]] in
      guard let model = try? KeptPathLink(json: text) else { return [] }
      let json = (try? model.toJSON()).flatMap { try? KeptPathLink(json: $0) }
      let pretty = (try? model.toJSON(prettyPrinted: true)).flatMap {
        try? KeptPathLink(json: $0)
      }
      let encoded = (try? JSONEncoder().encode(model)).flatMap {
        try? KeptPathLink(json: $0)
      }
      return [
        Self.others(model.toDictionary()), Self.others(try? model.toCheckedDictionary()),
        Self.others(json?.toDictionary()), Self.others(pretty?.toDictionary()),
        Self.others(encoded?.toDictionary()),
      ]
    }
    let everyLevel = Array(repeating: 2, count: levels)
    #expect(results == Array(repeating: everyLevel, count: 5))
  }
}
