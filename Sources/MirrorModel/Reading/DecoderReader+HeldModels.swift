import Foundation

// Models nested in collections other than one model, one array of models or one
// `[String: Model]` read straight from a `Decoder`, as JSON text reads them
// (`JSONReader+HeldModels`): each container opened where it stands and walked by the one
// element walk, each object read by the model reader, and a value that is neither handed to
// the decoder walk and the element type's ordinary conversion. Where the decoder moved past a
// value it cannot give again, the container gives up, what it recorded taken back, up to the
// property, which the walk then reads whole (a keyed container can be asked again).

/// The nested container of a decoder a value that holds models is read from, opened.
enum HeldContainer {
  /// An array's (an array's or a set's value).
  case array(any UnkeyedDecodingContainer)
  /// An object's (a model's or a dictionary's value).
  case object(KeyedDecodingContainer<AnyCodingKey>)
}

extension ModelContainer {
  /// The nested container of this type's kind under `key`; `nil` where the value is of
  /// another kind (or missing, or `null`).
  static func heldContainer(
    under key: AnyCodingKey, of container: KeyedDecodingContainer<AnyCodingKey>
  ) -> HeldContainer? {
    if decodesHeldModelsFromArray {
      return (try? container.nestedUnkeyedContainer(forKey: key)).map { .array($0) }
    }
    return (try? container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key))
      .map { .object($0) }
  }

  /// The nested container of this type's kind that `elements` is at, which it steps past;
  /// `nil`, `elements` still at the element, where the element is of another kind.
  static func heldContainer(ofElement elements: inout any UnkeyedDecodingContainer)
    -> HeldContainer?
  {
    if decodesHeldModelsFromArray {
      return (try? elements.nestedUnkeyedContainer()).map { .array($0) }
    }
    return (try? elements.nestedContainer(keyedBy: AnyCodingKey.self)).map { .object($0) }
  }
}

extension ModelBase {
  static var decodesHeldModelsFromArray: Bool { false }

  /// The model read from the object `container`, of class `concrete` (or the subclass its
  /// discriminator names).
  ///
  /// `nil` where the ordinary way reads it: an object in `Decimal`'s encoded form, a class
  /// not read straight from a decoder, nesting too deep. A model is never `failed`.
  static func decodeHeldModels(
    _ container: HeldContainer, reader: inout DecoderReader, concrete: ModelBase.Type,
    depth: Int, failed: inout Bool, context: MappingContext
  ) throws -> Self? {
    guard case .object(let object) = container,
      let model = try reader.heldModel(concrete, from: object, depth: depth, context: context)
    else { return nil }
    return holding(model)
  }

  static var isOneModel: Bool { true }

  static func holding(_ model: ModelBase) -> Self? {
    // `concrete` is this class or a subclass of it, and the model of that class or one its
    // discriminator names (see `readHeldModels`).
    unsafeDowncast(model, to: self)
  }
}

extension DecoderReader {
  /// The model of class `type` (or the subclass its discriminator names) read from `object`,
  /// `depth` containers deep counting itself, one level of nesting entered for it; `nil`,
  /// with nothing recorded, where the ordinary way reads the object (`Decimal`'s encoded
  /// form, a class not read straight from a decoder, nesting too deep).
  @inline(never)
  mutating func heldModel(
    _ type: ModelBase.Type, from object: KeyedDecodingContainer<AnyCodingKey>, depth: Int,
    context: MappingContext
  ) throws -> ModelBase? {
    guard let (chosen, schema, keys) = try heldModelClass(type, of: object, context) else {
      return nil
    }
    defer { context.leaveNesting() }
    let model = chosen.init()
    try readModel(model, schema: schema, keys: keys, from: object, depth: depth, context: context)
    return model
  }

  /// The class ``heldModel(_:from:depth:context:)`` reads `object` into, its schema and keys,
  /// one level of nesting entered (the caller leaves it); `nil`, nothing entered or
  /// recorded, where the ordinary way reads the object.
  @inline(never)
  mutating func heldModelClass(
    _ type: ModelBase.Type, of object: KeyedDecodingContainer<AnyCodingKey>,
    _ context: MappingContext
  ) throws -> (ModelBase.Type, ClassSchema, [[AnyCodingKey]])? {
    let schema = context.schema(for: type)
    guard let keys = schema.decoderKeys, !object.contains(Self.decimalKey),
      let chosen = try elementClass(type, schema, keys, of: object, context),
      context.tryEnterNesting()
    else { return nil }
    return chosen
  }
}

