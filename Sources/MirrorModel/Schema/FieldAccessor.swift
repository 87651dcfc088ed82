import Foundation

/// The accessor for a field of declared type `T`, with the conversions chosen for `T`.
final class FieldAccessor<T>: PropertyAccessor {
  typealias Decode = (Any, MappingContext) throws -> T
  typealias Encode = (T, MappingContext) -> Any?

  private let decode: Decode
  private let encode: Encode
  // Reading a stored `T?` costs a generic metadata lookup for `Optional<T>` on every access
  // (this code runs unspecialized), so the hot path tests these flags first.
  /// `nil` as a `T`, for an optional `T`: kept behind a pointer, whose own optional is free to
  /// test (a `T?` is not: see above).
  private let nilStorage: UnsafeMutablePointer<T>?
  private var defaultValue: T?
  private let isOptional: Bool
  private var hasDefault = false
  private let holdsModels: Bool
  /// Whether a value of `T` can hold something mutable that `copy()` and defaults must copy
  /// (models, Foundation containers, untyped values).
  private let deepCopies: Bool
  private let hasTransformer: Bool
  private let propertyName: String
  private let directRead: JSONDirectRead
  /// Whether `directRead` is a single model held as one reference: asked by the writers, whose
  /// frames are on the recursive path of nested models (a debug build copies the enum).
  private let holdsOneModel: Bool
  /// How a source reads the value straight into the field: `directRead`, or `.ordinary` when
  /// the class validates it (the value is then read as the tree reader or the walk reads it
  /// and converted by `map`, which calls `validate` with the converted value).
  private let sourceRead: JSONDirectRead
  /// How JSON text and a decoder's value are read straight into the field: ``sourceRead``,
  /// but for a single model its class validates, read as the others are, then validated (from
  /// text, where the reader meets it and in its turn, ``PropertyAccessor/readsObjectAsMet(in:)``;
  /// from a decoder, asked for in the properties' order, at once).
  private let textRead: JSONDirectRead
  /// Whether the field holds one model its class validates
  /// (``PropertyAccessor/readsObjectAsMet(in:)``).
  private let holdsValidatedModel: Bool
  /// Whether the field holds one array of models its class validates
  /// (``PropertyAccessor/readsArrayAsMet``).
  private let holdsValidatedModels: Bool
  /// `T` as the holder of models that makes a `[String: Model]` of this field's own type
  /// (``JSONModelHolder/modelsByKey(keys:models:)``); `ModelBase` (which makes none) for a
  /// field of another type.
  private let modelHolder: any JSONModelHolder.Type
  /// `T` as the type that reads its models from text itself, when `directRead` is
  /// `.heldModels`.
  private let heldModelsType: (any ModelContainer.Type)?
  /// Whether `directRead` is `.fast`.
  private let hasFastValue: Bool
  /// Whether a decoder is asked for the value with `decodeIfPresent`: an optional read fast
  /// (``JSONFastValue/decodeFastIfPresent(into:from:forKey:context:)``), not validated.
  private let decodesIfPresent: Bool
  /// The class of a `Model` or `Model?` property (no transformer): one reference in the object.
  private let singleModel: ModelBase.Type?
  /// The declared and the concrete class of a `[Model]` or `[Model]?` property (no
  /// transformer): one array reference in the object.
  private let modelArray: (declared: ModelBase.Type, concrete: ModelBase.Type)?
  /// Whether the type holds models that only its own conversion reads (`[Model?]`,
  /// `Set<Model>`, `[[Model]]`, `[String: [Model]]`: neither ``singleModel`` nor
  /// ``modelArray``), so that mapping a new model goes straight to it
  /// (``convertHeldModels(_:into:context:)``).
  private let convertsHeldModels: Bool
  /// Whether `T` is `String` or `String?` (with no transformer): a Swift string is then
  /// written as it is.
  private let stringField: StringField
  /// The integer type `==` and `hash(into:)` compare and hash from the fields, when `T` is one
  /// (and no transformer writes it).
  private let fieldScalar: FieldScalarFunctions?
  /// `==`, `hash(into:)` and `copy()` for `T`, when it is read fast, made for the concrete type.
  private let fastField: FastField?
  /// The size of `T` when its values are plain bytes (`Int`, `Double?`, `Date`, a payload-free
  /// enum): `copy()` copies them as bytes.
  private let plainSize: Int?
  /// How `encode(to:)` writes the field straight into its container, when `T` is a common
  /// scalar (or an optional one) with no transformer.
  private let scalarEncoding: ScalarEncoding?
  /// The type a present value is decoded as straight from a caller's decoder, by its own
  /// `Codable` conformance (``GuardedDecoder``); `nil` for a value the walk reads.
  private let selfCoded: ValueConversion.SelfCoded?

  init(
    offset: Int, settings: AccessorSettings, modelOverride: ModelBase.Type?,
    decode: @escaping Decode, encode: @escaping Encode,
    selfCoded: ValueConversion.SelfCoded? = nil
  ) {
    self.decode = decode
    self.encode = encode
    self.selfCoded = selfCoded
    if let nilValue = MirrorModel.nilValue(of: T.self) {
      let storage = UnsafeMutablePointer<T>.allocate(capacity: 1)
      storage.initialize(to: nilValue)
      self.nilStorage = storage
    } else {
      self.nilStorage = nil
    }
    self.isOptional = nilStorage != nil
    self.holdsModels = T.self is any ModelContainer.Type || modelOverride != nil
    self.deepCopies = holdsModels || mayHoldReferences(T.self)
    self.hasTransformer = settings.transformer != nil
    self.propertyName = settings.name
    self.directRead = JSONDirectRead(
      for: T.self, elementType: modelOverride, hasTransformer: settings.transformer != nil)
    self.sourceRead = settings.callsValidate ? .ordinary : directRead
    if case .model(_, isReference: true) = directRead {
      holdsOneModel = true
    } else {
      holdsOneModel = false
    }
    // Asked only of a `[String: Model]`: a failed conformance look-up scans every conformance
    // in the process (a schema build several times slower).
    if case .modelsByKey = directRead, let holder = T.self as? any JSONModelHolder.Type {
      self.modelHolder = holder
    } else {
      self.modelHolder = ModelBase.self
    }
    if case .heldModels = directRead {
      heldModelsType = T.self as? any ModelContainer.Type
    } else {
      heldModelsType = nil
    }
    if case .fast = directRead { hasFastValue = true } else { hasFastValue = false }
    if case .fast = sourceRead, isOptional {
      decodesIfPresent = true
    } else {
      decodesIfPresent = false
    }
    // With a class from `arrayElementTypes`, the declared class still names the issues and
    // bounds what a discriminator may choose: the ordinary conversion handles that case.
    if case .model(let type, isReference: true) = directRead, modelOverride == nil {
      singleModel = type
    } else {
      singleModel = nil
    }
    if case .models(let declared, let concrete, isReference: true) = directRead {
      modelArray = (declared, concrete)
    } else {
      modelArray = nil
    }
    convertsHeldModels = holdsModels && singleModel == nil && modelArray == nil
    holdsValidatedModel = settings.callsValidate && singleModel != nil
    holdsValidatedModels = settings.callsValidate && modelArray != nil
    textRead = holdsValidatedModel || holdsValidatedModels ? directRead : sourceRead
    switch ObjectIdentifier(T.self) {
    case _ where settings.transformer != nil: stringField = .none
    case ObjectIdentifier(String.self): stringField = .plain
    case ObjectIdentifier(String?.self): stringField = .optional
    default: stringField = .none
    }
    self.fieldScalar = settings.transformer == nil ? FieldScalars.of(T.self) : nil
    self.plainSize = _isPOD(T.self) ? MemoryLayout<T>.size : nil
    self.scalarEncoding = settings.transformer == nil ? ScalarEncoding(T.self) : nil
    self.fastField = settings.transformer == nil ? JSONDirectRead.fastField(for: T.self) : nil
    super.init(offset: offset, settings: settings)
  }

  deinit {
    nilStorage?.deinitialize(count: 1)
    nilStorage?.deallocate()
  }

  @inline(__always)
  private func write(_ value: T, into object: ModelBase) {
    // Assignment through a typed pointer releases the old value and retains the new one.
    pointer(in: object, as: T.self).pointee = value
  }

