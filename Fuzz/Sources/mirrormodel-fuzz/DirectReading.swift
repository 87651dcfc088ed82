import Foundation
import MirrorModel

// JSON text is read straight into models whose classes have no hook that needs the object's
// dictionary. `FuzzPlain` is such a class; `FuzzPlainViaDictionary` is the same class with a
// `didMap(from:)` that does nothing, which makes MirrorModel read its objects into dictionaries
// first. Both must give the same model, or the same issues in the same order, for every input.

/// A nested model read straight from JSON text.
final class FuzzPlainNode: ModelBase {
  var name: String = ""
  var weight: Double = 0
  var tag: Int8?
  var children: [FuzzPlainNode] = []
  var next: FuzzPlainNode?
  var byName: [String: FuzzPlainNode]?
}

/// A `Codable` struct MirrorModel does not map itself: decoded by its own `init(from:)`, from
/// the text itself where the class is read straight, from the tree through dictionaries.
struct FuzzSpot: Codable, Hashable {
  var lat: Double
  var lng: Double
  var label: String?
  var level: Int8?
  var counts: [String: UInt16]?
}

/// An enum with associated values, decoded and encoded by its own conformance.
enum FuzzFigure: Codable, Hashable {
  case circle(radius: Double)
  case polygon([FuzzSpot])
  case named(String, tags: [String]?)
}

/// A top-level model read straight from JSON text: FuzzRoot's keys, no dictionary hooks.
class FuzzPlain: ModelBase {
  var string: String = ""
  var int: Int = 0
  var int8: Int8 = 0
  var uint8: UInt8 = 0
  var int64: Int64 = 0
  var uint64: UInt64 = 0
  var double: Double = 0
  var float: Float = 0
  var bool: Bool = false
  var decimal: Decimal = 0
  var color: FuzzColor = .red
  var level: FuzzLevel = .low
  var optString: String?
  var optInt: Int?
  var optDouble: Double?
  var optBool: Bool?
  var doubleOptional: Int??
  var node: FuzzPlainNode?
  var items: [FuzzPlainNode] = []
  var optItems: [FuzzPlainNode]?
  var nodesByName: [String: FuzzPlainNode] = [:]
  var grid: [[FuzzPlainNode]] = []
  var maybeNodes: [FuzzPlainNode?]?
  var sections: [String: [FuzzPlainNode]] = [:]
  var nodeSet: Set<FuzzPlainNode> = []
  var tags: Set<String> = []
  var matrix: [[Double]] = []
  var optionalInts: [Int?] = []
  var names: [String] = []
  var optMatrix: [[Double]]?
  var optNames: [String]? = ["initial"]
  var colors: [FuzzColor] = []
  var scores: [String: Double] = [:]
  var list: [Any] = []
  var object: [String: Any] = [:]
  var count: Int = 0
  var spot: FuzzSpot?
  var figures: [FuzzFigure] = []

  override class var propertyMapping: [String: String] { ["count": "meta"] }
  override class var defaultValues: [String: Any] { ["count": "42", "string": "none"] }
  override class var nullStrings: Set<String> { super.nullStrings.union(["N/A", "-"]) }
  override class var requiredProperties: Set<String> { ["level"] }
}

/// ``FuzzPlain`` read through dictionaries.
final class FuzzPlainViaDictionary: FuzzPlain {
  override func didMap(from dictionary: [String: Any]) throws {}
}

/// Key paths made of keys, sharing the objects they go through.
class FuzzPaths: ModelBase {
  var id: Int = 0
  var name: String?
  var tags: [String] = []
  var node: FuzzPlainNode?
  var followers: Int = 0
  override class var propertyMapping: [String: String] {
    [
      "name": "node.name", "tags": "meta.tags", "followers": "meta.more.followers",
      "node": "meta.node",
    ]
  }
  override class var nullStrings: Set<String> { super.nullStrings.union(["N/A", "-"]) }
}