extension Optional where Wrapped: ModelContainer {
  static var decodesHeldModelsFromArray: Bool { Wrapped.decodesHeldModelsFromArray }

  static var isOneModel: Bool { Wrapped.isOneModel }

  static func holding(_ model: ModelBase) -> Wrapped?? {
    Wrapped.holding(model).map { .some($0) }
  }

  /// The wrapped type's value; `null` is the ordinary way's (no container opens for it).
  static func decodeHeldModels(
    _ container: HeldContainer, reader: inout DecoderReader, concrete: ModelBase.Type,
    depth: Int, failed: inout Bool, context: MappingContext
  ) throws -> Wrapped?? {
    guard
      let value = try Wrapped.decodeHeldModels(
        container, reader: &reader, concrete: concrete, depth: depth, failed: &failed,
        context: context)
    else { return nil }
    return .some(value)
  }
}

extension Array where Element: ModelContainer {
  static var decodesHeldModelsFromArray: Bool { true }
  static var isOneModel: Bool { false }
  static func holding(_ model: ModelBase) -> [Element]? { nil }

  /// The array in `container`, element by element by the rules of ``ElementWalk``; `nil`
  /// where it nests too deeply, or where the decoder moved past an element it cannot give
  /// again (what was recorded taken back).
  static func decodeHeldModels(
    _ container: HeldContainer, reader: inout DecoderReader, concrete: ModelBase.Type,
    depth: Int, failed: inout Bool, context: MappingContext
  ) throws -> [Element]? {
    guard case .array(let elements) = container else { return nil }
    var source = DecodedHeldModels<Element>(elements, concrete: concrete, depth: depth)
    var result: [Element] = []
    // An empty array costs no level.
    if source.elements.isAtEnd { return result }
    guard var walk = ElementWalk(tryEntering: context) else { return nil }
    defer { walk.leave() }
    let checkpoint = context.checkpoint()
    // The elements read straight are read in this frame, each at its path (as
    // `readHeldModels` does, for the stack of a debug build), up to the first that is not:
    // the one loop converts it where it stands, and the rest.
    var index = 0
    var handsOver = false
    repeat {
      walk.enter(index)
      source.position = source.elements.currentIndex
      var element: Element?
      if Element.isOneModel {
        // A model read here, not through the element type's generic layers: the recursive
        // path of nested models has a frame fewer a level for each.
        if !source.skipsModelObjects,
          let object = try? source.elements.nestedContainer(keyedBy: AnyCodingKey.self),
          let (chosen, schema, keys) = try reader.heldModelClass(concrete, of: object, context)
        {
          let model = chosen.init()
          defer { context.leaveNesting() }
          try reader.readModel(
            model, schema: schema, keys: keys, from: object, depth: depth + 1, context: context)
          element = Element.holding(model)
        }
      } else {
        element = try source.decodeContainerElement(reader: &reader, context: context)
      }
      walk.leaveElement()
      guard walk.take(element, into: &result, failed: &source.failed) else {
        handsOver = true
        break
      }
      index += 1
    } while !source.elements.isAtEnd
    if handsOver,
      try !source.convertRest(startingAt: index, into: &result, walk: &walk, reader: &reader)
    {
      // The walk reads the whole value again: what was recorded is its to record.
      context.rollBack(to: checkpoint)
      return nil
    }
    if walk.failsWhole {
      failed = true
      return nil
    }
    return result
  }
}

extension Set where Element: ModelContainer {
  static var decodesHeldModelsFromArray: Bool { true }
  static var isOneModel: Bool { false }
  static func holding(_ model: ModelBase) -> Set<Element>? { nil }

  /// The array in `container` read as `[Element]` is, into a set (duplicates collapse).
  @_transparent
  static func decodeHeldModels(
    _ container: HeldContainer, reader: inout DecoderReader, concrete: ModelBase.Type,
    depth: Int, failed: inout Bool, context: MappingContext
  ) throws -> Set<Element>? {
    guard
      let elements = try [Element].decodeHeldModels(
        container, reader: &reader, concrete: concrete, depth: depth, failed: &failed,
        context: context)
    else { return nil }
    return Set(elements)
  }
}

