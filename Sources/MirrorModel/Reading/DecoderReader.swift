import Foundation

/// Reads a `Decoder` straight into models, driven by their schemas, as JSON text is read
/// (``JSONReader``): each property asks the decoder for its key in the type it declares
/// (``JSONFastValue/decodeFast(_:forKey:context:)``), nested models and arrays of models are
/// read from nested containers into new models, a key path's last key is looked up in the
/// object its other keys lead to, and no dictionary is built for the object.
///
/// Only classes with ``ClassSchema/decoderKeys`` are read this way. A value that is not exactly
/// what its property takes (a numeric string for an `Int`, a null string, a `Date`, any type
/// not read fast) is read by the ``DecodingWalk``, as the walk of the whole object would read
/// it, and handed to the property's ordinary conversion: so the model and its issues are the
/// ones mapping the walk's dictionary gives, in the properties' order.
struct DecoderReader {
  /// Reads the values that are not read fast, remembering each key's kind across objects, and
  /// records their long literals in the call's table.
  var walk: DecodingWalk

  init(longLiterals: LongLiterals?) {
    walk = DecodingWalk(longLiterals: longLiterals)
  }

  /// The key a dictionary in the form `Decimal` encodes itself into has: such an object is
  /// read by the walk, which tells it from a model's object.
  static let decimalKey = AnyCodingKey("mantissa")

