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
    try CollectionMapping.array(
      value, context: context, typeName: typeName(Self.self),
      decodeRecordsNothing: elementsOnlyThrow
    ) {
      try Element.fromMappedValue($0, context: $1)
    }
  }

  /// Whether the elements' conversion only throws (the scalars'): their paths are made for an
  /// issue only.
  static var elementsOnlyThrow: Bool {
    Element.self == String.self || Element.self == Int.self || Element.self == Double.self
      || Element.self == Bool.self || Element.self == Int64.self
  }

  // Specialized for the commonest elements: the unspecialized loop looks metadata up for
  // each call and goes through the element's witness table for each element.

  /// An array of the elements' conversions; elements that convert to nothing (a reference
  /// cycle) are left out.
  @_specialize(where Element == String)
  @_specialize(where Element == Int)
  @_specialize(where Element == Double)
  @_specialize(where Element == Int64)
  public func toMappedValue(context: MappingContext) -> Any? {
    if isEmpty { return [Any]() }
    guard context.enterOutputNesting() else { return nil }
    defer { context.leaveNesting() }
    var result: [Any] = []
    result.reserveCapacity(count)
    // Elements whose conversion is themselves, never left out and never an issue: no path.
    if Element.self == String.self || Element.self == Int.self || Element.self == Bool.self {
      for element in self { result.append(element) }
      return result
    }
    var index = 0
    for element in self {
      context.push(.index(index))
      index += 1
      if let value = element.toMappedValue(context: context) { result.append(value) }
      context.pop()
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
    // The array's conversion, called here rather than through `[Element]`'s: a frame fewer on
    // the recursive path of models in a set (a debug build does not inline it).
    return Set(
      try CollectionMapping.array(
        value, context: context, typeName: typeName([Element].self),
        decodeRecordsNothing: [Element].elementsOnlyThrow
      ) {
        try Element.fromMappedValue($0, context: $1)
      })
  }

  /// An array of the elements' conversions, in a stable order (sorted by their JSON text), so
  /// that equal sets give equal arrays whatever their insertion history.
  public func toMappedValue(context: MappingContext) -> Any? {
    guard let array = Array(self).toMappedValue(context: context) as? [Any] else { return nil }
    return CollectionMapping.sortedForOutput(array)
  }
}

extension Dictionary: MappableValue where Key == String, Value: MappableValue {
  /// Converts a dictionary value by value; every value's issue is recorded with its key.
  public static func fromMappedValue(
    _ value: Any, context: MappingContext
  ) throws -> [String: Value] {
    try CollectionMapping.dictionary(value, context: context, typeName: typeName(Self.self)) {
      try Value.fromMappedValue($0, context: $1)
    }
  }

  /// A dictionary of the values' conversions; values that convert to nothing are left out.
  public func toMappedValue(context: MappingContext) -> Any? {
    if isEmpty { return [String: Any]() }
    guard context.enterOutputNesting() else { return nil }
    defer { context.leaveNesting() }
    var result: [String: Any] = [:]
    result.reserveCapacity(count)
    for (key, element) in self {
      context.push(.key(key))
      if let value = element.toMappedValue(context: context) { result[key] = value }
      context.pop()
    }
    return result
  }
}
