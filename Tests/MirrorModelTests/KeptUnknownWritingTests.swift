import Foundation
import Testing

@testable import MirrorModel

// A model that keeps unknown values, of a class whose output keys are plain, is written by
// toJSON() and encode(to:) from its fields plus the kept members, without its dictionary:
// the same content as toDictionary(), whose kept members a written property replaces.

private final class KeptBadge: ModelBase {
  var label = ""
}

private final class KeptProfile: ModelBase {
  var name = ""
  var score: Double = 0
  var title: String?
  var badges: [KeptBadge] = []
  var best: KeptBadge?
  var child: KeptProfile?

  override class var keepsUnknownKeys: Bool { true }
  // Read from `title`, written as `caption`: an unknown `caption` in the input is kept, and
  // replaced by the property's value when it has one; so is a kept `parent` by `child`'s
  // object (replaced, never merged with it).
  override class var outputPropertyMapping: [String: String] {
    ["title": "caption", "child": "parent"]
  }
}

@Suite("Writing kept unknown values")
struct KeptUnknownWritingTests {
  private static let payloads = [
    #"{"name": "a", "score": 1.5, "zeta": [1, 2, {"deep": null}], "alpha": {"b": true}}"#,
    #"{"name": "b", "caption": "kept", "émoji": "ü", "Upper": 1, "123": "digits"}"#,
    #"{"name": "c", "title": "mine", "caption": "replaced", "n": 12345678901234567890123}"#,
    #"{"badges": [{"label": "x", "extra": 1}], "best": {"label": "y", "more": [true]}, "top": 0}"#,
    #"{"name": "d", "huge": 1e999, "small": -0.0, "big": 9007199254740993}"#,
    #"{"name": "e", "child": {"name": "kid"}, "parent": {"name": "kept", "extra": 1}}"#,
    #"{"name": "f", "parent": {"name": "kept", "extra": 1}}"#,
  ]

  /// The model's dictionary written by the JSON writer: what toJSON() wrote before.
  private func dictionaryText(_ model: ModelBase, pretty: Bool) throws -> String {
    var writer = JSONWriter.Writer(prettyPrinted: pretty, sortedKeys: pretty)
    try writer.write(model.toDictionary(), depth: 0)
    return String(decoding: writer.output.takeData(), as: UTF8.self)
  }

  @Test(arguments: payloads)
  func prettyTextIsTheDictionarysText(_ payload: String) throws {
    let model = try KeptProfile(json: Data(payload.utf8))
    #expect(model.unknownValues.isEmpty == false)
    let text = String(decoding: try model.toJSON(prettyPrinted: true), as: UTF8.self)
    #expect(text == (try dictionaryText(model, pretty: true)))
  }

  @Test(arguments: payloads)
  func compactTextAndTheEncoderHoldTheDictionarysContent(_ payload: String) throws {
    let model = try KeptProfile(json: Data(payload.utf8))
    let expected = try JSONSerialization.data(
      withJSONObject: JSONSerialization.jsonObject(
        with: Data(try dictionaryText(model, pretty: false).utf8)),
      options: .sortedKeys)
    func normalized(_ data: Data) throws -> Data {
      try JSONSerialization.data(
        withJSONObject: JSONSerialization.jsonObject(with: data), options: .sortedKeys)
    }
    #expect(try normalized(model.toJSON()) == expected)
    #expect(try normalized(JSONEncoder().encode(model)) == expected)
    // Read back, the model and its kept values are equal.
    #expect(try KeptProfile(json: model.toJSON()) == model)
  }

