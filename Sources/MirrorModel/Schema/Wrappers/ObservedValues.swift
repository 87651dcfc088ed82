import Foundation

/// The values of an `@Observable` model's tracked properties before an update, to tell its
/// observers which ones the update changed.
///
/// Mapping writes the macro's storage directly; for each property whose value then differs
/// (after ``ModelBase/didMap(from:)``, whose own writes go through the setters),
/// the old value is put back and the new one set through the property's key path
/// (``ModelBase/propertyKeyPaths``), so the macro's own setter tells the observation registrar
/// (`willSet` with the old value in place, then `didSet`), exactly as app code setting the
/// property would. Unchanged properties notify nobody.
struct ObservedValues {
  private let schema: ClassSchema
  private var before: [(property: ClassSchema.Property, value: Any, json: Any?)] = []
  /// Whether the class cannot notify its observers: the update of this model is refused (its
  /// configuration issue recorded).
  let isRefused: Bool

  /// The snapshot of `model`'s tracked properties before an update.
  init(of model: ModelBase, schema: ClassSchema, context: MappingContext) {
    self.schema = schema
    isRefused = !schema.updateIssues.isEmpty
    guard !isRefused else {
      for issue in schema.updateIssues {
        context.record(
          issue.kind, expected: issue.expectedType, found: issue.found, reason: issue.reason)
      }
      context.markBrokenConfiguration()
      return
    }
    let output = MappingContext()
    for property in schema.properties where schema.observationSetters[property.name] != nil {
      before.append(
        (
          property, property.accessor.value(of: model),
          property.accessor.mappedValue(of: model, context: output)
        ))
    }
  }

  /// Notifies the observers of every tracked property of `model` whose value changed.
  func notifyChanges(of model: ModelBase) {
    let output = MappingContext()
    for (property, old, oldJSON) in before {
      guard let set = schema.observationSetters[property.name] else { continue }
      let new = property.accessor.value(of: model)
      let changed: Bool
      let oldModel = modelValue(old)
      let newModel = modelValue(new)
      if oldModel != nil || newModel != nil {
        // A nested model updated in place is the same model: its own observers were told.
        changed = oldModel !== newModel
      } else {
        let newJSON = property.accessor.mappedValue(of: model, context: output)
        switch (oldJSON, newJSON) {
        case (nil, nil): changed = false
        case (let lhs?, let rhs?): changed = !JSONValue.equal(lhs, rhs)
        default: changed = true
        }
      }
      guard changed else { continue }
      property.accessor.store(old, into: model)
      set(model, new)
    }
  }
}
