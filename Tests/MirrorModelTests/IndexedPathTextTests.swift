import Foundation
import Testing

@testable import MirrorModel

// Key paths with indices (`photos.0.url`, ObjectMapper's way; `photos[1].url`, MJExtension's)
// read straight from JSON text: the array's elements are read by position, each into its
// property or through the nested table its position leads to, the others stepped over. Every
// case against `JSONSerialization` + `init(dictionary:)`, in every mode.

final class IndexedPhoto: ModelBase {
  var url = ""
  var width = 0
}

final class IndexedAlbum: ModelBase {
  var name = ""
  var firstURL = ""
  var secondURL: String?
  var cover: IndexedPhoto?
  var thirdTag = ""
  var title = ""
  var cell = 0
  var lastCell: Int?

  override class var propertyMapping: [String: String] {
    [
      "firstURL": "photos.0.url", "secondURL": "photos[1].url", "cover": "photos.3",
      "thirdTag": "photos.2.tags[0]", "title": "meta.0", "cell": "grid[1][2]",
      "lastCell": "grid.2.0",
    ]
  }
}

/// The same paths in a class that validates: its values are read in the properties' order.
final class IndexedCheckedAlbum: ModelBase {
  var name = ""
  var firstURL = ""
  var cover: IndexedPhoto?
  var cell = 0
  var log: [String] = []

  override class var ignoredProperties: Set<String> { ["log"] }
  override class var propertyMapping: [String: String] {
    ["firstURL": "photos.0.url", "cover": "photos.1", "cell": "grid[1][2]"]
  }

  override func validate(_ value: Any, forProperty property: String) throws -> Any {
    log.append("\(property) after name=\(name) firstURL=\(firstURL) cell=\(cell)")
    if property == "cell", value as? Int == 13 {
      throw ConversionError(expectedType: "Int", reason: "unlucky")
    }
    return value
  }
}

/// The same paths in a class matching keys case-insensitively, with an alternative key: the
/// elements no key path indexes are stepped over as a key no property reads is.
final class IndexedFoldedAlbum: ModelBase {
  var name = ""
  var firstURL = ""
  var cover: IndexedPhoto?
  var cell = 0

  override class var keyMatching: KeyMatching { .caseInsensitive }
  override class var alternativeKeys: [String: [String]] { ["name": ["title"]] }
  override class var propertyMapping: [String: String] {
    ["firstURL": "photos.0.url", "cover": "photos[3]", "cell": "grid[1][2]"]
  }
}

final class IndexedShelf: ModelBase {
  var album: IndexedAlbum?
  var albums: [IndexedAlbum] = []
  var checked: [IndexedCheckedAlbum] = []
  var folded: [IndexedFoldedAlbum] = []
}

@Suite("Key paths with indices from JSON text")
struct IndexedPathTextTests {
  static let albums = [
    #"{"name": "a", "photos": [{"url": "u0", "width": 1}, {"url": "u1"}, {"tags": ["t"]}], "#
      + #""meta": ["m0"], "grid": [[1], [2, 3, 4], [5]]}"#,
    #"{"grid": [[], [0, 0, 9]], "photos": [{"url": "only"}], "meta": {"0": "zero"}, "name": "b"}"#,
    #"{"photos": [], "grid": [], "meta": []}"#,
    #"{"photos": null, "grid": null, "meta": null, "name": "nulls"}"#,
    #"{"photos": [null, null, null], "grid": [null, null, [null]]}"#,
    #"{"photos": ["x", 5, {"tags": "notarray"}], "grid": [1, 2, 3]}"#,
    #"{"photos": {"0": {"url": "keyed"}, "1": {"url": "one"}}, "meta": {"1": "x"}}"#,
    #"{"photos": "<null>", "grid": "(null)"}"#,
    #"{"photos": 7, "meta": true}"#,
    #"{"photos": [{"url": 1, "width": "w"}, {"url": {"deep": [1, 2]}}], "#
      + #""grid": [0, ["a", "b", "c"]]}"#,
    #"{"photos": [{"url": "a"}], "photos": [{"url": "b"}]}"#,
    #"{"photos": [{"url": "u", "url": "v"}, {"url": null}], "name": "repeated inside"}"#,
    #"{"photos": [{"url": "a"}, {"url": "b"}, {"tags": ["x", "y"]}, {"url": "d"}, 5, [6]],"#
      + #" "grid": [[0], [1, 2, 13, 4], [7, 8], [9]], "extra": {"more": [1, 2]}}"#,
    #"{"grid": [[1, 2, 3], [4, 5, 6]], "grid": null}"#,
    #"{"photos": [{"url": "\u00e9t\u00e9", "width": 1e2}], "me\u0074a": ["escaped"]}"#,
    // Space everywhere, containers in the elements stepped over and after the last indexed.
    #"{ "photos" : [ { "url" : "a" , "x" : { "y" : [ 1 , [ ] ] } } , 7 , { "tags" : [ "p" , "#
      + #""q" ] , "z" : { } } , { "url" : "d" , "width" : 4 } , { } , [ { } ] ] , "grid" : "#
      + #"[ [ ] , [ 1 , { "a" : [ ] } , 3 , [ 4 ] ] , [ ] , 9 ] , "Name" : "s" , "TITLE" : "t" }"#,
    #"{"grid": [[], [1, 2, 3]], "grid": [[], [4, 5, 6]], "photos": [], "PHOTOS": [{"url": "x"}]}"#,
  ]

