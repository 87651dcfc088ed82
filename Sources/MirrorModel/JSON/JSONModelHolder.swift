/// The property types whose models JSON text is read straight into: a model, an array of
/// models, a `[String: Model]`, and optionals of these.
protocol JSONModelHolder {
  static var heldModels: HeldModels { get }

  /// Writes the models held as their ``MappableValue/toMappedValue(context:)`` would be
  /// written; `false` when that leaves them out. `nil`, with nothing written, where the field
  /// writes them another way: a single model and an array of models (the field's own writers),
  /// a nil optional (its mapped value).
  func writeHeldModels(
    into writer: inout JSONWriter.Writer, context: MappingContext
  ) throws(JSONWriterError) -> Bool?
}

extension JSONModelHolder {
  func writeHeldModels(
    into writer: inout JSONWriter.Writer, context: MappingContext
  ) throws(JSONWriterError) -> Bool? {
    nil
  }
}

extension ModelBase: JSONModelHolder {
  static var heldModels: HeldModels { .one(self) }
}

extension Optional: JSONModelHolder where Wrapped: JSONModelHolder {
  static var heldModels: HeldModels { Wrapped.heldModels }

  func writeHeldModels(
    into writer: inout JSONWriter.Writer, context: MappingContext
  ) throws(JSONWriterError) -> Bool? {
    try self?.writeHeldModels(into: &writer, context: context)
  }
}

extension Array: JSONModelHolder where Element: ModelBase {
  static var heldModels: HeldModels { .array(Element.self) }
}

extension Dictionary: JSONModelHolder where Key == String, Value: ModelBase {
  static var heldModels: HeldModels { .byKey(Value.self) }

  func writeHeldModels(
    into writer: inout JSONWriter.Writer, context: MappingContext
  ) throws(JSONWriterError) -> Bool? {
    try ModelBase.writeJSON(self, into: &writer, context: context)
  }
}
