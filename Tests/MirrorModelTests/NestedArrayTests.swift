import Foundation
import MirrorModel
import Testing

/// Arrays of arrays, whose element types the readers and writers have specialized code for
/// (`Double`, `Int`, `Int64`, `Bool`, `String`, `[Double]`, `[Int]`) and one they read the
/// general way (`[Int?]`): every source gives the same model, every sink the same text, a bad
/// element the same issue path.
@Suite("Arrays of arrays")
struct NestedArrayTests {
  static let text = """
    {"coordinates": [[[1.5, -2.25], [3, 4e2]], [], [[0.1, 0.2, 0.30000000000000004]]],
     "grid": [[1.25, 2], [-0.0], []], "table": [[1, -2, 9223372036854775807], []],
     "words": [["a", "b\\u00e9"], [""]], "flags": [[true], [false, true]],
     "ids": [[505874924095815681], []], "blocks": [[[1, 2]], [[]]], "gaps": [[1, null], []]}
    """

  @Test func everySourceAndSinkAgrees() throws {
    let data = Data(Self.text.utf8)
    let fromJSON = try NestedArrays(json: data)
    #expect(
      fromJSON.coordinates == [[[1.5, -2.25], [3, 400]], [], [[0.1, 0.2, 0.30000000000000004]]])
    #expect(
      fromJSON.grid.map { $0.map(\.bitPattern) }
        == [[1.25, 2], [-0.0], []].map { $0.map(\.bitPattern) })
    #expect(fromJSON.table == [[1, -2, Int.max], []])
    #expect(fromJSON.words == [["a", "b\u{e9}"], [""]])
    #expect(fromJSON.flags == [[true], [false, true]])
    #expect(fromJSON.ids == [[505_874_924_095_815_681], []])
    #expect(fromJSON.blocks == [[[1, 2]], [[]]])
    #expect(fromJSON.gaps == [[1, nil], []])
    let fromDictionary = try NestedArrays(dictionary: jsonObject(Self.text))
    let fromDecoder = try JSONDecoder().decode(NestedArrays.self, from: data)
    #expect(fromDictionary == fromJSON)
    #expect(fromDecoder == fromJSON)
    let written = try fromJSON.toJSON()
    #expect(try NestedArrays(json: written) == fromJSON)
    #expect(try NestedArrays(json: JSONEncoder().encode(fromJSON)) == fromJSON)
    #expect(
      String(decoding: written, as: UTF8.self)
        == #"{"coordinates":[[[1.5,-2.25],[3,400]],[],[[0.1,0.2,0.30000000000000004]]],"#
        + #""grid":[[1.25,2],[-0],[]],"table":[[1,-2,9223372036854775807],[]],"#
        + #""words":[["a","bé"],[""]],"flags":[[true],[false,true]],"#
        + #""ids":[[505874924095815681],[]],"blocks":[[[1,2]],[[]]],"gaps":[[1,null],[]]}"#)
  }

  @Test(arguments: [
    (#"{"coordinates": [[[1, 2], [3, "x"]]]}"#, "coordinates[0][1][1]"),
    (#"{"grid": [[1], [2, null]]}"#, "grid[1][1]"),
    (#"{"table": [[1], [2.5]]}"#, "table[1][0]"),
    (#"{"table": [[1], [92233720368547758070]]}"#, "table[1][0]"),
    (#"{"words": [["a"], [[]]]}"#, "words[1][0]"),
    (#"{"flags": [[true], [2]]}"#, "flags[1][0]"),
    (#"{"ids": [[1], [1.5]]}"#, "ids[1][0]"),
    (#"{"blocks": [[[1]], [[2, "x"]]]}"#, "blocks[1][0][1]"),
    (#"{"gaps": [[1], [null, "y"]]}"#, "gaps[1][1]"),
  ])
  func aBadElementHasItsPathFromEverySource(text: String, path: String) throws {
    let fromJSON = mappingIssues { _ = try NestedArrays(json: Data(text.utf8)) }
    let fromDictionary = mappingIssues { _ = try NestedArrays(dictionary: jsonObject(text)) }
    let fromDecoder = mappingIssues {
      _ = try JSONDecoder().decode(NestedArrays.self, from: Data(text.utf8))
    }
    #expect(fromJSON.map(\.path) == [path])
    #expect(fromDictionary == fromJSON)
    #expect(fromDecoder.map(\.path) == [path])
  }
}

final class NestedArrays: ModelBase {
  var coordinates: [[[Double]]] = []
  var grid: [[Double]] = []
  var table: [[Int]] = []
  var words: [[String]] = []
  var flags: [[Bool]] = []
  var ids: [[Int64]] = []
  var blocks: [[[Int]]] = []
  var gaps: [[Int?]] = []
}
