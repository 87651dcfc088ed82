import Foundation
import Testing

@testable import MirrorModel

// encode(to:) of a class whose output keys are key paths: its properties written from their
// fields into the objects the paths name, each object opened when its first value is written,
// and the same content as toDictionary() (an object none of whose properties is written is
// left out, as the dictionary has no such key).

private final class PathTag: ModelBase {
  var text = ""
  var owner: PathStatus?
}

private final class RefusedNote: ModelBase {
  var body = ""
  override func willWrite(to dictionary: inout [String: Any]) throws {
    throw ConversionError(expectedType: "RefusedNote", reason: "never written")
  }
}

private final class PathStatus: ModelBase {
  var id = 0
  var hashtags: [PathTag] = []
  var screenName = ""
  var followers: Int?
  var note: String?
  var refused: RefusedNote?
  var lang = ""

  override class var propertyMapping: [String: String] {
    [
      "hashtags": "entities.hashtags", "screenName": "user.screen_name",
      "followers": "user.counts.followers", "note": "extra.note", "refused": "hidden.refused",
    ]
  }
}

@Suite("encode(to:) with key paths")
struct KeyPathEncodingTests {
  private static let full = """
    {"id": 7, "lang": "en", "entities": {"hashtags": [{"text": "swift"}, {"text": "json"}]},
     "user": {"screen_name": "mm", "counts": {"followers": 12}}, "extra": {"note": "hi"},
     "hidden": {"refused": {"body": "secret"}}}
    """

  private func status(_ text: String) throws -> PathStatus {
    try PathStatus(json: Data(text.utf8))
  }

  /// JSONEncoder's text with sorted keys against toDictionary() written by JSONSerialization.
  private func expectSameContent(_ model: PathStatus, _ comment: String) throws {
    let texts = try encodedAndDictionaryText(model)
    #expect(texts.encoded == texts.dictionary, "\(comment)")
  }

  @Test func theSameContentAsToDictionary() throws {
    try expectSameContent(status(Self.full), "every object written")
    try expectSameContent(status(#"{"id": 1}"#), "only what is always written")
    try expectSameContent(
      status(#"{"id": 1, "user": {"screen_name": "a"}}"#), "user without counts")
    let cyclic = try status(Self.full)
    cyclic.hashtags[0].owner = cyclic
    defer { cyclic.hashtags[0].owner = nil }  // the cycle broken: LeakSanitizer sees none
    try expectSameContent(cyclic, "a cycle back to the status left out")
  }

  @Test func writtenFromTheFieldsInDeclarationOrderEachObjectOpenedOnce() throws {
    let log = EncodingLog()
    try status(Self.full).encode(to: RecordingEncoder(log: log))
    #expect(
      log.lines == [
        "{", "id=7", "entities{", "entities.hashtags[", "entities.hashtags.0{",
        "entities.hashtags.0.text=swift", "entities.hashtags.1{",
        "entities.hashtags.1.text=json", "user{", "user.screen_name=mm", "user.counts{",
        "user.counts.followers=12", "extra{", "extra.note=hi", "lang=en",
      ])
  }

  @Test func anObjectNoneOfWhosePropertiesIsWrittenIsNeverOpened() throws {
    // `counts` holds only a nil optional; `extra` only a nil optional; `hidden` only a model
    // its willWrite(to:) refuses: none is opened, as toDictionary() has none of them.
    let model = try status(
      #"{"id": 2, "user": {"screen_name": "b"}, "hidden": {"refused": {"body": "x"}}}"#)
    #expect(model.refused?.body == "x")
    #expect(model.toDictionary()["hidden"] == nil)
    let log = EncodingLog()
    try model.encode(to: RecordingEncoder(log: log))
    #expect(
      log.lines == [
        "{", "id=2", "entities{", "entities.hashtags[", "user{", "user.screen_name=b",
        "lang=",
      ])
    try expectSameContent(model, "objects left out")
  }

  @Test func aPropertyListRoundTripsThroughTheObjects() throws {
    let model = try status(Self.full)
    let plist = try PropertyListEncoder().encode(model)
    let back = try PropertyListDecoder().decode(PathStatus.self, from: plist)
    #expect(back.id == 7)
    #expect(back.hashtags.map(\.text) == ["swift", "json"])
    #expect(back.screenName == "mm")
    #expect(back.followers == 12)
    #expect(back.note == "hi")
    #expect(back.refused == nil)
    #expect(back.lang == "en")
  }
}

@Suite("== and hash(into:) with key paths")
struct KeyPathEqualityTests {
  private static let payloads = [
    #"{"id": 1}"#,
    #"{"id": 1, "user": {"screen_name": "a"}}"#,
    #"{"id": 1, "user": {"screen_name": "a", "counts": {"followers": 2}}}"#,
    #"{"id": 1, "user": {"screen_name": "a", "counts": {"followers": 3}}}"#,
    #"{"id": 1, "extra": {"note": "n"}, "entities": {"hashtags": [{"text": "t"}]}}"#,
    #"{"id": 1, "extra": {"note": "n"}, "entities": {"hashtags": [{"text": "u"}]}}"#,
    #"{"id": 1, "hidden": {"refused": {"body": "b"}}}"#,
  ]

  /// What the dictionaries give: the class, then `JSONValue.hash` of `toDictionary()`.
  private func dictionaryHash(_ model: ModelBase) -> Int {
    var hasher = Hasher()
    hasher.combine(ObjectIdentifier(type(of: model)))
    JSONValue.hash(model.toDictionary(), into: &hasher)
    return hasher.finalize()
  }

  @Test func equalityAndHashAreTheDictionaries() throws {
    let models = try Self.payloads.map { try PathStatus(json: Data($0.utf8)) }
    for (index, model) in models.enumerated() {
      #expect(model.hashValue == dictionaryHash(model), "hash of payload \(index)")
      for (otherIndex, other) in models.enumerated() {
        #expect(
          (model == other) == JSONValue.equal(model.toDictionary(), other.toDictionary()),
          "payloads \(index) and \(otherIndex)")
        #expect(
          (model == other)
            == (index == otherIndex || (index == 0 && otherIndex == 6)
              || (index == 6 && otherIndex == 0)),
          "payloads \(index) and \(otherIndex)")
      }
    }
    // A model read again from its text is equal, with the same hash (the last one's text is
    // refused: its note's willWrite(to:) throws).
    for model in models.dropLast() {
      let again = try PathStatus(json: model.toJSON())
      #expect(again == model)
      #expect(again.hashValue == model.hashValue)
    }
  }
}
