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

  /// Encodes the models held into `sink` as ``writeHeldModels(into:context:)`` writes them to
  /// text, `depth` containers deep; `false`, with nothing encoded, where the field encodes them
  /// another way (as there).
  func encodeHeldModels(
    into sink: inout KeyedValueSink, context: MappingContext, depth: Int
  ) throws -> Bool
}

extension JSONModelHolder {
  func writeHeldModels(
    into writer: inout JSONWriter.Writer, context: MappingContext
  ) throws(JSONWriterError) -> Bool? {
    nil
  }

  func encodeHeldModels(
    into sink: inout KeyedValueSink, context: MappingContext, depth: Int
  ) throws -> Bool {
    false
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

  func encodeHeldModels(
    into sink: inout KeyedValueSink, context: MappingContext, depth: Int
  ) throws -> Bool {
    try self?.encodeHeldModels(into: &sink, context: context, depth: depth) ?? false
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

  func encodeHeldModels(
    into sink: inout KeyedValueSink, context: MappingContext, depth: Int
  ) throws -> Bool {
    try ModelEncoding.write(self, into: &sink, context: context, depth: depth)
    return true
  }
}
