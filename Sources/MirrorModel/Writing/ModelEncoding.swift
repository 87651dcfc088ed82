import Foundation

/// Writes models through an `Encoder` field by field: ``ModelBase/toDictionary()``'s keys and
/// values, without building that dictionary where the class allows (as
/// ``ModelBase/toJSON(prettyPrinted:)`` writes text): nested models and arrays of models go
/// into nested containers straight from their fields; other values are what the property's
/// accessor writes into the dictionary.
///
/// A class with a discriminator value of its own writes it after its properties. A class whose
/// output keys are key paths (`entities.hashtags`, `photos[0].url`) writes its properties into
/// the objects and arrays of its ``ClassSchema/jsonOutputGroup``, each opened when its first
/// value is written (``DeferredObject``, ``DeferredArray``), so that a container none of whose
/// properties is written is left out, as from the dictionary, and the kept unknown values of a
/// model merged with them as the dictionary merges them. A model whose dictionary is edited by
/// a hook (``ModelBase/willWrite(to:)``), that keeps a value under the key of a key path's
/// array, or whose class has key paths the group cannot take (two at one place), is written as
/// its own dictionary.
enum ModelEncoding {
  /// What a model is written as.
  private enum Content {
    /// Its properties, from their fields.
    case fields(ClassSchema)
    /// Its properties, from their fields, inside the objects their key paths name.
    case grouped(ClassSchema, JSONOutputGroup)
    /// Its dictionary.
    case dictionary([String: Any])
  }

  /// Writes `model` through `encoder` as a keyed container.
  static func encode(_ model: ModelBase, to encoder: any Encoder) throws {
    let context = MappingContext()
    _ = context.beginWriting(model)
    defer { context.endWriting(model) }
    let container = encoder.container(keyedBy: AnyCodingKey.self)
    // Refused by willWrite: an empty container, as toDictionary() gives an empty dictionary.
    guard let content = content(of: model, context: context) else { return }
    try write(content, of: model, into: container, context: context, depth: 1)
  }

  /// How `model` is written; `nil` when ``ModelBase/willWrite(to:)`` refused it (its issue
  /// recorded).
  private static func content(of model: ModelBase, context: MappingContext) -> Content? {
    let schema = context.schema(for: type(of: model))
    if schema.jsonOutputKeys != nil { return .fields(schema) }
    if let group = schema.jsonOutputGroup, model.storedUnknownValues.map(group.holdsKept) ?? true {
      return .grouped(schema, group)
    }
    return model.dictionaryValue(schema: schema, context: context).map(Content.dictionary)
  }

  private static func write(
    _ content: Content, of model: ModelBase, into container: KeyedEncodingContainer<AnyCodingKey>,
    context: MappingContext, depth: Int
  ) throws {
    switch content {
    case .dictionary(let dictionary):
      try CodableBridge.write(dictionary: dictionary, into: container, depth: depth)
    case .fields(let schema):
      // On the recursive path of nested models: a model keeping unknown values is written by
      // a helper, so that this frame holds only the properties' loop.
      guard model.storedUnknownValues == nil else {
        return try writeFieldsKeepingUnknown(
          of: model, schema: schema, into: container, context: context, depth: depth)
      }
      context.enterWritingModel(schema)
      defer { context.leaveWritingModel() }
      try writeFields(of: model, schema: schema, into: container, context: context, depth: depth)
    case .grouped(let schema, let group):
      try write(group, of: model, schema: schema, into: container, context: context, depth: depth)
    }
  }

  /// Writes the properties of `model` from their fields under their output keys, then the
  /// class's own discriminator value.
  private static func writeFields(
    of model: ModelBase, schema: ClassSchema, into container: KeyedEncodingContainer<AnyCodingKey>,
    context: MappingContext, depth: Int
  ) throws {
    for property in schema.properties {
      context.push(property.pathComponent)
      defer { context.pop() }
      var sink = KeyedValueSink(container: container, key: AnyCodingKey(property.outputKey))
      try property.accessor.encode(of: model, into: &sink, context: context, depth: depth)
    }
    if let discriminator = schema.jsonDiscriminator {
      try writeDiscriminator(discriminator.value, key: discriminator.key, into: container)
    }
  }

  /// Writes `value` under `key`, out of the frames on the recursive path of nested models.
  @inline(never)
  private static func writeDiscriminator(
    _ value: String, key: String, into container: KeyedEncodingContainer<AnyCodingKey>
  ) throws {
    var container = container
    try container.encode(value, forKey: AnyCodingKey(key))
  }

  /// ``writeFields(of:schema:into:context:depth:)`` for a model keeping unknown values: they
  /// are converted first (as the dictionary starts from them), and written last, those under
  /// no key a property or the discriminator wrote.
  @inline(never)
  private static func writeFieldsKeepingUnknown(
    of model: ModelBase, schema: ClassSchema, into container: KeyedEncodingContainer<AnyCodingKey>,
    context: MappingContext, depth: Int
  ) throws {
    context.enterWritingModel(schema)
    defer { context.leaveWritingModel() }
    let unknown = model.writtenUnknownMembers(context: context)
    let written = WrittenKeys(container)
    try writeFields(
      of: model, schema: schema, into: written.container, context: context, depth: depth)
    try writeUnknown(unknown, into: container, except: written.keys, depth: depth)
  }

