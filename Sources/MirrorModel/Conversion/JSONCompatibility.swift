import Foundation

/// What `Any`, `[Any]` and `[String: Any]` properties accept and write: JSON values and models.
///
/// A value JSON cannot hold (`Double.nan`, an infinity, a `Date`, an arbitrary object, a
/// Foundation container that contains itself) is an issue at its path when it is mapped in,
/// and is left out when a value set in code is written out, so that ``ModelBase/toDictionary()``
/// always returns what `JSONSerialization.isValidJSONObject` accepts. What a value is comes
/// from ``JSONKind``, as for every writer.
///
/// A Foundation container that contains itself is told on Apple platforms, where its elements
/// come out as the objects they are. On Linux, Foundation converts each nested container it
/// hands out, so that reading such a container's elements does not end: it cannot be used
/// there at all (checked on Linux only).
enum JSONCompatibility {
  /// `value` as it is, after checking every value inside it; throws (having recorded the
  /// issues inside with their paths) when one is not JSON.
  static func checked(_ value: Any, context: MappingContext) throws -> Any {
    try check(value, context: context)
    return value
  }

  private static func check(_ value: Any, context: MappingContext) throws {
    let kind = JSONKind(value)
    if isLeaf(value, kind) { return }
    guard let children = children(of: kind) else {
      throw ConversionError(
        kind: .typeMismatch, expectedType: "a JSON value",
        reason: "\(describeValue(value)) cannot be written as JSON")
    }
    // A Foundation container can contain itself; a Swift one cannot.
    let object = isFoundationContainer(kind) ? value as AnyObject : nil
    if let object, !context.beginWriting(object) {
      throw ConversionError(
        kind: .invalidValue, expectedType: "a JSON value",
        reason: "\(describeValue(value)) contains itself")
    }
    defer { object.map(context.endWriting) }
    try context.enterNesting(expected: "a JSON value")
    defer { context.leaveNesting() }
    var failed = false
    for (component, element) in children {
      context.push(component)
      defer { context.pop() }
      do { try check(element, context: context) } catch {
        context.record(error, for: element, expected: "a JSON value")
        failed = true
      }
    }
    if failed { throw IssuesAlreadyRecorded() }
  }

  /// The elements of an array, or the entries of an object in key order, with their paths.
  ///
  /// `nil` for anything else, or an `NSDictionary` with a key that is not a string.
  private static func children(of kind: JSONKind) -> [(MappingContext.PathComponent, Any)]? {
    if let elements = kind.elements {
      return elements.enumerated().map { (.index($0.offset), $0.element) }
    }
    guard let members = kind.members else { return nil }
    return members.sorted { $0.key < $1.key }.map { (.key($0.key), $0.value) }
  }

  private static func isFoundationContainer(_ kind: JSONKind) -> Bool {
    switch kind {
    case .foundationArray, .foundationObject: true
    default: false
    }
  }

  /// Whether `value` (of `kind`) is a JSON scalar (finite numbers only) or a model.
  private static func isLeaf(_ value: Any, _ kind: JSONKind) -> Bool {
    if kind.isScalar { return true }
    guard case .other = kind else { return false }
    return isObject(value) && value is ModelBase
  }

  /// The JSON form of a value held in an `Any` property: models and other ``MappableValue``
  /// values converted, Foundation containers and strings turned into Swift ones, and what
  /// JSON cannot hold left out (`nil`).
  static func jsonValue(_ value: Any, context: MappingContext) -> Any? {
    var kind: JSONKind?
    if isObject(value) {
      let objectKind = JSONKind(value)
      switch objectKind {
      case .null: return value
      case .string(let string): return string
      case .bool, .int, .uint, .signed, .unsigned, .double, .float, .decimal:
        return objectKind.isScalar ? value : nil
      case .foundationArray, .foundationObject:
        let object = value as AnyObject
        guard context.beginWriting(object) else { return nil }  // contains itself
        defer { context.endWriting(object) }
        return containerValue(objectKind, context: context)
      case .absent, .object, .array, .other:
        kind = objectKind
      }
    }
    if let mappable = value as? any MappableValue {
      guard let converted = mappable.toMappedValue(context: context) else { return nil }
      if isLeaf(converted, JSONKind(converted)) { return converted }
      // A conversion's result is JSON already, unless a custom one returned something else:
      // walked again, at the same depth (a typed container counts one level, as on the way
      // in).
      return jsonValue(converted, context: context)
    }
    return containerValue(kind ?? JSONKind(value), context: context)
  }

  /// An array or object, one level deeper (empty or not: the check on the way in counts
  /// every container).
  private static func containerValue(_ kind: JSONKind, context: MappingContext) -> Any? {
    guard let children = children(of: kind), context.enterOutputNesting() else { return nil }
    defer { context.leaveNesting() }
    // On the recursive path of nested values: one loop, no closure, so the frame stays small.
    let isArray: Bool
    switch kind {
    case .array, .foundationArray: isArray = true
    default: isArray = false
    }
    var elements: [Any] = []
    var entries: [String: Any] = [:]
    for (component, element) in children {
      context.push(component)
      let converted = jsonValue(element, context: context)
      context.pop()
      guard let converted else { continue }
      if isArray {
        elements.append(converted)
      } else if case .key(let key) = component {
        entries[key] = converted
      }
    }
    return isArray ? elements : entries
  }
}
