import Foundation

@testable import MirrorModel

// The model graph the randomized tests map into (every supported property type), a seeded
// generator, and the makers of random values, random dictionaries and valid payloads.

enum RandColor: String, MappableValue {
  case red, green, blue
}

enum RandLevel: Int, MappableValue {
  case low = 1
  case mid = 2
  case high = 3
}

final class RandLeaf: ModelBase {
  override class var nullStrings: Set<String> { ModelBase.extendedNullStrings }
  var name = ""
  var weight = 0.0
  var color = RandColor.red
  var tags: [String] = []
  var stamp: Date?
  override class var requiredProperties: Set<String> { ["name"] }
}

final class RandNode: ModelBase {
  override class var nullStrings: Set<String> { ModelBase.extendedNullStrings }
  var label = ""
  var next: RandNode?
  var kids: [RandNode] = []
}

class RandRoot: ModelBase {
  override class var nullStrings: Set<String> { ModelBase.extendedNullStrings }
  var int = 0
  var int8: Int8 = 0
  var int16: Int16 = 0
  var int32: Int32 = 0
  var int64: Int64 = 0
  var uint: UInt = 0
  var uint8: UInt8 = 0
  var uint16: UInt16 = 0
  var uint32: UInt32 = 0
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
  var leaf: RandLeaf?
  var leaves: [RandLeaf] = []
  var leafMap: [String: RandLeaf] = [:]
  var numbers: [Int] = []
  var maybeNumbers: [Int?] = []
  var tags: Set<String> = []
  var leafSet: Set<RandLeaf> = []
  var grid: [[Double]] = []
  var scores: [String: Int] = [:]
  var node: RandNode?
  var anything: Any?
  var rawList: [Any] = []
  var rawMap: [String: Any] = [:]
  var city = ""
  var dotted = 0

  override class var propertyMapping: [String: String] {
    ["int64": "big_int", "city": "meta.city", "dotted": #"a\.\.b"#]
  }
  override class var defaultValues: [String: Any] { ["text": "none", "uint8": 7] }

  /// Every key the graph reads, at any level, for random dictionaries to hit.
  static let vocabulary = [
    "int", "int8", "int16", "int32", "big_int", "uint", "uint8", "uint16", "uint32", "uint64",
    "double", "float", "bool", "decimal", "date", "url", "uuid", "data", "color", "level", "text",
    "maybeText", "maybeInt", "maybeMaybe", "leaf", "leaves", "leafMap", "numbers", "maybeNumbers",
    "tags", "leafSet", "grid", "scores", "node", "anything", "rawList", "rawMap", "meta", "a..b",
    "name",
    "weight", "stamp", "label", "next", "kids", "city",
  ]
}

/// SplitMix64: a tiny, fast, seedable generator; the same seed gives the same cases everywhere.
struct RandSplitMix: RandomNumberGenerator {
  private(set) var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// Random values for one case, all drawn from one seeded generator.
struct RandMaker {
  var rng: RandSplitMix

  init(seed: UInt64) { rng = RandSplitMix(seed: seed) }

  static let nullStrings = ["null", "<null>", "NIL", "(null)", "Null"]
  static let oddKeys = ["", "a.b", "c[0]", "q\"", "x\"]y", "[\"z\"]", " ", "ключ", "🙂", "a..b"]
  static let oddStrings = [
    "héllo", "日本語", "🙂👍🏽", "e\u{301}", "\u{0}", "a\"]b", "line\nbreak", "yes", "FALSE",
    " 4", "42", "-7", "2.5", "1e3", "0x1F", "nan", "inf", "2024-05-06T07:08:09.123Z",
    "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "aGVsbG8=", "https://example.com/a?b=c", "red",
  ]
  static var extremeNumbers: [Any] {
    [
      Int.max, Int.min, UInt64.max, 1e300, -1e300, Double.leastNonzeroMagnitude, -0.0, 1e20, 300,
      -1, 1e39, Double.greatestFiniteMagnitude, Int8(-5), Float(0.1),
      Decimal(string: "-9223372036854775809") ?? 0,
      NSDecimalNumber(string: "1234567890123456789012345678901234567890"),
    ]
  }

  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &rng) < probability
  }
  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
  mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