  @Test func aPropertysValueReplacesTheKeptMemberOfItsKey() throws {
    let kept = try KeptProfile(json: Data(#"{"caption": "kept"}"#.utf8))
    let replaced = try KeptProfile(
      json: Data(#"{"title": "mine", "caption": "replaced"}"#.utf8))
    #expect(kept.unknownValues["caption"] as? String == "kept")
    #expect(replaced.unknownValues["caption"] as? String == "replaced")
    let keptText = String(decoding: try kept.toJSON(), as: UTF8.self)
    let replacedText = String(decoding: try replaced.toJSON(), as: UTF8.self)
    #expect(keptText == #"{"name":"","score":0,"badges":[],"caption":"kept"}"#)
    #expect(replacedText == #"{"name":"","score":0,"caption":"mine","badges":[]}"#)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(replaced), as: UTF8.self)
        == #"{"badges":[],"caption":"mine","name":"","score":0}"#)
  }

  @Test func theMembersFollowTheFieldsInKeyOrderWithoutADictionary() throws {
    let model = try KeptProfile(
      json: Data(#"{"name": "n", "zeta": 1, "alpha": 2, "mid": {"x": 3}}"#.utf8))
    // Compact text: the fields in declaration order, then the kept members in key order
    // (a dictionary's order would be its hash order).
    #expect(
      String(decoding: try model.toJSON(), as: UTF8.self)
        == #"{"name":"n","score":0,"badges":[],"alpha":2,"mid":{"x":3},"zeta":1}"#)
  }

  @Test func keptMembersPastTheDepthLimitAreTheDictionarysIssues() throws {
    // 200 nested models, each keeping a `deep` object holding an array: the last ones are
    // too deep.
    let root = try KeptProfile(json: Data(#"{"name": "0"}"#.utf8))
    var last = root
    for level in 1..<MappingContext.maximumDepth {
      let next = try KeptProfile(json: Data(#"{"name": "\#(level)", "deep": {"a": [1]}}"#.utf8))
      last.child = next
      last = next
    }
    let expected = mappingIssues { _ = try root.toCheckedDictionary() }
    // The `deep.a` array of the model 198 levels down, and the `deep` object of the last.
    #expect(expected.map(\.kind) == [.tooDeep, .tooDeep])
    let children = { (count: Int) in Array(repeating: "child", count: count) }
    #expect(
      expected.map(\.path) == [
        (children(198) + ["deep", "a"]).joined(separator: "."),
        (children(199) + ["deep"]).joined(separator: "."),
      ])
    #expect(mappingIssues { _ = try root.toJSON() } == expected)
    #expect(mappingIssues { _ = try root.toJSON(prettyPrinted: true) } == expected)
  }

  @Test func equalityAndHashAreTheDictionaries() throws {
    let texts =
      Self.payloads + [
        #"{"name": "a", "score": 1.5}"#, #"{"name": "a", "score": 1.5, "alpha": {"b": true}}"#,
        #"{"name": "a", "score": 1.5, "alpha": {"b": false}}"#,
        #"{"name": "a", "score": 1.5, "zeta": [1, 2, {"deep": null}], "alpha": {"b": true}}"#,
        #"{"name": "b", "caption": "mine"}"#, #"{"name": "b", "title": "mine"}"#,
      ]
    let models = try texts.map { try KeptProfile(json: Data($0.utf8)) }
    for (index, model) in models.enumerated() {
      var hasher = Hasher()
      hasher.combine(ObjectIdentifier(KeptProfile.self))
      JSONValue.hash(model.toDictionary(), into: &hasher)
      #expect(model.hashValue == hasher.finalize(), "hash of \(texts[index])")
      for (otherIndex, other) in models.enumerated() {
        let expected = JSONValue.equal(model.toDictionary(), other.toDictionary())
        #expect((model == other) == expected, "\(texts[index]) and \(texts[otherIndex])")
      }
    }
    // The first payload and its copy in the list are equal; the kept `caption` and the
    // property written as `caption` make equal dictionaries too.
    let added = Self.payloads.count  // the first of the texts added above
    #expect(models[0] == models[added + 3])
    #expect(models[0] != models[added + 2])
    #expect(models[added + 4] == models[added + 5])
    #expect(models[added + 4].hashValue == models[added + 5].hashValue)
    // A kept `parent` is replaced by `child`'s object: equal when the children are.
    #expect(models[5] != models[6])
    let kid = try KeptProfile(json: Data(#"{"name": "e", "child": {"name": "kid"}}"#.utf8))
    #expect(models[5] == kid)
    #expect(models[5].hashValue == kid.hashValue)
    #expect(JSONValue.equal(models[5].toDictionary(), kid.toDictionary()))
  }
}
