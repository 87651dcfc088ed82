import Foundation
import MirrorModel
import Testing

/// Arrays of arrays, whose element types the readers and writers have specialized code for
/// (`Double`, `Int`, `String`, `[Double]`) and one they read the general way (`Bool`): every
/// source gives the same model, every sink the same text, a bad element the same issue path.
@Suite("Arrays of arrays")
struct NestedArrayTests {
  static let text = """
    {"coordinates": [[[1.5, -2.25], [3, 4e2]], [], [[0.1, 0.2, 0.30000000000000004]]],
     "grid": [[1.25, 2], [-0.0], []], "table": [[1, -2, 9223372036854775807], []],
     "words": [["a", "b\\u00e9"], [""]], "flags": [[true], [false, true]]}
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
        + #""words":[["a","bé"],[""]],"flags":[[true],[false,true]]}"#)
  }

  @Test(arguments: [
    (#"{"coordinates": [[[1, 2], [3, "x"]]]}"#, "coordinates[0][1][1]"),
    (#"{"grid": [[1], [2, null]]}"#, "grid[1][1]"),
    (#"{"table": [[1], [2.5]]}"#, "table[1][0]"),
    (#"{"table": [[1], [92233720368547758070]]}"#, "table[1][0]"),
    (#"{"words": [["a"], [[]]]}"#, "words[1][0]"),
    (#"{"flags": [[true], [2]]}"#, "flags[1][0]"),
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
}