  /// Maps `container` (a decoder's root object) into `object`, whose schema has
  /// ``ClassSchema/decoderKeys``; returns the issues.
  ///
  /// - Throws: The decoder's errors, for a value it cannot give in any kind.
  static func map(
    _ object: ModelBase, schema: ClassSchema, keys: [[AnyCodingKey]],
    from container: KeyedDecodingContainer<AnyCodingKey>, options: MappingOptions
  ) throws -> [MappingIssue] {
    var options = options
    var reader = DecoderReader(longLiterals: options.recordsLongLiterals())
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

  /// Reads `container` into `object`; `depth` is how many containers `container` is inside,
  /// counting itself (1 for the root).
  ///
  /// On the recursive path of nested models: the work that does not recurse is in helpers,
  /// and this is inlined even in a debug build (`@_transparent`), its frame one less a level.
  @_transparent
  mutating func readModel(
    _ object: ModelBase, schema: ClassSchema, keys: [[AnyCodingKey]],
    from container: KeyedDecodingContainer<AnyCodingKey>, depth: Int, context: MappingContext
  ) throws {
    try readMembers(
      into: object, schema: schema, keys: keys, from: container, depth: depth, context: context)
    if schema.keepsUnknownKeys {
      try keepUnknownMembers(
        of: container, in: object, schema: schema, depth: depth, context: context)
    }
  }

  /// Reads the members of `container` into `object`, property by property in their order (a
  /// missing key, or a key path through a missing key or `null`, is mapped as absent).
  ///
  /// On the recursive path of nested models: key paths are read in a helper, so that this
  /// frame stays small.
  private mutating func readMembers(
    into object: ModelBase, schema: ClassSchema, keys: [[AnyCodingKey]],
    from container: KeyedDecodingContainer<AnyCodingKey>, depth: Int, context: MappingContext
  ) throws {
    let saved = context.enterModel(schema)
    defer { context.leaveModel(saved) }
    var holders: KeyPathHolders?
    for position in schema.steps.indices {
      let step = schema.steps[position]
      let path = keys[position]
      context.push(step.pathComponent)
      defer { context.pop() }
      if path.count == 1 && !step.readsOtherKeys {
        try step.accessor.takeUnretainedValue().decode(
          from: container, forKey: path[0], into: object, reader: &self, depth: depth,
          context: context)
      } else if let found = try locate(
        position, of: schema, path: path, from: container, holders: &holders, into: object,
        depth: depth, context: context)
      {
        // Decoded in this frame, as a plain key is: it is on the recursive path of nested
        // models (the helpers' frames are not).
        try step.accessor.takeUnretainedValue().decode(
          from: found.container, forKey: found.key, into: object, reader: &self,
          depth: found.depth, context: context)
      }
    }
  }

  /// Where a value ``readMembers(into:schema:keys:from:depth:context:)`` decodes is: the
  /// object holding it, its key there, and how many containers that object is inside.
  private struct Located {
    let container: KeyedDecodingContainer<AnyCodingKey>
    let key: AnyCodingKey
    let depth: Int
  }

  /// Where the value of the property at `position` is, under a key path or another key, for
  /// the caller to decode; `nil` when it is mapped already (absent, or a value looked up in a
  /// value that is not an object).
  @inline(never)
  private mutating func locate(
    _ position: Int, of schema: ClassSchema, path: [AnyCodingKey],
    from container: KeyedDecodingContainer<AnyCodingKey>, holders: inout KeyPathHolders?,
    into object: ModelBase, depth: Int, context: MappingContext
  ) throws -> Located? {
    if schema.steps[position].readsOtherKeys {
      return try locateUnderOtherKeys(
        position, of: schema, path: path, from: container, into: object, depth: depth,
        context: context)
    }
    return try locate(
      schema.steps[position], at: path, of: schema, from: container, holders: &holders,
      into: object, depth: depth, context: context)
  }

  /// Where the value of the property at `position`, which ``ClassSchema/Step/readsOtherKeys``,
  /// is, for the caller to decode; `nil` when it is mapped already.
  ///
  /// As a dictionary's value is looked up (`ModelBase.rawValue(of:in:context:)`): under the
  /// first of its key or key path (`path`) and its alternatives, in the class's order, that
  /// leads to a value (`null` included), then, in a class that matches keys
  /// case-insensitively, the first of the container's keys equal to one of its keys (not key
  /// paths) lowercased, named in the issues' path as read; absent when none does. A key path
  /// through a value that is not an object is looked up in that value as a dictionary's
  /// (``walkedValue(at:from:of:in:forKey:depth:context:)``).
  @inline(never)
  private mutating func locateUnderOtherKeys(
    _ position: Int, of schema: ClassSchema, path: [AnyCodingKey],
    from container: KeyedDecodingContainer<AnyCodingKey>, into object: ModelBase, depth: Int,
    context: MappingContext
  ) throws -> Located? {
    let step = schema.steps[position]
    let accessor = step.accessor.takeUnretainedValue()
    let alternatives = schema.decoderAlternatives[position]
    // Each key or path exactly, then the keys case-insensitively.
    let property = step.property.takeUnretainedValue()
    for place in 0...alternatives.count {
      let candidate = place == 0 ? path : alternatives[place - 1]
      switch Self.holder(of: candidate, in: container) {
      case .object(let found):
        let key = candidate[candidate.count - 1]
        guard found.contains(key) else { continue }
        if place > 0 { context.replaceLast(.key(property.alternatives[place - 1].key)) }
        // The objects of a key path cost no level, as from text and a dictionary.
        return Located(container: found, key: key, depth: depth)
      case .absent:
        continue
      case .value(let found, let key, let at):
        guard
          let raw = try walkedValue(
            at: property.candidatePath(place), from: at, of: schema, in: found, forKey: key,
            depth: depth, context: context)
        else { continue }
        if place > 0 { context.replaceLast(.key(property.alternatives[place - 1].key)) }
        accessor.map(raw, into: object, context: context, updating: false)
        return nil
      }
    }
    if property.matchesCaseInsensitively,
      let (_, matches) = property.caseInsensitiveMatches(
        among: container.allKeys.map(\.stringValue))
    {
      context.replaceLast(.key(matches[0]))
      return Located(container: container, key: AnyCodingKey(matches[0]), depth: depth)
    }
    accessor.map(nil, into: object, context: context, updating: false)
    return nil
  }

  /// Keeps the members of `container` no property reads in `object`, for a class that keeps
  /// unknown keys: each value as the walk of the whole object would read it, inside an object
  /// that key paths read in part the keys they do not name (``UnknownMembers``).
  @inline(never)
  private mutating func keepUnknownMembers(
    of container: KeyedDecodingContainer<AnyCodingKey>, in object: ModelBase,
    schema: ClassSchema, depth: Int, context: MappingContext
  ) throws {
    guard var unknown = UnknownMembers(schema: schema, context: context) else { return }
    try collectUnknownMembers(
      of: container, reading: schema.inputKeys, lowercased: schema.matchesCaseInsensitively,
      discriminator: schema.discriminator?.key, under: [], into: &unknown, depth: depth)
    unknown.finish(object, context: context, updating: false)
  }

  private mutating func collectUnknownMembers(
    of container: KeyedDecodingContainer<AnyCodingKey>,
    reading keys: [String: ClassSchema.InputKey], lowercased: Bool,
    discriminator: String? = nil, under prefix: [String], into unknown: inout UnknownMembers,
    depth: Int
  ) throws {
    for key in container.allKeys {
      let name = key.stringValue
      switch ClassSchema.InputKey.of(name, in: keys, lowercased, discriminator: discriminator) {
      case nil:
        var source = KeyedValueSource(container: container, key: key)
        unknown.append(name, under: prefix, value: try walk.value(from: &source, depth: depth))
      case .whole:
        break
      case .nested(let inner):
        // Not an object: the key path reports it, and it is not kept.
        guard (try? container.decodeNil(forKey: key)) != true,
          let nested = try? container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key),
          !nested.contains(Self.decimalKey)
        else { break }
        try collectUnknownMembers(
          of: nested, reading: inner, lowercased: lowercased, under: prefix + [name],
          into: &unknown, depth: depth)
      }
    }
  }

