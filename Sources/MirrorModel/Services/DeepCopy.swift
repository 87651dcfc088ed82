import Foundation

/// Deep copies for `copy()` and defaults: models are copied once each (shared references and
/// cycles stay shared and cyclic in the copy), containers element by element, values as they
/// are.
///
/// Models are made empty and filled from the session's work list (``finish(_:)``), so a chain
/// of models of any length is copied in constant stack. Containers nested deeper than
/// ``MappingContext/maximumDepth`` levels (or than the thread's stack allows) are shared, not
/// copied, beyond that depth.
enum DeepCopy {
  /// One deep copy's state: the models copied so far and those still to fill.
  ///
  /// Passed to every step of the copy, and to nothing else.
  final class Session {
    /// The copy of each model met, so shared references and cycles stay shared.
    var copies: [ObjectIdentifier: ModelBase] = [:]
    /// Copies made whose properties are still to be filled.
    var pending: [(source: ModelBase, target: ModelBase)] = []
  }

  /// A complete deep copy of `value`.
  static func copied<T>(_ value: T) -> T {
    let session = Session()
    let result = copy(value, session: session) as? T ?? value
    finish(session)
    return result
  }

  /// A deep copy of `model` for a dry run: returned with the session that knows every model
  /// of the copy, for ``dismantle(_:)``.
  static func scratchCopy(of model: ModelBase) -> (ModelBase, Session) {
    let session = Session()
    let copied = model.copyModel(session: session)
    finish(session)
    return (copied, session)
  }

  /// Puts every model copied in `session` back to its initial values, so that the reference
  /// cycles a copy of a cyclic graph holds are broken and the copy is freed.
  static func dismantle(_ session: Session) {
    for copy in session.copies.values {
      let fresh = type(of: copy).init()
      for property in SchemaCache.shared.schema(for: copy).properties {
        property.accessor.store(property.accessor.value(of: fresh), into: copy)
      }
    }
    session.copies = [:]
  }

  /// Fills every model copy still waiting in `session`.
  static func finish(_ session: Session) {
    while let (source, target) = session.pending.popLast() {
      copyProperties(
        from: source, to: target, schema: SchemaCache.shared.schema(for: source),
        session: session)
    }
  }

  /// Copies the properties (and kept unknown values) of `source` into `target`.
  static func copyProperties(
    from source: ModelBase, to target: ModelBase, schema: ClassSchema, session: Session
  ) {
    let plan = schema.copyPlan
    plan.copyFields(from: source, to: target)
    for accessor in plan.others {
      accessor._withUnsafeGuaranteedRef { $0.copy(from: source, to: target, session: session) }
    }
    target.storedUnknownValues = source.storedUnknownValues
  }

  static func copy(_ value: Any, session: Session, depth: Int = 0) -> Any {
    guard depth < MappingContext.maximumDepth, StackBounds.hasRoom() else { return value }
    if let optional = value as? any OptionalValue {
      // The copy of the wrapped value; `as? T` wraps it again.
      guard let wrapped = optional.wrappedAny else { return value }
      return copy(wrapped, session: session, depth: depth)
    }
    if isObject(value) {
      if let model = value as? ModelBase { return model.copyModel(session: session) }
      return mutableCopy(value, session: session) ?? value
    }
    switch value {
    case let array as [Any]:
      return array.map { copy($0, session: session, depth: depth + 1) }
    case let dictionary as [String: Any]:
      return dictionary.mapValues { copy($0, session: session, depth: depth + 1) }
    case let set as any DeepCopyableSet:
      return set.deepCopied(session: session)
    default:
      return value
    }
  }
}
