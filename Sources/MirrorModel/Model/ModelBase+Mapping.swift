import Foundation

extension ModelBase {
  /// Maps `dictionary` into `self` as the top-level model of a call; returns the issues.
  final func mapRoot(
    _ dictionary: [String: Any], mode: MappingMode, isUpdating: Bool
  ) -> [MappingIssue] {
    let context = MappingContext(mode: mode, isUpdating: isUpdating)
    fill(from: dictionary, schema: SchemaCache.shared.schema(for: self), context: context)
    return context.issues
  }

  /// Fills `self` from `dictionary`, property by property, then runs ``didMap(from:)``.
  ///
  /// On the recursive path of nested models: the work that does not recurse is kept in
  /// helpers, so that this frame stays small.
  final func fill(from dictionary: [String: Any], schema: ClassSchema, context: MappingContext) {
    let saved = context.enterModel(schema)
    defer { context.leaveModel(saved) }
    for property in schema.properties {
      context.push(property.pathComponent)
      property.accessor.map(
        Self.rawValue(of: property, in: dictionary, context: context), into: self,
        context: context)
      context.pop()
    }
    finishFill(from: dictionary, schema: schema, context: context)
  }

  @inline(__always)
  private static func rawValue(
    of property: ClassSchema.Property, in dictionary: [String: Any], context: MappingContext
  ) -> Any? {
    guard let keyPath = property.keyPath else { return dictionary[property.key] }
    return lookUp(keyPath, in: dictionary, context: context)
  }

  @inline(never)
  private final func finishFill(
    from dictionary: [String: Any], schema: ClassSchema, context: MappingContext
  ) {
    if context.mode == .lenient || schema.keepsUnknownKeys {
      collectUnknownKeys(of: dictionary, schema: schema, context: context)
    }
    do {
      try didMap(from: dictionary)
    } catch {
      context.record(error, for: dictionary, expected: typeName(type(of: self)))
    }
  }

  private final func collectUnknownKeys(
    of dictionary: [String: Any], schema: ClassSchema, context: MappingContext
  ) {
    let unknown = Self.unknownValues(in: dictionary, reading: schema.inputKeys)
    if schema.keepsUnknownKeys {
      if context.isUpdating {
        storedUnknownValues = (storedUnknownValues ?? [:]).merging(unknown) { $1 }
      } else {
        storedUnknownValues = unknown.isEmpty ? nil : unknown
      }
    }
    guard context.mode == .lenient else { return }
    reportUnknown(unknown, reading: schema.inputKeys, context: context)
  }

  /// The keys of `dictionary` no property reads, with their values; inside a key that key
  /// paths read only in part, the keys they do not name.
  private static func unknownValues(
    in dictionary: [String: Any], reading keys: [String: ClassSchema.InputKey]
  ) -> [String: Any] {
    var unknown: [String: Any] = [:]
    for (key, value) in dictionary {
      switch keys[key] {
      case nil:
        unknown[key] = value
      case .whole:
        break
      case .nested(let inner):
        guard let nested = value as? [String: Any] else { break }  // reported by the key path
        let rest = unknownValues(in: nested, reading: inner)
        if !rest.isEmpty { unknown[key] = rest }
      }
    }
    return unknown
  }

  /// One ``MappingIssue/Kind/unknownKey`` issue per unknown key, at its full path.
  private final func reportUnknown(
    _ unknown: [String: Any], reading keys: [String: ClassSchema.InputKey],
    context: MappingContext
  ) {
    for key in unknown.keys.sorted() {
      guard let value = unknown[key] else { continue }
      context.push(.key(key))
      defer { context.pop() }
      if case .nested(let inner) = keys[key], let rest = value as? [String: Any] {
        reportUnknown(rest, reading: inner, context: context)
        continue
      }
      context.record(
        .unknownKey, expected: "no value", found: describeValue(value),
        reason: "no property of \(typeName(type(of: self))) maps key \(quoted(key))")
    }
  }

  static func lookUp(
    _ keyPath: [String], in dictionary: [String: Any], context: MappingContext
  ) -> Any? {
    var current = dictionary
    for (index, key) in keyPath.enumerated() {
      guard let value = current[key] else { return nil }
      if index == keyPath.count - 1 { return value }
      if context.isNull(value) { return nil }
      guard let next = value as? [String: Any] else {
        context.record(
          .typeMismatch, expected: "[String: Any]", found: describeValue(value),
          reason: "key path needs a dictionary at \(keyPath[...index].joined(separator: "."))")
        return nil
      }
      current = next
    }
    return nil
  }

  final func dictionaryValue(schema: ClassSchema, context: MappingContext) -> [String: Any] {
    var result: [String: Any] = storedUnknownValues ?? [:]
    result.reserveCapacity(schema.properties.count)
    for property in schema.properties {
      guard let value = property.accessor.mappedValue(of: self, context: context) else {
        continue
      }
      if let keyPath = property.outputKeyPath {
        Self.insert(value, at: keyPath[...], into: &result)
      } else {
        result[property.outputKey] = value
      }
    }
    return result
  }

  private static func insert(
    _ value: Any, at keyPath: ArraySlice<String>, into dictionary: inout [String: Any]
  ) {
    guard let first = keyPath.first else { return }
    if keyPath.count == 1 {
      dictionary[first] = value
      return
    }
    var nested = dictionary[first] as? [String: Any] ?? [:]
    insert(value, at: keyPath.dropFirst(), into: &nested)
    dictionary[first] = nested
  }
}
