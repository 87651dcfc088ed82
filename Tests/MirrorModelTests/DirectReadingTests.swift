import Foundation
import Testing

@testable import MirrorModel

// `init(json:)` reads JSON text straight into models whose classes allow it. Its result must be
// the ordinary way's, value for value and issue for issue: the reader's dictionary mapped by
// `init(dictionary:)`. These tests compare the two on random and mutated payloads, on text with
// repeated keys, and on the cases each way of reading handles on its own.

final class DirectLeaf: ModelBase {
  override class var nullStrings: Set<String> { ModelBase.extendedNullStrings }
  var name = ""
  var weight = 0.0
  var color = RandColor.red
  var tags: [String] = []
  var stamp: Date?
  override class var requiredProperties: Set<String> { ["name"] }
}

final class DirectNode: ModelBase {
  var label = ""
  var next: DirectNode?
  var kids: [DirectNode] = []
  var byName: [String: DirectNode]?
}

class DirectPet: ModelBase {
  var name = ""
}

final class DirectDog: DirectPet {
  var barks = false
}

/// `arrayElementTypes` naming a subclass for models nested in containers of every kind.
final class DirectKennel: ModelBase {
  var grid: [[DirectPet]] = []
  var pack: Set<DirectPet> = []
  var byName: [String: [DirectPet]] = [:]
  var maybe: DirectPet??
  var maybeList: [DirectPet]?
  var loose = NSArray()
  override class var arrayElementTypes: [String: ModelBase.Type] {
    [
      "grid": DirectDog.self, "pack": DirectDog.self, "byName": DirectDog.self,
      "maybe": DirectDog.self, "maybeList": DirectDog.self, "loose": DirectDog.self,
    ]
  }
}

/// RandRoot's properties without key paths: a class read straight from JSON text.
class DirectRoot: ModelBase {
  override class var nullStrings: Set<String> { ModelBase.extendedNullStrings }
  var int = 0
  var int8: Int8 = 0
  var int64: Int64 = 0
  var uint: UInt = 0
  var uint8: UInt8 = 0
  var uint64: UInt64 = 0
  var double = 0.0
  var float: Float = 0
  var bool = false
  var decimal: Decimal = 0
  var date = Date(timeIntervalSince1970: 0)
  var url: URL?
  var uuid: UUID?
  var data = Data()
  var color = RandColor.red
  var level: RandLevel?
  var text = ""
  var maybeText: String?
  var maybeInt: Int?
  var maybeMaybe: Int??
  var maybeDouble: Double?
  var leaf: RandLeafLike?
  var leaves: [DirectLeaf] = []
  var maybeLeaves: [DirectLeaf]?
  var leafMap: [String: DirectLeaf] = [:]
  var numbers: [Int] = []
  var maybeNumbers: [Int?] = []
  var names: [String] = []
  var maybeNames: [String?] = []
  var tags: Set<String> = []
  var grid: [[Double]] = []
  var cube: [[[Double]]]?
  var scores: [String: Int] = [:]
  var node: DirectNode?
  var pets: [DirectPet] = []
  var anything: Any?
  var rawList: [Any] = []
  var rawMap: [String: Any] = [:]

  override class var propertyMapping: [String: String] { ["int64": "big_int"] }
  override class var defaultValues: [String: Any] { ["text": "none", "uint8": 7] }
  override class var arrayElementTypes: [String: ModelBase.Type] { ["pets": DirectDog.self] }
}

typealias RandLeafLike = DirectLeaf

/// A class read through a dictionary (its hook takes one), inside a class read directly.
final class DirectHooked: ModelBase {
  var name = ""
  var keys: [String] = []
  override func didMap(from dictionary: [String: Any]) throws {
    keys = dictionary.keys.sorted()
  }
}

final class DirectParent: ModelBase {
  var hooked: DirectHooked?
  var list: [DirectHooked] = []
  var count = 0
}

/// What a mapping gave: the model's dictionary, or the issues.
private enum Outcome: Equatable, CustomStringConvertible {
  case model([String: Any])
  case issues([MappingIssue])
  /// A model mapped without throwing, and the issues it had.
  case mapped([String: Any], [MappingIssue])

  /// What mapping into a new `Model` with `body` gave in `mode`: the model's dictionary when
  /// the call would not throw, and every issue (lenient mode's included, which the public
  /// initializers drop).
  static func mapping<Model: ModelBase>(
    _: Model.Type, mode: MappingMode, _ body: (Model, MappingOptions) throws -> MappingOutcome
  ) -> Outcome {
    let model = Model()
    do {
      let outcome = try body(model, MappingOptions(mode: mode))
      if MappingError.isThrown(outcome, mode: mode) { return .issues(outcome.issues) }
      return .mapped(model.toDictionary(), outcome.issues)
    } catch {
      return failure(error)
    }
  }

  static func of(_ body: () throws -> ModelBase) -> Outcome {
    do {
      return .model(try body().toDictionary())
    } catch {
      return failure(error)
    }
  }

  /// A mapping's issues, or any other error as one issue.
  private static func failure(_ error: any Error) -> Outcome {
    if let error = error as? MappingError { return .issues(error.issues) }
    return .issues([
      MappingIssue(path: "?", kind: .hookFailed, expectedType: "", found: "", reason: "\(error)")
    ])
  }

  static func == (lhs: Outcome, rhs: Outcome) -> Bool {
    switch (lhs, rhs) {
    case (.model(let left), .model(let right)): return JSONValue.equal(left, right)
    case (.issues(let left), .issues(let right)): return left == right
    case (.mapped(let left, let leftIssues), .mapped(let right, let rightIssues)):
      return JSONValue.equal(left, right) && leftIssues == rightIssues
    default: return false
    }
  }

  var description: String {
    switch self {
    case .model(let dictionary): return "model \(dictionary)"
    case .issues(let issues): return issues.map(\.description).joined(separator: "\n")
    case .mapped(let dictionary, let issues):
      return "model \(dictionary)\n" + issues.map(\.description).joined(separator: "\n")
    }
  }
}

private func hex(_ value: UInt64) -> String { "0x" + String(value, radix: 16) }

@Suite("Reading JSON text straight into models")
struct DirectReadingTests {
  static let seeds: [UInt64] = [0xD1EC_0001, 0xD1EC_0002, 0xD1EC_0003]

  /// The two ways, in `mode`, on `text`.
  private static func compare<Model: ModelBase>(
    _: Model.Type, _ text: Data, mode: MappingMode, _ label: String
  ) {
    let direct = Outcome.mapping(Model.self, mode: mode) { model, options in
      try model.mapRoot(json: text, options: options)
    }
    let ordinary = Outcome.mapping(Model.self, mode: mode) { model, options in
      guard let dictionary = try? JSONReader.parse(text) as? [String: Any] else {
        return try model.mapRoot(json: text, options: options)  // not an object: one way only
      }
      return model.mapRoot(dictionary, options: options)
    }
    let shown = String(decoding: text.prefix(2_000), as: UTF8.self)
    #expect(direct == ordinary, "\(label) \(mode): \(shown)\n\(direct)\nvs\n\(ordinary)")
  }

  /// An array property read fast from the text: an element that is not read fast (a numeric
  /// string, `null`, a null string, a literal needing rounding rules, a wrong kind) is
  /// converted the ordinary way where it stands and the read goes on, the result and issues
  /// those of the dictionary's way, in every mode; past the 16 elements read before they are
  /// moved into the array too.
  @Test(
    "Arrays read fast convert the elements they cannot read fast in place",
    arguments: [
      #"{"ints": [1, "2", 3, null, 4.5, "x", 5], "grid": [[1], [2, "3"], "x", [4, null], [5]]}"#,
      #"{"ints": [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,"18",19,20], "i64": [1, "-2"]}"#,
      #"{"ints": ["0",2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,"17",18,19,20,"21"]}"#,
      #"{"doubles": [1.5, 1e300, "2.5", 1.000000000000000000000000000000000000000000001, 3]}"#,
      #"{"strings": ["a", "<null>", 1, null, "b", true], "bools": [true, 1, "yes", 0, "no"]}"#,
      #"{"i64": [9223372036854775807, 9223372036854775808, "-1", -9223372036854775808]}"#,
      #"{"ints": [1 , "2" , 3 ], "grid": [ [ "1" ] , [ 2 ] ]}"#,
      #"{"maybeInts": [1, "2", 3, null], "maybeGrid": [[1], ["2"], null], "maybeStrings": [1]}"#,
      #"{"maybeInts": [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,"17"], "maybeStrings": ["<null>"]}"#,
      #"{"maybeInts": null, "maybeGrid": null, "maybeStrings": "<null>"}"#,
      #"{"maybeInts": [], "maybeGrid": "<null>", "maybeStrings": ["a", "x", {}]}"#,
      #"{"maybeInts": "1", "maybeGrid": [[1.5], [2]], "maybeStrings": [true, null, "b"]}"#,
    ])
  func arraysReadFastConvertTheOtherElementsInPlace(text: String) {
    for mode in MappingMode.allCases {
      Self.compare(FastArrays.self, Data(text.utf8), mode: mode, "fast arrays")
    }
  }

