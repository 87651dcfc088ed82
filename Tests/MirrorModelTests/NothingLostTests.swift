import Foundation
import MirrorModel
import Testing

// Issue 19's edges, each from dictionaries and from JSON text.

final class EdgeGrid: ModelBase {
  var grid: [[Double]] = []
  var codes: [[String]] = []
  var named: [String: [String]] = [:]
  override class var transformers: [String: PropertyTransformer] {
    let letter = PropertyTransformer(
      decode: { raw in
        guard let text = raw as? String, text.count == 1 else {
          throw ConversionError(expectedType: "Character", reason: "not one letter")
        }
        return text
      }, encode: { $0 })
    return [
      "codes": .forEachElement(.forEachElement(letter)),
      "named": .forEachElement(.forEachElement(letter)),
    ]
  }
}

@Suite("Nothing lost at the edges")
struct NothingLostTests {
  @Test func everyNestedElementIssueHasItsFullPath() throws {
    let text = #"""
      {"grid": [[1], ["x", 2]], "codes": [["a"], ["b", "cc"]], "named": {"k": ["d", "ee"]}}
      """#
    let expected = ["grid[1][0]", "codes[1][1]", "named.k[1]"]
    #expect(mappingIssues { _ = try EdgeGrid(json: Data(text.utf8)) }.map(\.path) == expected)
    #expect(
      mappingIssues { _ = try EdgeGrid(dictionary: jsonObject(text)) }.map(\.path) == expected)
    let issue = mappingIssues { _ = try EdgeGrid(dictionary: jsonObject(text)) }[1]
    #expect(issue.reason == "not one letter" && issue.found == #"String "cc""#)
    let good = try EdgeGrid(json: Data(#"{"codes": [["a", "b"]], "named": {"k": ["c"]}}"#.utf8))
    #expect(good.codes == [["a", "b"]] && good.named == ["k": ["c"]])
  }
}