  override func map(
    _ raw: Any?, into object: ModelBase, context: MappingContext, updating: Bool
  ) {
    if let raw {
      map(present: raw, into: object, context: context, updating: updating)
    } else {
      mapAbsent(isNull: false, into: object, context: context, updating: updating)
    }
  }

  override func map(
    present raw: Any, into object: ModelBase, context: MappingContext, updating: Bool
  ) {
    // On the recursive path of nested models, with the helper for models: each way is in a
    // helper of its own, so that the frames of the recursion stay small.
    if updating && holdsModels {
      mapUpdatingModels(raw, into: object, context: context)
    } else if convertsHeldModels {
      // A frame fewer than ``mapHoldingModels(_:into:context:updating:)`` on the recursive
      // path of models nested in those types (their conversion is generic, unspecialized in
      // a debug build: each frame counts on a 512 KB thread).
      convertHeldModels(raw, into: object, context: context)
    } else if holdsModels {
      mapHoldingModels(raw, into: object, context: context, updating: updating)
    } else {
      mapValue(raw, into: object, context: context, updating: updating)
    }
  }

  /// ``map(present:into:context:updating:)`` for a type that holds models.
  @inline(never)
  private func mapHoldingModels(
    _ raw: Any, into object: ModelBase, context: MappingContext, updating: Bool
  ) {
    if context.isNull(raw) {
      mapAbsent(isNull: true, into: object, context: context, updating: updating)
    } else if let singleModel {
      // The class in hand, as the reader of JSON text has it: the conversion of `T` (the same
      // model, the same issues), without its unspecialized generic layers (whose frames were
      // on the recursive path of a class that validates).
      do {
        let model = try singleModel.fromMappedValue(raw, concrete: singleModel, context: context)
        if settings.callsValidate {
          try writeValidatedModel(model, into: object)
        } else {
          pointer(in: object, as: ModelBase?.self).pointee = model
        }
      } catch {
        failed(error, raw: raw, object: object, context: context)
      }
    } else if let modelArray {
      mapModels(raw, of: modelArray, into: object, context: context)
    } else {
      convert(raw, into: object, context: context)
    }
  }

  /// ``mapHoldingModels(_:into:context:updating:)`` in an update: the model already there
  /// filled in place, else the value mapped as new. (A frame smaller than that one on the
  /// recursive path of an update of nested models.)
  @inline(never)
  private func mapUpdatingModels(_ raw: Any, into object: ModelBase, context: MappingContext) {
    if !context.isNull(raw), updateInPlace(raw, object: object, context: context) { return }
    mapHoldingModels(raw, into: object, context: context, updating: true)
  }

  /// ``mapHoldingModels(_:into:context:updating:)`` for a new model (not updating) of a type
  /// whose models only its conversion reads: `null` (or a null string) as absent, anything
  /// else converted.
  @inline(never)
  private func convertHeldModels(_ raw: Any, into object: ModelBase, context: MappingContext) {
    if context.isNull(raw) {
      mapAbsent(isNull: true, into: object, context: context, updating: false)
    } else if convertsChecked {
      convertChecked(raw, into: object, context: context)
    } else {
      convert(raw, into: object, context: context)
    }
  }

  /// Converts `raw` (neither missing nor null) the ordinary way, by the conversion of `T`, and
  /// writes it; or records why not.
  @inline(never)
  private func convert(_ raw: Any, into object: ModelBase, context: MappingContext) {
    // A transformer or `validate` in a helper: this frame is on the recursive path of models
    // held in types only their conversion reads, and a debug build gives each value its slot.
    if convertsChecked {
      return convertChecked(raw, into: object, context: context)
    }
    do {
      write(try decode(raw, context), into: object)
    } catch {
      failed(error, raw: raw, object: object, context: context)
    }
  }

  /// Whether a value is converted through the property's transformer or its model's
  /// `validate` (``convertChecked(_:into:context:)``).
  private var convertsChecked: Bool { hasTransformer || settings.callsValidate }

  /// ``convert(_:into:context:)`` through the property's transformer, or its model's
  /// `validate`.
  @inline(never)
  private func convertChecked(_ raw: Any, into object: ModelBase, context: MappingContext) {
    do {
      let value = hasTransformer ? try transformed(raw, context: context) : try decode(raw, context)
      write(try validated(value, object: object), into: object)
    } catch {
      failed(error, raw: raw, object: object, context: context)
    }
  }

  /// Maps a `[Model]` or `[Model]?` property (one array reference in the object), its elements
  /// made as `classes.concrete`, as the reader of JSON text does: the conversion of `T`
  /// without its unspecialized generic layers.
  @inline(never)
  private func mapModels(
    _ raw: Any, of classes: (declared: ModelBase.Type, concrete: ModelBase.Type),
    into object: ModelBase, context: MappingContext
  ) {
    do {
      let models = try convertModels(raw, of: classes, context: context)
      if settings.callsValidate {
        try writeValidated(models, into: object)
      } else {
        pointer(in: object, as: [ModelBase]?.self).pointee = models
      }
    } catch {
      failed(error, raw: raw, object: object, context: context)
    }
  }

  /// `raw` converted to an array of models of `classes.declared`, made as `classes.concrete`.
  private func convertModels(
    _ raw: Any, of classes: (declared: ModelBase.Type, concrete: ModelBase.Type),
    context: MappingContext
  ) throws -> [ModelBase] {
    try CollectionMapping.array(
      raw, context: context, typeName: typeName(unwrappedOptionals(T.self).wrapped),
      elementName: { typeName(classes.declared) },
      element: {
        try classes.declared.fromMappedValue($0, concrete: classes.concrete, context: $1)
      })
  }

  /// Writes `value`, converted (a model, an array of models), as the class's
  /// ``ModelBase/validate(_:forProperty:)`` returns it, as `convert` does.
  @inline(never)
  private func writeValidated(_ value: Any, into object: ModelBase) throws {
    // A model of the class in hand, or an array of them: always a `T`.
    guard let typed = value as? T else { return }
    write(try validated(typed, object: object), into: object)
  }

  /// ``map(present:into:context:updating:)`` for a type that holds no models.
  @inline(never)
  private func mapValue(
    _ raw: Any, into object: ModelBase, context: MappingContext, updating: Bool
  ) {
    // A string (most values) is told from its box, without the runtime's dynamic type.
    if stringField != .none, isBoxed(raw, as: String.self) {
      mapString(raw, into: object, context: context, updating: updating)
      return
    }
    let dynamicType = ObjectIdentifier(type(of: raw))
    if context.isNull(raw, dynamicType: dynamicType) {
      mapAbsent(isNull: true, into: object, context: context, updating: updating)
    } else if hasFastValue, !settings.callsValidate {
      mapFast(raw, into: object, context: context)
    } else {
      convert(raw, into: object, context: context)
    }
  }

  override var mapsValuesOnly: Bool { !holdsModels && !hasTransformer }

  override func read(
    from parser: inout JSONReader.Parser, into object: ModelBase, context: MappingContext
  ) throws(JSONSyntaxError) {
    // Only models no hook needs a dictionary for are read this way, and no update is in
    // progress; a value the class validates is read the ordinary way (`sourceRead`), but for
    // an object read as met (`textRead`: the model reader reads only the classes
    // `readsObjectAsMet(in:)` names). On the recursive path of nested models: each way is in
    // a helper of its own, so this frame stays small.
    if case .model(let type, let isReference) = textRead,
      let model = try parser.readNestedModel(type, context: context)
    {
      writeModel(model, isReference: isReference, into: object)
      return
    }
    let wasRead: Bool
    switch sourceRead {
    case .fast, .fastByKey:
      wasRead = try readFastDirectly(from: &parser, into: object, context: context)
    case .heldModels:
      wasRead = try readHeldModelsDirectly(from: &parser, into: object, context: context)
    default:
      wasRead = try readOtherDirectly(from: &parser, into: object, context: context)
    }
    if !wasRead { try mapParsedValue(from: &parser, into: object, context: context) }
  }

