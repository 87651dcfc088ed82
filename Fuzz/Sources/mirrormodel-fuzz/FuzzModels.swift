import Foundation
import MirrorModel

// The model graph the fuzzer maps into: every property type MirrorModel supports, and every
// class hook that changes how a value is read (key paths, defaults, null strings, a
// transformer, `arrayElementTypes`, `modelType(for:)`, `keepsUnknownKeys`, `validate`,
// `didMap`, key strategies).

/// A `String`-backed enum.
enum FuzzColor: String, MappableValue {
  case red, green, blue
}

/// An `Int`-backed enum.
enum FuzzLevel: Int, MappableValue {
  case low = 1
  case mid = 2
  case high = 3
}

/// Thrown by the `didMap` and `validate` hooks for the inputs that ask for it.
struct FuzzHookError: Error, CustomStringConvertible {
  var description: String
}

/// The recursive model: a tree of nodes with (after `FuzzGraph.link`) back references to
/// their parents, so `toDictionary`, `copy`, `==` and `description` meet real cycles.
final class FuzzNode: ModelBase {
  var name: String = ""
  var weight: Double = 0
  var tag: Int8?
  var children: [FuzzNode] = []
  var parent: FuzzNode?

  /// Only "none" means null in a node (not "null", "nil", ...): the root's null strings
  /// must not leak into nested models, nor these out of them.
  override class var nullStrings: Set<String> { ["none"] }

  override func didMap(from dictionary: [String: Any]) throws {
    if name == "didMap-throws" {
      throw FuzzHookError(description: "a node named didMap-throws")
    }
  }
}

/// The polymorphic base: `modelType(for:)` picks the subclass from the `type` key.
class FuzzItem: ModelBase {
  var kind: String = ""
  var title: String?
  var price: Decimal?

  override class var propertyMapping: [String: String] { ["kind": "type"] }

  override class func modelType(for dictionary: [String: Any]) -> ModelBase.Type? {
    switch dictionary["type"] as? String {
    case "video": return FuzzVideo.self
    case "photo": return FuzzPhoto.self
    case "node": return FuzzNode.self  // not a FuzzItem: a configuration issue at its path
    default: return nil
    }
  }
}

/// A subclass with floating-point and URL properties.
final class FuzzVideo: FuzzItem {
  var duration: Float = 0
  var url: URL?
  var frameRates: [Float] = []
}

/// A subclass with snake-case keys (`pixel_width`, `raw_data`).
final class FuzzPhoto: FuzzItem {
  var pixelWidth: UInt8 = 0
  var rawData: Data?
  var takenAt: Date?

  override class var keyStrategy: KeyStrategy { .snakeCase }
}

/// The top-level model.
final class FuzzRoot: ModelBase {
  // Scalars.
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
  var date: Date = Date(timeIntervalSince1970: 0)
  var url: URL = URL(fileURLWithPath: "/")
  var uuid: UUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
  var data: Data = Data()
  var color: FuzzColor = .red
  var level: FuzzLevel = .low

  // Optionals.
  var optString: String?
  var optInt: Int?
  var optInt8: Int8?
  var optUInt8: UInt8?
  var optInt64: Int64?
  var optUInt64: UInt64?
  var optDouble: Double?
  var optFloat: Float?
  var optBool: Bool?
  var optDecimal: Decimal?
  var optDate: Date?
  var optURL: URL?
  var optUUID: UUID?
  var optData: Data?
  var optColor: FuzzColor?
  var optLevel: FuzzLevel?
  var doubleOptional: Int??

  // Models and containers.
  var node: FuzzNode?
  var item: FuzzItem?
  var video: FuzzVideo?
  var items: [FuzzItem] = []
  var optItems: [FuzzItem]?
  var nodesByName: [String: FuzzNode] = [:]
  var tags: Set<String> = []
  var matrix: [[Double]] = []
  var optionalInts: [Int?] = []
  var optMatrix: [[Double]]?
  var optNames: [String]? = ["initial"]
  var colors: [FuzzColor] = []
  var scores: [String: Double] = [:]

  // Untyped.
  var anything: Any = 0
  var optAnything: Any?
  var list: [Any] = []
  var polymorphic: [Any] = []
  var object: [String: Any] = [:]
  var objects: [[String: Any]] = []

  // Hooks.
  var metaId: Int = 0
  var metaName: String?
  var released: Date?
  var status: String = ""
  var count: Int = 0
  var ratio: Double = 0

  override class var propertyMapping: [String: String] {
    ["metaId": "meta.id", "metaName": "meta.info.name"]
  }

  override class var defaultValues: [String: Any] {
    ["status": "unknown", "count": "42", "ratio": 1]
  }

  override class var nullStrings: Set<String> { super.nullStrings.union(["N/A", "-"]) }

  override class var transformers: [String: PropertyTransformer] {
    ["released": .date(format: "MM-dd-yyyy")]
  }

  override class var arrayElementTypes: [String: ModelBase.Type] {
    ["polymorphic": FuzzItem.self]
  }

  override class var keepsUnknownKeys: Bool { true }

  override func validate(_ value: Any, forProperty property: String) throws -> Any {
    switch (property, value) {
    case ("int", let int as Int) where int == 666:
      throw ConversionError(expectedType: "Int", reason: "666 is rejected by validate")
    case ("string", let string as String) where string == "replace-me":
      return "replaced"
    case ("float", let float as Float) where float == 13:
      return "thirteen"  // the wrong type: a hookFailed issue
    case ("uint8", let byte as UInt8) where byte == 99:
      throw FuzzHookError(description: "99 is rejected by validate")
    default:
      return value
    }
  }

  override func didMap(from dictionary: [String: Any]) throws {
    if string == "didMap-throws" {
      throw FuzzHookError(description: "the root's string is didMap-throws")
    }
  }
}

/// Helpers over the node graph of a mapped root.
enum FuzzGraph {
  /// Every node reachable from `root`.
  static func nodes(of root: FuzzRoot) -> [FuzzNode] {
    var seen: Set<ObjectIdentifier> = []
    var result: [FuzzNode] = []
    var pending: [FuzzNode] = []
    if let node = root.node { pending.append(node) }
    pending.append(contentsOf: root.nodesByName.values)
    while let node = pending.popLast() {
      guard seen.insert(ObjectIdentifier(node)).inserted else { continue }
      result.append(node)
      pending.append(contentsOf: node.children)
      if let parent = node.parent { pending.append(parent) }
    }
    return result
  }

  /// Points every child without a parent at the node that holds it: reference cycles.
  static func link(_ root: FuzzRoot) {
    for node in nodes(of: root) {
      for child in node.children where child.parent == nil && child !== node {
        child.parent = node
      }
    }
  }

  /// Breaks every parent reference, so the graph is freed (LeakSanitizer watches).
  static func unlink(_ root: FuzzRoot) {
    for node in nodes(of: root) { node.parent = nil }
  }
}