/// Key paths with indices (`items.0.name`, `items[1].weight`, `matrix[0][1]`): JSON text
/// reads the arrays they go through element by element.
class FuzzIndexed: ModelBase {
  var firstName: String?
  var secondWeight: Double = 0
  var thirdNode: FuzzPlainNode?
  var cell: Double?
  var firstTag: String = ""
  var id: Int = 0
  override class var propertyMapping: [String: String] {
    [
      "firstName": "items.0.name", "secondWeight": "items[1].weight", "thirdNode": "items.2",
      "cell": "matrix[0][1]", "firstTag": "names.0", "id": "int",
    ]
  }
}

/// ``FuzzIndexed`` read through dictionaries.
final class FuzzIndexedViaDictionary: FuzzIndexed {
  override func didMap(from dictionary: [String: Any]) throws {}
}

/// ``FuzzIndexed`` keeping its unknown keys, with a key read inside `items` too
/// (`items.count`), which `items.0.name` reads whole: no member inside it is unknown.
class FuzzIndexedKeeping: FuzzIndexed {
  var count: Int = 0
  override class var propertyMapping: [String: String] {
    super.propertyMapping.merging(["count": "items.count"]) { $1 }
  }
  override class var keepsUnknownKeys: Bool { true }
}

/// ``FuzzIndexedKeeping`` read through dictionaries.
final class FuzzIndexedKeepingViaDictionary: FuzzIndexedKeeping {
  override func didMap(from dictionary: [String: Any]) throws {}
}

// The classes named `ViaDictionary` take each object's dictionary through a `didMap(from:)`
// that does nothing: JSON text is read into a dictionary first, and a `Decoder` is walked into
// one, which is mapped (a class with no such hook is read from either straight, key paths of
// every kind included).

/// ``FuzzPaths`` read through dictionaries.
final class FuzzPathsViaDictionary: FuzzPaths {
  override func didMap(from dictionary: [String: Any]) throws {}
}

/// ``FuzzPaths`` keeping its unknown keys, inside the objects its key paths go through too:
/// `toJSON()` and `encode(to:)` each merge them with the fields (two writers of one rule, which
/// the comparison of their outputs checks against each other).
class FuzzPathsKeeping: FuzzPaths {
  override class var keepsUnknownKeys: Bool { true }
}

/// ``FuzzPathsKeeping`` read through dictionaries.
final class FuzzPathsKeepingViaDictionary: FuzzPathsKeeping {
  override func didMap(from dictionary: [String: Any]) throws {}
}

/// Keys several properties read.
///
/// `node` whole and `node.name` through it, `meta` whole (an untyped dictionary) and
/// `meta.tags` and `meta.more.followers` through it, `int` into two properties. JSON text
/// reads each such member again from its key for each property, then for the key paths
/// through it.
class FuzzShared: ModelBase {
  var node: FuzzPlainNode?
  var nodeName: String?
  var meta: [String: Any] = [:]
  var tags: [String] = []
  var followers: Int = 0
  var int: Int = 0
  var intText: String?
  override class var propertyMapping: [String: String] {
    [
      "nodeName": "node.name", "tags": "meta.tags", "followers": "meta.more.followers",
      "intText": "int",
    ]
  }
}

/// ``FuzzShared`` read through dictionaries.
final class FuzzSharedViaDictionary: FuzzShared {
  override func didMap(from dictionary: [String: Any]) throws {}
}

/// ``FuzzShared`` keeping its unknown keys (none inside a value a property reads whole).
class FuzzSharedKeeping: FuzzShared {
  override class var keepsUnknownKeys: Bool { true }
}

/// ``FuzzSharedKeeping`` read through dictionaries.
final class FuzzSharedKeepingViaDictionary: FuzzSharedKeeping {
  override func didMap(from dictionary: [String: Any]) throws {}
}

/// `FuzzPlain` with a `validate(_:forProperty:)` that replaces and rejects values: a `Decoder`
/// is read straight into it, each value walked, converted and validated in the properties'
/// order.
class FuzzValidated: FuzzPlain {
  override func validate(_ value: Any, forProperty property: String) throws -> Any {
    switch value {
    case let string as String where property == "string":
      // Reads a property declared later: unset yet, whichever way the model is read.
      return string + "/" + String(int)
    case let number as Int where number < 0:
      throw ConversionError(expectedType: "Int", reason: "negative")
    case let nodes as [FuzzPlainNode]:
      return nodes.filter { !$0.name.isEmpty }
    default:
      return value
    }
  }
}