  @Test func anArrayReadFastKeepsTheOrdinaryIssuesAndValues() throws {
    let text = Data(
      #"{"ints": [1, "2", 3, null, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, "x"]}"#.utf8)
    let strict = mappingIssues { _ = try FastArrays(json: text, mode: .strict) }
    #expect(strict.map(\.path) == ["ints[1]", "ints[3]", "ints[17]"])
    let standard = mappingIssues { _ = try FastArrays(json: text) }
    #expect(standard.map(\.path) == ["ints[3]", "ints[17]"])
    #expect(standard.map(\.found) == ["null", #"String "x""#])
    let lenient = try FastArrays(json: text, mode: .lenient)
    #expect(lenient.ints == [1, 2, 3] + Array(5...17))
  }

  /// A `[String: Value]` property read from the text into its dictionary where every value
  /// is exactly what `Value` takes, and the ordinary way otherwise: the dictionary's model and
  /// issues, in every mode.
  @Test(
    "Dictionaries of fast values are read from the text as from the dictionary",
    arguments: [
      #"{"names": {"a": "x", "b": "y"}, "counts": {"one": 1, "two": -2}, "ratios": {"r": 0.5}}"#,
      #"{"names": {}, "counts": {}, "ratios": {}, "flags": {}, "lists": {}, "big": {}}"#,
      #"{"counts": {"a": "1", "b": 2}, "names": {"a": 1}, "flags": {"t": true, "f": 0}}"#,
      #"{"names": {"a": "N/A", "b": null}, "ratios": {"r": null}, "counts": {"n": 1.5}}"#,
      #"{"names": {"k": "first", "k": "last"}, "counts": {"caf\u00e9": 1, "cafe\u0301": 2}}"#,
      #"{"names": {"\u0041\n": "esc", "": "empty"}, "lists": {"l": [1, 2], "m": []}}"#,
      #"{"lists": {"l": [1, "2"], "m": [null]}, "big": {"max": 9223372036854775807}}"#,
      #"{"big": {"over": 9223372036854775808}, "ratios": {"long": 1.00000000000000000001}}"#,
      #"{"names": null, "counts": null, "ratios": null, "flags": "N/A", "lists": [], "big": 5}"#,
      #"{"names": ["a"], "counts": "x", "ratios": {"r": "1e2"}, "flags": {"t": "true"}}"#,
      #"{"counts": {"mantissa": 1, "exponent": 2, "isCompact": 3, "isNegative": 4, "length": 5}}"#,
      #"{"names" : { "a" : "x" , "b" : "y" } , "counts" : { "c" : 3 } }"#,
    ])
  func dictionariesOfFastValuesReadAsFromTheDictionary(text: String) {
    for mode in MappingMode.allCases {
      Self.compare(FastDictionaries.self, Data(text.utf8), mode: mode, "fast dictionaries")
    }
  }

  @Test func aDictionaryOfFastValuesHoldsItsValues() throws {
    let model = try FastDictionaries(
      json: Data(
        #"{"names": {"k": "first", "k": "last"}, "counts": {"a": 1, "b": "2"}, "ratios": {}}"#
          .utf8))
    #expect(model.names == ["k": "last"])
    #expect(model.counts == ["a": 1, "b": 2])
    #expect(model.ratios == [:])
    #expect(model.flags == ["initial": true])
    for type in [[String: Int].self, [String: [Double]]?.self, [String: Bool]?.self] as [Any.Type] {
      let read = JSONDirectRead(for: type, elementType: nil, hasTransformer: false)
      guard case .fastByKey = read else {
        Issue.record("\(type) is not read as a dictionary of fast values: \(read)")
        continue
      }
    }
    let issues = mappingIssues {
      _ = try FastDictionaries(json: Data(#"{"counts": {"a": 1, "b": "x"}, "big": []}"#.utf8))
    }
    #expect(issues.map(\.path) == ["counts.b", "big"])
  }

  /// An optional array property reads its array as the array's own property does: the
  /// elements it cannot read fast converted where they stand, with the ordinary issues.
  @Test func anOptionalArrayReadFastKeepsTheOrdinaryIssuesAndValues() throws {
    let text = Data(#"{"maybeInts": [1, "2", null, 4], "maybeGrid": [[1], ["2", "y"]]}"#.utf8)
    let standard = mappingIssues { _ = try FastArrays(json: text) }
    #expect(standard.map(\.path) == ["maybeInts[2]", "maybeGrid[1][1]"])
    let lenient = try FastArrays(json: text, mode: .lenient)
    #expect(lenient.maybeInts == [1, 2, 4])
    #expect(lenient.maybeGrid == [[1], [2]])
    let converted = try FastArrays(json: Data(#"{"maybeInts": [1, "2"], "maybeGrid": null}"#.utf8))
    #expect(converted.maybeInts == [1, 2])
    #expect(converted.maybeGrid == nil)
  }

  @Test func theModelsAreReadDirectly() {
    for type in [DirectRoot.self, DirectLeaf.self, DirectNode.self, DirectDog.self]
      as [ModelBase.Type]
    {
      #expect(SchemaCache.shared.schema(for: type).jsonKeys != nil, "\(type)")
    }
    #expect(SchemaCache.shared.schema(for: DirectHooked.self).jsonKeys == nil)
    // Unknown keys are gathered as they are met, kept or reported.
    #expect(SchemaCache.shared.schema(for: DirectKeptStatus.self).jsonKeys != nil)
    // Key paths made of keys are read straight from the text too, through nested tables.
    #expect(SchemaCache.shared.schema(for: RandRoot.self).jsonKeys?.isPlain == false)
    #expect(SchemaCache.shared.schema(for: DirectStatus.self).jsonKeys?.nested.count == 2)
    // An index in a key path is read from the text (an array's elements by position); a key
    // read whole and inside: the ordinary way.
    let indexed = SchemaCache.shared.schema(for: DirectIndexedPath.self).jsonKeys
    #expect(indexed?.nested.first?.table.elementTargets == [-2])
    #expect(indexed?.nested.first?.table.readsObjects == false)
    // `meta` read whole and through: a shared key (SharedKeyTextTests).
    let clashing = SchemaCache.shared.schema(for: DirectClashingPaths.self)
    #expect(clashing.jsonKeys != nil && clashing.jsonSharedKeys.count == 1)
  }

  @Test(
    "Key paths read from the text give what the dictionary gives",
    arguments: [
      #"{"id": 1, "entities": {"hashtags": ["a"], "urls": [{"u": "x"}]}, "#
        + #""user": {"name": "ann", "more": {"followers": 3}}}"#,
      #"{"entities": {"urls": [], "other": {"deep": [1, {"x": 2}]}, "hashtags": ["c"]}, "id": 2}"#,
      #"{"id": 3, "entities": null, "user": {"name": null}}"#,
      #"{"id": 4, "entities": [{"hashtags": ["k"]}, {"hashtags": ["v"]}]}"#,
      #"{"id": 5, "entities": 7}"#,
      #"{"id": 6, "entities": {"hashtags": ["a"]}, "entities": {}}"#,
      #"{"id": 7, "entities": {"hashtags": ["a"], "hashtags": ["b"]}}"#,
      #"{"id": 8, "user": {"more": "no"}, "entities": {"hashtags": [1]}}"#,
      #"{"id": 9}"#,
      #"{"id": 10, "user": {"more": {"followers": "x"}, "name": 5}, "entities": {"urls": 3}}"#,
      #"{"user": {"name": "bo"}, "id": 11, "user": {"more": {"followers": 1}}}"#,
      #"{"z": [1, {"a": 2}], "entities": {"x": {"y": [3]}, "hashtags": ["a"], "b": "s"}, "#
        + #""user": {"more": {"followers": 4, "f2": null, "": true}, "w": -1.5e3}, "a": 1e300}"#,
      #"{"entities": {}, "user": {"more": 7}, "id": "x", "k\u00e9y": "\ud83d\ude00"}"#,
    ])
  func keyPathsFromTextAndFromDictionary(text: String) throws {
    let data = Data(text.utf8)
    // Unknown keys, kept or reported (lenient mode), inside the objects key paths go through.
    for mode in MappingMode.allCases {
      Self.compare(DirectStatus.self, data, mode: mode, "status")
      Self.compare(DirectKeptStatus.self, data, mode: mode, "kept")
    }
    let dictionary = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    for mode in [MappingMode.strict, .standard] {
      let direct = mappingIssues { _ = try DirectStatus(json: data, mode: mode) }
      let ordinary = mappingIssues { _ = try DirectStatus(dictionary: dictionary, mode: mode) }
      #expect(direct == ordinary, "\(mode)")
      if direct.isEmpty {
        #expect(
          try DirectStatus(json: data, mode: mode)
            == DirectStatus(dictionary: dictionary, mode: mode))
      }
    }
  }

  @Test func keyPathsAreWrittenStraightToTextAsTheDictionaryHoldsThem() throws {
    #expect(SchemaCache.shared.schema(for: DirectStatus.self).jsonOutputGroup != nil)
    #expect(SchemaCache.shared.schema(for: DirectClashingPaths.self).jsonOutputGroup == nil)
    let text = #"""
      {"id": 1, "text": "hi", "entities": {"hashtags": ["swift"], "urls": [{"u": "https://a"}]},
       "user": {"name": "ann", "more": {"followers": 30}}}
      """#
    let status = try DirectStatus(json: Data(text.utf8))
    let written = try status.toJSON()
    #expect(
      String(decoding: written, as: UTF8.self)
        == #"{"id":1,"text":"hi","entities":{"hashtags":["swift"],"urls":[{"u":"https:\/\/a"}]},"#
        + #""user":{"name":"ann","more":{"followers":30}}}"#)
    let parsed = try JSONSerialization.jsonObject(with: written) as? NSDictionary
    #expect(parsed == status.toDictionary() as NSDictionary)
    #expect(try DirectStatus(json: written) == status)
    // An object none of whose properties is written is left out, as from the dictionary.
    let sparse = DirectSparse()
    #expect(String(decoding: try sparse.toJSON(), as: UTF8.self) == #"{"id":0}"#)
    sparse.city = "Paris"
    #expect(
      String(decoding: try sparse.toJSON(), as: UTF8.self)
        == #"{"id":0,"address":{"place":{"city":"Paris"}}}"#)
    #expect(
      try JSONSerialization.jsonObject(with: sparse.toJSON()) as? NSDictionary
        == sparse.toDictionary() as NSDictionary)
  }

  @Test func keyPathsFromTextFillTheModel() throws {
    let text = #"""
      {"id": 1, "text": "hi", "entities": {"hashtags": ["swift", "json"], "skip": {"a": [1]},
       "urls": [{"u": "https://a"}]}, "user": {"name": "ann", "more": {"followers": 30}}}
      """#
    let status = try DirectStatus(json: Data(text.utf8))
    #expect(status.id == 1 && status.hashtags == ["swift", "json"])
    #expect(status.urls.map(\.u) == ["https://a"])
    #expect(status.userName == "ann" && status.followers == 30)
    let issues = mappingIssues { _ = try DirectStatus(json: Data(#"{"user": {"more": {}}}"#.utf8)) }
    #expect(issues.map(\.path) == ["user.more.followers"])
    #expect(issues.map(\.kind) == [.missingValue])
  }

  @Test("Mutated payloads give the same model or issues both ways", arguments: seeds)
  func mutatedPayloads(seed: UInt64) throws {
    var seeds = RandSplitMix(seed: seed)
    for index in 0..<300 {
      let caseSeed = seeds.next()
      var maker = RandMaker(seed: caseSeed)
      var payload = maker.payload()
      if index % 2 == 1 { payload = maker.mutated(payload) }
      payload["names"] =
        maker.chance(0.5) ? ["a", "<null>", "b"] : ["x", 1, nil as Any? ?? NSNull()]
      payload["maybeNames"] = ["a", "<null>", "null", NSNull()]
      payload["cube"] = [[[1.5, -0.0, 1e-7], [2.000000000000000111, 3]], [[4.25]]]
      payload["pets"] = [["name": "rex", "barks": maker.chance(0.5) ? true : "yes"]]
      payload["maybeLeaves"] = payload["leaves"]
      payload["node"] = [
        "label": "a", "next": ["label": "b", "kids": [["label": "c"]]],
        "byName": ["x": ["label": "x"], "y": maker.chance(0.2) ? 5 : ["label": "y"]],
      ]
      guard JSONSerialization.isValidJSONObject(payload),
        let text = try? JSONSerialization.data(withJSONObject: payload)
      else { continue }
      for mode in MappingMode.allCases {
        Self.compare(DirectRoot.self, text, mode: mode, "seed \(hex(seed)) case \(index)")
      }
    }
  }

  @Test("Random dictionaries give the same model or issues both ways", arguments: seeds)
  func randomDictionaries(seed: UInt64) throws {
    var seeds = RandSplitMix(seed: seed)
    for index in 0..<300 {
      var maker = RandMaker(seed: seeds.next())
      let input = maker.dictionary(depth: 4)
      guard JSONSerialization.isValidJSONObject(input),
        let text = try? JSONSerialization.data(withJSONObject: input)
      else { continue }
      Self.compare(DirectRoot.self, text, mode: .standard, "seed \(hex(seed)) case \(index)")
      Self.compare(DirectNode.self, text, mode: .strict, "seed \(hex(seed)) case \(index)")
    }
  }

  @Test(arguments: [
    // The last of a repeated key wins, and only its issues count.
    #"{"int": "x", "int": 5}"#,
    #"{"int": 5, "int": "x"}"#,
    #"{"leaf": {"name": "a", "name": 3, "weight": "w"}, "leaf": {"name": "b"}}"#,
    #"{"leafMap": {"a": {"name": "a"}, "a": 7}}"#,
    #"{"leafMap": {"a": 7, "a": {"name": "a"}}}"#,
    #"{"leaves": [{"name": "a"}, {"weight": 2}], "leaves": [{"name": "b"}]}"#,
    // A last `null` or null string wins too: the initial value, not the first value.
    #"{"int": 5, "int": null}"#,
    #"{"int": 5, "text": "t", "int": "<null>", "text": null}"#,
    #"{"leaf": {"name": "a", "weight": 2, "weight": null}}"#,
    #"{"leaf": {"name": "a"}, "leaf": null}"#,
    #"{"leafMap": {"a": {"name": "a"}, "a": null}}"#,
    #"{"leaves": [{"name": "a", "name": null}], "maybeInt": 4, "maybeInt": "nil"}"#,
    // A repeated value read again over the first (which had no issue), in the text's order.
    #"{"uint8": 3, "text": "a", "uint8": null, "text": "b", "uint8": "<null>"}"#,
    #"{"numbers": [1], "names": ["a"], "numbers": [2, "x"], "names": null, "int": 1}"#,
    #"{"anything": {"a": 1}, "rawMap": {"a": 1}, "anything": 2, "rawMap": {"b": [2]}}"#,
    #"{"tags": ["a", "b"], "tags": ["c"], "color": "red", "color": "pink", "date": 0}"#,
    #"{"maybeDouble": 1.5, "maybeDouble": "1e400", "grid": [[1]], "grid": [[2], null]}"#,
    #"{"int": 1, "int": 2, "int": 3, "int": "x", "int": 4}"#,
    #"{"int": 1, "leaf": {"name": "a"}, "int": 2, "leaf": {"name": "b"}, "int": null}"#,
    // Issues in the properties' order, not the text's.
    #"{"rawMap": 5, "leaves": [{"weight": "x"}], "int": "y", "double": [], "color": "pink"}"#,
    #"{"pets": [{"name": 5}, 3, null, {"barks": "maybe"}], "numbers": [1, "2", 3.5, null]}"#,
    // Values that are not what their property takes go the ordinary way.
    #"{"int": "12", "double": "2.5", "bool": 1, "maybeInt": null, "text": null, "uint8": null}"#,
    #"{"maybeText": "<null>", "text": "(null)", "maybeDouble": "nil", "grid": [[1, "2"], null]}"#,
    #"{"double": 1e400, "grid": [[1e400]], "int": 1.0, "numbers": [1, -0, 9223372036854775808]}"#,
    #"{"double": 0.1000000000000000055511151231257827021181583404541015625, "#
      + #""grid": [[123456789012345678901234567890.123456789]]}"#,
    #"{"leaf": null, "node": "n", "leaves": {}, "leafMap": [], "pets": [], "maybeLeaves": null}"#,
    #"{"leaf": {}, "leaves": [], "leafMap": {}, "grid": [], "cube": [[]]}"#,
    #"{"node": {"byName": {"a": {"label": 1}, "b": {"next": {"label": []}}}}}"#,
    // Escaped keys, unknown keys of every kind, whitespace everywhere.
    " {\n\"i\\u006et\" : 3 , \"zz\" : [ {\"a\": [1, {\"b\": null}]}, \"\\\"\" ] , "
      + "\"yy\" : -1.5e-3 }\n",
  ])
  func chosenCases(_ text: String) {
    for mode in MappingMode.allCases {
      Self.compare(DirectRoot.self, Data(text.utf8), mode: mode, "case")
    }
  }

  @Test(arguments: [
    #"{"int": 1,}"#, #"{"int": [1, 2}"#, #"{"zz": [1, 2,]}"#, #"{"int" 1}"#,
    #"{"leaf": {"name": "a"}"#,
    #"{"zz": tru}"#, #"{"zz": "\x"}"#, #"{"int": 01}"#, #"{"grid": [[1.]]}"#, #"{"int": 1} x"#, "",
    #"{"leaves": [{"name": "a"} {"name": "b"}]}"#, #"{"zz": {"a" 1}}"#, #"{"int": -}"#,
  ])
  func malformedTextIsTheSameError(_ text: String) throws {
    let direct = Outcome.of { try DirectRoot(json: Data(text.utf8)) }
    var expected: [MappingIssue] = []
    do {
      _ = try ModelBase.jsonValue(Data(text.utf8), modelType: DirectRoot.self)
    } catch let error as MappingError {
      expected = error.issues
    }
    #expect(!expected.isEmpty)
    #expect(direct == .issues(expected))
  }

  @Test(arguments: [
    // Whatever the order in the text, the key that comes first in the class wins.
    #"{"id": 1, "ID": 2, "book_id": 3}"#, #"{"book_id": 3, "ID": 2, "id": 1}"#,
    #"{"book_id": 3, "ID": 2}"#, #"{"ID": 2, "book_id": "x"}"#, #"{"book_id": "x", "ID": 2}"#,
    #"{"ID": null, "book_id": 4}"#, #"{"id": null, "ID": 5}"#, #"{"ID": 5, "id": null}"#,
    #"{"ID": 1, "ID": 2}"#, #"{"title": "t", "name": null}"#, #"{"title": 5, "z": 1}"#,
    #"{"kid": {"name": "k"}, "child": {"weight": "w"}, "ID": 1}"#,
    #"{"child": {"name": "c"}, "kid": 3, "book_id": 1, "address": {"city": "P"}}"#,
    #"{"leaf": {"name": "l"}, "kid": {"name": 1}, "id": "7", "title": ["a"]}"#, #"{}"#,
    // A better key after a worse one, the same alternative again (read again over the first
    // value, which did nothing but convert), a first value with an issue, a model.
    #"{"book_id": 3, "ID": 2, "book_id": 5}"#, #"{"ID": 2, "book_id": 3, "ID": 4, "id": 1}"#,
    #"{"title": "a", "title": "b"}"#, #"{"title": "a", "name": "b", "title": "c"}"#,
    #"{"ID": "x", "ID": 1}"#, #"{"ID": 1, "ID": "x"}"#, #"{"book_id": null, "ID": null}"#,
    #"{"kid": {"name": "k"}, "kid": {"name": "j"}}"#, #"{"title": null, "title": 4}"#,
  ])
  func alternativeKeysFromTextAndFromDictionary(_ text: String) {
    #expect(SchemaCache.shared.schema(for: DirectAliased.self).jsonKeys != nil)
    for mode in MappingMode.allCases {
      Self.compare(DirectAliased.self, Data(text.utf8), mode: mode, "aliased")
    }
  }

  @Test(arguments: [
    #"{"name": "own", "nick_name": "n", "data": {"nickName": "d"}}"#,
    #"{"data": {"nickName": "d", "profile": {"name": "p"}}, "nick_name": "n"}"#,
    #"{"data": {"profile": {"name": "p"}, "nickName": null}, "name": 5}"#,
    #"{"data": {"profile": null, "tags": ["a", "b"], "first": 3}, "items": [{"id": 1}]}"#,
    #"{"items": [{"id": "x"}, {"id": 2}], "data": {"first": 9}, "first": null}"#,
    #"{"items": [{}, {"id": 2}], "data": 7, "town": "T", "location": {"city": "L"}}"#,
    #"{"location": {"city": null}, "town": "T", "address": {"city": "A"}}"#,
    #"{"address": {"zip": 1}, "location": [{"city": "c"}], "data": {"tags": "no"}}"#,
    #"{"data": {"nickName": "a"}, "data": {"nickName": "b"}}"#,
    #"{"nick_name": "n", "name": "own", "items": {"0": {"id": 5}}, "other": {"x": 1}}"#,
    #"{"data": {"first": -4, "extra": true, "profile": {"name": "p", "age": 3}}, "z": null}"#,
    #"{"items": [null, {"id": -1}], "data": {"nickName": ["x"]}, "first": "7"}"#, #"{}"#,
  ])
  func alternativeKeyPathsFromTextAndFromDictionary(_ text: String) {
    for type in [
      DirectPathAliased.self, DirectPathAliasedKept.self, DirectPathAliasedValidated.self,
    ]
      as [ModelBase.Type]
    {
      #expect(SchemaCache.shared.schema(for: type).jsonKeys != nil, "\(type)")
    }
    for mode in MappingMode.allCases {
      Self.compare(DirectPathAliased.self, Data(text.utf8), mode: mode, "paths")
      Self.compare(DirectPathAliasedKept.self, Data(text.utf8), mode: mode, "kept")
      Self.compare(DirectPathAliasedValidated.self, Data(text.utf8), mode: mode, "validated")
    }
  }
  /// Key paths through arrays (collected from, indexed), scalars and `null` strings, read
  /// from the text: the value on the way that is not an object read as the tree reader reads
  /// it and each path looked up in it, as in the dictionary.
  @Test(arguments: collectedPathPayloads)
  func keyPathsThroughArraysAndScalarsFromTextAndFromDictionary(_ text: String) {
    for type in [DecodedCollectedPaths.self, DecodedCollectedPathsKept.self] as [ModelBase.Type] {
      #expect(SchemaCache.shared.schema(for: type).jsonKeys != nil, "\(type)")
    }
    for mode in MappingMode.allCases {
      Self.compare(DecodedCollectedPaths.self, Data(text.utf8), mode: mode, "collected")
      Self.compare(DecodedCollectedPathsKept.self, Data(text.utf8), mode: mode, "kept")
      Self.compare(DecodedCollectedPathsValidated.self, Data(text.utf8), mode: mode, "validated")
      Self.compare(IndexedFirst.self, Data(text.utf8), mode: mode, "indexed")
      Self.compare(DirectIndexedPath.self, Data(text.utf8), mode: mode, "indexed")
    }
  }

  @Test func aKeyPathThroughAnArrayInTextCollectsAndThroughAScalarIsAnIssue() throws {
    let collected = try DecodedCollectedPathsKept(json: collectingPayload)
    expectCollected(collected)
    // Nothing inside an array is kept: what a dictionary keeps.
    #expect(collected.unknownValues.keys.sorted() == ["extra"])
    let issues = mappingIssues { _ = try DecodedCollectedPaths(json: scalarPathsPayload) }
    #expect(issues.map { "\($0.path): \($0.reason)" } == scalarPathIssues)
  }

  /// A class matching keys case-insensitively matches its keys so, never its alternative key
  /// paths (`"Data.NickName"` is a key of its own, not `data.nickName`): as the dictionary.
  @Test(arguments: [
    #"{"Data.NickName": "x"}"#, #"{"data.nickname": "y", "NAME": "n"}"#,
    #"{"DATA": {"nickName": "d"}}"#, #"{"data": {"nickName": "d"}, "Nick_Name": "n"}"#,
    #"{"Location.City": "l", "CITY": "c"}"#, #"{"location": {"City": "l"}, "city": "c"}"#,
  ])
  func caseInsensitiveKeysBesideAlternativeKeyPathsFromText(_ text: String) {
    // Read straight from the text (see `ClassSchema.foldedKeys(of:)`).
    #expect(SchemaCache.shared.schema(for: DirectFoldedPaths.self).jsonFoldedKeys != nil)
    for mode in MappingMode.allCases {
      Self.compare(DirectFoldedPaths.self, Data(text.utf8), mode: mode, "folded paths")
    }
  }

  /// Nothing inside an object a key path reads whole is unknown.
  ///
  /// That is `images` of `images.0.url`, which may be an array, even where another key path
  /// reads the object with its own keys (`images.count`): as for the dictionary, whose
  /// unknown keys are the class's `inputKey(_:under:)`'s to say. The text kept `extra` before.
  @Test(arguments: [
    #"{"images": {"count": 1, "0": {"url": "u"}, "extra": 2}}"#,
    #"{"images": {"0": {"url": "u", "x": {"y": 1}}, "count": 2, "extra": [3]}, "other": 1}"#,
    #"{"images": {"0": {"url": "u"}}, "other": 1}"#,
  ])
  func nothingInsideAKeyReadWholeIsUnknownFromText(_ text: String) throws {
    for mode in MappingMode.allCases {
      Self.compare(DirectWholeAndInside.self, Data(text.utf8), mode: mode, "whole and inside")
    }
    Self.compareDecoder(DirectWholeAndInside.self, Data(text.utf8))
    let model = try DirectWholeAndInside(json: Data(text.utf8))
    #expect(model.first == "u")
    #expect(model.unknownValues.keys.sorted() == (text.contains("other") ? ["other"] : []))
    let outcome = try DirectWholeAndInside().mapRoot(
      json: Data(text.utf8), options: MappingOptions(mode: .lenient))
    #expect(outcome.issues.map(\.path) == (text.contains("other") ? ["other"] : []))
  }

  /// The discriminator's key is read, never unknown, in a class matching keys
  /// case-insensitively too (the dictionary and the decoder kept `Kind` as an unknown key
  /// before); the discriminator is looked up exactly, so `KIND` is unknown, on every source.
  @Test(arguments: [
    #"{"Kind": "round", "name": "x", "radius": 1}"#, #"{"kind": "round", "name": "x"}"#,
    #"{"KIND": "round", "Name": "x", "other": 1}"#,
  ])
  func theDiscriminatorsKeyIsNotUnknownInAFoldedClass(_ text: String) throws {
    let data = Data(text.utf8)
    for mode in MappingMode.allCases {
      Self.compare(DirectFoldedShape.self, data, mode: mode, "folded discriminator")
    }
    Self.compareDecoder(DirectFoldedShape.self, data)
    let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    // (`init(from:)` decodes the class it is called on; `compareDecoder` checked it above.)
    for model in [
      try DirectFoldedShape.make(json: data), try DirectFoldedShape.make(dictionary: dictionary),
    ] {
      #expect(model.name == "x")
      let unknown = model.unknownValues.keys.sorted()
      if text.hasPrefix(#"{"Kind""#) {
        #expect(model is DirectFoldedRound && unknown == [])
      } else {
        #expect(!(model is DirectFoldedRound))
        #expect(unknown == (text.contains("KIND") ? ["KIND", "other"] : ["kind"]))
      }
    }
  }

  /// A class matching keys case-insensitively, with key paths, is read straight from the text:
  /// its plain keys matched case-insensitively, its key paths exactly, and a member matching a
  /// key path's key in another case (`Entities`) neither read nor unknown (its members are
  /// looked at, as the dictionary's are: such an object alone is read the ordinary way).
  @Test(arguments: [
    #"{"ID": 1, "Entities": {"hashtags": ["a"], "x": 1}, "entities": {"Hashtags": 2, "y": 3}}"#,
    #"{"id": 1, "USER": {"more": {"followers": 3}, "q": 1}, "user": {"Name": "n", "z": 2}, "#
      + #""NICK": "k"}"#,
    #"{"Nick": "k", "user": {"name": "u"}}"#, #"{"Nick": "k", "NICK": "j"}"#,
    #"{"nick": "k", "NICK": "j", "Id": "7"}"#, #"{"ENTITIES": 5, "User": [1], "id": 2}"#,
    #"{"entities": {"hashtags": ["h"]}, "user": {"more": {"followers": 9}}, "nIcK": "x"}"#,
  ])
  func caseInsensitiveKeysBesideKeyPathsFromText(_ text: String) {
    #expect(SchemaCache.shared.schema(for: DirectFoldedStatus.self).jsonFoldedKeys != nil)
    for mode in MappingMode.allCases {
      Self.compare(DirectFoldedStatus.self, Data(text.utf8), mode: mode, "folded status")
    }
    Self.compareDecoder(DirectFoldedStatus.self, Data(text.utf8))
  }

  /// `init(from:)` through `JSONDecoder` gives what `init(json:)` gives, or throws as it does.
  private static func compareDecoder<Model: ModelBase & Decodable>(
    _: Model.Type, _ text: Data
  ) {
    let decoded = Result { try JSONDecoder().decode(Model.self, from: text) }
    let read = Result { try Model(json: text) }
    switch (decoded, read) {
    case (.success(let decoded), .success(let read)):
      #expect(
        JSONValue.equal(decoded.toDictionary(), read.toDictionary()),
        "\(decoded.toDictionary()) vs \(read.toDictionary())")
    case (.failure, .failure): break
    default: Issue.record("decoder \(decoded) vs text \(read)")
    }
  }

  /// A key repeated among the members no property reads, or inside such a member's object, is
  /// reported once, with its last value and its object's keys counted once, as the
  /// dictionary holds them (found by the random alternative key paths below).
  @Test(arguments: [
    #"{"address": {"x": 1, "x": 2}}"#, #"{"address": {"t": {"a": 1, "a": 2}}}"#,
    #"{"t": {"a": 1, "a": 2, "b": 3}}"#, #"{"x": 1, "x": {"a": 2}}"#,
    #"{"x": [1], "y": 0, "x": {"a": {}, "\u0061": 2}, "address": {"x": 1}}"#,
  ])
  func repeatedUnknownKeysAreReportedOnceFromText(_ text: String) throws {
    for mode in MappingMode.allCases {
      Self.compare(DirectAliased.self, Data(text.utf8), mode: mode, "repeated unknown")
    }
    let outcome = try DirectAliased().mapRoot(
      json: Data(text.utf8), options: MappingOptions(mode: .lenient))
    let unknown = outcome.issues.filter { $0.kind == .unknownKey }
    #expect(Set(unknown.map(\.path)).count == unknown.count, "\(unknown)")
    if text.hasPrefix(#"{"x": [1]"#) {
      #expect(unknown.map(\.path) == ["address.x", "x", "y"])
      #expect(unknown[1].found == "Dictionary with 1 key")
    }
  }

  /// Random objects of the keys, key paths and alternatives of ``DirectPathAliased`` in random
  /// orders, with values of every kind on the way: the text read as its dictionary is.
  @Test(arguments: [UInt64(0xA17E_0001), 0xA17E_0002, 0xA17E_0003])
  func randomAlternativeKeyPathsFromTextAndFromDictionary(seed: UInt64) throws {
    for text in Self.randomAliasedObjects(seed: seed, count: 150) {
      for mode in MappingMode.allCases {
        Self.compare(DirectPathAliased.self, text, mode: mode, "random paths")
        Self.compare(DirectPathAliasedKept.self, text, mode: mode, "random kept")
        Self.compare(DirectPathAliasedValidated.self, text, mode: mode, "random validated")
      }
    }
  }

  /// The same random objects with keys in other cases, read by classes that match keys
  /// case-insensitively (straight from the text): the text read as its dictionary is.
  @Test(arguments: [UInt64(0xF01D_0001), 0xF01D_0002, 0xF01D_0003])
  func randomFoldedKeyPathsFromTextAndFromDictionary(seed: UInt64) throws {
    #expect(SchemaCache.shared.schema(for: DirectFoldedAliased.self).jsonFoldedKeys != nil)
    for text in Self.randomAliasedObjects(seed: seed, count: 150, folding: true) {
      for mode in MappingMode.allCases {
        Self.compare(DirectFoldedAliased.self, text, mode: mode, "random folded")
        Self.compare(DirectFoldedAliasedKept.self, text, mode: mode, "random folded kept")
        Self.compare(
          DirectFoldedAliasedValidated.self, text, mode: mode, "random folded validated")
      }
    }
  }

  /// `count` random objects of the keys, key paths and alternatives of ``DirectPathAliased``,
  /// in random orders, with values of every kind on the way.
  static func randomAliasedObjects(seed: UInt64, count: Int, folding: Bool = false) -> [Data] {
    var rng = RandSplitMix(seed: seed)
    // With `folding`, a key in one of four is written in capitals or capitalized.
    func written(_ key: String) -> String {
      guard folding else { return key }
      switch Int.random(in: 0..<8, using: &rng) {
      case 0: return key.uppercased()
      case 1: return key.prefix(1).uppercased() + key.dropFirst()
      default: return key
      }
    }
    let scalars: [String] = [#""s""#, "1", "-2", "null", "true", "[]", "{}", #"["t"]"#]
    func value(_ depth: Int) -> String {
      let choice = Int.random(in: 0..<10, using: &rng)
      guard depth < 3, choice >= 6 else {
        return scalars[Int.random(in: 0..<scalars.count, using: &rng)]
      }
      let keys = ["name", "nickName", "profile", "city", "id", "first", "tags", "0", "x"]
      if choice == 9 {
        return "["
          + (0..<Int.random(in: 0...2, using: &rng)).map { _ in value(depth + 1) }
          .joined(separator: ", ") + "]"
      }
      return object(keys, depth + 1)
    }
    func object(_ keys: [String], _ depth: Int) -> String {
      let members = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
        "\"\(written(keys[Int.random(in: 0..<keys.count, using: &rng)]))\": \(value(depth))"
      }
      return "{" + members.joined(separator: ", ") + "}"
    }
    let top = ["name", "nick_name", "data", "address", "location", "town", "items", "first"]
    return (0..<count).map { _ in Data(object(top, 0).utf8) }
  }

  @Test(arguments: [
    #"{"hotelId": 1, "name": "n"}"#, #"{"HOTELID": 2, "Name": "n", "LEAF": {"name": "l"}}"#,
    #"{"HotelId": 3, "hotelId": 4}"#, #"{"hotelId": 4, "HotelId": 3}"#,
    #"{"Hotel_Id": 5, "hotel_id": 6}"#, #"{"hotel_id": 6, "HOTELID": 7}"#,
    #"{"HOTELID": 7, "hotel_id": 6}"#, #"{"HOTEL_ID": 8, "hotelid": 9}"#,
    #"{"hotelid": 9, "HOTEL_ID": 8}"#, #"{"HotelID": 1, "HOTELID": 2}"#,
    #"{"NAME": null, "name": "x"}"#, #"{"nAmE": 5, "other": 1, "Other": 2}"#,
    #"{"LEAF": {"NAME": "inner"}, "leaf": null}"#, #"{"ＨOTELID": 1}"#, #"{}"#,
  ])
  func caseInsensitiveKeysFromTextAndFromDictionary(_ text: String) {
    #expect(SchemaCache.shared.schema(for: DirectFolded.self).jsonKeys != nil)
    for mode in MappingMode.allCases {
      Self.compare(DirectFolded.self, Data(text.utf8), mode: mode, "folded")
    }
  }

  @Test func lenientModeCountsTheUnknownMembersOfModelsReadPastTheCap() throws {
    // `items` comes first in the text: its models fill the cap, and the later ones' unknown
    // members are only counted; `count`, read last, is first in declaration order, so the
    // kept issues are its issue and the first 999 of the items'.
    let items = (0..<4).map { item in
      let keys = (0..<300).map { #""k\#(item)_\#($0)": "\#(String(repeating: "v", count: $0))""# }
      let info = (0..<50).map { #""i\#($0)": [\#($0), {"x": 1}]"# }
      return "{" + keys.joined(separator: ",") + #", "info": {"name": "n\#(item)", "#
        + info.joined(separator: ",") + "}}"
    }
    let text = Data(
      (#"{"items": ["# + items.joined(separator: ",") + #"], "count": "many"}"#).utf8)
    Self.compare(CappedList.self, text, mode: .lenient, "cap")
    let direct = Outcome.mapping(CappedList.self, mode: .lenient) { model, options in
      try model.mapRoot(json: text, options: options)
    }
    guard case .mapped(let model, let issues) = direct else {
      Issue.record("lenient mode threw: \(direct)")
      return
    }
    let names = (model["items"] as? [[String: Any]])?.map { $0["info"] as? [String: Any] }
    #expect(names?.map { $0?["name"] as? String } == ["n0", "n1", "n2", "n3"])
    #expect(issues.count == 1_001)
    #expect(issues[0].path == "count" && issues[0].found == #"String "many""#)
    #expect(issues[1].path == "items[0].info.i0" && issues[1].found == "Array of 2 elements")
    // Issues in key order: `info`'s members, then the item's own keys (as strings).
    let third = (0..<50).map { "info.i\($0)" }.sorted() + (0..<300).map { "k2_\($0)" }.sorted()
    #expect(issues[999].path == "items[2]." + third[298])
    #expect(issues.last?.found == "\(4 * 350 + 1 - 1_000) more issues")
  }

  @Test func lenientModeReportsUnknownKeysPastTheCapAsTheDictionaryDoes() throws {
    // 1 200 unknown keys at the top (in reverse order), 10 inside `user`, and the required
    // `followers` missing: 1 211 issues, the first 1 000 in order kept.
    let top = (0..<1_200).reversed().map { #""k\#(String(format: "%04d", $0))": \#($0)"# }
    let inner = (0..<10).map { #""u\#($0)": [\#($0)]"# }
    let text = Data(
      ("{" + top.joined(separator: ",") + #", "user": {"# + inner.joined(separator: ",")
        + "}}").utf8)
    Self.compare(DirectStatus.self, text, mode: .lenient, "cap")
    let direct = Outcome.mapping(DirectStatus.self, mode: .lenient) { model, options in
      try model.mapRoot(json: text, options: options)
    }
    guard case .mapped(_, let issues) = direct else {
      Issue.record("lenient mode threw: \(direct)")
      return
    }
    #expect(issues.count == 1_001)
    #expect(issues.first?.path == "user.more.followers")
    #expect(issues.first?.kind == .missingValue)
    #expect(issues[1].path == "k0000" && issues[1].found == "Number 0")
    #expect(issues[1].reason == #"no property of DirectStatus maps key "k0000""#)
    #expect(issues[999].path == "k0998")
    #expect(issues.last?.kind == .tooManyIssues)
    #expect(issues.last?.found == "211 more issues")
  }

  @Test func theClassArrayElementTypesNamesReachesModelsAtEveryLevel() throws {
    let text = #"""
      {"grid": [[{"name": "a", "barks": true}], []], "pack": [{"name": "b", "barks": true}],
       "byName": {"x": [{"name": "c", "barks": true}]}, "maybe": {"name": "d", "barks": true},
       "maybeList": [{"name": "e", "barks": true}], "loose": [{"name": "f", "barks": true}]}
      """#
    let data = Data(text.utf8)
    let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    for (way, model) in [
      ("json", try DirectKennel(json: data)), ("dictionary", try DirectKennel(dictionary: root)),
      ("decoder", try JSONDecoder().decode(DirectKennel.self, from: data)),
    ] {
      var pets: [DirectPet?] = model.grid.flatMap { $0 }
      pets += Array(model.pack)
      pets += model.byName["x"] ?? []
      pets.append(model.maybe ?? nil)
      pets += model.maybeList ?? []
      pets += model.loose.map { $0 as? DirectPet }
      #expect(pets.map { $0?.name } == ["a", "b", "c", "d", "e", "f"], "\(way)")
      #expect(pets.allSatisfy { ($0 as? DirectDog)?.barks == true }, "\(way)")
    }
    // A value that is not an object names the class the model was to be: the subclass.
    let issues = mappingIssues {
      _ = try DirectKennel(dictionary: ["grid": [[5]], "byName": ["x": ["y"]]])
    }
    #expect(issues.map(\.path) == ["grid[0][0]", "byName.x[0]"])
    #expect(issues.map(\.expectedType) == ["DirectDog", "DirectDog"])
  }

  @Test func hooksThatNeedADictionaryGetIt() throws {
    let text = Data(
      #"{"count": 2, "hooked": {"name": "a", "x": 1}, "list": [{"name": "b", "y": 2}]}"#.utf8)
    let parent = try DirectParent(json: text)
    #expect(parent.count == 2)
    #expect(parent.hooked?.keys == ["name", "x"])
    #expect(parent.list.map(\.keys) == [["name", "y"]])
  }

  @Test(arguments: [MappingMode.standard, .strict, .lenient])
  func elementsOfClassesMappedFromDictionariesAreReadOneByOne(_ mode: MappingMode) throws {
    let hooked = #"{"name": "a", "x": 1}, {"name": "fail"}, null, 3, {"name": 5}, {}"#
    let chosen = #"{"kind": "big", "size": 2}, {"kind": "small"}, {"kind": 7}, "s""#
    let pets = #"{"type": "dog", "name": "d"}, {"type": "cat", "lives": "7"}, {"type": "x"}"#
    let players = #"{"player_id": 1, "name": "a"}, {"player_id": 1, "score": 3}, {"name": 2}"#
    let texts = [
      #"{"list": [\#(hooked)], "chosen": {"a": \#(chosen.prefix(26)), "b": 2}, "count": 1}"#,
      #"{"list": [], "chosen": {}, "pets": [\#(pets)], "players": [\#(players)]}"#,
      #"{"chosen": {"a": {"kind": "big"}, "a": {"kind": "small", "size": 1}}}"#,
      #"{"list": [{"name": "a", "name": "b", "y": [1, {"z": null}]}], "pets": null}"#,
      #"{"list": {"name": "a"}, "chosen": [1], "pets": [[{"type": "dog"}]], "players": 3}"#,
      #"{"list": [\#(hooked)], "chosen": {"q": \#(chosen.prefix(26))}, "pets": [\#(pets)]}"#
        + #", "players": [\#(players)], "count": "many"}"#,
    ]
    for text in texts {
      Self.compare(OneByOneParent.self, Data(text.utf8), mode: mode, text)
    }
    // At the top level.
    let list = Data("[\(hooked)]".utf8)
    let fromText = mappingIssues { _ = try [DirectHooked](json: list, mode: mode) }
    let elements = try #require(try JSONSerialization.jsonObject(with: list) as? [Any])
    let fromDictionaries = mappingIssues {
      _ = try [DirectHooked](dictionaries: elements, mode: mode)
    }
    #expect(fromText == fromDictionaries)
    let good = Data(#"[{"name": "a", "x": 1}, {"name": "b"}]"#.utf8)
    #expect(try [DirectHooked](json: good, mode: mode).map(\.keys) == [["name", "x"], ["name"]])
    let parent = try OneByOneParent(
      json: Data(
        (#"{"list": [{"name": "a", "x": 1}], "players": [{"player_id": 1, "name": "a"}, "#
          + #"{"player_id": 1, "score": 3}]}"#).utf8), mode: .lenient)
    #expect(parent.list.map(\.keys) == [["name", "x"]])
    #expect(parent.players.map(\.name) == ["a", ""] && parent.players.map(\.score) == [0, 3])
  }

  @Test func arraysOfModelsAtTheTopLevel() throws {
    let text = Data(#"[{"name": "a", "weight": 1.5}, {"name": "b", "tags": ["x"]}]"#.utf8)
    let leaves = try [DirectLeaf](json: text)
    #expect(leaves.map(\.name) == ["a", "b"])
    #expect(leaves.map(\.weight) == [1.5, 0])
    #expect(leaves[1].tags == ["x"])
    let bad = Data(#"[{"name": "a"}, 3, {"weight": 2}]"#.utf8)
    #expect(throws: MappingError.self) { try [DirectLeaf](json: bad) }
    do {
      _ = try [DirectLeaf](json: bad)
    } catch let error as MappingError {
      #expect(error.issues.map(\.path) == ["[1]", "[2].name"])
      #expect(error.issues.map(\.kind) == [.typeMismatch, .missingValue])
    }
    #expect(try [DirectLeaf](json: Data("[]".utf8)).isEmpty)
  }

  /// `toJSON()` writes models straight to JSON text: what the JSON writer makes of
  /// `toDictionary()`, every time.
  private static func expectJSONMatchesDictionary(_ model: ModelBase, _ label: String) throws {
    let text = try model.toJSON()
    let parsed = try JSONReader.parse(text)
    let expected = try JSONReader.parse(JSONWriter.data(from: model.toDictionary()))
    #expect(
      JSONValue.equal(parsed, expected),
      "\(label): \(String(decoding: text.prefix(3_000), as: UTF8.self))")
    let pretty = try model.toJSON(prettyPrinted: true)
    let expectedPretty = try JSONWriter.data(
      from: model.toDictionary(), prettyPrinted: true, sortedKeys: true)
    #expect(
      pretty == expectedPretty,
      "\(label) pretty: \(String(decoding: pretty.prefix(3_000), as: UTF8.self))")
    // encode(to:) writes from the fields too: what the Encoder makes of the dictionary.
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let encoded = try encoder.encode(model)
    let encodedDictionary = try encoder.encode(EncodedDictionary(tree: model.toDictionary()))
    #expect(
      encoded == encodedDictionary,
      "\(label) encode(to:): \(String(decoding: encoded.prefix(3_000), as: UTF8.self))")
  }

  @Test("toJSON() writes what toDictionary() holds", arguments: seeds)
  func toJSONMatchesToDictionary(seed: UInt64) throws {
    var seeds = RandSplitMix(seed: seed)
    for index in 0..<200 {
      var maker = RandMaker(seed: seeds.next())
      let payload = maker.payload()
      guard let model = try? DirectRoot(dictionary: maker.mutated(payload), mode: .lenient),
        let plain = try? DirectRoot(dictionary: payload, mode: .lenient)
      else { continue }
      plain.double = [.infinity, .nan, -0.0, 1e300, 0.1][index % 5]
      plain.cube = [[[.infinity, 1.5], []], []]
      plain.maybeNames = [nil, "a\"b/\u{1}", "日本"]
      try Self.expectJSONMatchesDictionary(model, "seed \(hex(seed)) case \(index)")
      try Self.expectJSONMatchesDictionary(plain, "seed \(hex(seed)) case \(index) edited")
    }
  }

  @Test func prettyTextIsWrittenStraightFromTheFields() throws {
    let status = try DirectStatus(
      json: Data(
        (#"{"id": 7, "entities": {"hashtags": ["a", "b"], "urls": [{"u": "x"}, {}]},"#
          + #" "user": {"name": "n", "more": {"followers": 3}}}"#).utf8))
    let sparse = DirectSparse()
    let cityOnly = DirectSparse()
    cityOnly.city = "c"
    let ordered = DirectOrderedKeys()
    ordered.leaves = [DirectURL(), DirectURL()]
    let kept = try DirectKeptStatus(
      json: Data(#"{"id": 1, "zeta": {"b": [], "a": {}}, "entities": {"x": 1}}"#.utf8))
    for model in [status, sparse, cityOnly, ordered, kept, DirectNode(), DirectRoot()] {
      try Self.expectJSONMatchesDictionary(model, "\(type(of: model))")
    }
    #expect(
      try sparse.toJSONString(prettyPrinted: true) == "{\n  \"id\" : 0\n}")
    #expect(
      try cityOnly.toJSONString(prettyPrinted: true) == """
        {
          "address" : {
            "place" : {
              "city" : "c"
            }
          },
          "id" : 0
        }
        """)
    // UTF-8 byte order, as JSONEncoder's sorted keys: "/" before "0", capitals first; an empty
    // array and an empty object as JSONEncoder writes them.
    #expect(
      try ordered.toJSONString(prettyPrinted: true) == """
        {
          "B" : [

          ],
          "a" : 1,
          "a\\/b" : 2,
          "a0" : 3,
          "leaves" : [
            {
              "u" : ""
            },
            {
              "u" : ""
            }
          ],
          "map" : {

          }
        }
        """)
  }

  @Test func toJSONLeavesOutCyclesAndNils() throws {
    let node = DirectNode()
    node.label = "a"
    let child = DirectNode()
    child.label = "b"
    child.next = node
    node.next = child
    node.kids = [node, child, DirectNode()]
    node.byName = ["self": node, "child": child]
    defer {
      // The cycles are broken again, for LeakSanitizer.
      node.next = nil
      node.kids = []
      node.byName = nil
      child.next = nil
    }
    try Self.expectJSONMatchesDictionary(node, "cycle")
    let text = String(decoding: try node.toJSON(), as: UTF8.self)
    #expect(!text.contains("null"))
    let root = DirectRoot()
    root.leaf = nil
    root.maybeLeaves = []
    root.maybeMaybe = .some(nil)
    root.pets = [DirectDog(), DirectPet()]
    try Self.expectJSONMatchesDictionary(root, "nils")
  }

  @Test func doublesAreBitForBitWhatJSONDecoderReads() throws {
    let literals = [
      "0.1", "-0.0", "1e-320", "2.2250738585072011e-308", "1.7976931348623157e308",
      "9007199254740993", "123456789012345678901234567890", "0.30000000000000004441",
      "3.14159265358979323846264338327950288", "-122.419415500000012", "37.774929499999997",
      "4.9406564584124654e-324", "1.00000000000000011102230246251565404236316680908203125",
    ]
    for literal in literals {
      let text = Data(#"{"double": \#(literal), "grid": [[\#(literal)]]}"#.utf8)
      struct Decoded: Decodable {
        var double: Double
        var grid: [[Double]]
      }
      let expected = try JSONDecoder().decode(Decoded.self, from: text)
      let model = try DirectRoot(json: text)
      #expect(model.double.bitPattern == expected.double.bitPattern, "\(literal)")
      #expect(model.grid.first?.first?.bitPattern == expected.grid[0][0].bitPattern, "\(literal)")
    }
  }

  @Test func aLastNullRestoresTheInitialValueAtEveryLevel() throws {
    let root = try DirectRoot(
      json: Data(#"{"int": 5, "int": null, "text": "a", "text": "nil"}"#.utf8))
    #expect(root.int == 0 && root.text == "none")  // its default
    let node = try DirectNode(
      json: Data(
        #"{"next": {"label": "x", "label": null}, "kids": [{"label": "y", "label": null}]}"#.utf8))
    #expect(node.next?.label == "" && node.kids.map(\.label) == [""])
    let list = try [DirectNode](json: Data(#"[{"label": "z", "label": null}]"#.utf8))
    #expect(list.map(\.label) == [""])
  }
}

/// A status as apps map Twitter's: fields read through key paths into `entities` and `user`.
final class DirectStatus: ModelBase {
  var id = 0
  var text = ""
  var hashtags: [String] = []
  var urls: [DirectURL] = []
  var userName: String?
  var followers = 0
  override class var propertyMapping: [String: String] {
    [
      "hashtags": "entities.hashtags", "urls": "entities.urls", "userName": "user.name",
      "followers": "user.more.followers",
    ]
  }
  override class var requiredProperties: Set<String> { ["followers"] }
}

/// Alternative keys (YYModel's `@[@"id", @"ID", @"book_id"]`), beside key paths: read straight
/// from the text.
final class DirectAliased: ModelBase {
  var id = 0
  var name: String?
  var leaf: DirectLeaf?
  var city = ""
  override class var propertyMapping: [String: String] { ["city": "address.city"] }
  override class var alternativeKeys: [String: [String]] {
    ["id": ["ID", "book_id"], "name": ["title"], "leaf": ["child", "kid"]]
  }
  override class var requiredProperties: Set<String> { ["id"] }
}

/// Alternative key paths (KakaJSON's `["nick_name", "data.nickName"]`), beside an own key path,
/// an index and a class that validates: read straight from the text.
class DirectPathAliased: ModelBase {
  var name = ""
  var city: String?
  var first = 0
  var tags: [String] = []
  override class var propertyMapping: [String: String] { ["city": "address.city"] }
  override class var alternativeKeys: [String: [String]] {
    [
      "name": ["nick_name", "data.nickName", "data.profile.name"],
      "city": ["location.city", "town"], "first": ["items.0.id", "items[1].id", "data.first"],
      "tags": ["data.tags"],
    ]
  }
}

extension DirectPathAliased {
  /// The check of the validating variants: a negative `first` is refused.
  static func refusingNegativeFirst(_ value: Any, _ property: String) throws -> Any {
    if property == "first", let number = value as? Int, number < 0 {
      throw ConversionError(expectedType: "Int", reason: "negative first")
    }
    return value
  }
}

/// ``DirectPathAliased`` keeping its unknown keys.
final class DirectPathAliasedKept: DirectPathAliased {
  override class var keepsUnknownKeys: Bool { true }
}

/// ``DirectPathAliased`` validating each value (read in the properties' order).
final class DirectPathAliasedValidated: DirectPathAliased {
  override func validate(_ value: Any, forProperty property: String) throws -> Any {
    try DirectPathAliased.refusingNegativeFirst(value, property)
  }
}

/// ``DirectPathAliased`` matching its plain keys case-insensitively.
class DirectFoldedAliased: DirectPathAliased {
  override class var keyMatching: KeyMatching { .caseInsensitive }
}

/// ``DirectFoldedAliased`` keeping its unknown keys.
final class DirectFoldedAliasedKept: DirectFoldedAliased {
  override class var keepsUnknownKeys: Bool { true }
}

/// ``DirectFoldedAliased`` validating each value (read in the properties' order).
final class DirectFoldedAliasedValidated: DirectFoldedAliased {
  override func validate(_ value: Any, forProperty property: String) throws -> Any {
    try DirectPathAliased.refusingNegativeFirst(value, property)
  }
}

/// Keys matched case-insensitively beside alternative key paths (matched exactly).
final class DirectFoldedPaths: ModelBase {
  var name = ""
  var town: String?
  override class var keyMatching: KeyMatching { .caseInsensitive }
  override class var alternativeKeys: [String: [String]] {
    ["name": ["nick_name", "data.nickName"], "town": ["location.city", "city"]]
  }
}

/// Keys matched case-insensitively, with an alternative key: read straight from the text.
final class DirectFolded: ModelBase {
  var hotelId = 0
  var name: String?
  var leaf: DirectLeaf?
  override class var keyMatching: KeyMatching { .caseInsensitive }
  override class var alternativeKeys: [String: [String]] { ["hotelId": ["hotel_id"]] }
}

/// DirectStatus's key paths in a class that keeps unknown keys: read straight from the text.
final class DirectKeptStatus: ModelBase {
  var id = 0
  var hashtags: [String] = []
  var followers = 0
  var urls: [DirectURL] = []
  override class var propertyMapping: [String: String] {
    ["hashtags": "entities.hashtags", "urls": "entities.urls", "followers": "user.more.followers"]
  }
  override class var keepsUnknownKeys: Bool { true }
}

/// Scalars only, and kept unknown keys.
final class DirectKeptFlat: ModelBase {
  var id = 0
  var name: String?
  override class var keepsUnknownKeys: Bool { true }
}

final class DirectURL: ModelBase {
  var u = ""
}

/// A key path with an index: the first element's object read with a nested table.
final class DirectIndexedPath: ModelBase {
  var first = ""
  override class var propertyMapping: [String: String] { ["first": "items[0].name"] }
}

/// `meta` read whole and `meta.id` inside it: one key both read (written the ordinary way).
final class DirectClashingPaths: ModelBase {
  var meta: [String: Any] = [:]
  var metaId = 0
  override class var propertyMapping: [String: String] { ["metaId": "meta.id"] }
}

/// Output keys whose UTF-8 byte order differs from their escaped text's (`\/`) and from the
/// declaration order.
final class DirectOrderedKeys: ModelBase {
  var map: [String: Int] = [:]
  var slash = 2
  var leaves: [DirectURL] = []
  var zero = 3
  var capital: [Int] = []
  var plain = 1
  override class var propertyMapping: [String: String] {
    ["slash": "a/b", "zero": "a0", "capital": "B", "plain": "a"]
  }
}

/// Optional properties written inside objects: an object is written only with one of them.
final class DirectSparse: ModelBase {
  var id = 0
  var street: String?
  var city: String?
  override class var propertyMapping: [String: String] {
    ["street": "address.street", "city": "address.place.city"]
  }
}

/// A designated path followed through JSON text, and through the text's dictionary: the same
/// model or issues.
@Suite("Designated paths in JSON text")
struct DesignatedPathTests {
  static let documents = [
    #"{"data": {"leaf": {"name": "a", "weight": 2}, "list": [{"name": "b"}, {"weight": "x"}]}}"#,
    #"{"meta": [1, {"x": 2}], "data": {"list": [], "leaf": {"name": 3}}, "z": "tail"}"#,
    #"{"data": {"leaf": {"name": "first"}}, "data": {"leaf": {"weight": 1}}}"#,
    #"{"data": {"leaf": {"name": "a"}, "leaf": {"name": "b", "tags": ["t"]}}}"#,
    #"{"data": [{"leaf": {"name": "a"}}, {"leaf": {"name": "b"}}]}"#,
    #"{"data": null}"#, #"{"data": {"leaf": null, "list": null}}"#, #"{"data": 5}"#,
    #"{"data": {"leaf": [1], "list": {"a": 1}}}"#, #"{}"#, #"[{"data": {}}]"#,
    #"{"data": {"leaf": {"name": "a"}, "list": [{"name": "x"}]}, "after": [1, 2, {"k": null}]}"#,
    #"{"data": {"leaf": {"name": "a", "weight": "<null>"}}} "#,
    #"{"d\u0061ta": {"l\u0065af": {"name": "escaped"}, "list": [{"name": "e"}]}}"#,
  ]
  static let paths = [
    "data.leaf", "data.list", "data", "data.list.0", "data.list[1]", "missing", "data..x",
    "data.leaf.name",
  ]

  @Test(arguments: documents)
  func theTextAndItsDictionaryGiveTheSame(_ text: String) {
    let data = Data(text.utf8)
    let root = try? JSONReader.parse(data) as? [String: Any]
    for path in Self.paths {
      for mode in MappingMode.allCases {
        let direct = mappingIssuesOrModel { try DirectLeaf(json: data, at: path, mode: mode) }
        let ordinary = mappingIssuesOrModel {
          guard let root else { return try DirectLeaf(json: data, at: path, mode: mode) }
          return try DirectLeaf(dictionary: root, at: path, mode: mode)
        }
        #expect(direct == ordinary, "\(path) \(mode)")
        let made = mappingIssuesOrModel { try DirectLeaf.make(json: data, at: path, mode: mode) }
        let madeFromDictionary = mappingIssuesOrModel {
          guard let root else { return try DirectLeaf.make(json: data, at: path, mode: mode) }
          return try DirectLeaf.make(dictionary: root, at: path, mode: mode)
        }
        #expect(made == madeFromDictionary, "make \(path) \(mode)")
        if mode != .lenient { #expect(made == direct, "make \(path) \(mode)") }
        let directList = mappingIssuesOrModels {
          try [DirectLeaf](json: data, at: path, mode: mode)
        }
        let ordinaryList = mappingIssuesOrModels {
          guard let root else { return try [DirectLeaf](json: data, at: path, mode: mode) }
          return try [DirectLeaf](list: nil, root: root, at: path, mode: mode, userInfo: [:])
        }
        #expect(directList == ordinaryList, "list \(path) \(mode)")
      }
    }
  }

  @Test func malformedTextAfterTheValueIsStillAnError() {
    let text = Data(#"{"data": {"leaf": {"name": "a"}}, "after": [1, 2}"#.utf8)
    let issues = mappingIssues { _ = try DirectLeaf(json: text, at: "data.leaf") }
    #expect(issues.map(\.kind) == [.invalidJSON])
  }

  @Test func issuePathsStartAtTheRoot() throws {
    let text = Data(#"{"data": {"list": [{"name": "a"}, {"weight": "x"}]}}"#.utf8)
    let issues = mappingIssues { _ = try [DirectLeaf](json: text, at: "data.list") }
    #expect(issues.map(\.path) == ["data.list[1].name", "data.list[1].weight"])
    let leaf = try DirectLeaf(json: Data(#"{"a": {"b": {"name": "n"}}, "c": 1}"#.utf8), at: "a.b")
    #expect(leaf.name == "n")
  }
}

/// A dictionary written through an `Encoder` as `encode(to:)` wrote models before it wrote
/// them from their fields.
private struct EncodedDictionary: Encodable {
  let tree: [String: Any]
  func encode(to encoder: any Encoder) throws {
    try CodableBridge.encode(value: tree, to: encoder)
  }
}

/// The model's dictionary, or the issues, as text to compare.
private func mappingIssuesOrModel(_ body: () throws -> ModelBase) -> String {
  do {
    return canonicalText(try body().toDictionary())
  } catch let error as MappingError {
    return error.issues.map(\.description).joined(separator: "\n")
  } catch {
    return "\(error)"
  }
}

private func mappingIssuesOrModels(_ body: () throws -> [ModelBase]) -> String {
  do {
    return canonicalText(try body().map { $0.toDictionary() })
  } catch let error as MappingError {
    return error.issues.map(\.description).joined(separator: "\n")
  } catch {
    return "\(error)"
  }
}

private func canonicalText(_ value: Any) -> String {
  String(
    decoding: (try? JSONWriter.data(from: value, sortedKeys: true)) ?? Data("unwritable".utf8),
    as: UTF8.self)
}

/// Scalars written inside arrays by key paths with indices.
class IndexedScalars: ModelBase {
  var firstURL: String?
  var third: Int?
  var title = ""
  var cell: String?
  var corner: Int?
  override class var propertyMapping: [String: String] {
    [
      "firstURL": "photos[0].url", "third": "photos[2].n", "cell": "grid[0].c",
      "corner": "grid[2][1]",
    ]
  }
}

/// The scalars, and an untyped value between two of them in `photos` (it can write `null`).
final class IndexedOutput: IndexedScalars {
  var second: Any = 2
  override class var propertyMapping: [String: String] { ["second": "photos[1]"] }
}

/// Models with key-path arrays, nested alone and in an array.
final class IndexedParent: ModelBase {
  var child = IndexedOutput()
  var children: [IndexedOutput] = []
}

/// Models, an array of models and an untyped value written inside key-path arrays.
final class IndexedModels: ModelBase {
  var cover: DirectLeaf?
  var caption: String?
  var gallery: [DirectLeaf]?
  var extra: Any?
  var last: DirectLeaf?
  override class var propertyMapping: [String: String] {
    [
      "cover": "media[0]", "caption": "media[1].text", "gallery": "media[2]",
      "extra": "media[3]", "last": "media[4]",
    ]
  }
}

/// A model whose key-path array holds an untyped value and the next model of a chain.
final class IndexedChain: ModelBase {
  var first: Any?
  var next: IndexedChain?
  override class var propertyMapping: [String: String] {
    ["first": "items[0]", "next": "items[1]"]
  }
}

/// ``IndexedModels`` nested alone and in an array.
final class IndexedModelsParent: ModelBase {
  var child = IndexedModels()
  var children: [IndexedModels] = []
}

/// Dictionaries of the values read fast from JSON text.
final class FastDictionaries: ModelBase {
  var names: [String: String] = [:]
  var counts: [String: Int] = ["kept": 1]
  var ratios: [String: Double]?
  var flags: [String: Bool]? = ["initial": true]
  var lists: [String: [Int]] = [:]
  var big: [String: Int64] = [:]
  override class var nullStrings: Set<String> { ["N/A"] }
}

/// Arrays of the scalars read fast from JSON text.
final class FastArrays: ModelBase {
  var ints: [Int] = []
  var doubles: [Double] = []
  var strings: [String] = []
  var bools: [Bool] = []
  var grid: [[Int]] = []
  var i64: [Int64] = []
  var maybeInts: [Int]?
  var maybeGrid: [[Int]]? = [[9]]
  var maybeStrings: [String]?
  override class var nullStrings: Set<String> { ["<null>"] }
}

/// Scalars read and compared fast, beside values compared through their dictionary values.
final class ComparedScalars: ModelBase {
  var int = 0
  var double = 0.0
  var maybeDouble: Double?
  var text = ""
  var maybeText: String?
  var flag = false
  var numbers: [Double] = []
  var big: Int64 = 0
  var maybeBig: Int64?
  var huge: UInt64 = 0
  var small: Int8 = 0
  var maybeSmall: UInt16?
  var leaf: DirectLeaf?
}

/// `==` and `hash(into:)` compare and hash property by property where the dictionary would hold
/// nothing else: the same answers as comparing and hashing the dictionaries.
@Suite("Equality and hashing by property")
struct EqualityByPropertyTests {
  /// `==` and the hash, as comparing and hashing `toDictionary()` give them.
  private static func expectAsDictionaries(_ lhs: ModelBase, _ rhs: ModelBase, _ label: String) {
    #expect(
      (lhs == rhs) == JSONValue.equal(lhs.toDictionary(), rhs.toDictionary()), "\(label) ==")
    for model in [lhs, rhs] {
      var reference = Hasher()
      reference.combine(ObjectIdentifier(type(of: model)))
      JSONValue.hash(model.toDictionary(), into: &reference)
      #expect(model.hashValue == reference.finalize(), "\(label) hash")
    }
  }

  /// Every pair of models made by `edits` from new ones, compared and hashed as
  /// ``expectAsDictionaries(_:_:_:)`` does.
  private static func expectPairsAsDictionaries<Model: ModelBase>(_ edits: [(Model) -> Void]) {
    for (first, edit) in edits.enumerated() {
      for (second, other) in edits.enumerated() {
        let lhs = Model()
        let rhs = Model()
        edit(lhs)
        other(rhs)
        expectAsDictionaries(lhs, rhs, "\(first) vs \(second)")
      }
    }
  }

  @Test func aModelOfScalarsIsCopiedAtOnceAndKeepsItsUnknownValues() throws {
    let flat = try DirectKeptFlat(dictionary: ["id": 5, "name": "n", "extra": ["a": [1]]])
    let copied = flat.copy()
    #expect(copied !== flat && copied == flat)
    #expect(copied.id == 5 && copied.name == "n")
    #expect(JSONValue.equal(copied.unknownValues, ["extra": ["a": [1]]]))
    #expect(SchemaCache.shared.schema(for: DirectKeptFlat.self).copiesShallowly)
    // A class holding models records each model it copies (shared ones stay shared).
    #expect(!SchemaCache.shared.schema(for: DirectNode.self).copiesShallowly)
    #expect(!SchemaCache.shared.schema(for: DirectRoot.self).copiesShallowly)
  }

  @Test func edgeValuesCompareAsTheirDictionaries() {
    let values: [(ComparedScalars) -> Void] = [
      { _ in },
      { $0.double = .nan },
      { $0.double = .infinity },
      { $0.double = -0.0 },
      { $0.double = 3 },
      { $0.maybeDouble = .nan },
      { $0.maybeDouble = 0 },
      { $0.maybeText = "" },
      { $0.text = "e\u{301}" },
      { $0.text = "\u{e9}" },
      { $0.numbers = [.nan, 1] },
      { $0.numbers = [1] },
      { $0.big = 5 },
      { $0.big = .min },
      { $0.maybeBig = 0 },
      { $0.maybeBig = 5 },
      { $0.huge = .max },
      { $0.huge = 5 },
      { $0.small = -5 },
      { $0.maybeSmall = 5 },
      { $0.maybeSmall = 0 },
      { $0.int = 5 },
      { $0.flag = true },
      { $0.leaf = DirectLeaf() },
    ]
    Self.expectPairsAsDictionaries(values)
    #expect(SchemaCache.shared.schema(for: ComparedScalars.self).jsonOutputKeys != nil)
  }

  /// Key paths that write arrays: equal properties are equal models, compared in place; a
  /// `null` the array pads with equals a property's own written `null` there, as in the
  /// dictionaries.
  @Test func keyPathArraysCompareAsTheirDictionaries() {
    let values: [(IndexedOutput) -> Void] = [
      { _ in },
      { $0.firstURL = "a" },
      { $0.second = NSNull() },
      { $0.second = Double.nan },  // no JSON value: left out
      { $0.second = 3 },
      { $0.third = 1 },
      {
        $0.second = NSNull()
        $0.third = 1
      },
      {
        // The padded `null` at [1] equals the model above's written one.
        $0.second = Double.nan
        $0.third = 1
      },
      {
        $0.firstURL = "a"
        $0.title = "t"
      },
      { $0.title = "t" },
      { $0.cell = "c" },
      { $0.corner = 4 },
      {
        $0.cell = "c"
        $0.corner = 4
        $0.second = Double.nan
      },
      {
        $0.corner = 4
        $0.firstURL = "a"
      },
    ]
    Self.expectPairsAsDictionaries(values)
    // Nested, alone and in arrays: compared and hashed from their fields too.
    Self.expectPairsAsDictionaries(
      Self.nested(values, child: \IndexedParent.child, children: \IndexedParent.children))
    let padded = IndexedOutput()
    padded.second = Double.nan
    padded.third = 1
    let written = IndexedOutput()
    written.second = NSNull()
    written.third = 1
    #expect(padded == written && padded.hashValue == written.hashValue)
    #expect(SchemaCache.shared.schema(for: IndexedOutput.self).jsonOutputGroup?.holdsArrays == true)
    // Hashed in place too: an untyped value inside an array (the last one written found by
    // hashing it).
    #expect(SchemaCache.shared.schema(for: IndexedOutput.self).hashesFieldsInPlace)
    // Scalars inside arrays: hashed in place, each array as the dictionary's.
    let scalars: [(IndexedScalars) -> Void] = [
      { _ in },
      { $0.firstURL = "a" },
      { $0.third = 1 },
      { $0.cell = "c" },
      { $0.corner = 4 },
      {
        $0.corner = 4
        $0.firstURL = "a"
      },
      {
        $0.cell = "c"
        $0.third = 1
        $0.title = "t"
      },
      { $0.title = "t" },
    ]
    Self.expectPairsAsDictionaries(scalars)
    #expect(SchemaCache.shared.schema(for: IndexedScalars.self).hashesFieldsInPlace)
  }

  /// A chain of models whose key-path arrays each pad the place one side leaves out with the
  /// `null` the other writes: equal as their dictionaries, each level compared once (a
  /// comparison made twice a level would not end).
  @Test func aChainOfKeyPathArraysComparesOnceALevel() {
    func chain(_ depth: Int, first: Any?) -> IndexedChain {
      let root = IndexedChain()
      var level = root
      for _ in 0..<depth {
        level.first = first
        let next = IndexedChain()
        level.next = next
        level = next
      }
      return root
    }
    let padded = chain(60, first: nil)
    let written = chain(60, first: NSNull())
    #expect(padded == written)
    #expect(JSONValue.equal(padded.toDictionary(), written.toDictionary()))
    #expect(padded.hashValue == written.hashValue)
    let other = chain(60, first: NSNull())
    other.next?.next?.first = 1
    #expect(padded != other)
    #expect(!JSONValue.equal(padded.toDictionary(), other.toDictionary()))
  }

  /// The chain past the depth limit, on a 512 KB thread: compared and hashed as its
  /// dictionaries, never a crash (each level's comparison and its dictionaries check the
  /// stack and the depth).
  @Test func aDeepChainOfKeyPathArraysComparesOnAnAppThread() {
    func chain(first: Any?) -> IndexedChain {
      let root = IndexedChain()
      var level = root
      for _ in 0..<(MappingContext.maximumDepth + 5) {
        level.first = first
        let next = IndexedChain()
        level.next = next
        level = next
      }
      return root
    }
    let models = (chain(first: nil), chain(first: NSNull()), chain(first: 1))
    let results = onAppThread(models) { models -> [Bool] in
      let (padded, written, other) = models
      return [
        (padded == written) == JSONValue.equal(padded.toDictionary(), written.toDictionary()),
        (padded == other) == JSONValue.equal(padded.toDictionary(), other.toDictionary()),
        padded != other,
        padded.hashValue == padded.hashValue,
      ]
    }
    // Sanitized frames are larger: there the stack, not the depth limit, may cut the chain,
    // and where depends on how deep in the stack its dictionary is built (by `==` at a level
    // it cannot decide, or by `toDictionary()` at the top): no crash is the promise.
    #expect(results[0] || isSanitized)
    #expect(results[1...] == [true, true, true])
  }

  /// Models, arrays of models and untyped containers inside key-path arrays, the last element
  /// written among them or not: compared and hashed as their dictionaries, in place.
  @Test func modelsInKeyPathArraysCompareAndHashAsTheirDictionaries() {
    func leaf(_ name: String, _ weight: Double = 0) -> DirectLeaf {
      let leaf = DirectLeaf()
      leaf.name = name
      leaf.weight = weight
      return leaf
    }
    let edits: [(IndexedModels) -> Void] = [
      { _ in },
      { $0.cover = leaf("a") },
      { $0.cover = leaf("a", 1) },
      { $0.gallery = [leaf("b")] },
      { $0.gallery = [] },
      { $0.extra = ["k": [1, 2]] },
      { $0.extra = NSNull() },
      {
        $0.cover = leaf("a")
        $0.gallery = [leaf("b"), leaf("c")]
      },
      {
        $0.extra = ["k": [1, 2]]
        $0.last = leaf("z")
      },
      {
        $0.extra = NSNull()
        $0.last = leaf("z")
      },
      { $0.last = leaf("z") },
      {
        $0.cover = leaf("a")
        $0.caption = "c"
        $0.last = leaf("z", 2)
      },
    ]
    Self.expectPairsAsDictionaries(edits)
    #expect(SchemaCache.shared.schema(for: IndexedModels.self).hashesFieldsInPlace)
    // Inside a model and an array of models: compared in place, hashed by their dictionaries.
    Self.expectPairsAsDictionaries(
      Self.nested(
        edits, child: \IndexedModelsParent.child, children: \IndexedModelsParent.children))
  }

  /// `edits` applied to a parent's `child`, and to the second of its two `children`.
  private static func nested<Model: ModelBase, Parent: ModelBase>(
    _ edits: [(Model) -> Void], child: ReferenceWritableKeyPath<Parent, Model>,
    children: ReferenceWritableKeyPath<Parent, [Model]>
  ) -> [(Parent) -> Void] {
    edits.map { edit in
      { parent in
        edit(parent[keyPath: child])
        let element = Model()
        edit(element)
        parent[keyPath: children] = [Model(), element]
      }
    }
  }

  @Test("Random models compare and hash as their dictionaries", arguments: [0xE0_0001] as [UInt64])
  func randomModels(seed: UInt64) throws {
    var seeds = RandSplitMix(seed: seed)
    var models: [DirectRoot] = []
    for _ in 0..<60 {
      var maker = RandMaker(seed: seeds.next())
      let payload = maker.payload()
      guard let model = try? DirectRoot(dictionary: payload, mode: .lenient),
        let twin = try? DirectRoot(dictionary: payload, mode: .lenient)
      else { continue }
      Self.expectAsDictionaries(model, twin, "twin")
      #expect(model == twin)
      models.append(model)
    }
    for (lhs, rhs) in zip(models, models.dropFirst()) {
      Self.expectAsDictionaries(lhs, rhs, "pair")
    }
  }
}

private final class CappedList: ModelBase {
  var count = 0
  var items: [CappedItem] = []
}

private final class CappedItem: ModelBase {
  var name = ""
  override class var propertyMapping: [String: String] { ["name": "info.name"] }
}

/// Arrays and dictionaries of classes mapped from dictionaries: a hook, `modelType(for:)`, a
/// discriminator, an identifier.
private final class OneByOneParent: ModelBase {
  var list: [DirectHooked] = []
  var chosen: [String: OneByOneChosen] = [:]
  var pets: [Pet]?
  var players: [Player] = []
  var count = 0
}

private class OneByOneChosen: ModelBase {
  var kind = ""
  override class func modelType(for dictionary: [String: Any]) -> ModelBase.Type? {
    dictionary["kind"] as? String == "big" ? OneByOneBig.self : nil
  }
  override func didMap(from dictionary: [String: Any]) throws {
    if kind == "fail" { throw CocoaError(.featureUnsupported) }
  }
}

private final class OneByOneBig: OneByOneChosen {
  var size = 0
}

/// Two key paths through `images`: one reading it whole (an index), one a key inside.
final class DirectWholeAndInside: ModelBase {
  var first = ""
  var count = 0
  override class var propertyMapping: [String: String] {
    ["first": "images.0.url", "count": "images.count"]
  }
  override class var keepsUnknownKeys: Bool { true }
}

/// Key paths, and keys matched case-insensitively, keeping unknown keys.
final class DirectFoldedStatus: ModelBase {
  var id = 0
  var hashtags: [String] = []
  var followers = 0
  var name: String?
  override class var propertyMapping: [String: String] {
    ["hashtags": "entities.hashtags", "followers": "user.more.followers"]
  }
  override class var alternativeKeys: [String: [String]] { ["name": ["user.name", "nick"]] }
  override class var keyMatching: KeyMatching { .caseInsensitive }
  override class var keepsUnknownKeys: Bool { true }
}

/// A discriminated class matching keys case-insensitively and keeping unknown keys.
class DirectFoldedShape: ModelBase {
  var name = ""
  override class var keepsUnknownKeys: Bool { true }
  override class var keyMatching: KeyMatching { .caseInsensitive }
  override class var discriminator: ModelDiscriminator? {
    ModelDiscriminator(key: "Kind", classes: ["round": DirectFoldedRound.self])
  }
}

final class DirectFoldedRound: DirectFoldedShape {
  var radius = 0.0
}