extension Dictionary where Key == String, Value: ModelContainer {
  static var decodesHeldModelsFromArray: Bool { false }
  static var isOneModel: Bool { false }
  static func holding(_ model: ModelBase) -> [String: Value]? { nil }

  /// The object in `container`, entry by entry by the rules of ``EntryWalk``; `nil` where it
  /// has exactly the keys of `Decimal`'s encoded form (the walk may read it as one), nests too
  /// deeply, has a value the decoder cannot give again, or keys equal as strings (which value
  /// counts is the walk's to say).
  static func decodeHeldModels(
    _ container: HeldContainer, reader: inout DecoderReader, concrete: ModelBase.Type,
    depth: Int, failed: inout Bool, context: MappingContext
  ) throws -> [String: Value]? {
    guard case .object(let object) = container else { return nil }
    var source = DecodedHeldModelEntries<Value>(object, concrete: concrete, depth: depth)
    if source.keys.isEmpty { return [:] }
    let checkpoint = context.checkpoint()
    guard !DecodingWalk.mayBeDecimal(source.keys), let elements = ElementWalk(tryEntering: context)
    else { return nil }
    var walk = EntryWalk(elements)
    var entries = HeldModelEntries<Value>()
    // The values read straight are read in this frame, each at its key and in its segment of
    // issues (as the arrays' are), up to the first that is not: the one loop converts it
    // where it stands, and the rest.
    var complete = true
    while let name = source.nextKey(&reader) {
      walk.enter(name)
      let value = try source.decodeValue(reader: &reader, context: context)
      if let value {
        entries.store(value, under: name)
      } else if source.failed {
        source.failed = false
        walk.elementFailed()
        entries.leaveOut(name)
      } else {
        walk.leave(name)
        complete = try source.convertRest(into: &entries, walk: &walk, reader: &reader)
        break
      }
      walk.leave(name)
    }
    walk.elements.leave()
    // Where the walk reads the whole value again, what was recorded is its to record.
    return entries.finish(
      walk, complete: complete, checkpoint: checkpoint, failed: &failed, context: context)
  }
}

/// The elements of a decoder's array that holds models, for ``ElementWalk``: each element's
/// container opened and read straight where it can be, any other element walked where it
/// stands, for the element type's ordinary conversion.
private struct DecodedHeldModels<Element: ModelContainer>: ElementSource {
  /// A model's reading throws what the decoder throws.
  typealias Failure = any Error

  var elements: any UnkeyedDecodingContainer
  let concrete: ModelBase.Type
  /// Whether the elements are models of a class not read straight from a decoder (one mapped
  /// from dictionaries): their objects are then not opened, but each walked where it stands
  /// and converted (the dictionary its hook asks for made for that element only).
  let skipsModelObjects: Bool
  /// How many containers deep the array is, counting itself.
  let depth: Int
  /// The container's index before the element was asked for.
  var position = 0
  /// Whether the element asked for last was read and failed (its issues recorded).
  var failed = false
  /// Whether the next element is not to be read straight (its caller tried already).
  var skipsStraightRead = false

  init(_ elements: any UnkeyedDecodingContainer, concrete: ModelBase.Type, depth: Int) {
    self.elements = elements
    self.concrete = concrete
    // Asked only of models: an array of arrays looks up no schema for its containers.
    self.skipsModelObjects =
      Element.isOneModel && SchemaCache.shared.schema(for: concrete).decoderKeys == nil
    self.depth = depth
  }

  static var readsFastAtItsPath: Bool { true }

  /// Converts the elements from the one at `index` on, which its caller asked for straight
  /// and did not read, by the one loop; `false` where the decoder moved past an element it
  /// cannot give again. (Apart: its closures would make the caller's frame, on the recursive
  /// path of nested models, larger.)
  @inline(never)
  mutating func convertRest(
    startingAt index: Int, into result: inout [Element], walk: inout ElementWalk,
    reader: inout DecoderReader
  ) throws -> Bool {
    skipsStraightRead = true
    let concrete = concrete
    return try walk.convertElements(
      of: &self, at: &reader, startingAt: index, into: &result,
      expected: { MirrorModel.typeName(Element.self) },
      convert: { try Element.fromMappedValue($0, concrete: concrete, context: $1) })
  }