  /// Where the value at the key path `path` (the property of `step`'s) is, for the caller to
  /// decode; `nil` when it is mapped already: absent through a missing key or `null`; through
  /// a value that is not an object, looked up in it as in a dictionary.
  @inline(never)
  private mutating func locate(
    _ step: ClassSchema.Step, at path: [AnyCodingKey], of schema: ClassSchema,
    from container: KeyedDecodingContainer<AnyCodingKey>, holders: inout KeyPathHolders?,
    into object: ModelBase, depth: Int, context: MappingContext
  ) throws -> Located? {
    let accessor = step.accessor.takeUnretainedValue()
    let prefix = path.dropLast()
    let found = holders ?? KeyPathHolders()
    holders = found
    let endsInIndex = path[path.count - 1].intValue != nil
    if found.prefix != prefix || found.endsInIndex != endsInIndex {
      found.prefix = prefix
      found.endsInIndex = endsInIndex
      found.holder = Self.holder(of: path, in: container)
    }
    switch found.holder {
    case .object(let holder):
      // The objects of a key path cost no level, as from text and a dictionary.
      return Located(container: holder, key: path[path.count - 1], depth: depth)
    case .absent:
      accessor.map(nil, into: object, context: context, updating: false)
    case .value(let holder, let key, let at):
      let raw = try walkedValue(
        at: step.property.takeUnretainedValue().candidatePath(0), from: at, of: schema,
        in: holder, forKey: key, depth: depth, context: context)
      accessor.map(raw, into: object, context: context, updating: false)
    }
    return nil
  }

  /// The value at `path` past `position`, in the value under `key` in `container` (at
  /// `path[position]`, not an object, or an array an index reads), read as the walk of the
  /// whole object reads it (as much of it as the class's ``ReadShape`` reads) and looked up
  /// as in a dictionary (`KeyPaths.lookUp`: an array's elements collected, a scalar an issue);
  /// `nil` where a key path leads to nothing.
  ///
  /// `depth` is how many containers `container` is inside, counting itself.
  @inline(never)
  private mutating func walkedValue(
    at path: [KeyComponent], from position: Int, of schema: ClassSchema,
    in container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey, depth: Int,
    context: MappingContext
  ) throws -> Any? {
    var member = ReadShape.Member.whole
    var shape = schema.readShape
    for component in path[...position] {
      guard case .key(let name) = component, let found = shape?.members[name] else {
        member = .whole
        break
      }
      member = found
      shape = found.keys
    }
    var source = KeyedValueSource(container: container, key: key)
    // Read whole as deep as the text reader reads it (``DecodingWalk/limit``).
    walk.limit = ModelBase.maximumJSONDepth
    defer { walk.limit = CodableBridge.maximumDepth }
    let value = try walk.value(from: &source, member: member, key: key.stringValue, depth: depth)
    return KeyPaths.lookUp(path, from: position + 1, in: value, context: context)
  }