  mutating func string() -> String {
    switch int(0...39) {
    case 0...3: return pick(Self.nullStrings)
    case 4...11: return pick(Self.oddStrings)
    case 12: return String(repeating: pick(["a", "é", "🙂"]), count: int(1_000...12_000))
    default:
      let letters = Array("abcxyzAB019 _-é日🙂")
      return String((0..<int(0...12)).map { _ in pick(letters) })
    }
  }

  /// A string no model treats as null: safe for required properties.
  mutating func text() -> String {
    let value = string()
    return Self.nullStrings.contains(value) ? "x" + value : value
  }

  mutating func number() -> Any {
    switch int(0...5) {
    case 0: return pick(Self.extremeNumbers)
    case 1: return int(-1_000...1_000)
    case 2: return Int.random(in: .min ... .max, using: &rng)
    case 3: return Double.random(in: -1e6...1e6, using: &rng)
    case 4: return Double(sign: .plus, exponent: int(-1_000...1_000), significand: 1.5)
    default: return Double(int(-100...100)) / 4
    }
  }

  /// `value` with every NaN and infinity replaced by 0: what JSON can hold.
  static func finite(_ value: Any) -> Any {
    switch value {
    case let double as Double: return double.isFinite ? double : 0.0
    case let array as [Any]: return array.map(finite)
    case let dictionary as [String: Any]: return dictionary.mapValues(finite)
    default: return value
    }
  }

  mutating func scalar() -> Any {
    switch int(0...6) {
    case 0, 1: return number()
    case 2, 3: return string()
    case 4: return chance(0.5)
    case 5: return NSNull()
    default: return chance(0.9) ? pick(Self.extremeNumbers) : pick([Double.nan, .infinity])
    }
  }

  mutating func key() -> String {
    chance(0.8) ? pick(RandRoot.vocabulary) : (chance(0.5) ? pick(Self.oddKeys) : text())
  }

  /// A random JSON-like value, containers nested at most `depth` levels.
  mutating func value(depth: Int) -> Any {
    guard depth > 0, chance(0.45) else { return scalar() }
    if chance(0.5) { return (0..<int(0...4)).map { _ in value(depth: depth - 1) } }
    return dictionary(depth: depth - 1)
  }

  mutating func dictionary(depth: Int) -> [String: Any] {
    var result: [String: Any] = [:]
    for _ in 0..<int(0...8) { result[key()] = value(depth: depth) }
    return result
  }

  // MARK: Valid payloads

  mutating func date() -> Any {
    chance(0.5)
      ? Double(int(-2_000_000_000...4_000_000_000)) + Double(int(0...999_999)) / 1e6
      : ISO8601.string(from: Date(timeIntervalSince1970: Double(int(0...4_000_000_000))))
  }

  mutating func leaf() -> [String: Any] {
    [
      "name": text(), "weight": Double.random(in: -1e3...1e3, using: &rng),
      "color": pick(["red", "green", "blue"]), "tags": (0..<int(0...3)).map { _ in string() },
      "stamp": chance(0.3) ? NSNull() : date(),
    ]
  }

  mutating func node(depth: Int) -> [String: Any] {
    var result: [String: Any] = ["label": string()]
    if depth > 0, chance(0.6) { result["next"] = node(depth: depth - 1) }
    if depth > 0 { result["kids"] = (0..<int(0...2)).map { _ in node(depth: depth - 1) } }
    return result
  }

