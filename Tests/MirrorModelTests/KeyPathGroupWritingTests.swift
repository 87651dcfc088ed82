import Foundation
import Testing

@testable import MirrorModel

// Output key paths through arrays (`photos[1].url`, `location.coordinates.0`) and beside a
// discriminator, written from the fields by toJSON() (compact and pretty) and encode(to:),
// never through the model's dictionary: every case against what toDictionary() gives.

final class GroupPhoto: ModelBase {
  var url = ""
  var width: Int?
}

final class GroupAlbum: ModelBase {
  var name = ""
  var firstURL: String?
  var secondURL: String?
  var cover: GroupPhoto?
  var thirdTag: String?
  var title: String?
  var cell: Int?
  var lastCell: Int?
  var lat: Double?
  var lon: Double?

  override class var propertyMapping: [String: String] {
    [
      "firstURL": "photos.0.url", "secondURL": "photos[1].url", "cover": "photos.3",
      "thirdTag": "photos.2.tags[0]", "title": "meta.0", "cell": "grid[1][2]",
      "lastCell": "grid.2.0", "lat": "location.coordinates[1]", "lon": "location.coordinates.0",
    ]
  }
}

/// Positions and keys under one object: the dictionary's first value decides which it is.
final class GroupMixedPaths: ModelBase {
  var first: String?
  var named: String?
  override class var propertyMapping: [String: String] { ["first": "a.0", "named": "a.x"] }
}

class GroupShape: ModelBase {
  var name = ""
  override class var discriminator: ModelDiscriminator? {
    ModelDiscriminator(
      key: "kind", classes: ["box": GroupBox.self, "clash": GroupClash.self])
  }
}

final class GroupBox: GroupShape {
  var width = 0
  var corner: Int?
  var tags: [String]?
  override class var propertyMapping: [String: String] {
    ["corner": "geometry.corner", "tags": "meta.tags"]
  }
}

/// A key path under the discriminator's key: the discriminator's value replaces its object.
final class GroupClash: GroupShape {
  var width: Int?
  override class var propertyMapping: [String: String] { ["width": "kind.width"] }
}

final class GroupCanvas: ModelBase {
  var shapes: [GroupShape] = []
  var albums: [GroupAlbum] = []
}