  /// The element read straight; `nil` where it is not (the container still at it where no
  /// container of its kind opened, past it otherwise), or where it failed.
  mutating func fastElement(
    _ reader: inout DecoderReader, context: MappingContext
  ) throws -> Element? {
    if skipsStraightRead {
      skipsStraightRead = false
      return nil
    }
    position = elements.currentIndex
    return try decodeContainerElement(reader: &reader, context: context)
  }

  /// The element read straight from the nested container of its kind, as
  /// ``fastElement(_:context:)`` reads it. (Apart from the caller's loop, whose frame is on the
  /// recursive path of the models in these elements.)
  @inline(never)
  mutating func decodeContainerElement(
    reader: inout DecoderReader, context: MappingContext
  ) throws -> Element? {
    if skipsModelObjects { return nil }
    guard let opened = Element.heldContainer(ofElement: &elements) else { return nil }
    return try Element.decodeHeldModels(
      opened, reader: &reader, concrete: concrete, depth: depth + 1, failed: &failed,
      context: context)
  }

  mutating func rawElement(
    _ reader: inout DecoderReader, context: MappingContext
  ) -> RawElement {
    if failed {
      failed = false
      return .recorded
    }
    return reader.walk.element(of: &elements, askedAt: position, depth: depth)
  }

  func advance(_ reader: inout DecoderReader) -> Bool {
    !elements.isAtEnd
  }
}

/// The entries of a decoder's dictionary that holds models, for ``EntryWalk``: each value
/// read as ``DecodedHeldModels`` reads an element, any other value walked where it stands.
private struct DecodedHeldModelEntries<Value: ModelContainer>: EntrySource {
  typealias Failure = any Error

  let object: KeyedDecodingContainer<AnyCodingKey>
  let keys: [AnyCodingKey]
  let concrete: ModelBase.Type
  /// How many containers deep the dictionary is, counting itself.
  let depth: Int
  /// Where the entry whose key was read last is in ``keys``.
  private var position = -1
  /// Whether the value read last was read and failed (its issues recorded).
  var failed = false
  /// Whether the entry read last is handed to the one loop: its key is read again, and its
  /// value not read straight (its caller tried already).
  private var handsOver = false

  init(_ object: KeyedDecodingContainer<AnyCodingKey>, concrete: ModelBase.Type, depth: Int) {
    self.object = object
    self.keys = object.allKeys
    self.concrete = concrete
    self.depth = depth
  }

  mutating func nextKey(_ reader: inout DecoderReader) -> String? {
    if !handsOver { position += 1 }
    return position < keys.count ? keys[position].stringValue : nil
  }

  /// Converts the entries from the one read last on, which its caller asked for straight and
  /// did not read, by the one loop; `false` where a value cannot be walked. (Apart: its
  /// closures would make the caller's frame, on the recursive path of nested models, larger.)
  @inline(never)
  mutating func convertRest(
    into entries: inout HeldModelEntries<Value>, walk: inout EntryWalk,
    reader: inout DecoderReader
  ) throws -> Bool {
    handsOver = true
    let concrete = concrete
    return try walk.convertEntries(
      of: &self, at: &reader, into: &entries, expected: { MirrorModel.typeName(Value.self) },
      convert: { try Value.fromMappedValue($0, concrete: concrete, context: $1) })
  }

  mutating func fastValue(
    _ reader: inout DecoderReader, context: MappingContext
  ) throws -> Value? {
    if handsOver {
      handsOver = false
      return nil
    }
    return try decodeValue(reader: &reader, context: context)
  }

  /// The value of the entry whose key was read last, read straight from the nested
  /// container of its kind; `nil` where it is not (or where it failed). (Apart from the
  /// caller's loop, as the arrays' elements are.)
  @inline(never)
  mutating func decodeValue(
    reader: inout DecoderReader, context: MappingContext
  ) throws -> Value? {
    guard let opened = Value.heldContainer(under: keys[position], of: object) else { return nil }
    return try Value.decodeHeldModels(
      opened, reader: &reader, concrete: concrete, depth: depth + 1, failed: &failed,
      context: context)
  }

  /// Unavailable where the walk throws.
  mutating func rawValue(_ reader: inout DecoderReader, context: MappingContext) -> RawElement {
    if failed {
      failed = false
      return .recorded
    }
    let key = keys[position]
    var source = KeyedValueSource(container: object, key: key)
    guard let raw = try? reader.walk.value(from: &source, key: key.stringValue, depth: depth)
    else { return .unavailable }
    return .value(raw)
  }
}