  /// Writes a model's kept unknown members (``ModelBase/writtenUnknownMembers(context:)``)
  /// but those under the keys its properties and discriminator wrote, as its dictionary merges
  /// them.
  @inline(never)
  private static func writeUnknown(
    _ members: [(key: String, value: Any)], into container: KeyedEncodingContainer<AnyCodingKey>,
    except written: Set<String>, depth: Int
  ) throws {
    for member in members where !written.contains(member.key) {
      var sink = KeyedValueSink(container: container, key: AnyCodingKey(member.key))
      try CodableBridge.write(member.value, into: &sink, depth: depth)
    }
  }

  /// Writes the members of `group` of `model` into `base`, `depth` containers deep: its
  /// properties, the objects and arrays their key paths go through, each a ``DeferredObject``
  /// or ``DeferredArray`` opened when its first value is written, and the discriminator's
  /// value; then the model's kept members (converted) under the keys nothing of the model's
  /// own was written at, as its dictionary merges them (``JSONOutputGroup/holdsKept(_:)``),
  /// and likewise in each object, with the kept object under its key.
  ///
  /// One loop over the group's ``JSONOutputGroup/plan``, as the JSON text writer walks it,
  /// the containers open around a step in a list (``OpenContainer``): a model nested under
  /// key paths costs this frame once a level, whatever the containers around it (512 KB
  /// threads, debug builds).
  @inline(never)
  private static func write(
    _ group: JSONOutputGroup, of model: ModelBase, schema: ClassSchema,
    into base: KeyedEncodingContainer<AnyCodingKey>, context: MappingContext, depth: Int
  ) throws {
    context.enterWritingModel(schema)
    defer { context.leaveWritingModel() }
    let plan = group.plan
    var open = [
      OpenContainer(base, keeping: model.writtenUnknownMembersByKey(context: context, group: group))
    ]
    var next = 0
    while next < plan.properties.count {
      let position = plan.properties[next]
      guard position >= 0 else {
        next = try writeStep(
          at: next, of: group, of: model, into: &open, context: context, depth: depth)
        continue
      }
      // A property inline (a frame fewer on the recursive path of models nested under key
      // paths), as many containers deeper as are open around it.
      context.push(schema.steps[position].pathComponent)
      var sink = KeyedValueSink(
        container: open[open.count - 1].container, key: plan.encoderKeys[next])
      try schema.steps[position].accessor.takeUnretainedValue().encode(
        of: model, into: &sink, context: context, depth: depth + open.count - 1)
      context.pop()
      next += 1
    }
    try open[0].writeKept(depth: depth)
  }

  /// A container of ``write(_:of:schema:into:context:depth:)``'s walk: the one the
  /// members are written through (noting the keys written where kept members are merged),
  /// the one under it, and the kept members of its object.
  private struct OpenContainer {
    let container: KeyedEncodingContainer<AnyCodingKey>
    let base: KeyedEncodingContainer<AnyCodingKey>
    let written: WrittenKeys?
    let kept: [String: Any]?

    init(_ base: KeyedEncodingContainer<AnyCodingKey>, keeping kept: [String: Any]?) {
      let written = kept == nil ? nil : WrittenKeys(base)
      self.container = written?.container ?? base
      self.base = base
      self.written = written
      self.kept = kept
    }

    /// Writes the kept members under the keys nothing of the model's own was written at.
    func writeKept(depth: Int) throws {
      guard let kept, let written else { return }
      try ModelEncoding.writeUnknown(
        kept.sorted { utf8Precedes($0.key, $1.key) }, into: base, except: written.keys, depth: depth
      )
    }
  }

  /// Writes the step at `position` of `group`'s plan, but a property: the discriminator, or a
  /// container opened (on `open`, a container nested too deeply an error) or closed (its kept
  /// members written); returns the position of the next step.
  @inline(never)
  private static func writeStep(
    at position: Int, of group: JSONOutputGroup, of model: ModelBase,
    into open: inout [OpenContainer], context: MappingContext, depth: Int
  ) throws -> Int {
    let step = group.plan.steps[position]
    let key = group.plan.encoderKeys[position]
    let parent = open[open.count - 1]
    switch step.kind {
    case .property:
      preconditionFailure("a property is written by the walk")
    case .discriminator:
      var container = parent.container
      try container.encode(group.discriminatorValue ?? "", forKey: key)
    case .open:
      // A container of its own, as the dictionary's nested object or array is; not where its
      // text would nest deeper than `init(json:)` reads back (a model's object inside it one
      // more level), as for `toJSON()`: key paths' containers are no levels of the mapping's
      // depth, which models and collections count (``MappingContext/enterOutputNesting()``).
      // Where the thread's stack has no room for it, left out, as a nested model is
      // (``MappingContext/enterOutputNesting()``): asking a deep container for its coding
      // path then may itself run out of stack (Foundation's path is recursive).
      guard StackBounds.hasRoom() else { return step.end + 1 }
      guard depth + open.count + 1 < ModelBase.maximumJSONDepth else {
        // One that would hold nothing is left out, as it would be at any depth.
        if step.member.keptObject(in: parent.kept) == nil,
          group.plan.holdsNothing(
            inContainerAt: position, of: model, schema: context.schema(for: type(of: model)))
        {
          return step.end + 1
        }
        throw CodableBridge.tooDeep(
          model, codingPath: parent.container.codingPath + [key], limit: ModelBase.maximumJSONDepth)
      }
      let isArray = step.member.group?.isArray ?? false
      let container =
        isArray
        ? DeferredArray(key: key, in: parent.container).container
        : DeferredObject(key: key, in: parent.container).container
      open.append(OpenContainer(container, keeping: step.member.keptObject(in: parent.kept)))
    case .close:
      try open.removeLast().writeKept(depth: depth + open.count)
    }
    return position + 1
  }

