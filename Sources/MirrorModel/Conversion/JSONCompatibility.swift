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
    return members.sorted { utf8Precedes($0.key, $1.key) }.map { (.key($0.key), $0.value) }
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

  /// ``isLeaf(_:_:)`` of `value`'s kind, the kind kept out of the caller's frame.
  @inline(never)
  private static func isLeaf(_ value: Any) -> Bool {
    isLeaf(value, JSONKind(value))
  }

  /// What ``jsonValue(_:context:)`` does with an object (a class instance).
  private enum ObjectValue {
    /// A scalar, or a value JSON cannot hold (`nil`): the result.
    case result(Any?)
    /// A Foundation array or dictionary.
    case container
    /// Anything else (a model, a `Date`): converted as any other value.
    case other
  }

  /// What an object is to ``jsonValue(_:context:)``: apart, so that its kind is not in the
  /// frame of that recursive function.
  @inline(never)
  private static func objectValue(_ value: Any) -> ObjectValue {
    let kind = JSONKind(value)
    switch kind {
    case .null: return .result(value)
    case .string(let string): return .result(string)
    case .bool, .int, .uint, .signed, .unsigned, .double, .float, .decimal:
      return .result(kind.isScalar ? value : nil)
    case .foundationArray, .foundationObject: return .container
    case .absent, .object, .array, .other: return .other
    }
  }

  /// The JSON form of a value held in an `Any` property: models and other ``MappableValue``
  /// values converted, Foundation containers and strings turned into Swift ones, and what
  /// JSON cannot hold left out (`nil`).
  ///
  /// On the recursive path of nested values, with ``containerValue(_:context:)``: what a value
  /// is, is asked in helpers, so that these frames stay small (200 levels on a 512 KB thread,
  /// under AddressSanitizer too).
  static func jsonValue(_ value: Any, context: MappingContext) -> Any? {
    if isObject(value) {
      switch objectValue(value) {
      case .result(let result):
        return result
      case .container:
        let object = value as AnyObject
        guard context.beginWriting(object) else { return nil }  // contains itself
        defer { context.endWriting(object) }
        return containerValue(value, context: context)
      case .other:
        break
      }
    }
    if let mappable = value as? any MappableValue {
      guard let converted = mappable.toMappedValue(context: context) else { return nil }
      if isLeaf(converted) { return converted }
      // A conversion's result is JSON already, unless a custom one returned something else:
      // walked again, at the same depth (a typed container counts one level, as on the way
      // in).
      return jsonValue(converted, context: context)
    }
    return containerValue(value, context: context)
  }

  /// The children of a container and whether it is an array; `nil` for any other value.
  @inline(never)
  private static func containerChildren(
    _ value: Any
  ) -> (children: [(MappingContext.PathComponent, Any)], isArray: Bool)? {
    let kind = JSONKind(value)
    guard let children = children(of: kind) else { return nil }
    switch kind {
    case .array, .foundationArray: return (children, true)
    default: return (children, false)
    }
  }

  /// An array or object, one level deeper (empty or not: the check on the way in counts
  /// every container).
  private static func containerValue(_ value: Any, context: MappingContext) -> Any? {
    guard let (children, isArray) = containerChildren(value), context.enterOutputNesting()
    else { return nil }
    defer { context.leaveNesting() }
    // On the recursive path of nested values: one loop, no closure, so the frame stays small.
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
