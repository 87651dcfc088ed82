import Foundation

/// What `Any`, `[Any]` and `[String: Any]` properties accept and write: JSON values and models.
///
/// A value JSON cannot hold (`Double.nan`, an infinity, a `Date`, an arbitrary object, a
/// Foundation container that contains itself) is an issue at its path when it is mapped in,
/// and is left out when a value set in code is written out, so that ``ModelBase/toDictionary()``
/// always returns what `JSONSerialization.isValidJSONObject` accepts.
enum JSONCompatibility {
  /// `value` as it is, after checking every value inside it; throws (having recorded the
  /// issues inside with their paths) when one is not JSON.
  static func checked(_ value: Any, context: MappingContext) throws -> Any {
    try check(value, context: context)
    return value
  }

  private static func check(_ value: Any, context: MappingContext) throws {
    if isLeaf(value) { return }
    guard let children = children(of: value) else {
      throw ConversionError(
        kind: .typeMismatch, expectedType: "a JSON value",
        reason: "\(describeValue(value)) cannot be written as JSON")
    }
    // A Foundation container can contain itself; a Swift one cannot.
    let object = isObject(value) ? value as AnyObject : nil
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

  /// The elements of an array, or the entries of a dictionary in key order, with their paths.
  ///
  /// `nil` for anything else. A Foundation container is read as it is, element by element.
  private static func children(of value: Any) -> [(MappingContext.PathComponent, Any)]? {
    if isObject(value) {
      // Element by element: NSArray's own sequence bridges every nested container to Swift,
      // without end for one that contains itself.
      if let array = value as? NSArray {
        return (0..<array.count).map { (.index($0), array.object(at: $0)) }
      }
      guard let dictionary = value as? NSDictionary else { return nil }
      var entries: [(String, Any)] = []
      for key in dictionary.allKeys {
        guard let text = stringValue(key), let element = dictionary.object(forKey: key) else {
          return nil
        }
        entries.append((text, element))
      }
      return entries.sorted { $0.0 < $1.0 }.map { (.key($0.0), $0.1) }
    }
    if let array = value as? [Any] {
      return array.enumerated().map { (.index($0.offset), $0.element) }
    }
    if let dictionary = value as? [String: Any] {
      return dictionary.sorted { $0.key < $1.key }.map { (.key($0.key), $0.value) }
    }
    return nil
  }

  /// Whether `value` is a JSON scalar (finite numbers only) or a model.
  private static func isLeaf(_ value: Any) -> Bool {
    if isNSNull(value) || stringValue(value) != nil { return true }
    if isObject(value) {
      if value is ModelBase { return true }
      guard let number = value as? NSNumber else { return false }
      return isFinite(number)
    }
    switch value {
    case let double as Double: return double.isFinite
    case let float as Float: return float.isFinite
    case let decimal as Decimal: return !decimal.isNaN
    case is Bool, is any BinaryInteger: return true
    default: return false
    }
  }

  static func isFinite(_ number: NSNumber) -> Bool {
    if let decimal = number as? NSDecimalNumber { return !decimal.decimalValue.isNaN }
    return number.doubleValue.isFinite
  }

  /// The JSON form of a value held in an `Any` property: models and other ``MappableValue``
  /// values converted, Foundation containers and strings turned into Swift ones, and what
  /// JSON cannot hold left out (`nil`).
  static func jsonValue(_ value: Any, context: MappingContext) -> Any? {
    if isNSNull(value) { return value }
    if isObject(value) {
      if let string = stringValue(value) { return string }
      if let number = value as? NSNumber { return isFinite(number) ? number : nil }
      if !(value is ModelBase), value is NSArray || value is NSDictionary {
        let object = value as AnyObject
        guard context.beginWriting(object) else { return nil }  // contains itself
        defer { context.endWriting(object) }
        return containerValue(value, context: context)
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

  /// An array or dictionary, one level deeper (empty or not: the check on the way in counts
  /// every container).
  private static func containerValue(_ value: Any, context: MappingContext) -> Any? {
    guard let children = children(of: value), context.enterOutputNesting() else { return nil }
    defer { context.leaveNesting() }
    // On the recursive path of nested values: one loop, no closure, so the frame stays small.
    let isArray = isObject(value) ? value is NSArray : value is [Any]
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
