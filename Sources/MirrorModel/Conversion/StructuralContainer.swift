import Foundation

/// The standard containers, taken apart when a schema is built: `Optional`, `Array`, `Set` and
/// `Dictionary` with `String` keys, whatever their element type.
///
/// Conditional ``MappableValue`` conformances cover containers of conforming types; these
/// unconditional ones let a `[Status]`, `Status?` or `[String: NSNumber]` map too, by building
/// the container's conversion from its element's (see ``ValueConversion``).
protocol StructuralContainer {
  /// The wrapped, element or value type.
  static var containedType: Any.Type { get }
  /// This container's conversion, given its element's.
  static func conversion(containing element: ValueConversion) -> ValueConversion
}

extension Optional: StructuralContainer {
  static var containedType: Any.Type { Wrapped.self }

  static func conversion(containing wrapped: ValueConversion) -> ValueConversion {
    ValueConversion(
      decode: { raw, context in
        if context.isNull(raw) { return Wrapped?.none as Any }
        let present = try cast(wrapped.decode(raw, context), to: Wrapped.self)
        return Optional(present) as Any
      },
      encode: { value, context in
        guard let optional = value as? Wrapped? else { return nil }
        guard let present = optional else { return NSNull() }
        return wrapped.encode(present, context)
      })
  }
}

extension Array: StructuralContainer {
  static var containedType: Any.Type { Element.self }

  static func conversion(containing element: ValueConversion) -> ValueConversion {
    ValueConversion(
      decode: { raw, context in
        try CollectionMapping.array(raw, context: context, typeName: typeName(Self.self)) {
          try cast(element.decode($0, $1), to: Element.self)
        }
      },
      encode: { value, context in
        guard let array = value as? [Element] else { return nil }
        if array.isEmpty { return [Any]() }
        guard context.enterOutputNesting() else { return nil }
        defer { context.leaveNesting() }
        return array.compactMap { element.encode($0, context) }
      })
  }
}

extension Set: StructuralContainer {
  static var containedType: Any.Type { Element.self }

  static func conversion(containing element: ValueConversion) -> ValueConversion {
    let array = [Element].conversion(containing: element)
    return ValueConversion(
      decode: { raw, context in
        Set(try cast(array.decode(raw, context), to: [Element].self))
      },
      encode: { value, context in
        guard let set = value as? Set<Element>,
          let values = array.encode(Array(set), context) as? [Any]
        else { return nil }
        return CollectionMapping.sortedForOutput(values)
      })
  }
}

extension Dictionary: StructuralContainer where Key == String {
  static var containedType: Any.Type { Value.self }

  static func conversion(containing element: ValueConversion) -> ValueConversion {
    ValueConversion(
      decode: { raw, context in
        try CollectionMapping.dictionary(raw, context: context, typeName: typeName(Self.self)) {
          try cast(element.decode($0, $1), to: Value.self)
        }
      },
      encode: { value, context in
        guard let dictionary = value as? [String: Value] else { return nil }
        if dictionary.isEmpty { return [String: Any]() }
        guard context.enterOutputNesting() else { return nil }
        defer { context.leaveNesting() }
        return dictionary.compactMapValues { element.encode($0, context) }
      })
  }
}

/// `value` as `T`; a conversion that built something else is a bug in MirrorModel, reported as
/// an issue rather than a trap.
@inline(__always)
func cast<T>(_ value: Any, to: T.Type) throws -> T {
  if let typed = value as? T { return typed }
  throw ConversionError(
    kind: .configuration, expectedType: typeName(T.self),
    reason: "the conversion produced \(describeValue(value)), not a \(typeName(T.self))")
}

/// The element-by-element walks every array and dictionary conversion shares: nesting depth,
/// one path component per element, every element's issue recorded.
enum CollectionMapping {
  static func array<Element>(
    _ value: Any, context: MappingContext, typeName: @autoclosure () -> String,
    element decode: (Any, MappingContext) throws -> Element
  ) throws -> [Element] {
    guard let raw = value as? [Any] else {
      throw ConversionError.typeMismatch(typeName(), accepts: "an array")
    }
    if raw.isEmpty { return [] }  // nothing nested: no depth to spend
    try context.enterNesting(expected: typeName())
    defer { context.leaveNesting() }
    var result: [Element] = []
    result.reserveCapacity(raw.count)
    var failed = false
    for index in raw.indices {
      let element = raw[index]
      context.push(.index(index))
      do {
        result.append(try decode(element, context))
      } catch {
        context.record(error, for: element, expected: MirrorModel.typeName(Element.self))
        failed = true
      }
      context.pop()
    }
    if failed { throw IssuesAlreadyRecorded() }
    return result
  }

  static func dictionary<Value>(
    _ value: Any, context: MappingContext, typeName: @autoclosure () -> String,
    value decode: (Any, MappingContext) throws -> Value
  ) throws -> [String: Value] {
    guard let raw = value as? [String: Any] else {
      throw ConversionError.typeMismatch(typeName(), accepts: "a dictionary")
    }
    if raw.isEmpty { return [:] }  // nothing nested: no depth to spend
    try context.enterNesting(expected: typeName())
    defer { context.leaveNesting() }
    var result: [String: Value] = [:]
    result.reserveCapacity(raw.count)
    var failed = false
    let firstIssue = context.issueCount
    for (key, element) in raw {
      context.push(.key(key))
      do {
        result[key] = try decode(element, context)
      } catch {
        context.record(error, for: element, expected: MirrorModel.typeName(Value.self))
        failed = true
      }
      context.pop()
    }
    // Dictionary order is random; issue order is not (nested models' issues included).
    context.sortIssues(from: firstIssue)
    if failed { throw IssuesAlreadyRecorded() }
    return result
  }

  /// A set's converted elements in a stable order (sorted by their JSON text), so that equal
  /// sets give equal arrays whatever their insertion history.
  static func sortedForOutput(_ values: [Any]) -> [Any] {
    values.map { (key: JSONValue.sortKey($0), value: $0) }
      .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }  // a strict order
      .map(\.value)
  }
}
