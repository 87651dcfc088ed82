import Foundation

/// `[String: Model]` values that ``ModelBase/update(with:mode:)`` refills in place.
protocol ModelDictionaryUpdating {
  /// The dictionary after `raw`: a model whose key is present is refilled in place (the same
  /// object), a new key creates a model, `null` removes the entry, absent keys are kept.
  func updated(with raw: [String: Any], context: MappingContext) throws -> Any
}

extension Dictionary: ModelDictionaryUpdating where Key == String, Value: ModelBase {
  func updated(with raw: [String: Any], context: MappingContext) throws -> Any {
    guard !raw.isEmpty else { return self }
    var walk = EntryWalk(try ElementWalk(entering: context, expected: typeName(Self.self)))
    defer { walk.elements.leave() }
    var result = self
    for (key, value) in raw {
      walk.enter(key)
      defer { walk.leave(key) }
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
            from: dictionary, schema: context.schema(for: type(of: existing)), context: context)
        } catch {
          walk.record(error, for: value, expected: typeName(Value.self))
        }
        continue
      }
      do {
        result[key] = try Value.fromMappedValue(value, context: context)
      } catch {
        walk.record(error, for: value, expected: typeName(Value.self))
      }
    }
    try walk.finish()
    return result
  }
}
