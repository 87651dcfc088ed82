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
      },
      // An optional of an optional is left to the walk (its inner `null`).
      selfCoded: wrapped.selfCoded.flatMap {
        $0.optional ? nil : ValueConversion.SelfCoded(type: $0.type, optional: true)
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
      },
      // Not of optionals: an element that is a null string is `nil` here, a value to the
      // element's own decoding.
      selfCoded: element.selfCoded.flatMap {
        guard !$0.optional, let decodable = Self.self as? any Decodable.Type else { return nil }
        return ValueConversion.SelfCoded(type: decodable, optional: false)
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
  if let typed = castIfPossible(value, to: T.self) { return typed }
  throw ConversionError(
    kind: .configuration, expectedType: typeName(T.self),
    reason: "the conversion produced \(describeValue(value)), not a \(typeName(T.self))")
}

/// The type inside every `Optional` that wraps `type`, and how many wrap it (`Leaf??`: `Leaf`,
/// 2).
func unwrappedOptionals(_ type: Any.Type) -> (wrapped: Any.Type, depth: Int) {
  var depth = 0
  var current = type
  while MetadataKind(of: current) == .optional,
    let optional = current as? any StructuralContainer.Type
  {
    depth += 1
    current = optional.containedType
  }
  return (current, depth)
}
