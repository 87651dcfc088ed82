import Foundation

extension Optional: MappableValue where Wrapped: MappableValue {
  /// `nil` for `NSNull` and the model's null strings; otherwise the wrapped type's conversion.
  public static func fromMappedValue(_ value: Any, context: MappingContext) throws -> Wrapped? {
    if context.isNull(value) { return nil }
    return try Wrapped.fromMappedValue(value, context: context)
  }

  /// `NSNull` for `nil` (a property whose value is `nil` is left out of the dictionary);
  /// otherwise the wrapped value's conversion.
  public func toMappedValue(context: MappingContext) -> Any? {
    switch self {
    case .none: return NSNull()
    case .some(let wrapped): return wrapped.toMappedValue(context: context)
    }
  }
}

extension Array: MappableValue where Element: MappableValue {
  /// Converts an array element by element; every element's issue is recorded with its index.
  public static func fromMappedValue(_ value: Any, context: MappingContext) throws -> [Element] {
    guard let raw = value as? [Any] else {
      throw ConversionError.typeMismatch(typeName(Self.self), accepts: "an array")
    }
    if raw.isEmpty { return [] }  // nothing nested: no depth to spend
    try context.enterNesting(expected: typeName(Self.self))
    defer { context.leaveNesting() }
    var result: [Element] = []
    result.reserveCapacity(raw.count)
    var failed = false
    for index in raw.indices {
      let element = raw[index]
      context.push(.index(index))
      do {
        result.append(try Element.fromMappedValue(element, context: context))
      } catch {
        context.record(error, for: element, expected: typeName(Element.self))
        failed = true
      }
      context.pop()
    }
    if failed { throw IssuesAlreadyRecorded() }
    return result
  }

  /// An array of the elements' conversions; elements that convert to nothing (a reference
  /// cycle) are left out.
  public func toMappedValue(context: MappingContext) -> Any? {
    var result: [Any] = []
    result.reserveCapacity(count)
    for element in self {
      if let value = element.toMappedValue(context: context) { result.append(value) }
    }
    return result
  }
}

extension Set: MappableValue where Element: MappableValue {
  /// Converts an array element by element into a set (duplicates collapse).
  public static func fromMappedValue(_ value: Any, context: MappingContext) throws -> Set<Element> {
    guard value is [Any] else {
      throw ConversionError.typeMismatch(typeName(Self.self), accepts: "an array")
    }
    return Set(try [Element].fromMappedValue(value, context: context))
  }

  /// An array of the elements' conversions, in a stable order (sorted by their JSON text), so
  /// that equal sets give equal arrays whatever their insertion history.
  public func toMappedValue(context: MappingContext) -> Any? {
    guard let array = Array(self).toMappedValue(context: context) as? [Any] else { return nil }
    return array.map { (key: JSONValue.sortKey($0), value: $0) }
      .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }  // a strict order
      .map(\.value)
  }
}

extension Dictionary: MappableValue where Key == String, Value: MappableValue {
  /// Converts a dictionary value by value; every value's issue is recorded with its key.
  public static func fromMappedValue(
    _ value: Any, context: MappingContext
  ) throws -> [String: Value] {
    guard let raw = value as? [String: Any] else {
      throw ConversionError.typeMismatch(typeName(Self.self), accepts: "a dictionary")
    }
    if raw.isEmpty { return [:] }  // nothing nested: no depth to spend
    try context.enterNesting(expected: typeName(Self.self))
    defer { context.leaveNesting() }
    var result: [String: Value] = [:]
    result.reserveCapacity(raw.count)
    var failed = false
    let firstIssue = context.issueCount
    for (key, element) in raw {
      context.push(.key(key))
      do {
        result[key] = try Value.fromMappedValue(element, context: context)
      } catch {
        context.record(error, for: element, expected: typeName(Value.self))
        failed = true
      }
      context.pop()
    }
    // Dictionary order is random; issue order is not (nested models' issues included).
    context.sortIssues(from: firstIssue)
    if failed { throw IssuesAlreadyRecorded() }
    return result
  }

  /// A dictionary of the values' conversions; values that convert to nothing are left out.
  public func toMappedValue(context: MappingContext) -> Any? {
    var result: [String: Any] = [:]
    result.reserveCapacity(count)
    for (key, element) in self {
      if let value = element.toMappedValue(context: context) { result[key] = value }
    }
    return result
  }
}
