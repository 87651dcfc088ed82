import Foundation

/// `[String: Model]` values that ``ModelBase/update(with:mode:)`` refills in place.
protocol ModelDictionaryUpdating {
  /// The dictionary after `raw`: a model whose key is present is refilled in place (the same
  /// object), a new key creates a model, `null` removes the entry, absent keys are kept.
  func updated(with raw: [String: Any], context: MappingContext) throws -> Any
}

extension Dictionary: ModelDictionaryUpdating where Key == String, Value: ModelBase {
  func updated(with raw: [String: Any], context: MappingContext) throws -> Any {
    try context.enterNesting(expected: typeName(Self.self))
    defer { context.leaveNesting() }
    var result = self
    var failed = false
    for (key, value) in raw.sorted(by: { $0.key < $1.key }) {
      context.push(.key(key))
      defer { context.pop() }
      if context.isNull(value) {
        if !context.ignoresNulls { result[key] = nil }
        continue
      }
      if let existing = self[key], type(of: existing).identifierProperty == nil,
        let dictionary = value as? [String: Any]
      {
        do {
          try context.enterNesting(expected: typeName(Value.self))
          defer { context.leaveNesting() }
          existing.fillUpdating(
            from: dictionary, schema: SchemaCache.shared.schema(for: existing), context: context)
        } catch {
          context.record(error, for: value, expected: typeName(Value.self))
          failed = true
        }
        continue
      }
      do {
        result[key] = try Value.fromMappedValue(value, context: context)
      } catch {
        context.record(error, for: value, expected: typeName(Value.self))
        failed = true
      }
    }
    if CollectionMapping.failsWhole(failed, context: context) { throw IssuesAlreadyRecorded() }
    return result
  }
}