/// ``FuzzValidated`` read through dictionaries: JSON text is read straight into
/// ``FuzzValidated`` models, its values once each object's members are met, in the
/// properties' order.
final class FuzzValidatedViaDictionary: FuzzValidated {
  override func didMap(from dictionary: [String: Any]) throws {}
}

/// A base class with a discriminator (`type`): a decoder reads its value, then the class it
/// names, property by property.
class FuzzShape: ModelBase {
  var title: String?
  var kind: String?
  override class var propertyMapping: [String: String] { ["kind": "type"] }
  override class var discriminator: ModelDiscriminator? {
    ModelDiscriminator(key: "type", classes: ["video": FuzzClip.self, "photo": FuzzStill.self])
  }
}

/// A ``FuzzShape`` the discriminator names `video`.
final class FuzzClip: FuzzShape {
  var duration: Float?
  var frameRates: [Float] = []
}

/// A ``FuzzShape`` the discriminator names `photo`.
final class FuzzStill: FuzzShape {
  var pixelWidth: UInt8?
  override class var keyStrategy: KeyStrategy { .snakeCase }
}

/// Shapes under FuzzRoot's `polymorphic` key, one under `node`.
class FuzzShapes: ModelBase {
  var polymorphic: [FuzzShape]?
  var node: FuzzShape?
}

/// ``FuzzShapes`` read through dictionaries: JSON text reads the shapes straight, after
/// finding each object's discriminator value; the dictionary holds it.
final class FuzzShapesViaDictionary: FuzzShapes {
  override func didMap(from dictionary: [String: Any]) throws {}
}

/// `FuzzPlain` with an identifier: read straight from JSON text (outside an identity map each
/// of its models is new).
class FuzzIdentified: FuzzPlain {
  override class var identifierProperty: String? { "string" }
}

/// ``FuzzIdentified`` read through dictionaries.
final class FuzzIdentifiedViaDictionary: FuzzIdentified {
  override func didMap(from dictionary: [String: Any]) throws {}
}

/// A model most inputs map into: no required key, every property optional.
///
/// The two ways are then compared model for model (values, repeated keys, null strings), not
/// only issue for issue: FuzzPlain requires `level`, which random inputs almost never carry.
class FuzzLoose: ModelBase {
  var string: String?
  var int: Int?
  var double: Double?
  var bool: Bool?
  var int8: Int8?
  var node: FuzzPlainNode?
  var items: [FuzzPlainNode]?
  var matrix: [[Double]]?
  var names: [String]?
  var object: [String: Any]?
  var list: [Any]?
  var a: Int = 1
  var b: String = "b"
  override class var nullStrings: Set<String> { super.nullStrings.union(["N/A", "-"]) }
  /// Alternative keys, read straight from JSON text too: the class's order must win whatever
  /// the text's.
  override class var alternativeKeys: [String: [String]] {
    ["int": ["i", "n"], "string": ["s", "str"], "node": ["n2"]]
  }
}

/// ``FuzzLoose`` read through dictionaries.
final class FuzzLooseViaDictionary: FuzzLoose {
  override func didMap(from dictionary: [String: Any]) throws {}
}

/// ``FuzzLoose`` keeping its unknown keys, which JSON text read straight gathers as it meets
/// them: `toJSON()` writes them back, so the comparison sees them.
class FuzzKeeping: FuzzLoose {
  override class var keepsUnknownKeys: Bool { true }
}

/// ``FuzzLoose`` matching keys case-insensitively, read straight from JSON text too.
class FuzzFolded: FuzzLoose {
  override class var keyMatching: KeyMatching { .caseInsensitive }
}

/// ``FuzzFolded`` read through dictionaries.
final class FuzzFoldedViaDictionary: FuzzFolded {
  override func didMap(from dictionary: [String: Any]) throws {}
}

