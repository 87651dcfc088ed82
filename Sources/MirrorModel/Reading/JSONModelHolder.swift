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

  /// Whether the models held and those `other` holds write equal values, compared from their
  /// fields in each side's context (``ModelBase/nestedModelsEqual(_:_:contexts:)``); `nil`
  /// where the mapped values must decide (and for a single model or an array of models, which
  /// the field compares itself).
  func heldModelsEqual(_ other: Any, contexts: (MappingContext, MappingContext)) -> Bool?

  /// Feeds `hasher` as `JSONValue.hash` feeds the models' mapped value, from their fields;
  /// `nil`, nothing fed, where the mapped value must decide (as there).
  func hashHeldModels(into hasher: inout Hasher, context: MappingContext) -> Bool?

  /// The `[String: Model]` of this type's models (or the one it wraps) holding `models` under
  /// `keys`; `nil` where a key is repeated, or for a type that holds no models by key.
  ///
  /// Made with the model class in hand, so the dictionary is the property's own: a
  /// `[String: ModelBase]` cast to it is copied entry by entry.
  static func modelsByKey(keys: ArraySlice<String>, models: ArraySlice<ModelBase>) -> Any?
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

  func heldModelsEqual(_ other: Any, contexts: (MappingContext, MappingContext)) -> Bool? {
    nil
  }

  func hashHeldModels(into hasher: inout Hasher, context: MappingContext) -> Bool? { nil }

  static func modelsByKey(keys: ArraySlice<String>, models: ArraySlice<ModelBase>) -> Any? {
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

  func encodeHeldModels(
    into sink: inout KeyedValueSink, context: MappingContext, depth: Int
  ) throws -> Bool {
    try self?.encodeHeldModels(into: &sink, context: context, depth: depth) ?? false
  }

  func heldModelsEqual(_ other: Any, contexts: (MappingContext, MappingContext)) -> Bool? {
    self?.heldModelsEqual(other, contexts: contexts) ?? nil
  }

  func hashHeldModels(into hasher: inout Hasher, context: MappingContext) -> Bool? {
    self?.hashHeldModels(into: &hasher, context: context) ?? nil
  }

  static func modelsByKey(keys: ArraySlice<String>, models: ArraySlice<ModelBase>) -> Any? {
    Wrapped.modelsByKey(keys: keys, models: models)
  }
}

extension Array: JSONModelHolder where Element: ModelBase {
  static var heldModels: HeldModels { .array(Element.self) }
}

extension Dictionary: JSONModelHolder where Key == String, Value: ModelBase {
  static var heldModels: HeldModels { .byKey(Value.self) }

  /// The models are of the class the reader was given (`Value` or the subclass
  /// `arrayElementTypes` names), so each cast succeeds.
  static func modelsByKey(keys: ArraySlice<String>, models: ArraySlice<ModelBase>) -> Any? {
    var result = Self(minimumCapacity: keys.count)
    for (key, model) in zip(keys, models) {
      guard let model = model as? Value, result.updateValue(model, forKey: key) == nil else {
        return nil
      }
    }
    return result
  }

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

  func heldModelsEqual(_ other: Any, contexts: (MappingContext, MappingContext)) -> Bool? {
    guard let other = other as? Self else { return nil }
    if isEmpty && other.isEmpty { return true }
    // Keys that differ, or a model left out (its key with it): the mapped values decide.
    guard count == other.count, contexts.0.tryEnterNesting() else { return nil }
    defer { contexts.0.leaveNesting() }
    guard contexts.1.tryEnterNesting() else { return nil }
    defer { contexts.1.leaveNesting() }
    var unequal = false
    for (key, model) in self {
      guard let counterpart = other[key],
        let equal = ModelBase.nestedModelsEqual(model, counterpart, contexts: contexts)
      else { return nil }
      if !equal { unequal = true }
    }
    return !unequal
  }

  func hashHeldModels(into hasher: inout Hasher, context: MappingContext) -> Bool? {
    // As JSONValue.hash checks the stack before a dictionary.
    guard !isEmpty, StackBounds.hasRoom(), context.tryEnterNesting() else { return nil }
    defer { context.leaveNesting() }
    var sum = 0
    for (key, model) in self {
      guard let entries = ModelBase.nestedHashEntries(model, context: context) else { return nil }
      var entry = Hasher()
      entry.combine(key)
      entry.combine(entries.count)
      entry.combine(entries.sum)
      sum = sum &+ entry.finalize()
    }
    hasher.combine(count)
    hasher.combine(sum)
    return true
  }
}

/// The models of a `[String: Model]` dictionary read so far from JSON text or a decoder, with
/// their keys, until the dictionary is made at its size
/// (``JSONModelHolder/modelsByKey(keys:models:)``).
struct ReadModels: EntryStore {
  var keys: [String] = []
  var models: [ModelBase] = []
  /// The keys whose value did not convert (and is left out), rarely any.
  var failedKeys: [String] = []

  /// Room made for `capacity` entries (none by default).
  @inline(never)
  init(capacity: Int = 0) {
    keys.reserveCapacity(capacity)
    models.reserveCapacity(capacity)
  }

  mutating func store(_ value: ModelBase, under key: String) {
    keys.append(key)
    models.append(value)
  }

  mutating func leaveOut(_ key: String) {
    failedKeys.append(key)
  }
}