  override func decode(
    from container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    into object: ModelBase, reader: inout DecoderReader, depth: Int, context: MappingContext
  ) throws {
    // As `read(from:into:context:)`: only models the decoder is read straight into come here
    // (no hook that takes a dictionary, no update; a validated value is walked). On the
    // recursive path of nested models: the single model's way first, the others in a helper.
    if decodesIfPresent,
      try decodeIfPresent(
        from: container, forKey: key, into: object, reader: &reader, depth: depth,
        context: context)
    {
      return
    }
    if isOptional, let isNull = absentOrNull(key, in: container) {
      map(isNull ? NSNull() : nil, into: object, context: context, updating: false)
    } else if case .model(let type, let isReference) = textRead,
      let model = try reader.nestedModel(
        type, from: container, forKey: key, depth: depth, context: context)
    {
      if holdsValidatedModel {
        // The decoder is asked in the properties' order: validated at once.
        try validate(
          model, from: container, forKey: key, into: object, reader: &reader, depth: depth,
          context: context)
      } else {
        writeModel(model, isReference: isReference, into: object)
      }
    } else if case .heldModels = sourceRead,
      try decodeHeldModelsDirectly(
        from: container, forKey: key, into: object, reader: &reader, depth: depth,
        context: context)
    {
      return
    } else if try !decodeOtherDirectly(
      from: container, forKey: key, into: object, reader: &reader, depth: depth,
      context: context)
    {
      try reader.mapWalked(
        self, from: container, forKey: key, into: object, depth: depth, context: context)
    }
  }

  override func readItself(
    from parser: inout JSONReader.Parser, into object: ModelBase, context: MappingContext
  ) -> Bool {
    // Only an object or an array (a scalar, `null` among them, costs the ordinary way no
    // tree). An array's conversion costs a level of nesting: near the limit, the ordinary way
    // reports it.
    guard let selfCoded, let opening = try? parser.peekValue(),
      opening == UInt8(ascii: "{") || opening == UInt8(ascii: "["),
      context.depth + 1 < MappingContext.maximumDepth, StackBounds.hasRoom(),
      let (value, end) = TextDecoder.decode(selfCoded.type, from: parser),
      // The declared type, or the optional of it (wrapped by the cast).
      let typed = selfCoded.optional ? value as? T : unboxed(value, as: T.self)
    else { return false }
    parser.index = end
    write(typed, into: object)
    return true
  }

  override func decodeItself(
    from container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    into object: ModelBase, depth: Int, context: MappingContext
  ) -> Bool {
    guard let selfCoded,
      let value = GuardedDecoder.decode(
        selfCoded.type, from: container, forKey: key, depth: depth, context: context)
    else { return false }
    // The declared type, or the optional of it (wrapped by the cast).
    guard let typed = selfCoded.optional ? value as? T : unboxed(value, as: T.self) else {
      return false
    }
    write(typed, into: object)
    return true
  }

  /// Writes `model`, decoded for a single model the class validates, as
  /// ``ModelBase/validate(_:forProperty:)`` returns it; or records why not, found the value
  /// under `key` as the walk reads it (asked for again: a keyed container gives a value twice).
  @inline(never)
  private func validate(
    _ model: ModelBase, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, into object: ModelBase, reader: inout DecoderReader, depth: Int,
    context: MappingContext
  ) throws {
    guard let error = writeValidated(.model(model), into: object) else { return }
    try failed(
      error, walking: container, forKey: key, into: object, reader: &reader, depth: depth,
      context: context)
  }

  /// Records why the value decoded under `key` was not written (`validate` rejected it), as
  /// `map` does, found the value as the walk reads it (asked for again: a keyed container
  /// gives a value twice).
  private func failed(
    _ error: any Error, walking container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, into object: ModelBase, reader: inout DecoderReader, depth: Int,
    context: MappingContext
  ) throws {
    let raw = try reader.walkedValue(for: self, from: container, forKey: key, depth: depth)
    failed(error, raw: raw, object: object, context: context)
  }

  /// Decodes a common optional read fast with one question to the decoder
  /// (``JSONFastValue/decodeFastIfPresent(into:from:forKey:context:)``), a missing key told
  /// from `null` only where it gives `nil`; `false` when the type does not decode so.
  @inline(never)
  private func decodeIfPresent(
    from container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    into object: ModelBase, reader: inout DecoderReader, depth: Int, context: MappingContext
  ) throws -> Bool {
    guard case .fast(let type) = sourceRead else { return false }
    let field = UnsafeMutableRawPointer(pointer(in: object, as: T.self))
    switch type.decodeFastIfPresent(into: field, from: container, forKey: key, context: context) {
    case .decoded:
      break
    case .absentOrNull:
      let isNull = container.contains(key)
      map(isNull ? NSNull() : nil, into: object, context: context, updating: false)
    case .notDecoded:
      try reader.mapWalked(
        self, from: container, forKey: key, into: object, depth: depth, context: context)
    case .unasked:
      return false
    }
    return true
  }

  /// Whether the value under `key` is `null` (`true`) or missing (`false`); `nil` when it is
  /// neither.
  ///
  /// Asked first for an optional only: a missing key and `null` are common there, and asking
  /// a decoder for a value or container that is not there costs an error. A model that is
  /// not optional is nearly always there: its container is asked for first, and a missing
  /// key or `null` found by the walk, as for other values
  /// (`DecoderReader.mapWalked(_:from:forKey:into:depth:context:)`).
  @inline(never)
  private func absentOrNull(
    _ key: AnyCodingKey, in container: KeyedDecodingContainer<AnyCodingKey>
  ) -> Bool? {
    guard container.contains(key) else { return false }
    return (try? container.decodeNil(forKey: key)) == true ? true : nil
  }

  /// Decodes the value of a type that holds models only its own reader reads, as
  /// ``readHeldModelsDirectly(from:into:context:)`` reads it from text; `false` when nothing
  /// was read. (Apart from ``decodeOtherDirectly``, whose frame is larger: this one is on the
  /// recursive path of models nested in these types.)
  @inline(never)
  private func decodeHeldModelsDirectly(
    from container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    into object: ModelBase, reader: inout DecoderReader, depth: Int, context: MappingContext
  ) throws -> Bool {
    guard case .heldModels(let concrete) = sourceRead, let heldModelsType,
      let opened = heldModelsType.heldContainer(under: key, of: container)
    else { return false }
    var failed = false
    // The value is a `T` (its own reader made it): the cast does not fail. Written here, not
    // in a generic helper of `T`'s: a frame fewer on the recursive path.
    guard
      let value = try heldModelsType.decodeHeldModels(
        opened, reader: &reader, concrete: concrete, depth: depth + 1, failed: &failed,
        context: context)
    else { return failed }
    writeCast(value, into: object)
    return true
  }

  /// Decodes the value the ways other than a single model; `false` when nothing was read.
  @inline(never)
  private func decodeOtherDirectly(
    from container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    into object: ModelBase, reader: inout DecoderReader, depth: Int, context: MappingContext
  ) throws -> Bool {
    // `textRead`: an array of models its class validates is decoded as any other, then
    // validated at once.
    switch textRead {
    case .ordinary where settings.callsValidate:
      return try decodeScalarValidated(
        from: container, forKey: key, into: object, reader: &reader, depth: depth,
        context: context)
    case .ordinary, .model:
      return false
    case .heldModels:
      return false  // read by `decodeHeldModelsDirectly`
    case .modelsByKey(let declared, let concrete):
      return written(
        try reader.modelsByKey(
          declared: declared, concrete: concrete, holder: modelHolder, from: container,
          forKey: key, depth: depth, context: context),
        into: object)
    case .fastByKey(let type):
      return type.decodeFastEntries(
        into: UnsafeMutableRawPointer(pointer(in: object, as: T.self)), from: container,
        forKey: key, context: context)
    case .models(let declared, let concrete, let isReference):
      let result = try reader.models(
        declared: declared, concrete: concrete, from: container, forKey: key, depth: depth,
        context: context)
      if holdsValidatedModels {
        return try writtenValidated(
          result, from: container, forKey: key, into: object, reader: &reader, depth: depth,
          context: context)
      }
      return written(result, into: object, isReference: isReference)
    case .fast(let type):
      return type.decodeProperty(
        into: UnsafeMutableRawPointer(pointer(in: object, as: T.self)), from: container,
        forKey: key, depth: depth, context: context)
    }
  }

