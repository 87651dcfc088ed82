import Foundation
import Testing

@testable import MirrorModel

// Classes with a discriminator read straight from JSON text: the reader finds the
// discriminator's value in the object, then reads the class it names. Every case against the
// dictionary `JSONSerialization` gives, in every mode.

class TextShape: ModelBase {
  var name = ""
  override class var discriminator: ModelDiscriminator? {
    ModelDiscriminator(
      key: "type", classes: ["circle": TextCircle.self, "box": TextBox.self, "7": TextBox.self])
  }
}

final class TextCircle: TextShape {
  var radius = 0.0
}

final class TextBox: TextShape {
  var width = 0
  var corner: Int?
  override class var propertyMapping: [String: String] { ["corner": "geometry.corner"] }
}

/// A class that keeps the keys it does not read: the discriminator's is not one of them.
class TextKeptShape: ModelBase {
  var name = ""
  override class var keepsUnknownKeys: Bool { true }
  override class var discriminator: ModelDiscriminator? {
    ModelDiscriminator(key: "type", classes: ["round": TextKeptRound.self])
  }
}

final class TextKeptRound: TextKeptShape {
  var radius = 0.0
}

final class TextDrawing: ModelBase {
  var main: TextShape?
  var shapes: [TextShape] = []
  var byName: [String: TextShape] = [:]
  var kept: [TextKeptShape] = []
}

@Suite("Discriminated classes from JSON text")
struct DiscriminatedTextTests {
  static let objects = [
    #"{"type": "circle", "name": "c", "radius": 2}"#,
    #"{"name": "c", "radius": 2, "type": "circle"}"#,
    #"{"name": "b", "width": 3, "geometry": {"corner": 4, "type": "x"}, "type": "box"}"#,
    #"{"name": "none"}"#,
    #"{"type": "triangle", "name": "t"}"#,
    #"{"type": null, "name": "n", "radius": 1}"#,
    #"{"type": 7, "name": "seven", "width": 1}"#,
    #"{"type": 7.0, "name": "seven"}"#,
    #"{"type": true, "name": "flag"}"#,
    #"{"type": {"circle": 1}, "name": "object"}"#,
    #"{"type": ["circle"], "name": "array"}"#,
    #"{"type": "box", "name": "twice", "type": "circle", "radius": 5}"#,
    #"{"type": "circle", "type": null, "name": "then null"}"#,
    #"{"typ\u0065": "circle", "name": "escaped", "radius": 3}"#,
    #"{"type": "circl\u0065", "name": "escaped value"}"#,
    #"{"type": "<null>", "name": "null string"}"#,
    #"{"type": "circle", "radius": "wide", "name": 5}"#,
    #"{"type": "circle", "extra": {"deep": [1, 2, {"type": "box"}]}, "name": "x"}"#,
    #"{"Type": "circle", "name": "case"}"#,
    // A repeated discriminator: the last value decides, whatever came before it.
    #"{"type": {"box": 1}, "name": "object then string", "type": "circle", "radius": 4}"#,
    #"{"type": "circle", "name": "string then array", "type": ["box"]}"#,
  ]

  static let kept = [
    #"{"type": "round", "name": "r", "radius": 1, "other": [1]}"#,
    #"{"other": {"type": "round"}, "name": "r2"}"#,
    #"{"name": "r3", "type": "unknown", "more": true}"#,
  ]

  @Test(arguments: objects)
  func sameAsTheDictionary(object: String) throws {
    let kept = Self.kept.joined(separator: ",")
    let text =
      #"{"main": \#(object), "shapes": [\#(object), \#(object)], "#
      + #""byName": {"a": \#(object)}, "kept": [\#(kept)]}"#
    try expectSameAsDictionary(text)
    // An array of the base class at the top level, and in it a value that is no object.
    try expectSameAsDictionary("[\(object), 5, \(object)]", array: true)
  }