  @Test func indexedPathsAreReadFromTheText() {
    let schema = SchemaCache.shared.schema(for: IndexedAlbum.self)
    #expect(schema.jsonKeys != nil)
    #expect(SchemaCache.shared.schema(for: IndexedCheckedAlbum.self).jsonKeys != nil)
    #expect(SchemaCache.shared.schema(for: IndexedFoldedAlbum.self).jsonKeys != nil)
  }

  @Test(arguments: albums)
  func sameAsTheDictionary(album: String) throws {
    let text =
      #"{"album": \#(album), "albums": [\#(album), \#(album)], "checked": [\#(album)], "#
      + #""folded": [\#(album)]}"#
    let data = Data(text.utf8)
    let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    for mode in [MappingMode.standard, .lenient, .strict] {
      let fromText = Result { try IndexedShelf(json: data, mode: mode) }
      let fromTree = Result { try IndexedShelf(dictionary: dictionary, mode: mode) }
      switch (fromText, fromTree) {
      case (.success(let text), .success(let tree)):
        #expect(describe(text) == describe(tree), "\(mode)")
      case (.failure(let text), .failure(let tree)):
        #expect(issues(text) == issues(tree), "\(mode)")
        #expect(issues(text)?.isEmpty == false)
      default:
        Issue.record("\(mode): \(fromText) vs \(fromTree) for \(text)")
      }
    }
  }

  @Test func theElementsAreReadByPosition() throws {
    let text =
      #"{"name": "a", "photos": [{"url": "u0", "width": 1}, {"url": "u1"}, {"tags": ["t"]}, "#
      + #"{"url": "u3", "width": 3}], "meta": ["m0"], "grid": [[1], [2, 3, 4], [5]]}"#
    let album = try IndexedAlbum(json: Data(text.utf8))
    #expect(album.firstURL == "u0" && album.secondURL == "u1" && album.thirdTag == "t")
    #expect(album.cover?.url == "u3" && album.cover?.width == 3)
    #expect(album.title == "m0" && album.cell == 4 && album.lastCell == 5)
    let checked = try IndexedCheckedAlbum(json: Data(text.utf8))
    #expect(
      checked.log == [
        "name after name= firstURL= cell=0", "firstURL after name=a firstURL= cell=0",
        "cover after name=a firstURL=u0 cell=0", "cell after name=a firstURL=u0 cell=0",
      ])
  }

  @Test func issuesNameTheProperty() {
    let text = #"{"photos": [{"url": 1, "width": "w"}], "grid": [0, [0, 0, "x"]]}"#
    #expect(
      issues(Result { try IndexedAlbum(json: Data(text.utf8), mode: .strict) }.mapError { $0 })
        == [
          "photos.0.url typeMismatch strict mode accepts only String values, not Number 1",
          #"grid[1][2] typeMismatch strict mode accepts only Int values, not String "x""#,
        ])
  }

  private func issues<Value>(_ result: Result<Value, any Error>) -> [String]? {
    guard case .failure(let error) = result else { return nil }
    return issues(error)
  }

  private func issues(_ error: any Error) -> [String]? {
    (error as? MappingError)?.issues.map { "\($0.path) \($0.kind) \($0.reason)" }
  }

  private func describe(_ shelf: IndexedShelf) -> String {
    "\(shelf.checked.map(\.log))" + sortedJSON(shelf.toDictionary())
  }
}
