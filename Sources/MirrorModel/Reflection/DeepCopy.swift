import Foundation

/// Deep copies for `copy()` and defaults: models are copied once each (shared references and
/// cycles stay shared and cyclic in the copy), containers element by element, values as they
/// are.
///
/// Models are made empty and filled from the context's work list (``finish(_:)``), so a chain
/// of models of any length is copied in constant stack. Containers nested deeper than
/// ``MappingContext/maximumDepth`` levels (or than the thread's stack allows) are shared, not
/// copied, beyond that depth.
enum DeepCopy {
  /// A complete deep copy of `value`.
  static func copied<T>(_ value: T) -> T {
    let context = MappingContext()
    let result = copy(value, context: context) as? T ?? value
    finish(context)
    return result
  }

  /// A deep copy of `model` for a dry run: returned with the context that knows every model
  /// of the copy, for ``dismantle(_:)``.
  static func scratchCopy(of model: ModelBase) -> (ModelBase, MappingContext) {
    let context = MappingContext()
    let copied = model.copyModel(context: context)
    finish(context)
    return (copied, context)
  }

  /// Puts every model copied in `context` back to its initial values, so that the reference
  /// cycles a copy of a cyclic graph holds are broken and the copy is freed.
  static func dismantle(_ context: MappingContext) {
    for copy in context.copies.values {
      let fresh = type(of: copy).init()
      for property in SchemaCache.shared.schema(for: copy).properties {
        property.accessor.store(property.accessor.value(of: fresh), into: copy)
      }
    }
    context.copies = [:]
  }

  /// Fills every model copy still waiting in `context`.
  static func finish(_ context: MappingContext) {
    while let (source, target) = context.pendingCopies.popLast() {
      for property in SchemaCache.shared.schema(for: source).properties {
        property.accessor.copy(from: source, to: target, context: context)
      }
      target.storedUnknownValues = source.storedUnknownValues
    }
  }

  static func copy(_ value: Any, context: MappingContext, depth: Int = 0) -> Any {
    guard depth < MappingContext.maximumDepth, StackBounds.hasRoom() else { return value }
    if let optional = value as? any OptionalValue {
      // The copy of the wrapped value; `as? T` wraps it again.
      guard let wrapped = optional.wrappedAny else { return value }
      return copy(wrapped, context: context, depth: depth)
    }
    if isObject(value) {
      if let model = value as? ModelBase { return model.copyModel(context: context) }
      return mutableCopy(value, context: context) ?? value
    }
    switch value {
    case let array as [Any]:
      return array.map { copy($0, context: context, depth: depth + 1) }
    case let dictionary as [String: Any]:
      return dictionary.mapValues { copy($0, context: context, depth: depth + 1) }
    case let set as any DeepCopyableSet:
      return set.deepCopied(context: context)
    default:
      return value
    }
  }
}