  /// `make(json:)` chooses the class at the top level, as `make(dictionary:)` does: read
  /// straight from the text, at the top level and at a designated path.
  @Test(arguments: objects)
  func makeChoosesTheClassAsTheDictionaryDoes(object: String) throws {
    let envelopes = [
      (object, nil), (#"{"data": {"shape": \#(object)}, "x": 1}"#, "data.shape"),
      (#"{"data": {"shape": \#(object), "shape": {"type": "box"}}}"#, "data.shape"),
      (#"{"data": [\#(object)]}"#, "data.0"), (#"{"data": 5}"#, "data.shape"),
      (#"{"data": {}}"#, "data.shape"),
    ]
    for (text, path) in envelopes {
      let data = Data(text.utf8)
      let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      for mode in [MappingMode.standard, .lenient, .strict] {
        let fromText = Result { try TextShape.make(json: data, at: path, mode: mode) }
        let fromTree = Result {
          try TextShape.make(dictionary: dictionary, at: path, mode: mode)
        }
        compare(
          fromText.map { $0 as Any }, fromTree.map { $0 as Any }, text, mode, #_sourceLocation)
      }
    }
  }

  @Test func makeFromTextThatIsNoObject() throws {
    for text in ["[1]", "5", #""circle""#, "{"] {
      let fromText = Result { try TextShape.make(json: Data(text.utf8)) }
      guard case .failure(let error) = fromText else {
        Issue.record("\(text) gave a model")
        continue
      }
      let kind = (error as? MappingError)?.issues.first?.kind
      #expect(kind == (text == "{" ? .invalidJSON : .typeMismatch), "\(text)")
    }
    let circle = try TextShape.make(
      json: Data(#"{"name": "c", "type": "circle", "radius": 1}"#.utf8))
    #expect((circle as? TextCircle)?.radius == 1 && circle.name == "c")
  }

  @Test(arguments: kept)
  func keptKeysLeaveTheDiscriminatorOut(object: String) throws {
    try expectSameAsDictionary(#"{"kept": [\#(object)]}"#)
    let drawing = try TextDrawing(json: Data(#"{"kept": [\#(object)]}"#.utf8))
    let written = try #require(drawing.kept.first?.toDictionary())
    #expect(written["other"] != nil || !object.contains("other"))
  }

  /// At the top level the model's class is the one called: the discriminator's key is still
  /// not an unknown key.
  @Test func theTopLevelKeepsNoDiscriminatorKey() throws {
    let text = #"{"type": "zzz", "name": "a", "x": 1, "type": "round"}"#
    let fromText = try TextKeptShape(json: Data(text.utf8))
    let fromTree = try TextKeptShape(
      dictionary: try #require(
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]))
    #expect(sortedJSON(fromText.toDictionary()) == #"{"name":"a","x":1}"#)
    #expect(sortedJSON(fromText.toDictionary()) == sortedJSON(fromTree.toDictionary()))
  }

  @Test func theClassesChosen() throws {
    let text = #"{"shapes": [\#(Self.objects.joined(separator: ","))]}"#
    let drawing = try TextDrawing(json: Data(text.utf8), mode: .lenient)
    #expect(
      drawing.shapes.map { String(describing: type(of: $0)) } == [
        "TextCircle", "TextCircle", "TextBox", "TextShape", "TextShape", "TextShape", "TextBox",
        "TextBox", "TextShape", "TextShape", "TextShape", "TextCircle", "TextShape", "TextCircle",
        "TextCircle", "TextShape", "TextCircle", "TextCircle", "TextShape", "TextCircle",
        "TextShape",
      ])
    #expect((drawing.shapes[2] as? TextBox)?.corner == 4)
    #expect((drawing.shapes[11] as? TextCircle)?.radius == 5)
  }

  private func expectSameAsDictionary(
    _ text: String, array: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let data = Data(text.utf8)
    let tree = try JSONSerialization.jsonObject(with: data)
    for mode in [MappingMode.standard, .lenient, .strict] {
      if array {
        let fromText = Result { try [TextShape](json: data, mode: mode) }
        let list = try #require(tree as? [Any])
        let fromTree = Result { try [TextShape](dictionaries: list, mode: mode) }
        compare(fromText, fromTree, text, mode, sourceLocation)
      } else {
        let dictionary = try #require(tree as? [String: Any])
        let fromText = Result { try TextDrawing(json: data, mode: mode) }
        let fromTree = Result { try TextDrawing(dictionary: dictionary, mode: mode) }
        compare(fromText, fromTree, text, mode, sourceLocation)
      }
    }
  }

  private func compare<Value>(
    _ fromText: Result<Value, any Error>, _ fromTree: Result<Value, any Error>, _ text: String,
    _ mode: MappingMode, _ sourceLocation: SourceLocation
  ) {
    switch (fromText, fromTree) {
    case (.success(let text), .success(let tree)):
      #expect(describe(text) == describe(tree), "\(mode)", sourceLocation: sourceLocation)
    case (.failure(let text), .failure(let tree)):
      let issues = { (error: any Error) in
        (error as? MappingError)?.issues.map { "\($0.path) \($0.kind) \($0.reason)" }
      }
      #expect(issues(text) == issues(tree), "\(mode)", sourceLocation: sourceLocation)
    default:
      Issue.record(
        "\(mode): \(fromText) vs \(fromTree) for \(text)", sourceLocation: sourceLocation)
    }
  }

  /// The classes of the models and their dictionaries as JSON text (a boolean kept from text
  /// and one kept from `JSONSerialization` are the same `true`), for comparing.
  private func describe(_ value: Any) -> String {
    switch value {
    case let model as TextDrawing:
      let parts = [model.main].compactMap { $0 } + model.shapes + model.byName.values.map { $0 }
      return parts.map(describe).joined(separator: " ") + " " + model.kept.map(describe).joined()
        + sortedJSON(model.toDictionary())
    case let model as ModelBase:
      return "\(type(of: model))" + sortedJSON(model.toDictionary())
    case let models as [ModelBase]:
      return models.map(describe).joined(separator: ", ")
    default:
      return "\(value)"
    }
  }
}