  /// Writes a nested model into `sink` as its `toMappedValue(context:)` would be written;
  /// nothing, and `false`, for a model already being written (a cycle), one nested too
  /// deeply, or one ``ModelBase/willWrite(to:)`` refused.
  @discardableResult
  static func writeNested<Sink: CodableValueSink>(
    _ model: ModelBase, into sink: inout Sink, context: MappingContext, depth: Int
  ) throws -> Bool {
    if context.writesIdentifiedModelsByReference, let reference = model.reference(context: context)
    {
      try CodableBridge.write(reference, into: &sink, depth: depth)
      return true
    }
    guard context.beginWriting(model) else { return false }
    defer { context.endWriting(model) }
    guard context.enterOutputNesting() else { return false }
    defer { context.leaveNesting() }
    guard let content = content(of: model, context: context) else { return false }
    // Containers deep (key paths' included): the text's limit, as for `toJSON()`; models and
    // collections are held to the mapping's by `enterOutputNesting()`.
    guard depth < ModelBase.maximumJSONDepth else {
      throw CodableBridge.tooDeep(
        model, codingPath: sink.codingPath, limit: ModelBase.maximumJSONDepth)
    }
    guard case .fields(let schema) = content else {
      if case .grouped(let schema, let group) = content {
        // Straight to its walk (on the recursive path of models nested under key paths).
        try write(
          group, of: model, schema: schema, into: sink.keyedContainer(), context: context,
          depth: depth + 1)
        return true
      }
      try write(
        content, of: model, into: sink.keyedContainer(), context: context, depth: depth + 1)
      return true
    }
    // The properties' loop straight from here: this is the recursive path of nested models.
    if model.storedUnknownValues != nil {
      try writeFieldsKeepingUnknown(
        of: model, schema: schema, into: sink.keyedContainer(), context: context,
        depth: depth + 1)
      return true
    }
    context.enterWritingModel(schema)
    defer { context.leaveWritingModel() }
    try writeFields(
      of: model, schema: schema, into: sink.keyedContainer(), context: context, depth: depth + 1)
    return true
  }

  /// Writes a dictionary of models into `sink` as `[String: Model].toMappedValue(context:)`
  /// would be written: the models not left out, each under its key; nothing when the
  /// dictionary is nested too deeply.
  static func write<Sink: CodableValueSink, Model: ModelBase>(
    _ models: [String: Model], into sink: inout Sink, context: MappingContext, depth: Int
  ) throws {
    guard !models.isEmpty else {
      _ = sink.keyedContainer()
      return
    }
    guard context.enterOutputNesting() else { return }
    defer { context.leaveNesting() }
    // No room on the thread's stack: left out, as a nested model is (asking a deep container
    // for its coding path may itself run out of stack).
    guard StackBounds.hasRoom() else { return }
    guard depth < ModelBase.maximumJSONDepth else {
      throw CodableBridge.tooDeep(
        models, codingPath: sink.codingPath, limit: ModelBase.maximumJSONDepth)
    }
    let container = sink.keyedContainer()
    for (key, model) in models {
      context.push(.key(key))
      defer { context.pop() }
      var member = KeyedValueSink(container: container, key: AnyCodingKey(key))
      try writeNested(model, into: &member, context: context, depth: depth + 1)
    }
  }

  /// Writes an array of models into `sink` as `[Model].toMappedValue(context:)` would be
  /// written: the models not left out; nothing when the array is nested too deeply.
  static func write<Sink: CodableValueSink>(
    _ models: [ModelBase], into sink: inout Sink, context: MappingContext, depth: Int
  ) throws {
    guard !models.isEmpty else {
      _ = sink.unkeyedContainer()
      return
    }
    guard context.enterOutputNesting() else { return }
    defer { context.leaveNesting() }
    guard depth < ModelBase.maximumJSONDepth else {
      throw CodableBridge.tooDeep(
        models, codingPath: sink.codingPath, limit: ModelBase.maximumJSONDepth)
    }
    var elements = UnkeyedValueSink(container: sink.unkeyedContainer())
    for (position, model) in models.enumerated() {
      context.push(.index(position))
      defer { context.pop() }
      try writeNested(model, into: &elements, context: context, depth: depth + 1)
    }
  }
}
