import Foundation

/// Reads a `Decoder` straight into models, driven by their schemas, as JSON text is read
/// (``JSONReader``): each property asks the decoder for its key in the type it declares
/// (``JSONFastValue/decodeFast(_:forKey:context:)``), nested models and arrays of models are
/// read from nested containers into new models, and no dictionary is built for the object.
///
/// Only classes with ``ClassSchema/decoderKeys`` are read this way. A value that is not exactly
/// what its property takes (a numeric string for an `Int`, a null string, a `Date`, any type
/// not read fast) is read by the ``DecodingWalk``, as the walk of the whole object would read
/// it, and handed to the property's ordinary conversion: so the model and its issues are the
/// ones mapping the walk's dictionary gives, in the properties' order.
struct DecoderReader {
  /// Reads the values that are not read fast, remembering each key's kind across objects.
  private var walk = DecodingWalk()

  /// The key a dictionary in the form `Decimal` encodes itself into has: such an object is
  /// read by the walk, which tells it from a model's object.
  static let decimalKey = AnyCodingKey("mantissa")

  /// Maps `container` (a decoder's root object) into `object`, whose schema has
  /// ``ClassSchema/decoderKeys``; returns the issues.
  ///
  /// - Throws: The decoder's errors, for a value it cannot give in any kind.
  static func map(
    _ object: ModelBase, schema: ClassSchema, keys: [AnyCodingKey],
    from container: KeyedDecodingContainer<AnyCodingKey>, options: MappingOptions
  ) throws -> [MappingIssue] {
    var reader = DecoderReader()
    var failure: (any Error)?
    let outcome = options.run { context in
      do {
        try reader.readModel(
          object, schema: schema, keys: keys, from: container, depth: 1, context: context)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    return outcome.issues
  }

  /// Reads the members of `container` into `object`, property by property in their order (a
  /// missing key is mapped as absent); `depth` is how many containers `container` is inside,
  /// counting itself (1 for the root).
  ///
  /// On the recursive path of nested models: the work that does not recurse is in helpers.
  mutating func readModel(
    _ object: ModelBase, schema: ClassSchema, keys: [AnyCodingKey],
    from container: KeyedDecodingContainer<AnyCodingKey>, depth: Int, context: MappingContext
  ) throws {
    let saved = context.enterModel(schema)
    defer { context.leaveModel(saved) }
    for (step, key) in zip(schema.steps, keys) {
      context.push(step.pathComponent)
      defer { context.pop() }
      try step.accessor.takeUnretainedValue().decode(
        from: container, forKey: key, into: object, reader: &self, depth: depth,
        context: context)
    }
  }

  /// Maps the value under `key` as the walk reads it, by `accessor`'s ordinary conversion; a
  /// missing key as absent.
  @inline(never)
  mutating func mapWalked(
    _ accessor: PropertyAccessor, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, into object: ModelBase, depth: Int, context: MappingContext
  ) throws {
    guard container.contains(key) else {
      accessor.map(nil, into: object, context: context, updating: false)
      return
    }
    var source = KeyedValueSource(container: container, key: key)
    let raw = try walk.value(
      from: &source, member: accessor.readMember, key: key.stringValue, depth: depth)
    for (number, double) in walk.longLiterals {
      context.recordLongLiteral(number, double: double)
    }
    walk.longLiterals.removeAll()
    accessor.map(raw, into: object, context: context, updating: false)
  }

  /// The model of class `type` read from the object under `key`; `nil`, with nothing read or
  /// recorded, when the value is not such an object, the class is not read this way, or the
  /// input nests too deeply (the ordinary way reports it).
  mutating func nestedModel(
    _ type: ModelBase.Type, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, depth: Int, context: MappingContext
  ) throws -> ModelBase? {
    guard
      let (model, schema, keys, nested) = Self.prepareNestedModel(
        type, from: container, forKey: key, context: context)
    else { return nil }
    defer { context.leaveNesting() }
    try readModel(
      model, schema: schema, keys: keys, from: nested, depth: depth + 1, context: context)
    return model
  }

  /// The model to read the object under `key` into, its schema, keys and container, one level
  /// of nesting entered; or `nil` (see ``nestedModel(_:from:forKey:depth:context:)``).
  @inline(never)
  private static func prepareNestedModel(
    _ type: ModelBase.Type, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, context: MappingContext
  ) -> (ModelBase, ClassSchema, [AnyCodingKey], KeyedDecodingContainer<AnyCodingKey>)? {
    let schema = SchemaCache.shared.schema(for: type)
    guard let keys = schema.decoderKeys,
      let nested = try? container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key),
      !nested.contains(decimalKey), context.tryEnterNesting()
    else { return nil }
    return (type.init(), schema, keys, nested)
  }

  /// The models of class `concrete` read from the array under `key`; `nil`, with nothing
  /// recorded, when the value is not an array of such objects (an element that is not an
  /// object is the ordinary way's to convert, or to report), the class is not read this way,
  /// or the input nests too deeply.
  ///
  /// An empty array costs no level of nesting; another costs one, and each model one more.
  @inline(never)
  mutating func models(
    _ concrete: ModelBase.Type, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, depth: Int, context: MappingContext
  ) throws -> [ModelBase]? {
    let schema = SchemaCache.shared.schema(for: concrete)
    guard let keys = schema.decoderKeys,
      var elements = try? container.nestedUnkeyedContainer(forKey: key)
    else { return nil }
    var models: [ModelBase] = []
    if elements.isAtEnd { return models }
    guard context.tryEnterNesting() else { return nil }
    defer { context.leaveNesting() }
    if let count = elements.count { models.reserveCapacity(count) }
    let checkpoint = context.checkpoint()
    while !elements.isAtEnd {
      guard let object = try? elements.nestedContainer(keyedBy: AnyCodingKey.self),
        !object.contains(Self.decimalKey), context.tryEnterNesting()
      else {
        // The ordinary way reads the whole array again: what was recorded is its to record.
        context.rollBack(to: checkpoint)
        return nil
      }
      context.push(.index(models.count))
      let model = concrete.init()
      try readModel(
        model, schema: schema, keys: keys, from: object, depth: depth + 2, context: context)
      context.pop()
      context.leaveNesting()
      models.append(model)
    }
    return models
  }
}
