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
    if let array = value as? [Any] {
      try checkContainer(value, context: context) {
        var failed = false
        for (index, element) in array.enumerated() {
          context.push(.index(index))
          defer { context.pop() }
          do { try check(element, context: context) } catch {
            context.record(error, for: element, expected: "a JSON value")
            failed = true
          }
        }
        return failed
      }
    } else if let dictionary = value as? [String: Any] {
      try checkContainer(value, context: context) {
        var failed = false
        for (key, element) in dictionary.sorted(by: { $0.key < $1.key }) {
          context.push(.key(key))
          defer { context.pop() }
          do { try check(element, context: context) } catch {
            context.record(error, for: element, expected: "a JSON value")
            failed = true
          }
        }
        return failed
      }
    } else {
      throw ConversionError(
        kind: .typeMismatch, expectedType: "a JSON value",
        reason: "\(describeValue(value)) cannot be written as JSON")
    }
  }

  /// Runs `body` one level deeper, refusing a Foundation container that contains itself.
  private static func checkContainer(
    _ container: Any, context: MappingContext, body: () -> Bool
  ) throws {
    let object = isObject(container) ? container as AnyObject : nil
    if let object, !context.beginWriting(object) {
      throw ConversionError(
        kind: .invalidValue, expectedType: "a JSON value",
        reason: "\(describeValue(container)) contains itself")
    }
    defer { object.map(context.endWriting) }
    try context.enterNesting(expected: "a JSON value")
    defer { context.leaveNesting() }
    if body() { throw IssuesAlreadyRecorded() }
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
  static func jsonValue(_ value: Any, context: MappingContext, depth: Int = 0) -> Any? {
    guard depth <= MappingContext.maximumDepth else { return nil }
    if isNSNull(value) { return value }
    if isObject(value) {
      if let string = stringValue(value) { return string }
      if let number = value as? NSNumber { return isFinite(number) ? number : nil }
      if !(value is ModelBase), value is NSArray || value is NSDictionary {
        let object = value as AnyObject
        guard context.beginWriting(object) else { return nil }  // contains itself
        defer { context.endWriting(object) }
        return containerValue(value, context: context, depth: depth)
      }
    }
    if let mappable = value as? any MappableValue {
      guard let converted = mappable.toMappedValue(context: context) else { return nil }
      return isLeaf(converted) ? converted : jsonValue(converted, context: context, depth: depth)
    }
    return containerValue(value, context: context, depth: depth)
  }

  private static func containerValue(_ value: Any, context: MappingContext, depth: Int) -> Any? {
    if let array = value as? [Any] {
      return array.compactMap { jsonValue($0, context: context, depth: depth + 1) }
    }
    if let dictionary = value as? [String: Any] {
      return dictionary.compactMapValues { jsonValue($0, context: context, depth: depth + 1) }
    }
    return nil
  }
}