/// ``FuzzKeeping`` read through dictionaries.
final class FuzzKeepingViaDictionary: FuzzKeeping {
  override func didMap(from dictionary: [String: Any]) throws {}
}

/// ``FuzzLoose`` with alternative key paths (through keys it does not read whole, which the
/// inputs hold at other levels), read straight from JSON text too: the class's order must win
/// whatever the text's.
class FuzzPathAliased: FuzzLoose {
  override class var alternativeKeys: [String: [String]] {
    [
      "int": ["i", "meta.n", "children.0.tag"], "string": ["next.name", "s", "meta.s"],
      "bool": ["byName.x.flag", "children[1].next.flag"], "double": ["weight", "meta.weight"],
    ]
  }
}

/// ``FuzzPathAliased`` read through dictionaries.
final class FuzzPathAliasedViaDictionary: FuzzPathAliased {
  override func didMap(from dictionary: [String: Any]) throws {}
}

/// ``FuzzPathAliased`` matching its plain keys case-insensitively and keeping its unknown
/// keys, read straight from JSON text too: key paths matched exactly, and a member matching a
/// key path's key in another case neither read nor unknown.
class FuzzFoldedPaths: FuzzPathAliased {
  override class var keyMatching: KeyMatching { .caseInsensitive }
  override class var keepsUnknownKeys: Bool { true }
}

/// ``FuzzFoldedPaths`` read through dictionaries.
final class FuzzFoldedPathsViaDictionary: FuzzFoldedPaths {
  override func didMap(from dictionary: [String: Any]) throws {}
}

enum DirectReading {
  /// Fails unless both ways of reading `data` agree, in every mode, for each pair of classes,
  /// and designated paths through the text agree with the dictionary's.
  static func check(_ data: Data, fail: (String, () -> String) -> Never) {
    // A literal past 38 digits whose first 38 are whole (`5.000…0001`): an integer field read
    // straight judges the whole literal (a fraction), the dictionary keeps a 38-digit
    // NSDecimalNumber (a whole number): the one documented difference between the two ways.
    if FuzzTarget.containsLongNumber(data) { return }
    check(
      data, FuzzPlain.self, FuzzPlainViaDictionary.self, modes: [.standard, .strict], fail: fail)
    check(
      data, FuzzLoose.self, FuzzLooseViaDictionary.self, modes: [.standard, .strict], fail: fail)
    // The other pairs on one input in three or five (chosen by the input, so a rerun repeats
    // it): the run keeps the inputs per second its minimum asks for.
    let sum = data.reduce(0, { $0 &+ Int($1) })
    // A `Decoder` is read straight into `FuzzPlain` models, and walked into a dictionary of
    // the whole object for `FuzzPlainViaDictionary`.
    if sum % 3 == 0 {
      switch sum % 4 {
      case 1:
        check(
          data, FuzzValidated.self, FuzzValidatedViaDictionary.self, modes: [.standard],
          decoding: true, wholeWalk: true, fail: fail)
        check(
          data, FuzzValidated.self, FuzzValidatedViaDictionary.self,
          modes: [.standard, .lenient, .strict], fail: fail)
      case 3:
        check(
          data, FuzzShapes.self, FuzzShapesViaDictionary.self, modes: [.standard], decoding: true,
          wholeWalk: true, fail: fail)
        check(
          data, FuzzShapes.self, FuzzShapesViaDictionary.self,
          modes: [.standard, .lenient, .strict], fail: fail)
      default:
        check(
          data, FuzzPlain.self, FuzzPlainViaDictionary.self, modes: [.standard], decoding: true,
          wholeWalk: true, fail: fail)
      }
    }
    guard sum % 5 == 0 else { return }
    // One of three more pairs: an identified class from text, a case-insensitive or a
    // keeping class from a decoder.
    switch sum % 3 {
    case 1:
      check(
        data, FuzzIdentified.self, FuzzIdentifiedViaDictionary.self, modes: [.standard],
        fail: fail)
    case 2:
      check(
        data, FuzzFolded.self, FuzzFoldedViaDictionary.self, modes: [.standard], decoding: true,
        wholeWalk: true, fail: fail)
    default:
      check(
        data, FuzzKeeping.self, FuzzKeepingViaDictionary.self, modes: [.standard], decoding: true,
        wholeWalk: true, fail: fail)
    }
    check(data, FuzzKeeping.self, FuzzKeepingViaDictionary.self, modes: [.lenient], fail: fail)
    check(
      data, FuzzIndexed.self, FuzzIndexedViaDictionary.self,
      modes: [.standard, .lenient, .strict], fail: fail)
    // Key paths through arrays, indices and scalars, read from a decoder straight: the value
    // that is not an object walked alone, as the whole walk gives it.
    check(
      data, FuzzIndexed.self, FuzzIndexedViaDictionary.self, modes: [.standard], decoding: true,
      wholeWalk: true, fail: fail)
    check(
      data, FuzzPathAliased.self, FuzzPathAliasedViaDictionary.self, modes: [.standard],
      decoding: true, wholeWalk: true, fail: fail)
    check(
      data, FuzzPaths.self, FuzzPathsViaDictionary.self, modes: [.standard], decoding: true,
      wholeWalk: true, fail: fail)
    check(
      data, FuzzPaths.self, FuzzPathsViaDictionary.self, modes: [.standard, .lenient, .strict],
      fail: fail)
    check(
      data, FuzzPathsKeeping.self, FuzzPathsKeepingViaDictionary.self, modes: [.lenient],
      fail: fail)
    // Keys several properties read, each member read again from its key.
    check(
      data, FuzzShared.self, FuzzSharedViaDictionary.self, modes: [.standard, .lenient, .strict],
      fail: fail)
    check(
      data, FuzzSharedKeeping.self, FuzzSharedKeepingViaDictionary.self, modes: [.lenient],
      fail: fail)
    check(data, FuzzFolded.self, FuzzFoldedViaDictionary.self, modes: [.strict], fail: fail)
    // Lenient mode keeps and reports the unknown members: the rule these two pairs are for.
    check(
      data, FuzzFoldedPaths.self, FuzzFoldedPathsViaDictionary.self, modes: [.lenient],
      fail: fail)
    check(
      data, FuzzIndexedKeeping.self, FuzzIndexedKeepingViaDictionary.self, modes: [.lenient],
      fail: fail)
    check(
      data, FuzzPathAliased.self, FuzzPathAliasedViaDictionary.self,
      modes: [.standard, .lenient, .strict], fail: fail)
    checkDesignatedPaths(data, fail: fail)
  }