@Suite("Key paths through arrays and beside a discriminator, written from the fields")
struct KeyPathGroupWritingTests {
  /// toJSON() compact (read back) and pretty (byte for byte), and JSONEncoder's text, each
  /// against toDictionary() written by the JSON writer.
  private func expectWrittenAsDictionary(
    _ model: ModelBase, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let dictionary = model.toDictionary()
    let pretty = try JSONWriter.data(from: dictionary, prettyPrinted: true, sortedKeys: true)
    #expect(
      String(decoding: try model.toJSON(prettyPrinted: true), as: UTF8.self)
        == String(decoding: pretty, as: UTF8.self), "\(comment)", sourceLocation: sourceLocation)
    let compact = try JSONSerialization.jsonObject(with: model.toJSON())
    #expect(JSONValue.equal(compact, dictionary), "\(comment)", sourceLocation: sourceLocation)
    let texts = try encodedAndDictionaryText(model)
    #expect(texts.encoded == texts.dictionary, "\(comment)", sourceLocation: sourceLocation)
  }

  private func album(_ mask: Int) -> GroupAlbum {
    let album = GroupAlbum()
    album.name = "n\(mask)"
    if mask & 1 != 0 { album.firstURL = "a" }
    if mask & 2 != 0 { album.secondURL = "b" }
    if mask & 4 != 0 {
      album.cover = GroupPhoto()
      album.cover?.url = "c"
      album.cover?.width = mask & 8 != 0 ? 4 : nil
    }
    if mask & 16 != 0 { album.thirdTag = "t" }
    if mask & 32 != 0 { album.title = "title" }
    if mask & 64 != 0 { album.cell = 12 }
    if mask & 128 != 0 { album.lastCell = 20 }
    if mask & 256 != 0 { album.lat = 1.5 }
    if mask & 512 != 0 { album.lon = -0.25 }
    return album
  }

  @Test func theSchemaWritesArraysFromTheFields() {
    let album = SchemaCache.shared.schema(for: GroupAlbum.self)
    #expect(album.jsonOutputGroup?.holdsArrays == true)
    #expect(album.comparesFieldsInPlace == false)
    #expect(SchemaCache.shared.schema(for: GroupMixedPaths.self).jsonOutputGroup == nil)
    let box = SchemaCache.shared.schema(for: GroupBox.self)
    #expect(box.jsonOutputGroup?.discriminatorValue == "box")
    #expect(
      box.jsonOutputGroup?.members.map(\.name) == ["name", "width", "geometry", "meta", "kind"])
    #expect(box.comparesFieldsInPlace)
    #expect(SchemaCache.shared.schema(for: GroupClash.self).jsonOutputGroup == nil)
  }

  @Test func everyCombinationOfElementsWrittenAsTheDictionary() throws {
    for mask in 0..<1024 {
      let model = album(mask)
      try expectWrittenAsDictionary(model, "properties set: \(mask)")
      let back = try GroupAlbum(json: model.toJSON())
      #expect(back == model, "read back: \(mask)")
      #expect(back.hashValue == model.hashValue, "read back: \(mask)")
    }
  }

  @Test func nullsBeforeAnElementAndNothingAfterTheLastOne() throws {
    let model = album(256 | 16)
    #expect(
      String(decoding: try model.toJSON(prettyPrinted: true), as: UTF8.self) == """
        {
          "location" : {
            "coordinates" : [
              null,
              1.5
            ]
          },
          "name" : "n272",
          "photos" : [
            null,
            null,
            {
              "tags" : [
                "t"
              ]
            }
          ]
        }
        """)
    let compact = try album(2 | 512).toJSONString()
    #expect(compact.contains(#""photos":[null,{"url":"b"}]"#))
    #expect(compact.contains(#""location":{"coordinates":[-0.25]}"#))
  }

  @Test func anArrayIsOpenedByItsFirstElementAndPaddedWithNulls() throws {
    let log = EncodingLog()
    try album(256 | 64).encode(to: RecordingEncoder(log: log))
    #expect(
      log.lines == [
        "{", "name=n320", "grid[", "grid.0=nil", "grid.1[", "grid.1.0=nil", "grid.1.1=nil",
        "grid.1.2=12", "location{", "location.coordinates[", "location.coordinates.0=nil",
        "location.coordinates.1=1.5",
      ])
    let empty = EncodingLog()
    try album(0).encode(to: RecordingEncoder(log: empty))
    #expect(empty.lines == ["{", "name=n0"])
  }

  @Test func equalityAndHashAreTheDictionaries() {
    let models = [0, 1, 2, 3, 256, 512, 768, 4, 12, 1023].map(album)
    for model in models {
      for other in models {
        other.name = model.name
        #expect((model == other) == JSONValue.equal(model.toDictionary(), other.toDictionary()))
      }
    }
  }

  @Test func aDiscriminatorBesideKeyPaths() throws {
    let payloads = [
      #"{"kind": "box", "name": "b", "width": 3, "geometry": {"corner": 4}, "meta": {"tags": []}}"#,
      #"{"kind": "box", "name": "b", "width": 3}"#,
      #"{"kind": "box", "name": "b", "meta": {"tags": ["x", "y"]}}"#,
    ]
    var models = try payloads.map { try GroupShape.make(json: Data($0.utf8)) }
    // Its width is written under the discriminator's key, which the class's value replaces
    // (and which no text can hold beside the value).
    let clash = GroupClash()
    clash.name = "c"
    clash.width = 1
    models.append(clash)
    for model in models {
      try expectWrittenAsDictionary(model, "\(model.toDictionary())")
      #expect(model.toDictionary()["kind"] as? String == (model is GroupBox ? "box" : "clash"))
    }
    for model in models {
      var hasher = Hasher()
      hasher.combine(ObjectIdentifier(type(of: model)))
      JSONValue.hash(model.toDictionary(), into: &hasher)
      #expect(model.hashValue == hasher.finalize())
      for other in models {
        #expect(
          (model == other)
            == (type(of: model) == type(of: other)
              && JSONValue.equal(model.toDictionary(), other.toDictionary())))
      }
    }
    let box = try #require(models[0] as? GroupBox)
    #expect(
      try box.toJSONString(prettyPrinted: true) == """
        {
          "geometry" : {
            "corner" : 4
          },
          "kind" : "box",
          "meta" : {
            "tags" : [

            ]
          },
          "name" : "b",
          "width" : 3
        }
        """)
  }

  @Test func nestedInArraysOfModels() throws {
    let canvas = GroupCanvas()
    canvas.albums = [album(1023), album(0), album(256 | 4)]
    canvas.shapes = try [
      GroupShape.make(json: Data(#"{"kind": "box", "geometry": {"corner": 1}}"#.utf8)),
      GroupShape.make(json: Data(#"{"kind": "box", "name": "x", "meta": {"tags": ["a"]}}"#.utf8)),
    ]
    try expectWrittenAsDictionary(canvas, "a canvas")
    let back = try GroupCanvas(json: canvas.toJSON())
    #expect(back == canvas)
    #expect(back.shapes.map { String(describing: type(of: $0)) } == ["GroupBox", "GroupBox"])
  }
}

/// A chain whose every link is written inside an array's element object.
final class GroupChain: ModelBase {
  var name = ""
  var next: GroupChain?
  override class var propertyMapping: [String: String] { ["next": "links[1].node"] }
}

@Suite("Key paths through arrays, deeply nested")
struct KeyPathGroupDepthTests {
  private static func chain(levels: Int) -> GroupChain {
    let root = GroupChain()
    var node = root
    for level in 0..<levels {
      let next = GroupChain()
      next.name = "c\(level)"
      node.next = next
      node = next
    }
    return root
  }

  /// The links written, following `links[1].node` down a dictionary tree.
  private static func links(in value: Any?) -> Int {
    var count = 0
    var current = value as? [String: Any]
    while let next = ((current?["links"] as? [Any])?.last as? [String: Any])?["node"] {
      count += 1
      current = next as? [String: Any]
    }
    return count
  }

  /// The number of `links[1].node` steps in an issue's path.
  private static func steps(_ issue: MappingIssue?) -> Int {
    (issue?.path.components(separatedBy: "links[1].node").count ?? 0) - 1
  }

  @Test func onAnAppThreadEveryWriterEndsWithTheChainOrAnIssueAtAPath() {
    let root = Self.chain(levels: MappingContext.maximumDepth + 5)
    let other = Self.chain(levels: MappingContext.maximumDepth + 5)
    let (counts, issues) = onAppThread((root, other)) { models -> ([Int], [MappingIssue]) in
      let (root, other) = models
      let encoded = (try? JSONEncoder().encode(root)).flatMap {
        try? JSONSerialization.jsonObject(with: $0)
      }
      return (
        [
          Self.links(in: root.toDictionary()), Self.links(in: encoded),
          root.hashValue == other.hashValue ? 1 : 0, Self.links(in: root.copy().toDictionary()),
        ],
        mappingIssues { _ = try root.toJSON() }
      )
    }
    // Sanitized frames are larger: there the stack, not the limit, may end the dictionary.
    #expect(counts[0] == MappingContext.maximumDepth || isSanitized && counts[0] > 0)
    // An encoder's containers count, three a link: past the text's ModelBase.maximumJSONDepth
    // it throws (nothing encoded); where a debug build's frames run out first, the chain is
    // cut there, as toDictionary() cuts it.
    #expect(counts[1] == 0 || (1...ModelBase.maximumJSONDepth / 3).contains(counts[1]))
    #expect(counts[2] == 1)
    #expect(counts[3] == counts[0])
    // Where the stack or the text's depth ran out (a debug build's frames first): a tooDeep
    // issue at that model's path, never a crash.
    #expect(issues.count == 1)
    #expect(issues.first?.kind == .tooDeep)
    #expect((1...171).contains(Self.steps(issues.first)))
  }

  /// Text nesting deeper than init(json:) reads is a tooDeep issue at the model's path.
  ///
  /// 171 links of 3 levels each, on a large stack (8 MB, a main thread's), so that the
  /// text's depth is what stops it, in every build. 170 links nest the last model's object
  /// 511 levels deep, which reads back: its `links`, holding nothing, is left out as it is
  /// at any depth (it was a `tooDeep` issue, for a container that would not have been
  /// written).
  @Test func textDeeperThanTheReaderReadsIsAnIssueAtItsPath() throws {
    let fits = Self.chain(levels: 170)
    let over = Self.chain(levels: 171)
    let (written, issues) = onAppThread((fits, over), stackSize: 8 << 20) {
      models -> (Int, [MappingIssue]) in
      let text = try? models.0.toJSON()
      let back = text.flatMap { try? GroupChain(json: $0) }
      return (Self.links(in: back?.toDictionary()), mappingIssues { _ = try models.1.toJSON() })
    }
    let (encoded, refused) = onAppThread((fits, over), stackSize: 8 << 20) {
      models -> (Int, String) in
      let text = try? JSONEncoder().encode(models.0)
      let back = text.flatMap { try? GroupChain(json: $0) }
      do {
        _ = try JSONEncoder().encode(models.1)
        return (Self.links(in: back?.toDictionary()), "encoded")
      } catch EncodingError.invalidValue(_, let context) {
        return (Self.links(in: back?.toDictionary()), context.debugDescription)
      } catch {
        return (Self.links(in: back?.toDictionary()), "\(error)")
      }
    }
    if isSanitized { return }
    #expect(written == 170)
    // An encoder is held to the same depth (JSONDecoder's too): what it writes reads back.
    #expect(encoded == 170)
    #expect(refused.hasPrefix("The value nests containers more than"))
    #expect(issues.count == 1)
    #expect(issues.first?.kind == .tooDeep)
    #expect(Self.steps(issues.first) == 170)
    #expect(issues.first?.reason == "its text would nest deeper than init(json:) reads back")
  }
}
