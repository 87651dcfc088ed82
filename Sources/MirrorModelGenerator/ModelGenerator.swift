public import Foundation

/// Generates `ModelBase` subclasses that map a sample JSON payload.
///
/// Each object shape in the payload becomes one `final class`; the values seen at each key
/// decide the property's type, and keys that are not camelCase Swift names are listed in
/// `propertyMapping`. The output is deterministic: the same payload always gives the same text.
///
/// ```swift
/// let generator = ModelGenerator(rootName: "Hotel")
/// let source = try generator.generate(fromJSON: Data(#"{"hotel_id": 1}"#.utf8))
/// ```
public struct ModelGenerator: Sendable {
  /// The name of the class generated for the top-level object, as given.
  ///
  /// It is made a valid class name the way keys are (`hotel` -> `Hotel`).
  public var rootName: String
  /// Whether a top-level array names its class after the singular of ``rootName``
  /// (`listings` -> `Listing`), as when the name comes from the file's name.
  var singularizesArrayRoot = false
  /// Whether the classes are `@Observable`, as SwiftUI apps declare models.
  ///
  /// With the `propertyKeyPaths` their updates notify observers through. `false` by default.
  public var observable = false
  /// Whether the classes are declared `nonisolated`.
  ///
  /// They then compile in an app target whose default isolation is the main actor (Xcode 26's
  /// default). `true` by default; a Swift 6.0 toolchain, which does not accept `nonisolated`
  /// on a class, needs `false`.
  public var nonisolated = true

  /// Creates a generator whose top-level class is named after `rootName`.
  ///
  /// - Parameter rootName: The top-level class's name; `hotel` and `Hotel` both give `Hotel`.
  public init(rootName: String) {
    self.rootName = rootName
  }

  /// The Swift source for the payload.
  ///
  /// The top level must be an object, or an array whose elements are objects (they are merged
  /// into one class).
  ///
  /// - Parameters:
  ///   - data: The payload, as `JSONSerialization` reads it (UTF-8, UTF-16 or UTF-32).
  ///   - sourceName: The payload's name in error messages, such as its file name.
  /// - Returns: A Swift file that imports `Foundation` and `MirrorModel`.
  /// - Throws: ``GeneratorError`` when the data is not JSON or its top level is not an object.
  public func generate(fromJSON data: Data, sourceName: String = "input") throws -> String {
    let value: Any
    do {
      value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw GeneratorError(
        "invalid JSON in \(sourceName): \(Self.describe(error as NSError, in: data))")
    }
    let inference = ShapeInference(keyOrder: KeyOrder(scanning: Array(data)))
    let shape = inference.shape(of: value)
    let object: ObjectShape
    var className = Identifiers.typeName(forKey: rootName)
    switch shape.kind {
    case .object(let found):
      object = found
    case .array(let element?):
      guard case .object(let found) = element.kind else {
        throw GeneratorError(
          "\(sourceName): the top-level array must hold objects, found \(Self.noun(element.kind))")
      }
      object = found
      if singularizesArrayRoot {
        className = Identifiers.elementTypeName(forKey: rootName)
      }
    case .array(nil):
      throw GeneratorError("\(sourceName): the top-level array is empty; there is nothing to model")
    default:
      throw GeneratorError(
        "\(sourceName): the top level must be an object or an array of objects, "
          + "found \(Self.noun(shape.kind))")
    }
    let registry = ClassRegistry(root: InferredClass(object), name: className)
    return SwiftEmitter(registry: registry, observable: observable, nonisolated: nonisolated)
      .source()
  }

  /// The parser's reason, with the line and column of the character it names.
  static func describe(_ error: NSError, in data: Data) -> String {
    let reason =
      (error.userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
    guard let range = reason.range(of: "around character "),
      let offset = Int(reason[range.upperBound...].prefix { $0.isNumber }), offset <= data.count
    else { return reason }
    let before = Array(data.prefix(offset))
    let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
    return "\(reason) (line \(line), column \(column))"
  }

  private static func noun(_ kind: Kind?) -> String {
    switch kind {
    case nil: return "null"
    case .bool: return "a boolean"
    case .int, .double: return "a number"
    case .string, .date: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    case .any: return "values of different kinds"
    }
  }
}