  /// A designated path followed through the text, and through the text's dictionary
  /// (`make(json:at:)` reads the text whole, with MirrorModel's own reader: the same syntax
  /// rules, where `JSONSerialization` accepts a trailing comma): the same model or issues.
  private static func checkDesignatedPaths(_ data: Data, fail: (String, () -> String) -> Never) {
    for path in ["object", "node.next", "items.0"] {
      for mode in [MappingMode.standard] {
        let direct = outcome { try FuzzLoose(json: data, at: path, mode: mode) }
        let viaDictionary = outcome { try FuzzLoose.make(json: data, at: path, mode: mode) }
        let same: Bool
        switch (direct, viaDictionary) {
        case (.success(let model)?, .success(let other)?):
          same =
            (try? model.toJSON(prettyPrinted: true)) == (try? other.toJSON(prettyPrinted: true))
        case (.failure(let error)?, .failure(let other)?):
          same = error.issues == other.issues
        default:
          same = false
        }
        if !same {
          fail("A designated path through JSON text and through its dictionary differ") {
            "\(path) \(mode): \(String(describing: direct))\nvs\n"
              + String(describing: viaDictionary)
          }
        }
      }
    }
  }

  /// Compares the two ways in `modes`.
  ///
  /// Lenient mode's issues are not returned by `init(json:)`: its model is compared. With
  /// `decoding`, each is read by `JSONDecoder` (whose own syntax errors, thrown by both, are
  /// not compared). With `wholeWalk`, the second way walks every value of the objects it
  /// maps: a value it cannot read (a string of invalid UTF-8 under a key no property reads)
  /// fails it where the first way, which never asks for that value, succeeds.
  private static func check<Model: ModelBase>(
    _ data: Data, _ directType: Model.Type, _ viaDictionaryType: Model.Type,
    modes: [MappingMode], decoding: Bool = false, wholeWalk: Bool = false,
    fail: (String, () -> String) -> Never
  ) {
    for mode in modes {
      let read = { (type: Model.Type) throws -> Model in
        decoding
          ? try JSONDecoder().decode(type, from: data) : try type.init(json: data, mode: mode)
      }
      let direct = outcome { try read(directType) }
      let viaDictionary = outcome { try read(viaDictionaryType) }
      switch (direct, viaDictionary) {
      case (nil, nil),
        (_, nil) where wholeWalk:
        continue
      case (.success(let model)?, .success(let other)?):
        let text = try? model.toJSON(prettyPrinted: true)
        let otherText = try? other.toJSON(prettyPrinted: true)
        if text != otherText {
          fail("JSON read straight into models differs from JSON read through dictionaries") {
            "\(mode): \(text.map { String(decoding: $0, as: UTF8.self) } ?? "-")\nvs\n"
              + (otherText.map { String(decoding: $0, as: UTF8.self) } ?? "-")
          }
        }
        if let text { checkEncoding(model, text: text, fail: fail) }
      case (.failure(let error)?, .failure(let other)?):
        // The root's own issues name its class.
        let renamed = other.issues.map { issue -> MappingIssue in
          var issue = issue
          let (from, to) = ("\(viaDictionaryType)", "\(directType)")
          issue.expectedType = issue.expectedType.replacingOccurrences(of: from, with: to)
          issue.reason = issue.reason.replacingOccurrences(of: from, with: to)
          return issue
        }
        if error.issues != renamed {
          fail("JSON read straight into models has other issues than through dictionaries") {
            "\(mode): \(error)\nvs\n\(other)"
          }
        }
      default:
        fail("JSON read straight into models and through dictionaries: one threw") {
          "\(mode): \(String(describing: direct))\nvs\n\(String(describing: viaDictionary))"
        }
      }
    }
  }