  /// Writes an array of models its class validates, decoded, as `validate` returns it.
  ///
  /// The array (``PropertyAccessor/readsArrayAsMet``) is decoded straight into its models as
  /// any class's are and validated at once (the decoder is asked in the properties' order): an
  /// array that failed whole outside lenient mode is not validated, one converting to nothing
  /// in lenient mode is; a rejected array's issue quotes the value walked, asked for again.
  /// `false` where the models were not decoded so (walked and validated the ordinary way).
  ///
  /// A helper of its own, called once the models are decoded: not on the recursive path of
  /// arrays of models.
  @inline(never)
  private func writtenValidated(
    _ result: DirectReadResult, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, into object: ModelBase, reader: inout DecoderReader, depth: Int,
    context: MappingContext
  ) throws -> Bool {
    switch result {
    case .notRead:
      return false
    case .recorded:
      return true
    case .value(let models):
      guard let models = models as? [ModelBase],
        let error = writeValidated(.models(models), into: object)
      else { return true }
      try failed(
        error, walking: container, forKey: key, into: object, reader: &reader, depth: depth,
        context: context)
      return true
    }
  }

  /// Decodes a number, a boolean or a string its class validates as a type decoded fast
  /// decodes it, then validates it as `map` would the walk's value (the field holding its
  /// earlier value meanwhile, as `validate` sees it; a rejected value's issue quotes the value
  /// walked, asked for again); `false`, with nothing decoded, for any other value (`null`, a
  /// null string, a value of another kind, an array: walked and validated the ordinary way).
  @inline(never)
  private func decodeScalarValidated(
    from container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    into object: ModelBase, reader: inout DecoderReader, depth: Int, context: MappingContext
  ) throws -> Bool {
    guard case .fast(let type) = directRead, let fastField, fastField.mapArray == nil else {
      return false
    }
    let field = pointer(in: object, as: T.self)
    let earlier = field.pointee
    guard
      type.decodeFast(
        into: UnsafeMutableRawPointer(field), from: container, forKey: key, context: context)
    else { return false }
    let value = field.pointee
    field.pointee = earlier
    do {
      write(try validated(value, object: object), into: object)
    } catch {
      try failed(
        error, walking: container, forKey: key, into: object, reader: &reader, depth: depth,
        context: context)
    }
    return true
  }

  /// ``map(_:into:context:updating:)`` for a `String` or `String?` property given a Swift
  /// string: the string is cast once, for the null-string test and the field both (what
  /// `String.fromMappedValue` gives for a string is the string).
  @inline(never)
  private func mapString(
    _ raw: Any, into object: ModelBase, context: MappingContext, updating: Bool
  ) {
    // The caller compared the dynamic type: the string is taken out of its box as it is.
    guard let string = unboxed(raw, as: String.self) else { return }
    map(string, into: object, context: context, updating: updating)
  }

  /// ``mapString(_:into:context:updating:)`` for the string out of its box, or read from JSON
  /// text (``readStringValidated(from:into:context:)``): the null-string test, `validate`
  /// where the class overrides it (a rejected string quoted as the tree reader's value, the
  /// string itself), then the field.
  @inline(__always)
  private func map(
    _ string: String, into object: ModelBase, context: MappingContext, updating: Bool
  ) {
    if context.isNullString(string) {
      mapAbsent(isNull: true, into: object, context: context, updating: updating)
    } else if settings.callsValidate {
      do {
        write(
          try validated(
            Self.same(string, as: T.self, optional: stringField == .optional), object: object),
          into: object)
      } catch {
        failed(error, raw: string, object: object, context: context)
      }
    } else if stringField == .optional {
      pointer(in: object, as: String?.self).pointee = string
    } else {
      pointer(in: object, as: String.self).pointee = string
    }
  }

  /// ``map(_:into:context:)`` for a type read fast (``JSONFastValue``), not validated: the
  /// same conversion, with the concrete type in hand instead of this unspecialized code.
  @inline(never)
  private func mapFast(_ raw: Any, into object: ModelBase, context: MappingContext) {
    guard case .fast(let type) = directRead else { return }
    let field = UnsafeMutableRawPointer(pointer(in: object, as: T.self))
    do {
      if let mapArray = fastField?.mapArray {
        try mapArray(raw, field, context)
      } else {
        try type.mapFast(raw, into: field, context: context)
      }
    } catch {
      failed(error, raw: raw, object: object, context: context)
    }
  }

  /// Stores a model read for this property.
  ///
  /// A `Model` or `Model?` field holds one reference,
  /// of the model's class or a superclass: stored as a `ModelBase?`, without a cast (whose
  /// result type, `T?`, unspecialized code would look up for every model).
  @inline(never)
  private func writeModel(_ model: ModelBase, isReference: Bool, into object: ModelBase) {
    if isReference {
      pointer(in: object, as: ModelBase?.self).pointee = model
    } else {
      writeCast(model, into: object)
    }
  }

  /// Writes `value` cast to `T`, if it is one; nothing otherwise.
  ///
  /// A helper of its own: the cast's result, a `T?`, has metadata that unspecialized code looks
  /// up at the start of the function that holds it, whichever way the function goes.
  @inline(never)
  private func writeCast(_ value: Any, into object: ModelBase) {
    if let typed = value as? T { write(typed, into: object) }
  }

  /// Reads the value the ways other than a single model; `false` when nothing was read.
  @inline(never)
  private func readOtherDirectly(
    from parser: inout JSONReader.Parser, into object: ModelBase, context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    // `textRead`: an array of models its class validates is read here as any other, written
    // as read (``written(_:into:isReference:)``), and validated by the reader in its turn.
    switch textRead {
    case .ordinary where settings.callsValidate, .model where holdsValidatedModel:
      // One case (one call) here: this frame is on the recursive path of models in
      // dictionaries and arrays.
      return try readValidatedDirectly(from: &parser, into: object, context: context)
    case .ordinary, .model:
      return false
    case .models(let declared, let concrete, let isReference):
      let result = try parser.readModelArray(
        declared: declared, concrete: concrete, context: context)
      return try written(
        result, isReference: isReference, from: &parser, into: object, context: context)
    case .modelsByKey(let declared, let concrete):
      return try written(
        parser.readModelDictionary(
          declared: declared, concrete: concrete, holder: modelHolder, context: context),
        into: object)
    case .fast, .fastByKey, .heldModels:
      return false  // read by `readFastDirectly`, `readHeldModelsDirectly`
    }
  }

  /// Writes an array of models read from text (``written(_:into:isReference:)``).
  ///
  /// For one its class validates, read as met: an array the model reader did not read (an
  /// empty one, or one too deep) is read as the tree reader reads it, converted, and written
  /// as read, not validated, in storage of its own. `false` when nothing was read (the
  /// ordinary way).
  @inline(never)
  private func written(
    _ result: DirectReadResult, isReference: Bool, from parser: inout JSONReader.Parser,
    into object: ModelBase, context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    guard case .notRead = result, holdsValidatedModels, let modelArray,
      try parser.peekValue() == UInt8(ascii: "[")
    else { return written(result, into: object, isReference: isReference) }
    try readTreeUnvalidated(from: &parser, into: object, context: context) { raw in
      let models = try convertModels(raw, of: modelArray, context: context)
      _ = written(.value(models), into: object, isReference: true)
    }
    return true
  }

  /// Reads a value read as met that the model readers did not read, as the tree reader reads
  /// it.
  ///
  /// `write` converts and writes it, not validated; what it throws is recorded as `map` does.
  /// Too deep: the issue is recorded, the property left as it is.
  private func readTreeUnvalidated(
    from parser: inout JSONReader.Parser, into object: ModelBase, context: MappingContext,
    _ write: (Any) throws -> Void
  ) throws(JSONSyntaxError) {
    guard let raw = try parser.parseValue(mappedBy: context, expected: declaredTypeName) else {
      return
    }
    do {
      try write(raw)
    } catch {
      failed(error, raw: raw, object: object, context: context)
    }
  }

