import Foundation
import Testing

@testable import MirrorModel

// Models nested in collections other than one array or one `[String: Model]` (`[Model?]`,
// `Set<Model>`, `[[Model]]`, `[String: [Model]]`, ...) are read from JSON text and from a
// decoder by their own readers, container by container, without a dictionary of the whole
// value. Their result must be the dictionary's way's, value for value and issue for issue, in
// every mode (a decoder's in standard mode).

final class HeldLeaf: ModelBase {
  var name = ""
  var weight = 0.0
  override class var requiredProperties: Set<String> { ["name"] }
}

/// Models in collections of every kind; `DirectPet` made as `DirectDog`, and `DirectHooked`,
/// whose hook takes each object's dictionary.
final class HeldShapes: ModelBase {
  override class var nullStrings: Set<String> { ModelBase.extendedNullStrings }
  var optionals: [HeldLeaf?] = []
  var set: Set<HeldLeaf> = []
  var grid: [[HeldLeaf]] = []
  var sections: [String: [HeldLeaf]] = [:]
  var nestedMaps: [String: [String: HeldLeaf]]?
  var maybeRows: [[HeldLeaf]?]?
  var pets: [[DirectPet]] = []
  var hooked: [[DirectHooked]] = []
  var cube: [[[HeldLeaf]]] = []
  var maybeByKey: [String: HeldLeaf?] = [:]
  override class var arrayElementTypes: [String: ModelBase.Type] { ["pets": DirectDog.self] }
}

@Suite("Models nested in collections read straight from JSON text and decoders")
struct HeldModelTextTests {
  /// What mapping gave: the model's dictionary when the call returns, and every issue.
  private struct Result: Equatable, CustomStringConvertible {
    var dictionary: [String: Any]?
    var issues: [MappingIssue]

    static func == (lhs: Result, rhs: Result) -> Bool {
      lhs.issues == rhs.issues
        && (lhs.dictionary == nil) == (rhs.dictionary == nil)
        && JSONValue.equal(lhs.dictionary ?? [:], rhs.dictionary ?? [:])
    }

    var description: String {
      "\(dictionary.map { "\($0)" } ?? "thrown")\n"
        + issues.map(\.description).joined(separator: "\n")
    }
  }

  private static func result(
    mode: MappingMode, _ body: (HeldShapes, MappingOptions) throws -> MappingOutcome
  ) -> Result {
    let model = HeldShapes()
    do {
      let outcome = try body(model, MappingOptions(mode: mode))
      if MappingError.isThrown(outcome, mode: mode) {
        return Result(dictionary: nil, issues: outcome.issues)
      }
      return Result(dictionary: model.toDictionary(), issues: outcome.issues)
    } catch let error as MappingError {
      return Result(dictionary: nil, issues: error.issues)
    } catch {
      Issue.record("\(error)")
      return Result(dictionary: nil, issues: [])
    }
  }

  /// `init(json:)`'s result against the dictionary's, in every mode; and `JSONDecoder`'s,
  /// for text whose objects repeat no key (Foundation's decoder keeps the first of a key met
  /// twice, and one of two canonically equivalent keys, where a dictionary keeps the last).
  private static func compare(_ text: String) throws {
    let data = Data(text.utf8)
    let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    for mode in MappingMode.allCases {
      let read = result(mode: mode) { try $0.mapRoot(json: data, options: $1) }
      let mapped = result(mode: mode) { $0.mapRoot(dictionary, options: $1) }
      #expect(read == mapped, "\(mode): \(text)\n\(read)\nvs\n\(mapped)")
    }
    if text.contains(#""k""#) || text.contains(#""name": "a", "name""#) || text.contains("caf") {
      return
    }
    // A decoder maps in standard mode, and throws for any issue.
    let read = result(mode: .standard) { try $0.mapRoot(json: data, options: $1) }
    do {
      let decoded = try JSONDecoder().decode(HeldShapes.self, from: data)
      #expect(read.issues == [], "decoder: no issues for \(text)")
      #expect(JSONValue.equal(decoded.toDictionary(), read.dictionary ?? [:]), "\(text)")
    } catch let error as MappingError {
      #expect(error.issues == read.issues, "decoder: \(text)")
    }
  }

