import Foundation
import Testing

@testable import MirrorModel

/// Untyped properties of each kind: a value, an object, an array of objects.
final class UntypedHolder: ModelBase {
  var extra: Any?
  var object: [String: Any] = [:]
  var objects: [[String: Any]] = []
}

/// A model holding an ``UntypedHolder`` one level down.
final class UntypedOuter: ModelBase {
  var inner: UntypedHolder?
}

/// A model set in an untyped value.
final class UntypedLeafModel: ModelBase {
  var count = 2
}

/// `levels` arrays, each the only element of the one around it, around `leaf`, as text.
private func nestedArrayText(_ levels: Int, around leaf: String = "1") -> String {
  String(repeating: "[", count: levels) + leaf + String(repeating: "]", count: levels)
}

/// `levels` objects, each the `a` of the one around it, around `1`, as text.
private func nestedObjectText(_ levels: Int) -> String {
  String(repeating: "{\"a\":", count: levels) + "1" + String(repeating: "}", count: levels)
}

/// `levels` arrays, each the only element of the one around it, around `leaf`.
private func nestedArrays(_ levels: Int, around leaf: Any) -> Any {
  var value = leaf
  for _ in 0..<levels { value = [value] as [Any] }
  return value
}

/// How many arrays `value` nests, following first elements, and what is in the innermost.
private func arrayLevels(_ value: Any?) -> (levels: Int, innermost: [Any]) {
  var levels = 0
  var current = value
  var innermost: [Any] = []
  while let array = current as? [Any] {
    levels += 1
    innermost = array
    current = array.first
  }
  return (levels, innermost)
}

/// The values of `Any`, `[String: Any]` and `[[String: Any]]` properties: what is plain JSON
/// (as text and `JSONSerialization` give it) is taken and written as it is, found so by a pass
/// that builds nothing; anything else (values JSON cannot hold, models, typed or Foundation
/// containers, values too deep) is checked or converted by the walk that records each issue
/// at its path, exactly as before.
@Suite("Untyped values: plain JSON as it is, the rest walked")
struct PlainJSONTests {
  enum Source: String, CaseIterable, Sendable {
    case text, dictionary
  }

  private func read<Model: ModelBase>(
    _ type: Model.Type, _ json: String, from source: Source
  ) throws -> Model {
    switch source {
    case .text:
      return try Model(json: Data(json.utf8))
    case .dictionary:
      let dictionary = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
      return try Model(dictionary: dictionary ?? [:])
    }
  }

  /// The one issue `body` throws, as path, kind and reason.
  private func onlyIssue(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as MappingError {
      return error.issues.map { "\($0.path) \($0.kind) \($0.reason)" }.joined(separator: "; ")
    } catch {
      return "\(error)"
    }
  }