  /// Reads a value its class validates, where it can be read straight: an object read as met
  /// that the model reader did not read (``PropertyAccessor/readsObjectAsMet(in:)``), a string
  /// for a `String` or `String?`, a number or a boolean read fast; `false`, with nothing read,
  /// for any other (read and validated the ordinary way).
  @inline(never)
  private func readValidatedDirectly(
    from parser: inout JSONReader.Parser, into object: ModelBase, context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    if holdsValidatedModel {
      return try readObjectAsMet(from: &parser, into: object, context: context)
    } else if stringField != .none {
      return try readStringValidated(from: &parser, into: object, context: context)
    } else if hasFastValue {
      return try readFastValidated(from: &parser, into: object, context: context)
    }
    return false
  }

  /// Reads an object read as met (``PropertyAccessor/readsObjectAsMet(in:)``) that the model
  /// reader did not read (a discriminator's value it leaves to the ordinary way, the thread's
  /// stack or the nesting limit reached): as the tree reader reads it, converted, and written
  /// as read, not validated; `false`, with nothing read, for any other value or class (read
  /// and validated the ordinary way, in the properties' order).
  @inline(never)
  private func readObjectAsMet(
    from parser: inout JSONReader.Parser, into object: ModelBase, context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    guard let singleModel, try parser.peekValue() == UInt8(ascii: "{"),
      readsObjectAsMet(in: context)
    else { return false }
    try readTreeUnvalidated(from: &parser, into: object, context: context) { raw in
      let model = try singleModel.fromMappedValue(raw, concrete: singleModel, context: context)
      pointer(in: object, as: ModelBase?.self).pointee = model
    }
    return true
  }

  /// Reads a string for a `String` or `String?` property its class validates, straight from
  /// the text (not boxed as the tree reader's value), and maps it as that value is mapped
  /// (``map(_:into:context:updating:)``: the null-string test, then `validate`); `false`,
  /// with nothing read, for any other value (read and validated the ordinary way).
  @inline(never)
  private func readStringValidated(
    from parser: inout JSONReader.Parser, into object: ModelBase, context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    guard try parser.peekValue() == UInt8(ascii: "\"") else {
      return try readFastValidated(from: &parser, into: object, context: context)
    }
    map(try parser.parseString(), into: object, context: context, updating: false)
    return true
  }

  /// Reads a number or a boolean its class validates, as a type read fast reads it, then
  /// validates it as `map` would the tree reader's value (the field holding its earlier value
  /// meanwhile, as `validate` sees it); `false`, with nothing read, for any other value (a
  /// string may be a null string, `null` is absent) or one not read fast (the ordinary way).
  @inline(never)
  private func readFastValidated(
    from parser: inout JSONReader.Parser, into object: ModelBase, context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    guard case .fast(let type) = directRead else { return false }
    switch try parser.peekValue() {
    case UInt8(ascii: "\""), UInt8(ascii: "n"), UInt8(ascii: "["), UInt8(ascii: "{"):
      return false
    default:
      break
    }
    let start = (index: parser.index, depth: parser.depth)
    let field = pointer(in: object, as: T.self)
    let earlier = field.pointee
    let wasRead = try readOrRewind(&parser, into: object) { field, parser throws(JSONSyntaxError) in
      try type.readFast(into: field, &parser, context: context)
    }
    guard wasRead else { return false }
    let value = field.pointee
    field.pointee = earlier
    do {
      write(try validated(value, object: object), into: object)
    } catch {
      failed(error, raw: try parser.parseValue(again: start), object: object, context: context)
    }
    return true
  }

  override func readsObjectAsMet(in context: MappingContext) -> Bool {
    guard holdsValidatedModel, let singleModel else { return false }
    return context.schema(for: singleModel).readsObjectsStraight(in: context)
  }

  override var readsArrayAsMet: Bool { holdsValidatedModels }

  override func valueReadAsMet(in object: ModelBase) -> ValueReadAsMet {
    holdsValidatedModel
      ? .model(pointer(in: object, as: ModelBase?.self).pointee)
      : .models(pointer(in: object, as: [ModelBase]?.self).pointee)
  }

  override func restore(_ value: ValueReadAsMet, in object: ModelBase) {
    switch value {
    case .model(let model): pointer(in: object, as: ModelBase?.self).pointee = model
    case .models(let models): pointer(in: object, as: [ModelBase]?.self).pointee = models
    }
  }

  override func writeValidated(_ value: ValueReadAsMet, into object: ModelBase) -> (any Error)? {
    do {
      switch value {
      case .model(let model?):
        try writeValidatedModel(model, into: object)
      case .models(let models?):
        try writeValidated(models as Any, into: object)
      case .model(nil), .models(nil):
        break
      }
      return nil
    } catch {
      return error
    }
  }

  /// Writes `model`, converted or read for a single model (``singleModel``), as the class's
  /// ``ModelBase/validate(_:forProperty:)`` returns it.
  private func writeValidatedModel(_ model: ModelBase, into object: ModelBase) throws {
    // `T` is `Model` or `Model?`: one reference, the model's.
    write(try validated(Self.same(model, as: T.self, optional: true), object: object), into: object)
  }

