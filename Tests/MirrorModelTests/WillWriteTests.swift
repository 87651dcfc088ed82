import Foundation
import Testing

@testable import MirrorModel

// willWrite(to:): YYModel's modelCustomTransformToDictionary and KakaJSON's
// kj_didConvertToJSON, on every way a model is written.

final class WriteAccount: ModelBase {
  var id = "a1"
  var name = ""
  var password = ""
  var owner: WriteOwner?
  var members: [WriteOwner] = []
  override class var identifierProperty: String? { "id" }
  override func willWrite(to dictionary: inout [String: Any]) throws {
    dictionary["password"] = nil
    dictionary["schema_version"] = 2
  }
}

final class WriteOwner: ModelBase {
  var name = ""
  override func willWrite(to dictionary: inout [String: Any]) throws {
    guard !name.isEmpty else {
      throw ConversionError(expectedType: "WriteOwner", reason: "an owner needs a name")
    }
    dictionary["name"] = name.uppercased()
  }
}

@Suite("willWrite(to:)")
struct WillWriteTests {
  @Test func itEditsWhatEveryWriterWrites() throws {
    let account = try WriteAccount(
      dictionary: ["name": "Main", "password": "secret", "owner": ["name": "ann"]])
    let expected = #"["name": "Main", "owner": ["name": "ANN"], "schema_version": Int 2"#
    #expect(render(account.toDictionary()).hasPrefix(#"["id": "a1", "members": [], "#))
    #expect(render(account.toDictionary()).hasSuffix(expected.dropFirst() + "]"))
    for data in [
      try account.toJSON(), try account.toJSON(prettyPrinted: true),
      try JSONEncoder().encode(account),
    ] {
      let written = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      #expect(written?["password"] == nil && written?["schema_version"] as? Int == 2)
      #expect((written?["owner"] as? [String: Any])?["name"] as? String == "ANN")
    }
  }

  @Test func aClassThatOnlyEditsItsOutputIsReadDirectly() throws {
    // willWrite is about writing: JSON text and decoders are read straight into the model.
    let schema = SchemaCache.shared.schema(for: WriteOwner.self)
    #expect(schema.jsonKeys != nil && schema.decoderKeys != nil)
    for (text, expected) in [
      (#"{"name": "ann", "extra": [1, {"a": null}]}"#, "ann"), (#"{"name": null}"#, ""),
      (#"{"name": [5]}"#, nil), (#"{"name": "x", "name": "y"}"#, "y"), ("{}", ""),
    ] {
      let data = Data(text.utf8)
      let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      let fromDictionary = mappingIssues { _ = try WriteOwner(dictionary: dictionary) }
      #expect(mappingIssues { _ = try WriteOwner(json: data) } == fromDictionary, "\(text)")
      #expect(
        mappingIssues { _ = try JSONDecoder().decode(WriteOwner.self, from: data) }
          == fromDictionary, "\(text)")
      for mode in [MappingMode.strict, .lenient] {
        let viaText = try? WriteOwner(json: data, mode: mode)
        let viaDictionary = try? WriteOwner(dictionary: dictionary, mode: mode)
        #expect(viaText?.name == viaDictionary?.name, "\(text) \(mode)")
      }
      #expect((try? WriteOwner(json: data))?.name == expected, "\(text)")
    }
  }

  @Test func aThrowRefusesTheModelWithItsPath() throws {
    let account = try WriteAccount(dictionary: ["members": [["name": "b"], [:]]])
    for issues in [
      mappingIssues { _ = try account.toJSON() },
      mappingIssues { _ = try account.toJSON(prettyPrinted: true) },
      mappingIssues { _ = try account.toCheckedDictionary() },
    ] {
      #expect(issues.map(\.path) == ["members[1]"])
      #expect(issues.map(\.kind) == [.invalidValue])
      #expect(issues.first?.reason == "an owner needs a name")
    }
    // toDictionary() cannot throw: the refused model is left out.
    let members = account.toDictionary()["members"] as? [[String: Any]]
    #expect(members?.map { $0["name"] as? String } == ["B"])
    #expect(WriteOwner().toDictionary().isEmpty)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("Write-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try ModelStore(directory: folder)
    #expect(throws: ModelStoreError.self) { try store.save(account) }
    #expect(try store.load(WriteAccount.self, id: "a1") == nil)
  }
}

private func render(_ value: Any?) -> String { BadIssue.render(value) }