  @Test(
    "An untyped value nests 200 levels under the top model, one more is an issue at its path",
    arguments: Source.allCases)
  func untypedValuesNestToTheLimit(source: Source) throws {
    let read = try read(UntypedHolder.self, "{\"extra\":\(nestedArrayText(200))}", from: source)
    #expect(arrayLevels(read.extra).levels == 200)
    #expect(arrayLevels(read.extra).innermost as? [Int] == [1])
    let reason = "input nests deeper than 200 levels"
    #expect(
      onlyIssue {
        _ = try self.read(UntypedHolder.self, "{\"extra\":\(nestedArrayText(201))}", from: source)
      } == "extra" + String(repeating: "[0]", count: 200) + " tooDeep \(reason)")
    let objects = "{\"object\":\(nestedObjectText(201))}"
    #expect(
      onlyIssue { _ = try self.read(UntypedHolder.self, objects, from: source) }
        == "object" + String(repeating: ".a", count: 200) + " tooDeep \(reason)")
  }

  @Test(
    "A model one level down leaves its untyped values one level less",
    arguments: Source.allCases)
  func aNestedModelCostsItsLevel(source: Source) throws {
    let text = "{\"inner\":{\"extra\":\(nestedArrayText(199))}}"
    #expect(arrayLevels(try read(UntypedOuter.self, text, from: source).inner?.extra).levels == 199)
    #expect(
      onlyIssue {
        _ = try self.read(
          UntypedOuter.self, "{\"inner\":{\"extra\":\(nestedArrayText(200))}}", from: source)
      }
        == "inner.extra" + String(repeating: "[0]", count: 199)
        + " tooDeep input nests deeper than 200 levels")
    // An array of objects is a level of its own.
    let deepest = "{\"objects\":[\(nestedObjectText(199))]}"
    #expect(try read(UntypedHolder.self, deepest, from: source).objects.count == 1)
    let tooDeep = "{\"objects\":[\(nestedObjectText(200))]}"
    #expect(
      onlyIssue { _ = try self.read(UntypedHolder.self, tooDeep, from: source) }
        == "objects[0]" + String(repeating: ".a", count: 199)
        + " tooDeep input nests deeper than 200 levels")
  }

  @Test("Values JSON cannot hold are issues at their paths, in key order, the rest kept")
  func valuesJSONCannotHoldAreIssues() {
    let dictionary: [String: Any] = [
      "extra": [
        "b": [1, Double.nan, ["c": Double.infinity] as [String: Any]] as [Any],
        "a": URLComponents(),
      ] as [String: Any],
      "object": ["z": NSNull(), "y": Float.nan, "x": "kept"] as [String: Any],
    ]
    let result = UntypedHolder.map(dictionary, mode: .lenient)
    #expect(
      result.issues.map { "\($0.path) \($0.kind)" } == [
        "extra.a typeMismatch", "extra.b[1] typeMismatch", "extra.b[2].c typeMismatch",
        "object.y typeMismatch",
      ])
    #expect(result.issues.allSatisfy { $0.reason.hasSuffix("cannot be written as JSON") })
    #expect(result.model.extra == nil)
    #expect(result.model.object.isEmpty)
    // A model inside is a value of its own, kept as it is.
    let model = UntypedLeafModel()
    let withModel = UntypedHolder.map(["extra": ["m": model, "n": [1, "x"]] as [String: Any]])
    #expect(withModel.issues.isEmpty)
    #expect((withModel.model.extra as? [String: Any])?["m"] as? UntypedLeafModel === model)
  }

  @Test("Plain values come out as they went in, the same objects and types")
  func plainValuesComeOutAsTheyAre() throws {
    let number = NSNumber(value: 3)
    let flag = NSNumber(value: true)
    let long = NSDecimalNumber(string: "12345678901234567890.5")
    let holder = UntypedHolder()
    holder.extra =
      [
        "n": number, "f": flag, "l": long, "s": "text", "i": 7, "d": 2.5, "b": false,
        "null": NSNull(), "list": [1, ["deep": [String: Any]()] as [String: Any]] as [Any],
      ] as [String: Any]
    for dictionary in [holder.toDictionary(), try holder.toCheckedDictionary()] {
      let extra = try #require(dictionary["extra"] as? [String: Any])
      #expect(type(of: dictionary["extra"]!) == [String: Any].self)
      #expect(extra["n"] as AnyObject === number)
      #expect(extra["f"] as AnyObject === flag)
      #expect(extra["l"] as AnyObject === long)
      #expect(type(of: extra["s"]!) == String.self && extra["s"] as? String == "text")
      #expect(type(of: extra["i"]!) == Int.self && extra["i"] as? Int == 7)
      #expect(type(of: extra["d"]!) == Double.self && extra["d"] as? Double == 2.5)
      #expect(type(of: extra["b"]!) == Bool.self && extra["b"] as? Bool == false)
      #expect(extra["null"] is NSNull)
      let list = try #require(extra["list"] as? [Any])
      #expect(list.count == 2 && list[0] as? Int == 1)
      #expect((list[1] as? [String: Any])?["deep"] as? [String: Any] != nil)
    }
    let text = try holder.toJSONString()
    #expect(text.contains("\"l\":12345678901234567890.5"))
    let readBack = try UntypedHolder(json: Data(text.utf8))
    #expect(JSONValue.equal(readBack.toDictionary(), holder.toDictionary()))
  }

  @Test("Typed containers and other values come out converted, as before")
  func otherValuesComeOutConverted() throws {
    let holder = UntypedHolder()
    holder.objects = [["a": 1]]
    holder.extra =
      [
        "int8": [Int8(1), Int8(2)], "string": NSString(string: "ns"), "nan": Double.nan,
        "model": UntypedLeafModel(), "optionals": [Int?.none, 3], "typed": ["k": ["a": 1]],
      ] as [String: Any]
    let dictionary = holder.toDictionary()
    // An `[[String: Any]]` comes out an `[Any]`.
    #expect(type(of: dictionary["objects"]!) == [Any].self)
    #expect(((dictionary["objects"] as? [Any])?.first as? [String: Any])?["a"] as? Int == 1)
    let extra = try #require(dictionary["extra"] as? [String: Any])
    #expect(type(of: extra["int8"]!) == [Any].self)
    #expect((extra["int8"] as? [Any])?.map { type(of: $0) == Int.self } == [true, true])
    #expect(type(of: extra["string"]!) == String.self && extra["string"] as? String == "ns")
    #expect(extra["nan"] == nil)
    #expect((extra["model"] as? [String: Any])?["count"] as? Int == 2)
    #expect((extra["optionals"] as? [Any]).map { $0.count == 2 && $0[0] is NSNull } == true)
    #expect(type(of: extra["typed"]!) == [String: Any].self)
    #expect(((extra["typed"] as? [String: Any])?["k"] as? [String: Any])?["a"] as? Int == 1)
    // Each alone in an otherwise plain value, converted all the same.
    let alone: [(Any, Any.Type)] = [
      (NSString(string: "alone"), String.self), (Int8(4), Int.self), (Float(0.5), Float.self),
      ([1, 2] as [Int], [Any].self), (["k": 1] as [String: Int], [String: Any].self),
    ]
    for (value, written) in alone {
      holder.object = ["plain": 1, "value": value]
      let object = holder.toDictionary()["object"] as? [String: Any]
      #expect(object.map { type(of: $0["value"]!) == written } == true, "\(type(of: value))")
      #expect(object?["plain"] as? Int == 1)
    }
  }

  @Test("Written out, an untyped value nests 200 levels; the next is left out, or thrown")
  func outputNestsToTheLimit() throws {
    let holder = UntypedHolder()
    holder.extra = nestedArrays(200, around: 1)
    #expect(arrayLevels(try holder.toCheckedDictionary()["extra"]).levels == 200)
    #expect(arrayLevels(try UntypedHolder(json: holder.toJSON()).extra).levels == 200)
    holder.extra = nestedArrays(201, around: 1)
    let left = arrayLevels(holder.toDictionary()["extra"])
    #expect(left.levels == 200 && left.innermost.isEmpty)
    #expect(
      onlyIssue { _ = try holder.toCheckedDictionary() }
        == "extra" + String(repeating: "[0]", count: 200)
        + " tooDeep it nests deeper than 200 levels, more than a mapping reads back")
  }
}