  /// `encode(to:)` (key paths into the objects they name, kept unknown values after the
  /// fields, from the fields) writes what `JSONDecoder` reads as the same model as the text
  /// `toJSON()` wrote, `text` (each read once: a class's `validate` may change what it reads).
  private static func checkEncoding<Model: ModelBase>(
    _ model: Model, text: Data, fail: (String, () -> String) -> Never
  ) {
    // Numbers a decoder hands over as other kinds (see decoderMaySeeOtherNumbers).
    if FuzzTarget.decoderMaySeeOtherNumbers(text) { return }
    let encoded: Data
    do {
      encoded = try JSONEncoder().encode(model)
    } catch {
      fail("encode(to:) threw for a model toJSON() writes") {
        "\(error)\ntoJSON(): \(String(decoding: text, as: UTF8.self))"
      }
    }
    func readBack(_ data: Data) -> Data? {
      try? JSONDecoder().decode(Model.self, from: data).toJSON(prettyPrinted: true)
    }
    let fromText = readBack(text)
    let fromEncoded = readBack(encoded)
    if fromText != fromEncoded {
      fail("encode(to:) and toJSON() read back by JSONDecoder differ") {
        "toJSON(): \(String(decoding: text, as: UTF8.self))\nencode(to:): "
          + "\(String(decoding: encoded, as: UTF8.self))\nread back: "
          + (fromText.map { String(decoding: $0, as: UTF8.self) } ?? "-") + "\nvs\n"
          + (fromEncoded.map { String(decoding: $0, as: UTF8.self) } ?? "-")
      }
    }
  }

  /// The model or its issues; `nil` for a `DecodingError` (JSONDecoder's syntax rules).
  private static func outcome<Model: ModelBase>(
    _ body: () throws -> Model
  ) -> Result<Model, MappingError>? {
    do {
      return .success(try body())
    } catch let error as MappingError {
      return .failure(error)
    } catch is DecodingError {
      return nil
    } catch {
      fatalError("init(json:) threw \(error), not a MappingError")
    }
  }
}