  /// `value` as a `T` of the same layout: `T` is `Value`, or `Value?` when `optional` (the
  /// bits of a class reference or a `String` are those of its optional), without the dynamic
  /// cast (whose `T?` unspecialized code would look up for every value).
  @inline(__always)
  private static func same<Value>(_ value: Value, as _: T.Type, optional: Bool) -> T {
    if optional {
      let wrapped: Value? = value
      return withUnsafePointer(to: wrapped) { UnsafeRawPointer($0).load(as: T.self) }
    }
    return withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: T.self) }
  }

  override func recordFailure(
    _ error: any Error, raw: Any, into object: ModelBase, context: MappingContext
  ) {
    failed(error, raw: raw, object: object, context: context)
  }

  /// Reads the value of a type that holds models only its own reader reads (`[Model?]`,
  /// `Set<Model>`, `[[Model]]`, ...: ``JSONDirectRead/heldModels(concrete:)``); `false`
  /// when nothing was read, the parser where it was.
  ///
  /// Apart from ``readOtherDirectly(from:into:context:)``: its frame is on the recursive path
  /// of models nested in these types, and that one's is larger.
  @inline(never)
  private func readHeldModelsDirectly(
    from parser: inout JSONReader.Parser, into object: ModelBase, context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    guard case .heldModels(let concrete) = sourceRead, let container = heldModelsType else {
      return false
    }
    return try container.readHeldModels(
      into: UnsafeMutableRawPointer(pointer(in: object, as: T.self)), &parser,
      concrete: concrete, context: context)
  }

  /// Reads a value of a type read straight from text (``JSONFastValue``, a dictionary of such
  /// values); `false` when nothing was read, the parser put back at the value's start.
  ///
  /// Apart from ``readOtherDirectly(from:into:context:)``, whose frame is on the recursive path
  /// of arrays and dictionaries of models: these reads do not recurse into models, and their
  /// closures would make that frame larger. Called by `read` itself, so that a property read
  /// fast makes no call more than it did.
  @inline(never)
  private func readFastDirectly(
    from parser: inout JSONReader.Parser, into object: ModelBase, context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    switch sourceRead {
    case .fast(let type):
      return try readOrRewind(&parser, into: object) { field, parser throws(JSONSyntaxError) in
        try type.readFast(into: field, &parser, context: context)
      }
    case .fastByKey(let type):
      return try readOrRewind(&parser, into: object) { field, parser throws(JSONSyntaxError) in
        try type.readFastEntries(into: field, &parser, context: context)
      }
    default:
      return false
    }
  }

  /// Reads the value at the parser's position into the field with `read`; where it reads
  /// nothing (`false`), the parser is put back at the value's start for the ordinary way.
  @inline(__always)
  private func readOrRewind(
    _ parser: inout JSONReader.Parser, into object: ModelBase,
    _ read: (UnsafeMutableRawPointer, inout JSONReader.Parser) throws(JSONSyntaxError) -> Bool
  ) throws(JSONSyntaxError) -> Bool {
    _ = try parser.peekValue()
    let start = parser.index
    let depth = parser.depth
    if try read(UnsafeMutableRawPointer(pointer(in: object, as: T.self)), &parser) { return true }
    parser.index = start
    parser.depth = depth
    return false
  }

  override func writeJSON(
    of object: ModelBase, key: [UInt8], into writer: inout JSONWriter.Writer, first: inout Bool,
    context: MappingContext
  ) throws(JSONWriterError) {
    // On the recursive path of nested models: the single model's way first, the others in a
    // helper, so that this frame stays small.
    let start = writer.output.count
    writer.beginMember(first: first)
    writer.writeKey(key)
    let written: Bool
    if holdsOneModel {
      let model = pointer(in: object, as: ModelBase?.self).pointee
      written = try model?.writeNestedJSON(into: &writer, context: context) ?? false
    } else if let other = try writeOtherJSON(of: object, into: &writer, context: context) {
      written = other
    } else {
      writer.output.removeSubrange(start...)
      if selfCoded != nil,
        writeItself(of: object, key: key, into: &writer, first: first, context: context)
      {
        first = false
        return
      }
      try super.writeJSON(of: object, key: key, into: &writer, first: &first, context: context)
      return
    }
    if written {
      first = false
    } else {
      writer.output.removeSubrange(start...)
    }
  }

  override func encode(
    of object: ModelBase, into sink: inout KeyedValueSink, context: MappingContext, depth: Int
  ) throws {
    switch directRead {
    case .model(_, isReference: true):
      guard let model = pointer(in: object, as: ModelBase?.self).pointee else { return }
      try ModelEncoding.writeNested(model, into: &sink, context: context, depth: depth)
    case .models(_, _, isReference: true):
      guard let models = pointer(in: object, as: [ModelBase]?.self).pointee else { return }
      try ModelEncoding.write(models, into: &sink, context: context, depth: depth)
    case .modelsByKey:
      try encodeModelsByKey(of: object, into: &sink, context: context, depth: depth)
    default:
      try encodeValue(of: object, into: &sink, context: context, depth: depth)
    }
  }

  /// ``encode(of:into:context:depth:)`` for a field that holds no model.
  ///
  /// A common scalar is written straight from the field, any other value as its dictionary
  /// value is. Apart, so that the frame on the recursive path of nested models stays small.
  @inline(never)
  private func encodeValue(
    of object: ModelBase, into sink: inout KeyedValueSink, context: MappingContext, depth: Int
  ) throws {
    if let scalarEncoding {
      try scalarEncoding.encode(UnsafeRawPointer(pointer(in: object, as: T.self)), into: &sink)
    } else if selfCoded == nil || !encodeItself(of: object, into: &sink) {
      try super.encode(of: object, into: &sink, context: context, depth: depth)
    }
  }

  /// Encodes a present value of a ``ValueConversion/SelfCoded`` type straight into the
  /// caller's encoder by its own `encode(to:)`.
  ///
  /// As it would be encoded outside a model: the encoder's strategies apply, as the decoder's
  /// do on the way in. `false` for `nil` (its dictionary value's way) and where the stack has
  /// no room. A value the encoder refuses (a NaN) is left out, as its dictionary value is.
  private func encodeItself(of object: ModelBase, into sink: inout KeyedValueSink) -> Bool {
    guard let encodable = presentEncodable(in: object), StackBounds.hasRoom() else {
      return false
    }
    try? sink.encode(encodable)
    return true
  }

  /// The property's value in `object` as what encodes itself: the field, or the value its
  /// optional wraps; `nil` for `nil`.
  private func presentEncodable(in object: ModelBase) -> (any Encodable)? {
    let field: Any = pointer(in: object, as: T.self).pointee
    let present: Any? = isOptional ? (field as? any OptionalValue)?.wrappedAny : field
    return present as? any Encodable
  }

  /// Writes the member under `key` with the property's present value encoded straight into
  /// JSON text by its own `encode(to:)` (``TextEncoder``), as a comma-led member unless it is
  /// the object's first.
  ///
  /// `false`, with nothing written, for `nil` (its mapped value's way), near the writer's
  /// nesting limit or the stack's, and where the encode fails or is undecided: the value is
  /// then written the ordinary way.
  @inline(never)
  private func writeItself(
    of object: ModelBase, key: [UInt8], into writer: inout JSONWriter.Writer, first: Bool,
    context: MappingContext
  ) -> Bool {
    guard context.depth + 1 + TextEncoder.maximumNesting < JSONWriter.maximumDepth,
      StackBounds.hasRoom()
    else { return false }
    guard let encodable = presentEncodable(in: object) else { return false }
    let start = writer.output.count
    writer.beginMember(first: first)
    writer.writeKey(key)
    guard TextEncoder.write(encodable, into: &writer) else {
      writer.output.removeSubrange(start...)
      return false
    }
    return true
  }

  /// ``encode(of:into:context:depth:)`` for a `[String: Model]`, apart (its frame is on the
  /// recursive path of nested models): the models encoded straight, a nil optional its mapped
  /// value's way.
  @inline(never)
  private func encodeModelsByKey(
    of object: ModelBase, into sink: inout KeyedValueSink, context: MappingContext, depth: Int
  ) throws {
    if let holder = modelHolder(in: object),
      try holder.encodeHeldModels(into: &sink, context: context, depth: depth)
    {
      return
    }
    try super.encode(of: object, into: &sink, context: context, depth: depth)
  }

  /// The property's value in `object` as what holds its models (a `[String: Model]`, say).
  private func modelHolder(in object: ModelBase) -> (any JSONModelHolder)? {
    pointer(in: object, as: T.self).pointee as? any JSONModelHolder
  }

  /// Writes the value the ways other than a single model: `false` when it is left out, `nil`
  /// when its dictionary value is to be written.
  @inline(never)
  private func writeOtherJSON(
    of object: ModelBase, into writer: inout JSONWriter.Writer, context: MappingContext
  ) throws(JSONWriterError) -> Bool? {
    switch directRead {
    case .fast(let type):
      return type.writeFast(
        from: UnsafeRawPointer(pointer(in: object, as: T.self)), into: &writer, context: context)
    case .models(_, _, isReference: true):
      guard let models = pointer(in: object, as: [ModelBase]?.self).pointee else { return false }
      return try ModelBase.writeJSON(models, into: &writer, context: context)
    case .modelsByKey:
      // A nil optional is written its mapped value's way.
      return try modelHolder(in: object)?.writeHeldModels(into: &writer, context: context)
    default:
      return nil
    }
  }

  /// ``mappedValue(of:context:)`` for a type read and written fast, from the field.
  @inline(never)
  private func fastMappedValue(of object: ModelBase, context: MappingContext) -> Any? {
    guard case .fast(let type) = directRead else { return nil }
    return type.dictionaryValue(
      from: UnsafeRawPointer(pointer(in: object, as: T.self)), context: context)
  }

  /// Writes what reading models gave; `false` when it read nothing.
  ///
  /// `isReference` for a `[Model]` or `[Model]?` field, one array reference: every element is
  /// a model of the declared class (or of the subclass `arrayElementTypes` names), so the
  /// array is stored as it is, without the element-by-element copy a cast to `[Model]` makes.
  private func written(
    _ result: DirectReadResult, into object: ModelBase, isReference: Bool = false
  ) -> Bool {
    if isReference, case .value(let models as [ModelBase]) = result {
      if holdsValidatedModels && models.isEmpty {
        // Read as met: in storage of its own, which what the property held before never is
        // (``PropertyAccessor/ValueReadAsMet/isUnchanged(from:)``).
        var stored = models
        stored.reserveCapacity(1)
        pointer(in: object, as: [ModelBase]?.self).pointee = stored
      } else {
        pointer(in: object, as: [ModelBase]?.self).pointee = models
      }
      return true
    }
    switch result {
    case .notRead:
      return false
    case .recorded:
      return true
    case .value(let models):
      // The models are of the declared class (or of the subclass arrayElementTypes names), so
      // the cast does not fail; the value is consumed either way.
      writeCast(models, into: object)
      return true
    }
  }

  /// Records why `raw` was not written; in lenient mode the default takes its place.
  @inline(never)
  private func failed(_ error: any Error, raw: Any, object: ModelBase, context: MappingContext) {
    context.record(error, for: raw, expected: typeName(T.self))
    if context.mode == .lenient, hasDefault { writeDefault(into: object) }
  }

  // The functions below touch `T?` values. They are kept out of `map` so that its prologue
  // does not look up `Optional<T>` metadata on every call.

  @inline(never)
  private func writeDefault(into object: ModelBase) {
    guard let defaultValue else { return }
    // Each object gets its own copy of a default that holds references (a model, an
    // NSMutableArray): mutating one object's default never changes another's.
    write(deepCopies ? DeepCopy.copied(defaultValue) : defaultValue, into: object)
  }

  private func deepCopy(_ value: T, session: DeepCopy.Session) -> T {
    DeepCopy.copy(value, session: session) as? T ?? value
  }

  @inline(never)
  private func writeNil(into object: ModelBase) {
    if let nilStorage { write(nilStorage.pointee, into: object) }
  }

  @inline(never)
  private func transformed(_ raw: Any, context: MappingContext) throws -> T {
    guard let transformer = settings.transformer else { return try decode(raw, context) }
    let value: Any
    if context.mode == .lenient, let each = transformer.eachElement {
      // Lenient: the elements that convert are kept, each other one an issue.
      let (kept, issues) = try each.decode(raw, keepingWhatConverts: true)
      if !issues.isEmpty {
        context.record(
          MappingError(issues: issues, modelType: "elements"), for: raw,
          expected: typeName(T.self))
      }
      value = kept
    } else {
      value = try transformer.decode(raw)
    }
    if let typed = value as? T { return typed }
    // `forEachElement` gives an array; a set property takes it as a set.
    if let set = (T.self as? any ArrayConvertibleSet.Type)?.fromElements(value),
      let typed = set as? T
    {
      return typed
    }
    return try decode(value, context)
  }

  /// The value after the model's ``ModelBase/validate(_:forProperty:)``.
  @inline(__always)
  private func validated(_ value: T, object: ModelBase) throws -> T {
    guard settings.callsValidate else { return value }
    let result = try object.validate(value, forProperty: propertyName)
    if ObjectIdentifier(type(of: result)) == ObjectIdentifier(T.self) {
      // The dynamic type is exactly T, so the cast cannot fail. A conditional cast would
      // instantiate `Optional<T>` metadata on every call (this code runs unspecialized).
      // swift-format-ignore: NeverForceUnwrap
      return result as! T
    }
    return try castOrReject(result)
  }

  /// `value` as `T` (validate returned a subclass, say), or the issue for a wrong type.
  @inline(never)
  private func castOrReject(_ result: Any) throws -> T {
    if let typed = result as? T { return typed }
    throw ConversionError(
      kind: .hookFailed, expectedType: typeName(T.self),
      reason: "validate(_:forProperty:) returned \(describeValue(result)) for "
        + "\(propertyName), not a \(typeName(T.self))")
  }

  private func mapAbsent(
    isNull: Bool, into object: ModelBase, context: MappingContext, updating: Bool
  ) {
    if isNull, context.ignoresNulls { return }
    if settings.isRequired && (isNull || !updating) {
      context.record(
        .missingValue, expected: typeName(T.self), found: isNull ? "null" : "nothing",
        reason: "\(settings.name) is required")
      return
    }
    if isNull {
      // A default applies to null, optional or not (IPHBaseModel); without one, an optional
      // becomes nil.
      if hasDefault {
        writeDefault(into: object)
      } else if isOptional {
        writeNil(into: object)
      }
    } else if hasDefault, !updating {
      writeDefault(into: object)
    }
  }

  /// For a field that is not one model reference: a `[String: Model]` refilled in place
  /// (`updated`), or the model the field holds, if any.
  ///
  /// Kept out of ``updateInPlace(_:object:context:)``, whose entry would otherwise ask the
  /// runtime for `Optional<T>`'s metadata on every nested model an update fills.
  @inline(never)
  private func updateHeldModels(
    with dictionary: [String: Any], raw: Any, object: ModelBase, context: MappingContext
  ) -> (updated: Bool, model: ModelBase?) {
    let current = pointer(in: object, as: T.self).pointee
    if let models = ((current as? any OptionalValue)?.wrappedAny ?? current)
      as? any ModelDictionaryUpdating
    {
      do {
        write(
          try cast(models.updated(with: dictionary, context: context), to: T.self), into: object)
      } catch {
        context.record(error, for: raw, expected: typeName(T.self))
      }
      return (true, nil)
    }
    return (false, modelValue(current))
  }

  /// In `update(with:)`, fills a nested model that is already there instead of replacing it.
  ///
  /// Never a model of an identified class: it may be shared, and another identifier's data
  /// must not be written into it; such a model goes through the mapping's identity map.
  ///
  /// On the recursive path of an update of nested models: what does not recurse is in
  /// helpers, so that this frame stays small (512 KB threads, debug builds).
  private func updateInPlace(_ raw: Any, object: ModelBase, context: MappingContext) -> Bool {
    guard settings.transformer == nil, let dictionary = castIfPossible(raw, to: [String: Any].self)
    else { return false }
    let found = modelToUpdate(with: dictionary, raw: raw, object: object, context: context)
    guard let existing = found.model else { return found.updated }
    guard enterUpdateNesting(raw, context: context) else { return true }
    defer { context.leaveNesting() }
    existing.fillUpdating(
      from: dictionary, schema: context.schema(for: type(of: existing)), context: context)
    return true
  }

  /// The model ``updateInPlace(_:object:context:)`` fills with `dictionary`: the one the
  /// field holds, not of an identified class; or none, and whether the field was updated
  /// otherwise (a `[String: Model]` refilled in place).
  @inline(never)
  private func modelToUpdate(
    with dictionary: [String: Any], raw: Any, object: ModelBase, context: MappingContext
  ) -> (updated: Bool, model: ModelBase?) {
    let existing: ModelBase
    if singleModel != nil {
      // One model reference (`Model` or `Model?`, `nil` as zero): read as such, without
      // casting the field or asking the runtime for `Optional<ModelBase>`'s metadata.
      let bits = UnsafeRawPointer(pointer(in: object, as: UInt.self)).load(as: UInt.self)
      guard let reference = UnsafeRawPointer(bitPattern: bits) else { return (false, nil) }
      existing = Unmanaged<ModelBase>.fromOpaque(reference).takeUnretainedValue()
    } else {
      let held = updateHeldModels(with: dictionary, raw: raw, object: object, context: context)
      if held.updated { return (true, nil) }
      guard let model = held.model else { return (false, nil) }
      existing = model
    }
    guard type(of: existing).identifierProperty == nil else { return (false, nil) }
    return (false, existing)
  }

  /// Enters the level of the nested model an update fills in place; `false`, its `tooDeep`
  /// issue recorded for `raw`, past the limit or the thread's stack.
  @inline(never)
  private func enterUpdateNesting(_ raw: Any, context: MappingContext) -> Bool {
    do {
      try context.enterNesting(expected: typeName(T.self))
      return true
    } catch {
      context.record(error, for: raw, expected: typeName(T.self))
      return false
    }
  }

  override func mappedValue(of object: ModelBase, context: MappingContext) -> Any? {
    // On the recursive path of nested models (through `encode`): the fast way is in a helper,
    // so that this frame stays small.
    if hasFastValue { return fastMappedValue(of: object, context: context) }
    if singleModel != nil, !hasTransformer {
      // One model reference, written as its own conversion would (`Optional`'s generic
      // layers are frames on the recursive path of nested models, five a level).
      return pointer(in: object, as: ModelBase?.self).pointee?.toMappedValue(context: context)
    }
    let value = pointer(in: object, as: T.self).pointee
    let result: Any?
    if let transformer = settings.transformer {
      if isOptional, (value as? any OptionalValue)?.wrappedAny == nil { return nil }
      result = transformer.encode(value)
    } else {
      result = encode(value, context)
    }
    if isOptional, let result, isNSNull(result) { return nil }
    return result
  }

  override func value(of object: ModelBase) -> Any {
    pointer(in: object, as: T.self).pointee
  }

  override func store(_ value: Any, into object: ModelBase) {
    if let typed = value as? T { write(typed, into: object) }
  }

  override func mappedValuesEqual(
    _ lhs: ModelBase, _ rhs: ModelBase, contexts: (MappingContext, MappingContext)?
  ) -> Bool {
    let left = UnsafeRawPointer(pointer(in: lhs, as: T.self))
    let right = UnsafeRawPointer(pointer(in: rhs, as: T.self))
    if let fieldScalar { return fieldScalar.equal(left, right) }
    guard let fastField else {
      if let contexts, let equal = nestedModelsEqual(lhs, rhs, contexts: contexts) {
        return equal
      }
      return super.mappedValuesEqual(lhs, rhs, contexts: contexts)
    }
    return fastField.equal(left, right, contexts?.0)
  }

  /// Whether the property's models (one, or an array) in `lhs` and `rhs` write equal values,
  /// compared from their fields (``ModelBase/nestedModelsEqual(_:_:contexts:)``); `nil` for
  /// another kind of property, or where the written values must decide.
  private func nestedModelsEqual(
    _ lhs: ModelBase, _ rhs: ModelBase, contexts: (MappingContext, MappingContext)
  ) -> Bool? {
    switch directRead {
    case .model(_, isReference: true):
      switch (
        pointer(in: lhs, as: ModelBase?.self).pointee,
        pointer(in: rhs, as: ModelBase?.self).pointee
      ) {
      case (nil, nil): return true
      case (let left?, let right?):
        return ModelBase.nestedModelsEqual(left, right, contexts: contexts)
      default: return nil
      }
    case .models(_, _, isReference: true):
      switch (
        pointer(in: lhs, as: [ModelBase]?.self).pointee,
        pointer(in: rhs, as: [ModelBase]?.self).pointee
      ) {
      case (nil, nil): return true
      case (let left?, let right?):
        return ModelBase.nestedModelArraysEqual(left, right, contexts: contexts)
      default: return nil
      }
    case .modelsByKey:
      // A nil optional (no holder) is its mapped value's to compare.
      return modelHolder(in: lhs)?.heldModelsEqual(
        pointer(in: rhs, as: T.self).pointee, contexts: contexts)
    default:
      return nil
    }
  }

  override var comparesWithoutContext: Bool { hasFastValue || fieldScalar != nil }

  override var isAlwaysWritten: Bool { !isOptional }

  // As `mapAbsent(isNull: false, ...)` does when not updating.
  override var mapsAbsence: Bool { settings.isRequired || hasDefault }

  override var copiesDeeply: Bool { deepCopies }

  override var equalityKind: EqualityPlan.Kind {
    // With a transformer, values are compared as it writes them.
    guard !hasTransformer else { return .other }
    switch ObjectIdentifier(T.self) {
    case ObjectIdentifier(String.self): return .string
    case ObjectIdentifier(Bool.self), ObjectIdentifier(Int.self), ObjectIdentifier(Int64.self),
      ObjectIdentifier(Int32.self), ObjectIdentifier(Int16.self), ObjectIdentifier(Int8.self),
      ObjectIdentifier(UInt.self), ObjectIdentifier(UInt64.self), ObjectIdentifier(UInt32.self),
      ObjectIdentifier(UInt16.self), ObjectIdentifier(UInt8.self):
      return .bytes(MemoryLayout<T>.size)
    default: return .other
    }
  }

  override var copyKind: CopyPlan.Kind {
    if let plainSize { return .bytes(plainSize) }
    switch ObjectIdentifier(T.self) {
    case ObjectIdentifier(String.self): return .string
    case ObjectIdentifier(String?.self): return .optionalString
    default: return .other
    }
  }

  override func hashMappedValue(
    of object: ModelBase, into hasher: inout Hasher, context: MappingContext
  ) -> Bool {
    if let fieldScalar {
      return fieldScalar.hash(UnsafeRawPointer(pointer(in: object, as: T.self)), &hasher)
    }
    guard let fastField else {
      if let hashed = hashNestedModels(of: object, into: &hasher, context: context) {
        return hashed
      }
      return super.hashMappedValue(of: object, into: &hasher, context: context)
    }
    return fastField.hash(UnsafeRawPointer(pointer(in: object, as: T.self)), &hasher, context)
  }

  /// Feeds `hasher` with the property's models (one, or an array) as `JSONValue.hash` feeds
  /// their written values, from their fields (``ModelBase/nestedHashEntries(_:context:)``);
  /// `nil`, nothing fed, for another kind of property, or where the written values must
  /// decide.
  private func hashNestedModels(
    of object: ModelBase, into hasher: inout Hasher, context: MappingContext
  ) -> Bool? {
    switch directRead {
    case .model(_, isReference: true):
      guard let model = pointer(in: object, as: ModelBase?.self).pointee else { return false }
      guard let entries = ModelBase.nestedHashEntries(model, context: context) else { return nil }
      hasher.combine(entries.count)
      hasher.combine(entries.sum)
      return true
    case .models(_, _, isReference: true):
      guard let models = pointer(in: object, as: [ModelBase]?.self).pointee else { return false }
      guard let entries = ModelBase.nestedHashEntries(models, context: context) else {
        return nil
      }
      hasher.combine(entries.count)
      for entry in entries {
        hasher.combine(entry.count)
        hasher.combine(entry.sum)
      }
      return true
    case .modelsByKey:
      return modelHolder(in: object)?.hashHeldModels(into: &hasher, context: context)
    default:
      return nil
    }
  }

  override var readMember: ReadShape.Member {
    switch directRead {
    case .model(let type, _): return ReadShape.Member(kind: .model, model: type)
    case .models(_, let concrete, _): return ReadShape.Member(kind: .models, model: concrete)
    case .modelsByKey(_, let concrete):
      return ReadShape.Member(kind: .modelsByKey, model: concrete)
    case .ordinary, .fast, .fastByKey, .heldModels: return .whole
    }
  }

  override var hasDefaultValue: Bool { hasDefault }

  override var declaredTypeName: String { typeName(T.self) }

  override func copy(from source: ModelBase, to target: ModelBase, session: DeepCopy.Session) {
    if let plainSize {
      UnsafeMutableRawPointer(pointer(in: target, as: T.self)).copyMemory(
        from: pointer(in: source, as: T.self), byteCount: plainSize)
      return
    }
    if let fastField {
      // Numbers, booleans, strings and arrays of them: copied with the concrete type in hand
      // (this code runs unspecialized, and would copy through `T`'s value witnesses twice).
      fastField.copy(
        UnsafeRawPointer(pointer(in: source, as: T.self)),
        UnsafeMutableRawPointer(pointer(in: target, as: T.self)))
      return
    }
    let value = pointer(in: source, as: T.self).pointee
    // A value type shares nothing mutable: written as it is.
    write(deepCopies ? deepCopy(value, session: session) : value, into: target)
  }

  override func canonicalValue(of raw: Any, mode: MappingMode) -> Any? {
    let context = MappingContext(mode: mode)
    guard
      let value = try? (hasTransformer ? transformed(raw, context: context) : decode(raw, context)),
      !context.hasIssues
    else { return nil }
    if let transformer = settings.transformer { return transformer.encode(value) }
    return encode(value, context)
  }

  override func setDefault(_ value: Any) -> Bool {
    if let exact = value as? T {
      defaultValue = exact
      hasDefault = true
      return true
    }
    let context = MappingContext()
    if let converted = try? decode(value, context), !context.hasIssues {
      defaultValue = converted
      hasDefault = true
      return true
    }
    return false
  }
}

/// Whether a value of `type` may hold references `copy()` must copy: untyped values, Foundation
/// containers and mutable strings, and optionals of them (models are found by
/// `ModelContainer`).
func mayHoldReferences(_ type: Any.Type) -> Bool {
  if MetadataKind(of: type) == .optional, let optional = type as? any StructuralContainer.Type {
    return mayHoldReferences(optional.containedType)
  }
  if type == Any.self || type == [Any].self || type == [String: Any].self { return true }
  return type is NSArray.Type || type is NSDictionary.Type || type is NSSet.Type
    || type is NSMutableString.Type || type == NSObject.self
}

/// `nil` of `T` when `T` is an `Optional`, otherwise `nil`.
func nilValue<T>(of type: T.Type) -> T? {
  // The metadata's kind first: a conformance check costs thousands of instructions, and most
  // fields are not optional.
  guard MetadataKind(of: type) == .optional, let optional = type as? any OptionalValue.Type
  else { return nil }
  return optional.makeNil() as? T
}

/// Whether a property's declared type is `String` (``plain``), `String?` (``optional``), or
/// neither.
enum StringField {
  case none, plain, optional
}