  /// A payload every property of ``RandRoot`` accepts.
  mutating func payload() -> [String: Any] {
    let bytes = (0..<int(0...24)).map { _ in UInt8(int(0...255)) }
    let candidates: [String: Any] = [
      "int": Int.random(in: .min ... .max, using: &rng), "int8": int(-128...127),
      "int16": int(-32_768...32_767), "int32": String(int(-2_147_483_648...2_147_483_647)),
      "big_int": Int64.random(in: .min ... .max, using: &rng),
      "uint": UInt.random(in: 0 ... .max, using: &rng),
      "uint8": int(0...255), "uint16": Double(int(0...65_535)), "uint32": int(0...4_294_967_295),
      "uint64": UInt64.random(in: 0 ... .max, using: &rng), "double": number(),
      "float": Double.random(in: -1e30...1e30, using: &rng),
      "bool": pick([true, false, "yes", 0] as [Any]),
      "decimal": pick(
        ["12.5", 3, 0.1, "-0.000001", NSDecimalNumber(string: "1.000000000000000000001")] as [Any]),
      "date": date(),
      // A URL as written: the query's text percent-encoded.
      "url": "https://example.com/\(int(0...999))?q="
        + (text().addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "x"),
      "uuid": UUID(
        uuid: (0..<16).map { _ in UInt8(int(0...255)) }.withUnsafeBytes { $0.load(as: uuid_t.self) }
      ).uuidString,
      "data": Data(bytes).base64EncodedString(), "color": pick(["red", "green", "blue"]),
      "level": pick([1, 2, "3", NSNull()] as [Any]), "text": string(),
      "maybeText": chance(0.5) ? string() : NSNull(),
      "maybeInt": chance(0.5) ? int(-9...9) : NSNull(),
      "maybeMaybe": chance(0.5) ? int(-9...9) : NSNull(), "leaf": leaf(),
      "leaves": (0..<int(0...2)).map { _ in leaf() },
      "leafMap": Dictionary((0..<int(0...2)).map { _ in (key(), leaf()) }) { one, _ in one },
      "numbers": (0..<int(0...5)).map { _ in int(-99...99) },
      "maybeNumbers": (0..<int(0...4)).map { _ in chance(0.3) ? NSNull() : int(0...9) as Any },
      "tags": (0..<int(0...5)).map { _ in string() },
      "leafSet": (0..<int(0...3)).map { _ in leaf() },
      "grid": (0..<int(0...3)).map { _ in (0..<int(0...3)).map { _ in Double(int(-9...9)) / 2 } },
      "scores": Dictionary((0..<int(0...3)).map { _ in (key(), int(-9...9)) }) { one, _ in one },
      // `Any` properties take JSON values only: no NaN or infinity in a valid payload.
      "node": node(depth: 3), "anything": Self.finite(value(depth: 2)),
      "rawList": (0..<int(0...3)).map { _ in Self.finite(value(depth: 1)) },
      "rawMap": Self.finite(dictionary(depth: 1)),
      "meta": ["city": string()], "a..b": int(-9...9),
    ]
    var result: [String: Any] = [:]
    for key in candidates.keys.sorted() where chance(0.8) { result[key] = candidates[key] }
    return result
  }
}

enum RandStep: Hashable {
  case key(String)
  case index(Int)
}

extension RandMaker {
  /// A path to a random value inside `value` (never the root itself), or `[]` when there is
  /// none.
  mutating func randomPath(in value: Any) -> [RandStep] {
    var path: [RandStep] = []
    var current = value
    repeat {
      if let dictionary = current as? [String: Any], !dictionary.isEmpty {
        let key = pick(dictionary.keys.sorted())
        path.append(.key(key))
        current = dictionary[key] ?? NSNull()
      } else if let array = current as? [Any], !array.isEmpty {
        let index = int(0...array.count - 1)
        path.append(.index(index))
        current = array[index]
      } else {
        break
      }
    } while chance(0.6)
    return path
  }

  /// One to three mutations at random places: drop, retype, null, null string, nest deeper,
  /// extreme number, long or unicode string, extra key; sometimes a model chain deeper than the
  /// depth limit.
  mutating func mutated(_ payload: [String: Any]) -> [String: Any] {
    var result: Any = payload
    for _ in 0..<int(1...3) {
      let path = randomPath(in: result)
      guard !path.isEmpty else { break }
      result = Self.replacing(result, at: path[...]) { mutation(of: $0) } ?? result
    }
    var dictionary = result as? [String: Any] ?? payload
    if chance(0.03) {
      var chain: [String: Any] = ["label": "end"]
      for _ in 0..<int(150...260) { chain = ["next": chain] }
      dictionary["node"] = chain
    }
    return dictionary
  }

  private mutating func mutation(of old: Any) -> Any? {
    switch int(0...8) {
    case 0: return nil
    case 1: return value(depth: 2)
    case 2: return NSNull()
    case 3: return pick(Self.nullStrings)
    case 4: return chance(0.5) ? [old] : ["x": old, "next": old]
    case 5: return pick(Self.extremeNumbers)
    case 6: return String(repeating: pick(["ab", "日本", "🙂"]), count: int(5_000...10_000))
    case 7: return pick(Self.oddStrings)
    default:
      guard var dictionary = old as? [String: Any] else { return text() }
      dictionary[key()] = value(depth: 1)
      return dictionary
    }
  }
}