  /// The object the last key path read led to, for the next properties whose key paths go
  /// through it (`user.name`, `user.screen_name`): each object is asked for once.
  ///
  /// What a prefix leads to depends on whether the path's last key is an index too (then the
  /// prefix's last key is walked).
  private final class KeyPathHolders {
    var prefix: ArraySlice<AnyCodingKey> = []
    var endsInIndex = false
    var holder = Holder.absent
  }

  /// What a key path's keys before its last lead to.
  private enum Holder {
    /// An object: the last key is looked up in it.
    case object(KeyedDecodingContainer<AnyCodingKey>)
    /// A missing key or `null` on the way: the property is absent.
    case absent
    /// The value under `key` in `container`, the path's key at `position`, is not an object
    /// (an array, which key paths collect from; a scalar, an issue there), or is followed by
    /// an index written `[n]`: the rest of the path is looked up in it as in a dictionary.
    case value(KeyedDecodingContainer<AnyCodingKey>, key: AnyCodingKey, position: Int)
  }

  /// What the keys of `path` before its last lead to from `container`.
  @inline(never)
  private static func holder(
    of path: [AnyCodingKey], in container: KeyedDecodingContainer<AnyCodingKey>
  ) -> Holder {
    var current = container
    for position in 0..<path.count - 1 {
      let key = path[position]
      guard current.contains(key) else { return .absent }
      if (try? current.decodeNil(forKey: key)) == true { return .absent }
      guard path[position + 1].intValue == nil,
        let next = try? current.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key),
        !next.contains(decimalKey)
      else { return .value(current, key: key, position: position) }
      current = next
    }
    return .object(current)
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
    if accessor.decodeItself(
      from: container, forKey: key, into: object, depth: depth, context: context)
    {
      return
    }
    let raw = try walkedValue(for: accessor, from: container, forKey: key, depth: depth)
    accessor.map(raw, into: object, context: context, updating: false)
  }

  /// The value under `key` (there) as the walk reads it for `accessor`'s property.
  mutating func walkedValue(
    for accessor: PropertyAccessor, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, depth: Int
  ) throws -> Any {
    var source = KeyedValueSource(container: container, key: key)
    return try walk.value(
      from: &source, member: accessor.readMember, key: key.stringValue, depth: depth)
  }

  /// The model of class `type` read from the object under `key`; `nil`, with nothing read or
  /// recorded, when the value is not such an object, the class is not read this way, or the
  /// input nests too deeply (the ordinary way reports it).
  mutating func nestedModel(
    _ type: ModelBase.Type, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, depth: Int, context: MappingContext
  ) throws -> ModelBase? {
    guard
      let (model, schema, keys, nested) = try prepareNestedModel(
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
  private mutating func prepareNestedModel(
    _ type: ModelBase.Type, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, context: MappingContext
  ) throws -> (ModelBase, ClassSchema, [[AnyCodingKey]], KeyedDecodingContainer<AnyCodingKey>)? {
    let declared = context.schema(for: type)
    guard declared.decoderKeys != nil,
      let nested = try? container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key),
      !nested.contains(Self.decimalKey),
      let (chosen, schema, keys) = try modelClass(type, declared, of: nested, context: context),
      context.tryEnterNesting()
    else { return nil }
    return (chosen.init(), schema, keys, nested)
  }

  /// The class to read the object `container` into where `type` (whose schema is `schema`) is
  /// declared, its schema and keys: `type`, or the subclass its discriminator's value names
  /// (read as the walk reads it); `nil` where the ordinary way must decide (a value that
  /// names no class of a class whose `modelType(for:)` would be asked, a class that is not a
  /// subclass of `type`, a class not read straight from a decoder).
  private mutating func modelClass(
    _ type: ModelBase.Type, _ schema: ClassSchema,
    of container: KeyedDecodingContainer<AnyCodingKey>,
    context: MappingContext
  ) throws -> (ModelBase.Type, ClassSchema, [[AnyCodingKey]])? {
    guard let discriminator = schema.discriminator else {
      return schema.decoderKeys.map { (type, schema, $0) }
    }
    let key = AnyCodingKey(discriminator.key)
    var raw: Any?
    if container.contains(key) {
      var source = KeyedValueSource(container: container, key: key)
      raw = try walk.value(from: &source, key: discriminator.key, depth: 1)
    }
    guard let named = try schema.discriminatedClass(named: raw, context: context) else {
      return schema.overriddenHooks.contains(.modelType)
        ? nil : schema.decoderKeys.map { (type, schema, $0) }
    }
    guard AccessorFactory.isSubclass(named, of: type) else { return nil }
    let chosen = context.schema(for: named)
    return chosen.decoderKeys.map { (named, chosen, $0) }
  }

  /// The class of an element of an array of `concrete` models, as
  /// ``modelClass(_:_:of:context:)`` chooses it; `schema` and `keys` (`concrete`'s) when the
  /// class has no discriminator.
  @inline(never)
  mutating func elementClass(
    _ concrete: ModelBase.Type, _ schema: ClassSchema, _ keys: [[AnyCodingKey]],
    of object: KeyedDecodingContainer<AnyCodingKey>, _ context: MappingContext
  ) throws -> (ModelBase.Type, ClassSchema, [[AnyCodingKey]])? {
    guard schema.discriminator != nil else { return (concrete, schema, keys) }
    return try modelClass(concrete, schema, of: object, context: context)
  }

  /// The models read from the array under `key`, each object as a model of class `concrete`,
  /// any other element walked where it stands and converted the ordinary way for the
  /// `declared` class (an issue at its index where it does not convert).
  ///
  /// ``DirectReadResult/notRead``, with nothing recorded, when the value is not an array, the
  /// class is not read this way, the input nests too deeply, or the decoder moved past an
  /// element it did not give (the ordinary way then reads the whole array).
  ///
  /// An empty array costs no level of nesting; another costs one, and each model one more.
  @inline(never)
  mutating func models(
    declared: ModelBase.Type, concrete: ModelBase.Type,
    from container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey, depth: Int,
    context: MappingContext
  ) throws -> DirectReadResult {
    // On the recursive path of nested arrays of models: what does not recurse is in helpers.
    guard var source = DecodedModels(concrete, from: container, forKey: key, depth: depth) else {
      return .notRead
    }
    var models: [ModelBase] = []
    if source.elements.isAtEnd { return .value(models) }
    guard var walk = ElementWalk(tryEntering: context) else { return .notRead }
    defer { walk.leave() }
    source.reserve(&models)
    let checkpoint = context.checkpoint()
    // The elements that are objects read in this frame, each at its path (the one loop's
    // generic frame is then not on the recursive path of nested arrays of models, which a
    // 512 KB debug thread has no room for), up to the first that is not read so: the one
    // loop converts it where it stands, and the rest.
    var index = 0
    repeat {
      walk.enter(index)
      guard let model = try source.fastElement(&self, context: context) else {
        walk.leaveElement()
        source.handOver.mark()
        break
      }
      walk.leaveElement()
      models.append(model)
      index += 1
    } while source.advance(&self)
    if source.handOver.pending {
      guard
        try walk.convertElements(
          of: &source, at: &self, startingAt: index, into: &models,
          expected: { MirrorModel.typeName(declared) },
          convert: { try declared.fromMappedValue($0, concrete: concrete, context: $1) })
      else {
        // The ordinary way reads the whole array again: what was recorded is its to record.
        context.rollBack(to: checkpoint)
        return .notRead
      }
    }
    return walk.failsWhole ? .recorded : .value(models)
  }

  /// The models read from the object under `key`, by key, as the dictionary `holder` (the
  /// property's type) makes them.
  ///
  /// Each object is read as a model of class `concrete`, any other value walked where it
  /// stands and converted the ordinary way for the `declared` class (an issue at its key where
  /// it does not convert, the issues in key order). ``DirectReadResult/notRead``, with nothing
  /// recorded, when the value is not an object, has exactly the keys of `Decimal`'s encoded
  /// form (the walk may read it as one), nests too deeply, or a value cannot be walked (the
  /// ordinary way then reads the whole value).
  ///
  /// A non-empty object costs one level of nesting, and each model one more.
  @inline(never)
  mutating func modelsByKey(
    declared: ModelBase.Type, concrete: ModelBase.Type, holder: any JSONModelHolder.Type,
    from container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey, depth: Int,
    context: MappingContext
  ) throws -> DirectReadResult {
    // On the recursive path of nested dictionaries of models: what does not recurse is in
    // helpers, so that this frame holds little but the loop's call.
    guard var source = DecodedModelEntries(concrete, from: container, forKey: key, depth: depth)
    else { return .notRead }
    if source.entries.isEmpty { return Self.noModels(holder) }
    let checkpoint = context.checkpoint()
    guard !DecodingWalk.mayBeDecimal(source.entries),
      let elements = ElementWalk(tryEntering: context)
    else { return .notRead }
    var walk = EntryWalk(elements)
    defer { walk.elements.leave() }
    var read = ReadModels(capacity: source.entries.count)
    // The entries that are objects read in this frame, each at its path and in its segment of
    // issues (the one loop's generic frame is then not on the recursive path of nested
    // dictionaries of models, which a 512 KB debug thread has no room for), up to the first
    // that is not read so: the one loop converts it where it stands, and the rest.
    while let name = source.nextKey(&self) {
      walk.enter(name)
      guard let model = try source.fastValue(&self, context: context) else {
        walk.leave(name)
        source.handOver.mark()
        break
      }
      read.store(model, under: name)
      walk.leave(name)
    }
    if source.handOver.pending {
      guard
        try walk.convertEntries(
          of: &source, at: &self, into: &read, expected: { MirrorModel.typeName(declared) },
          convert: { try declared.fromMappedValue($0, concrete: concrete, context: $1) })
      else {
        // The ordinary way reads the whole value again: what was recorded is its to record.
        context.rollBack(to: checkpoint)
        return .notRead
      }
    }
    return Self.finish(read, as: holder, &walk, from: checkpoint, context: context)
  }

  /// An empty dictionary of models, as `holder` makes it.
  @inline(never)
  private static func noModels(_ holder: any JSONModelHolder.Type) -> DirectReadResult {
    holder.modelsByKey(keys: [], models: []).map { .value($0) } ?? .notRead
  }

  /// The dictionary `holder` makes of the models `read`, and whether the walk failed as a
  /// whole; ``DirectReadResult/notRead``, what was recorded since `checkpoint` rolled back,
  /// where it makes none (the ordinary way reads the whole value again).
  @inline(never)
  private static func finish(
    _ read: ReadModels, as holder: any JSONModelHolder.Type, _ walk: inout EntryWalk,
    from checkpoint: MappingContext.Checkpoint, context: MappingContext
  ) -> DirectReadResult {
    guard let byKey = holder.modelsByKey(keys: read.keys[...], models: read.models[...]) else {
      context.rollBack(to: checkpoint)
      return .notRead
    }
    return walk.finishIssues() ? .recorded : .value(byKey)
  }

  /// Whether a source of models read in front of the one loop (``DecodedModels``,
  /// ``DecodedModelEntries``) handed it the element it was asked for last and did not read
  /// as a model: the loop then asks for that element again, and is to read it as it stands.
  struct HandOver {
    private(set) var pending = false

    /// Notes that the element asked for last is handed over.
    mutating func mark() { pending = true }

    /// Whether the element asked for now is the one handed over; it is then no longer.
    mutating func take() -> Bool {
      defer { pending = false }
      return pending
    }
  }

  /// The entries of a decoder's dictionary of models, for ``EntryWalk``: each object read as a
  /// model (``nestedModel(_:from:forKey:depth:context:)``), any other value walked where it
  /// stands, as the ordinary way walks it.
  private struct DecodedModelEntries: EntrySource {
    /// A model's reading throws what the decoder throws.
    typealias Failure = any Error

    let object: KeyedDecodingContainer<AnyCodingKey>
    let entries: [AnyCodingKey]
    let concrete: ModelBase.Type
    /// How many containers the dictionary's container is inside.
    let depth: Int
    /// Where the entry whose key was read last is in ``entries``.
    var position = -1
    /// Whether the entry at ``position`` was asked for and not read as a model: the one loop
    /// is then handed its key again, and reads its value as it stands.
    var handOver = HandOver()

    /// The entries of the object under `key`, to read as models of class `concrete`; `nil`
    /// where the value is not an object.
    @inline(never)
    init?(
      _ concrete: ModelBase.Type, from container: KeyedDecodingContainer<AnyCodingKey>,
      forKey key: AnyCodingKey, depth: Int
    ) {
      guard let object = try? container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
      else { return nil }
      self.object = object
      self.entries = object.allKeys
      self.concrete = concrete
      self.depth = depth
    }

    mutating func nextKey(_ reader: inout DecoderReader) -> String? {
      if !handOver.pending { position += 1 }
      return position < entries.count ? entries[position].stringValue : nil
    }

    mutating func fastValue(
      _ reader: inout DecoderReader, context: MappingContext
    ) throws -> ModelBase? {
      if handOver.take() { return nil }
      return try reader.nestedModel(
        concrete, from: object, forKey: entries[position], depth: depth + 1, context: context)
    }

    /// Unavailable where the walk throws.
    func rawValue(_ reader: inout DecoderReader, context: MappingContext) -> RawElement {
      let key = entries[position]
      var source = KeyedValueSource(container: object, key: key)
      guard let raw = try? reader.walk.value(from: &source, key: key.stringValue, depth: depth + 1)
      else { return .unavailable }
      return .value(raw)
    }
  }

  /// The elements of a decoder's array of models, for ``ElementWalk``: each object read as a
  /// model (of the class `concrete`, or the subclass its discriminator names), any other
  /// element walked where it stands, as the ordinary way walks it.
  private struct DecodedModels: ElementSource {
    /// A model's reading throws what the decoder throws.
    typealias Failure = any Error

    var elements: any UnkeyedDecodingContainer
    /// The class, its schema and its keys; no keys for a class not read straight from a
    /// decoder (one mapped from dictionaries), whose elements are each walked where they stand
    /// and converted (the dictionary its hook asks for made for that element only).
    let concrete: (type: ModelBase.Type, schema: ClassSchema, keys: [[AnyCodingKey]]?)
    /// How many containers the array is inside.
    let depth: Int
    /// The container's index before the element was asked for as an object.
    var position = 0
    /// Whether the element at ``position`` was asked for and not read as a model: the one
    /// loop, which asks again, then reads it as it stands (the decoder may be past it).
    var handOver = HandOver()

    static var readsFastAtItsPath: Bool { true }

    /// The elements of the array under `key`, to read as models of class `concrete`; `nil`
    /// where the value is not an array.
    @inline(never)
    init?(
      _ concrete: ModelBase.Type, from container: KeyedDecodingContainer<AnyCodingKey>,
      forKey key: AnyCodingKey, depth: Int
    ) {
      let schema = SchemaCache.shared.schema(for: concrete)
      guard let elements = try? container.nestedUnkeyedContainer(forKey: key) else { return nil }
      self.elements = elements
      self.concrete = (concrete, schema, schema.decoderKeys)
      self.depth = depth
    }

    /// Makes room in `models` for the array's elements, where the decoder tells how many.
    @inline(never)
    func reserve(_ models: inout [ModelBase]) {
      if let count = elements.count { models.reserveCapacity(count) }
    }

    /// The model read from the element, an object; `nil` where it is none (the decoder then
    /// still at it), or where it is one that is not read this way (the decoder past it).
    mutating func fastElement(
      _ reader: inout DecoderReader, context: MappingContext
    ) throws -> ModelBase? {
      if handOver.take() { return nil }
      position = elements.currentIndex
      guard let classKeys = concrete.keys,
        let object = try? elements.nestedContainer(keyedBy: AnyCodingKey.self),
        !object.contains(DecoderReader.decimalKey),
        let (chosen, schema, keys) = try reader.elementClass(
          concrete.type, concrete.schema, classKeys, of: object, context),
        context.tryEnterNesting()
      else { return nil }
      defer { context.leaveNesting() }
      let model = chosen.init()
      try reader.readModel(
        model, schema: schema, keys: keys, from: object, depth: depth + 2, context: context)
      return model
    }

    mutating func rawElement(
      _ reader: inout DecoderReader, context: MappingContext
    ) -> RawElement {
      reader.walk.element(of: &elements, askedAt: position, depth: depth + 1)
    }

    func advance(_ reader: inout DecoderReader) -> Bool {
      !elements.isAtEnd
    }
  }
}