  @Test(
    "Every shape, with nulls, null strings, values of the wrong kind, repeated keys",
    arguments: [
      #"""
      {"optionals": [{"name": "a"}, null, {"name": "b"}], "set": [{"name": "a"}, {"name": "a"},
       {"name": "b"}], "grid": [[{"name": "a"}], [], [{"name": "b"}, {"name": "c"}]],
       "sections": {"x": [{"name": "a"}], "y": []}, "nestedMaps": {"m": {"k": {"name": "a"}}},
       "maybeRows": [[{"name": "a"}], null, "<null>"], "cube": [[[{"name": "c"}]], [[]]]}
      """#,
      #"""
      {"optionals": [{"weight": 1}, "N/A", 5, {"name": "b"}], "grid": [[{"name": "a"}, 3], "x",
       [{"weight": 2}]], "sections": {"b": [1], "a": [{"name": "z", "weight": "heavy"}]},
       "cube": [[[{"name": "a"}, []]], [{"name": "b"}]]}
      """#,
      #"{"sections": {"k": [{"name": "a"}], "k": [5]}, "nestedMaps": {"m": {"k": 1, "k": {}}}}"#,
      #"{"sections": {"k": [{"name": "a"}], "k": [{"name": "b"}]}, "grid": [[{"name": "c"}]]}"#,
      #"{"sections": {"k": [{"name": "a", "weight": "x"}], "k": [{"name": "b"}]}}"#,
      #"{"sections": {"k": [{"name": "b"}], "j": [], "k": [{"weight": true}]}}"#,
      #"{"optionals": {}, "set": "x", "grid": [[[{"name": "a"}]]], "sections": [], "cube": 3}"#,
      #"{"nestedMaps": null, "maybeRows": "<null>", "optionals": "N/A", "grid": null}"#,
      #"""
      {"pets": [[{"name": "d", "barks": true}, 1], [{"name": "e"}]], "hooked": [[{"name": "h",
       "z": 1}], [{"name": "i"}, null]], "set": [{"name": "s", "weight": "w"}]}
      """#,
      #"""
      { "grid" : [ [ { "name" : "a" } , { "name" : "b" } ] , [ ] ] , "sections" : { "x" : [ ] ,
       "y" : [ { "name" : "c" } ] } , "optionals" : [ null , { "name" : "d" } ] }
      """#,
      #"{"sections": {"caf\u00e9": [{"name": "a"}], "cafe\u0301": [1], "\n": []}}"#,
      #"{"optionals": [], "set": [], "grid": [], "sections": {}, "nestedMaps": {}, "cube": []}"#,
      #"{"optionals": [null, "<null>", "NULL"], "grid": [null, [null]], "sections": {"a": null}}"#,
      #"{"grid": [[{"name": "a", "name": "b"}]], "optionals": [{"name": 1}, {"name": "n"}]}"#,
      #"{"maybeRows": [[{"name": "a"}], [], [{"weight": 1}], [null], "N/A", 7]}"#,
      #"{"sections": {"a": [{"mantissa": 1, "exponent": 2, "isCompact": 3, "isNegative": 4,"#
        + #" "length": 5}]}, "grid": [[{"name": "g"}], [{"name": "h"}, {"weight": 2}]]}"#,
      #"{"sections": {"mantissa": [], "exponent": [], "isCompact": [], "isNegative": [],"#
        + #" "length": []}, "cube": [[[{"name": "c"}], [{"name": "d"}, 1]], [[], null]]}"#,
      #"{"hooked": [[{"name": "h"}], [{"name": "i"}]], "grid": [[{"name": "j"}]], "set": []}"#,
      #"{"maybeByKey": {"a": {"name": "a"}, "b": null, "c": "<null>", "d": 4, "e": {}}}"#,
      #"{"maybeByKey": {"a": null, "b": {"name": "b", "weight": 1.5}}, "optionals": [null]}"#,
    ])
  func readsAsTheDictionaryIsMapped(text: String) throws {
    try Self.compare(text)
  }

  @Test func theValuesAndIssuesAreThoseOfEachLevel() throws {
    let text = Data(
      #"""
      {"grid": [[{"name": "a"}, 3], [{"name": "b", "weight": 2}]], "optionals": [null,
       {"name": "c"}, "NULL", 4], "sections": {"s": [{"name": "d"}], "t": [{"weight": 1}]},
       "pets": [[{"name": "e", "barks": true}]], "set": [{"name": "f"}, {"name": "f"}]}
      """#.utf8)
    let lenient = try HeldShapes(json: text, mode: .lenient)
    #expect(lenient.grid.map { $0.map(\.name) } == [["a"], ["b"]])
    #expect(lenient.grid[1][0].weight == 2)
    #expect(lenient.optionals.map { $0?.name } == [nil, "c", nil])
    // A required key missing is a default in lenient mode: the model is kept.
    #expect(lenient.sections.mapValues { $0.map(\.name) } == ["s": ["d"], "t": [""]])
    #expect(lenient.sections["t"]?.first?.weight == 1)
    #expect((lenient.pets.first?.first as? DirectDog)?.barks == true)
    #expect(lenient.set.map(\.name) == ["f"])

    let issues = mappingIssues { _ = try HeldShapes(json: text) }
    // In the properties' order.
    #expect(issues.map(\.path) == ["optionals[3]", "grid[0][1]", "sections.t[0].name"])
    #expect(issues.map(\.kind) == [.typeMismatch, .typeMismatch, .missingValue])
    #expect(issues.map(\.expectedType) == ["HeldLeaf", "HeldLeaf", "String"])
    #expect(issues.map(\.found) == ["Number 4", "Number 3", "nothing"])
  }

  @Test func theClassArrayElementTypesNamesIsMadeAtEveryLevel() throws {
    let text = Data(#"{"pets": [[{"name": "a", "barks": true}], [], [{"name": "b"}, 5]]}"#.utf8)
    let pets = try HeldShapes(json: text, mode: .lenient).pets
    #expect(pets.map { $0.map(\.name) } == [["a"], [], ["b"]])
    #expect(pets.flatMap { $0 }.map { ($0 as? DirectDog)?.barks } == [true, false])
    let issues = mappingIssues { _ = try HeldShapes(json: text) }
    #expect(issues.map(\.path) == ["pets[2][1]"])
    #expect(issues.map(\.expectedType) == ["DirectDog"])
  }

  @Test func aKeyMetTwiceKeepsTheLastValueAndOnlyItsIssues() throws {
    // The first value of `k` fails and the last converts: the dictionary keeps the last, and
    // no issue of the first is reported; then the other way round.
    let first = try HeldShapes(
      json: Data(#"{"sections": {"k": [5], "k": [{"name": "a"}]}}"#.utf8))
    #expect(first.sections.mapValues { $0.map(\.name) } == ["k": ["a"]])
    let issues = mappingIssues {
      _ = try HeldShapes(json: Data(#"{"sections": {"k": [{"name": "a"}], "k": [5]}}"#.utf8))
    }
    #expect(issues.map(\.path) == ["sections.k[0]"])
  }

  @Test func aDeepGridIsReadAndWrittenBack() throws {
    // 60 levels of `[[Model]]` (three levels of nesting each): read, written, read again.
    final class Box: ModelBase {
      var name = ""
      var grid: [[Box]] = []
    }
    var text = #"{"name": "leaf"}"#
    for level in 0..<60 { text = #"{"name": "\#(level)", "grid": [[], ["# + text + "]]}" }
    let box = try Box(json: Data(text.utf8))
    var depth = 0
    var current = box
    while let next = current.grid.last?.first {
      depth += 1
      current = next
    }
    #expect(depth == 60)
    #expect(current.name == "leaf")
    #expect(try Box(json: box.toJSON()) == box)
    #expect(try Box(dictionary: box.toDictionary()) == box)
    #expect(try JSONDecoder().decode(Box.self, from: Data(text.utf8)) == box)
  }
}

/// `grid`'s value read by the decoder's reader of held models alone, in a context of its own:
/// what it gave (`nil` where it left the value to the walk), and the issues it recorded.
private struct DecodedGrid<Element: ModelBase>: Decodable {
  var grid: [[Element]]?
  var failed = false
  var issues: [MappingIssue] = []

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    let opened = try #require([[Element]].heldContainer(under: AnyCodingKey("grid"), of: container))
    var reader = DecoderReader(longLiterals: nil)
    var grid: [[Element]]?
    var failed = false
    var thrown: (any Error)?
    let outcome = MappingOptions().run { context in
      do {
        grid = try [[Element]].decodeHeldModels(
          opened, reader: &reader, concrete: Element.self, depth: 2, failed: &failed,
          context: context)
      } catch {
        thrown = error
      }
    }
    if let thrown { throw thrown }
    (self.grid, self.failed, issues) = (grid, failed, outcome.issues)
  }
}

/// `list`'s value read by the decoder's array-of-models reader alone.
private struct DecodedModels<Element: ModelBase>: Decodable {
  var models: [Element]?
  var recorded = false
  var issues: [MappingIssue] = []

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    var reader = DecoderReader(longLiterals: nil)
    var result = DirectReadResult.notRead
    var thrown: (any Error)?
    let outcome = MappingOptions().run { context in
      do {
        result = try reader.models(
          declared: Element.self, concrete: Element.self, from: container,
          forKey: AnyCodingKey("list"), depth: 1, context: context)
      } catch {
        thrown = error
      }
    }
    if let thrown { throw thrown }
    switch result {
    case .notRead: Issue.record("the reader handed the array to the walk")
    case .recorded: recorded = true
    case .value(let models): self.models = models as? [Element]
    }
    issues = outcome.issues
  }
}

extension HeldModelTextTests {
  /// `grid`'s value read by the JSON text reader of held models alone.
  private static func readGrid<Element: ModelBase>(
    _: Element.Type, _ text: String
  ) throws -> (grid: [[Element]]?, failed: Bool, issues: [MappingIssue]) {
    var bytes = Array(text.utf8)
    return try bytes.withUnsafeMutableBufferPointer { buffer in
      var parser = JSONReader.Parser(bytes: UnsafeBufferPointer(buffer), maximumDepth: 512)
      var grid: [[Element]]?
      var failed = false
      var thrown: (any Error)?
      let outcome = MappingOptions().run { context in
        do {
          grid = try [[Element]].readHeldModels(
            &parser, concrete: Element.self, failed: &failed, context: context)
        } catch {
          thrown = error
        }
      }
      if let thrown { throw thrown }
      return (grid, failed, outcome.issues)
    }
  }

  @Test func theReadersOfHeldModelsReadTheValueThemselves() throws {
    let grid = #"[[{"name": "a"}, {"name": "b", "weight": 2}], [], [null, {"name": "c"}]]"#
    // From text: every level read here, the `null` converted where it stands (an issue: the
    // whole value fails, outside lenient mode).
    let text = try Self.readGrid(HeldLeaf.self, grid)
    #expect(text.grid == nil && text.failed)
    #expect(text.issues.map(\.path) == ["[2][0]"])
    let plain = try Self.readGrid(HeldLeaf.self, #"[[{"name": "a"}], [{"name": "b"}]]"#)
    #expect(plain.grid?.map { $0.map(\.name) } == [["a"], ["b"]])
    #expect(!plain.failed && plain.issues.isEmpty)
    // Not an array: left to the ordinary way, nothing recorded.
    let other = try Self.readGrid(HeldLeaf.self, #"{"a": 1}"#)
    #expect(other.grid == nil && !other.failed && other.issues.isEmpty)

    // From a decoder: the same.
    let decoded = try JSONDecoder().decode(
      DecodedGrid<HeldLeaf>.self, from: Data(#"{"grid": [[{"name": "a"}], [{"name": "b"}]]}"#.utf8))
    #expect(decoded.grid?.map { $0.map(\.name) } == [["a"], ["b"]])
    #expect(!decoded.failed && decoded.issues.isEmpty)
    let failing = try JSONDecoder().decode(
      DecodedGrid<HeldLeaf>.self, from: Data(#"{"grid": [[{"name": "a"}, 3]]}"#.utf8))
    #expect(failing.grid == nil && failing.failed)
    #expect(failing.issues.map(\.path) == ["[0][1]"])
    // A class whose hook takes the dictionary: its objects are not opened but walked one by
    // one where they stand, each converted with the dictionary its hook asks for (the walk
    // of the whole value is not taken).
    let hooked = try JSONDecoder().decode(
      DecodedGrid<DirectHooked>.self,
      from: Data(#"{"grid": [[{"name": "h", "x": 1}], [{"name": 5}]]}"#.utf8))
    #expect(hooked.grid?.map { $0.map(\.name) } == [["h"], ["5"]])
    #expect(hooked.grid?.map { $0.map(\.keys) } == [[["name", "x"]], [["name"]]])
    #expect(!hooked.failed && hooked.issues.isEmpty)
    let hookedFailing = try JSONDecoder().decode(
      DecodedGrid<DirectHooked>.self, from: Data(#"{"grid": [[{"name": "h"}, 3]]}"#.utf8))
    #expect(hookedFailing.grid == nil && hookedFailing.failed)
    #expect(hookedFailing.issues.map(\.path) == ["[0][1]"])
  }

  /// A decoder's `[Model]` of a class mapped from dictionaries is read element by element by
  /// the array reader (each object walked alone and converted), not handed to the walk of the
  /// whole value.
  @Test func aDecodersArrayOfModelsMappedFromDictionariesIsReadElementByElement() throws {
    let decoded = try JSONDecoder().decode(
      DecodedModels<DirectHooked>.self,
      from: Data(#"{"list": [{"name": "a", "x": 1}, {"name": "b"}]}"#.utf8))
    #expect(decoded.models?.map(\.name) == ["a", "b"])
    #expect(decoded.models?.map(\.keys) == [["name", "x"], ["name"]])
    #expect(decoded.issues.isEmpty)
    let failing = try JSONDecoder().decode(
      DecodedModels<DirectHooked>.self,
      from: Data(#"{"list": [{"name": "a"}, [1], {"name": {}}]}"#.utf8))
    #expect(failing.models == nil && failing.recorded)
    #expect(failing.issues.map(\.path) == ["[1]", "[2].name"])
    // The model and its issues are the text's and the dictionary's.
    for text in [
      #"{"list": [{"name": "a", "x": 1}, null, {"name": "b"}]}"#,
      #"{"list": [{"name": "a"}, [1], {"name": {}}]}"#, #"{"list": []}"#,
    ] {
      let data = Data(text.utf8)
      let fromText = Swift.Result { try DirectParent(json: data) }
      let fromDecoder = Swift.Result { try JSONDecoder().decode(DirectParent.self, from: data) }
      switch (fromText, fromDecoder) {
      case (.success(let left), .success(let right)):
        #expect(left == right && left.list.map(\.keys) == right.list.map(\.keys), "\(text)")
      case (.failure(let left as MappingError), .failure(let right as MappingError)):
        #expect(left.issues == right.issues, "\(text)")
      default:
        Issue.record("\(text): \(fromText) vs \(fromDecoder)")
      }
    }
  }
}
