public import Foundation

extension MappingIssue.Kind {
  /// The input is not well-formed JSON text.
  public static let invalidJSON = MappingIssue.Kind(rawValue: "invalidJSON")
}

extension ModelBase {
  /// The model as UTF-8 JSON text: ``toDictionary()`` written directly, without
  /// `JSONSerialization`.
  ///
  /// What it writes, ``init(json:mode:)`` reads back equal, or it throws: a value nested
  /// deeper than ``MappingContext/maximumDepth`` levels (or than the thread's stack allows),
  /// which ``toDictionary()`` would leave out, is an issue here.
  ///
  /// - Parameter prettyPrinted: Indent by two spaces with sorted keys; compact by default.
  /// - Returns: The JSON text.
  /// - Throws: ``MappingError`` with an issue at the path of each value that cannot be written
  ///   so that it reads back (``MappingIssue/Kind/tooDeep``), or of a value JSON cannot hold.
  public func toJSON(prettyPrinted: Bool = false) throws -> Data {
    let context = MappingContext()
    let data: Data
    do {
      data = try json(context: context, prettyPrinted: prettyPrinted)
    } catch {
      throw error.mappingError(modelType: type(of: self))
    }
    try throwIssues(of: context)
    return data
  }

  /// The model as JSON text, written with `context` (and its writing options): compact, or
  /// pretty with sorted keys.
  final func json(
    context: MappingContext, prettyPrinted: Bool = false
  ) throws(JSONWriterError) -> Data {
    _ = context.beginWriting(self)
    defer { context.endWriting(self) }
    var writer = JSONWriter.Writer(prettyPrinted: prettyPrinted, sortedKeys: prettyPrinted)
    guard
      try writeJSON(into: &writer, schema: SchemaCache.shared.schema(for: self), context: context)
    else {
      // Refused by willWrite (its issue is recorded): an empty object.
      writer.openObject()
      writer.closeObject(empty: true)
      return writer.output.takeData()
    }
    return writer.output.takeData()
  }

  /// Writes the model as JSON text: what ``toDictionary()`` gives, written by the JSON writer,
  /// without building the dictionaries where the class allows (``ClassSchema/jsonOutputKeys``).
  ///
  /// Returns `false`, with nothing written, when ``willWrite(to:)`` refused the model.
  final func writeJSON(
    into writer: inout JSONWriter.Writer, schema: ClassSchema, context: MappingContext
  ) throws(JSONWriterError) -> Bool {
    // On the recursive path of nested models: the other ways are in helpers, so that this
    // frame stays small.
    guard let keys = schema.jsonOutputKeys, storedUnknownValues == nil else {
      return try writeOtherJSON(into: &writer, schema: schema, context: context)
    }
    context.enterWritingModel(schema)
    defer { context.leaveWritingModel() }
    writer.openObject()
    var first = true
    // Sorted keys (pretty output): the members in their keys' UTF-8 order, worked out once
    // per class.
    let order = writer.sortedKeys ? schema.jsonSortedOrder?.positions : nil
    for step in keys.indices {
      let position = order?[step] ?? step
      guard position < schema.properties.count else {
        Self.writeDiscriminator(of: schema, into: &writer, first: &first)
        continue
      }
      try writeMember(
        schema.steps[position], key: keys[position], into: &writer, first: &first,
        context: context)
    }
    writer.closeObject(empty: first)
    return true
  }

  /// ``writeJSON(into:schema:context:)`` for a model with kept unknown values or a class
  /// whose output keys are not plain: through its ``JSONOutputGroup``, or its dictionary.
  ///
  /// A class whose output keys are key paths is written in this frame (on the recursive path
  /// of models nested under key paths), its kept values merged where the group
  /// ``JSONOutputGroup/holdsKept(_:)`` them (converted first, as the dictionary starts from
  /// them); the other ways by ``writeKeptOrDictionaryJSON(into:schema:context:)``.
  @inline(never)
  private final func writeOtherJSON(
    into writer: inout JSONWriter.Writer, schema: ClassSchema, context: MappingContext
  ) throws(JSONWriterError) -> Bool {
    guard let group = schema.jsonOutputGroup, mergesKeptValues(into: group) else {
      return try writeKeptOrDictionaryJSON(into: &writer, schema: schema, context: context)
    }
    context.enterWritingModel(schema)
    defer { context.leaveWritingModel() }
    writer.openObject()
    var first = true
    try writeMembers(
      of: group, keeping: keptMembers(of: group, context: context),
      into: &writer, first: &first, schema: schema, context: context)
    writer.closeObject(empty: first)
    return true
  }

  /// Whether the model's kept values, if any, merge with `group`'s members
  /// (``JSONOutputGroup/holdsKept(_:)``).
  @inline(never)
  private final func mergesKeptValues(into group: JSONOutputGroup) -> Bool {
    storedUnknownValues.map(group.holdsKept) ?? true
  }

  /// The model's kept values as its dictionary starts from them, as the kept members of its
  /// own object in `group` (``KeptMembers``, one level deeper than the model); none for a
  /// model that keeps none.
  @inline(never)
  private final func keptMembers(
    of group: JSONOutputGroup, context: MappingContext
  ) -> [KeptMembers] {
    guard storedUnknownValues != nil else { return [] }
    return [
      KeptMembers(
        writtenUnknownMembersByKey(context: context, group: group) ?? [:], of: group,
        depth: context.depth + 1)
    ]
  }

  /// ``writeOtherJSON(into:schema:context:)`` for a model with kept unknown values beside
  /// plain keys, or a class whose output keys its dictionary decides.
  @inline(never)
  private final func writeKeptOrDictionaryJSON(
    into writer: inout JSONWriter.Writer, schema: ClassSchema, context: MappingContext
  ) throws(JSONWriterError) -> Bool {
    if schema.writesPlainJSON {
      try writeJSONKeepingUnknown(into: &writer, schema: schema, context: context)
      return true
    }
    return try writeDictionaryJSON(into: &writer, schema: schema, context: context)
  }

  /// Writes the member of the property `step` under `key`, unless its value is left out.
  ///
  /// Inlined even in a debug build (`@_transparent`): the writers that call it are on the
  /// recursive path of nested models (512 KB threads).
  @_transparent
  final func writeMember(
    _ step: ClassSchema.Step, key: [UInt8], into writer: inout JSONWriter.Writer,
    first: inout Bool, context: MappingContext
  ) throws(JSONWriterError) {
    context.push(step.pathComponent)
    #if DEBUG
      // A debug build has no frame to spare for the closure below.
      try step.accessor.takeUnretainedValue().writeJSON(
        of: self, key: key, into: &writer, first: &first, context: context)
    #else
      // The accessor borrowed as the schema holds it: no retain and release per member (a
      // tenth of writing a flat model).
      var failure: JSONWriterError?
      step.accessor._withUnsafeGuaranteedRef { accessor in
        do throws(JSONWriterError) {
          try accessor.writeJSON(of: self, key: key, into: &writer, first: &first, context: context)
        } catch {
          failure = error
        }
      }
      if let failure { throw failure }
    #endif
    context.pop()
  }

  /// Writes a model that keeps unknown values, of a class whose output keys are plain: its
  /// properties from their fields and the kept members no written property's key (nor the
  /// discriminator's) replaces, as its dictionary merges them
  /// (``writtenUnknownMembers(context:)``); with sorted keys, all in their keys' UTF-8 order.
  @inline(never)
  private final func writeJSONKeepingUnknown(
    into writer: inout JSONWriter.Writer, schema: ClassSchema, context: MappingContext
  ) throws(JSONWriterError) {
    let keys = schema.jsonOutputKeys ?? []
    context.enterWritingModel(schema)
    defer { context.leaveWritingModel() }
    // Converted first, as the dictionary starts from them.
    let unknown = writtenUnknownMembers(context: context)
    let slots = Self.keptMemberOrder(
      keys: keys.count, unknown: unknown, schema: schema, sorted: writer.sortedKeys)
    var written = [Bool](repeating: false, count: keys.count)
    writer.openObject()
    var first = true
    for slot in slots {
      if slot < schema.properties.count {
        // In this frame (on the recursive path of nested models): the others in helpers.
        let start = writer.output.count
        try writeMember(
          schema.steps[slot], key: keys[slot], into: &writer, first: &first, context: context)
        written[slot] = writer.output.count != start
      } else {
        try Self.writeOtherMember(
          slot, keys: keys.count, unknown: unknown, written: &written, into: &writer,
          first: &first, schema: schema, context: context)
      }
    }
    writer.closeObject(empty: first)
  }

  /// The order of the members of a model keeping unknown values: slots below `keys` are the
  /// class's members (properties, then the discriminator), the others the unknown members
  /// after them; with `sorted` keys, in their keys' UTF-8 order, a member of the class before
  /// an unknown one of the same key (which it replaces).
  @inline(never)
  private static func keptMemberOrder(
    keys: Int, unknown: [(key: String, value: Any)], schema: ClassSchema, sorted: Bool
  ) -> [Int] {
    var slots = Array(0..<(keys + unknown.count))
    guard sorted else { return slots }
    let names = slots.map { $0 < keys ? schema.outputMemberName($0) : unknown[$0 - keys].key }
    // By bytes then slot, not `==` on `String` (canonical equivalence: a key and another
    // spelling of it, `é` and `e` with an accent, would then precede each other).
    slots.sort {
      utf8Precedes(names[$0], names[$1]) || (!utf8Precedes(names[$1], names[$0]) && $0 < $1)
    }
    return slots
  }

  /// Writes the discriminator (`slot` below `keys`) or the kept unknown member at `slot`,
  /// unless a written property's key replaces it.
  @inline(never)
  private static func writeOtherMember(
    _ slot: Int, keys: Int, unknown: [(key: String, value: Any)], written: inout [Bool],
    into writer: inout JSONWriter.Writer, first: inout Bool, schema: ClassSchema,
    context: MappingContext
  ) throws(JSONWriterError) {
    guard slot >= keys else {
      writeDiscriminator(of: schema, into: &writer, first: &first)
      written[slot] = true
      return
    }
    let member = unknown[slot - keys]
    if let replacing = schema.outputMemberPosition(ofKey: member.key), written[replacing] {
      return
    }
    writer.beginMember(first: first)
    first = false
    writer.writeKey(member.key)
    do throws(JSONWriterError) {
      // One level deeper than the model.
      try writer.write(member.value, depth: context.depth + 1)
    } catch {
      throw error.inside(.key(member.key))
    }
  }

  /// Writes the discriminator's key and this class's value (``ClassSchema/jsonDiscriminator``),
  /// the member after the properties' in ``ClassSchema/jsonOutputKeys``.
  @inline(never)
  private static func writeDiscriminator(
    of schema: ClassSchema, into writer: inout JSONWriter.Writer, first: inout Bool
  ) {
    guard let keys = schema.jsonOutputKeys, let value = schema.jsonDiscriminator?.value
    else { return }
    writeDiscriminator(value, key: keys[schema.properties.count], into: &writer, first: &first)
  }

  /// Writes a discriminator's `key` (JSON text and colon) and `value`: the one member every
  /// writer of text writes with no property behind it.
  @inline(never)
  static func writeDiscriminator(
    _ value: String, key: [UInt8], into writer: inout JSONWriter.Writer, first: inout Bool
  ) {
    writer.beginMember(first: first)
    writer.writeKey(key)
    writer.writeString(value)
    first = false
  }

  /// Writes `group`'s members after the ones already written (`first` when none is): an
  /// object's properties, its objects and arrays (each taken back out when none of its
  /// members is written), and the discriminator's value; with `kept` (the kept members of a
  /// model's own object, none for a model keeping none), those merged as its dictionary
  /// merges them.
  ///
  /// One loop over the group's ``JSONOutputGroup/plan`` (with sorted keys, its
  /// ``JSONOutputGroup/sortedPlan``), the containers open around a step kept on the writer's
  /// ``JSONWriter/Writer/openContainers``: a model nested under key paths costs this frame
  /// once a level, whatever the containers around it (512 KB threads, debug builds). An array
  /// is written up to its last element written, `null` at each position before it that none
  /// is written at, as the dictionary pads its array; a container that would nest the text
  /// deeper than ``ModelBase/maximumJSONDepth`` levels, so that it would not read back, is
  /// left out with a `tooDeep` issue at the model's path.
  ///
  /// Kept values are merged object by object (``KeptMembers``): a member nothing of the
  /// model's own is written at has the kept value under its key written in its place, an
  /// object merges the kept object under its key, and the kept members under keys no member
  /// has are written after the object's members, or with sorted keys, each before the first
  /// member whose key follows its own.
  private final func writeMembers(
    of group: JSONOutputGroup, keeping kept: [KeptMembers], into writer: inout JSONWriter.Writer,
    first: inout Bool, schema: ClassSchema, context: MappingContext
  ) throws(JSONWriterError) {
    let plan = writer.sortedKeys ? group.sortedPlan : group.plan
    // The innermost open container's state: its elements written so far, nulls included,
    // when it is an array; -1 for an object.
    var count = group.isArray ? 0 : -1
    // The kept members of each object open, innermost last; none (no allocation) for a model
    // keeping no values.
    var keptMembers = kept
    var next = 0
    while next < plan.properties.count {
      let position = plan.properties[next]
      guard position >= 0, count < 0 else {
        next = try writeStep(
          at: next, of: group, plan: plan, into: &writer, &first, &count, &keptMembers,
          schema: schema, context: context)
        continue
      }
      // An object's property inline (a frame fewer on the recursive path of models nested
      // under key paths); for a model keeping values, the kept members due before it first,
      // and its place noted (``KeptMembers/beforeStep(_:of:isProperty:_:_:_:)``).
      if !keptMembers.isEmpty {
        try KeptMembers.beforeStep(next, of: plan, isProperty: true, &keptMembers, &writer, &first)
      }
      try writeMember(
        schema.steps[position], key: plan.keys[next], into: &writer, first: &first,
        context: context)
      next += 1
    }
    if !keptMembers.isEmpty {
      try KeptMembers.writeRest(&keptMembers, into: &writer, &first)
    }
  }

  /// Writes the step at `position` of `plan` in
  /// ``writeMembers(of:keeping:into:first:schema:context:)``'s walk, but an object's
  /// property: an array's element, the discriminator, or a container opened or closed (with
  /// the kept members of its object, `kept`); returns the position of the next step (after
  /// the container, where it is left out).
  @inline(never)
  private final func writeStep(
    at position: Int, of group: JSONOutputGroup, plan: JSONOutputGroup.Plan,
    into writer: inout JSONWriter.Writer, _ first: inout Bool, _ count: inout Int,
    _ kept: inout [KeptMembers], schema: ClassSchema, context: MappingContext
  ) throws(JSONWriterError) -> Int {
    let step = plan.steps[position]
    let inObject = count < 0
    if !kept.isEmpty, inObject {
      try KeptMembers.beforeStep(position, of: plan, isProperty: false, &kept, &writer, &first)
    }
    switch step.kind {
    case .property:
      try writeElement(step, into: &writer, &first, &count, schema: schema, context: context)
    case .discriminator:
      Self.writeDiscriminator(
        group.discriminatorValue ?? "", key: step.member.key, into: &writer, first: &first)
    case .open:
      guard Self.open(step, &writer, &first, &count) else {
        // Too deep: left out (an issue where it holds anything of the model's), the kept
        // value in its place.
        if !plan.holdsNothing(inContainerAt: position, of: self, schema: schema) {
          Self.recordTooDeepText(level: writer.level + 1, context: context)
        }
        if !kept.isEmpty, inObject {
          try KeptMembers.writeInstead(position, of: plan, kept, &writer, &first)
        }
        return step.end + 1
      }
      if let parent = kept.last {
        // The kept object it merges, at its level (an object of key paths costs none).
        kept.append(
          KeptMembers(
            step.member.keptObject(in: parent.kept), of: step.member.group, depth: parent.depth))
      }
    case .close:
      // The closed object's kept members under keys none of its members has.
      if !kept.isEmpty { try KeptMembers.writeRest(&kept, into: &writer, &first) }
      let written = Self.close(step, &writer, &first, &count)
      if !kept.isEmpty, !written, count < 0 {
        try KeptMembers.writeInstead(position, of: plan, kept, &writer, &first)
      }
    }
    return position + 1
  }

  /// Writes the property of `step` as an element of the array open in
  /// ``writeMembers(of:keeping:into:first:schema:context:)``'s walk (`first` while none is
  /// written, `count` elements written, nulls included): `null` at each position before it
  /// that none is written at, all taken back when it is left out.
  @inline(never)
  private final func writeElement(
    _ step: JSONOutputGroup.Step, into writer: inout JSONWriter.Writer, _ first: inout Bool,
    _ count: inout Int, schema: ClassSchema, context: MappingContext
  ) throws(JSONWriterError) {
    let start = writer.output.count
    var elementFirst = first
    Self.padElements(to: step.member.index, count, &writer, &elementFirst)
    let before = writer.output.count
    try writeMember(
      schema.steps[step.member.position], key: step.member.key, into: &writer,
      first: &elementFirst, context: context)
    if writer.output.count == before {
      writer.output.removeSubrange(start...)
    } else {
      first = false
      count = step.member.index + 1
    }
  }

  /// Writes `null` at each position of an array from `count` up to `index` (`first` while
  /// none is written).
  @inline(never)
  private static func padElements(
    to index: Int, _ count: Int, _ writer: inout JSONWriter.Writer, _ first: inout Bool
  ) {
    for _ in count..<index {
      writer.beginMember(first: first)
      writer.writeNull()
      first = false
    }
  }

  /// Opens the container of the ``JSONOutputGroup/Step/Kind/open`` step `step`.
  ///
  /// In ``writeMembers(of:keeping:into:first:schema:context:)``'s walk: its key (or the
  /// `null`s before it in an array) and bracket written, the walk's state saved on the
  /// writer's ``JSONWriter/Writer/openContainers`` and reset for its members. `false`, with
  /// nothing written, where the text would nest too deeply: the walk goes on after the
  /// container.
  @inline(never)
  private static func open(
    _ step: JSONOutputGroup.Step, _ writer: inout JSONWriter.Writer, _ first: inout Bool,
    _ count: inout Int
  ) -> Bool {
    // A model's object inside it takes one more level.
    guard writer.level + 2 < ModelBase.maximumJSONDepth else { return false }
    let start = writer.output.count
    var memberFirst = first
    if count >= 0 { padElements(to: step.member.index, count, &writer, &memberFirst) }
    writer.beginMember(first: memberFirst)
    writer.writeKey(step.member.key)
    writer.openContainers.append(
      JSONWriter.Writer.OpenContainer(start: start, parentFirst: first, parentCount: count))
    let isArray = step.member.group?.isArray ?? false
    if isArray { writer.openArray() } else { writer.openObject() }
    first = true
    count = isArray ? 0 : -1
    return true
  }

  /// Closes the container of the ``JSONOutputGroup/Step/Kind/close`` step `step`; returns
  /// whether it was written.
  ///
  /// It is taken back out, with what was written before it for it, when none of its members
  /// was written; the walk's state goes back to its parent's.
  @inline(never)
  private static func close(
    _ step: JSONOutputGroup.Step, _ writer: inout JSONWriter.Writer, _ first: inout Bool,
    _ count: inout Int
  ) -> Bool {
    let container = writer.openContainers.removeLast()
    let written = !first
    if !written {
      writer.dropContainer(from: container.start)
    } else if count >= 0 {
      writer.closeArray(empty: false)
    } else {
      writer.closeObject(empty: false)
    }
    first = container.parentFirst && !written
    count = container.parentCount
    if written && count >= 0 { count = step.member.index + 1 }
    return written
  }

  /// Records a key path's container `level` levels deep in the text as left out.
  @inline(never)
  private static func recordTooDeepText(level: Int, context: MappingContext) {
    context.record(
      .tooDeep, expected: "JSON nested at most \(ModelBase.maximumJSONDepth) levels deep",
      found: "a key path's object or array \(level) levels deep",
      reason: "its text would nest deeper than init(json:) reads back")
  }

  /// Writes the model's dictionary value: for a class whose output keys are key paths the
  /// ``ClassSchema/jsonOutputGroup`` cannot take, a model that keeps unknown values beside key
  /// paths, or a class with a hook that edits its dictionary; `false` when the hook refused it.
  @inline(never)
  private final func writeDictionaryJSON(
    into writer: inout JSONWriter.Writer, schema: ClassSchema, context: MappingContext
  ) throws(JSONWriterError) -> Bool {
    guard let value = dictionaryValue(schema: schema, context: context) else { return false }
    try writer.write(value, depth: context.depth)
    return true
  }

  /// Writes a nested model as ``toMappedValue(context:)`` would give it; `false`, with nothing
  /// written, for a model already being written (a cycle) or nested too deeply.
  final func writeNestedJSON(
    into writer: inout JSONWriter.Writer, context: MappingContext
  ) throws(JSONWriterError) -> Bool {
    if context.writesIdentifiedModelsByReference,
      try writeReference(into: &writer, context: context)
    {
      return true
    }
    guard context.beginWriting(self) else { return false }
    defer { context.endWriting(self) }
    guard context.enterOutputNesting() else { return false }
    defer { context.leaveNesting() }
    let schema = context.schema(for: type(of: self))
    // Straight to its writer: the frame of `writeJSON` is not on the recursive path of a
    // model keeping unknown values, or of a class whose output keys are key paths.
    guard schema.writesPlainJSON else {
      return try writeOtherJSON(into: &writer, schema: schema, context: context)
    }
    if storedUnknownValues != nil {
      try writeJSONKeepingUnknown(into: &writer, schema: schema, context: context)
      return true
    }
    return try writeJSON(into: &writer, schema: schema, context: context)
  }

  /// Writes the model as a reference, for a ``ModelStore``; `false`, with nothing written, when
  /// it is not an identified model (kept out of the recursive frame above).
  @inline(never)
  private final func writeReference(
    into writer: inout JSONWriter.Writer, context: MappingContext
  ) throws(JSONWriterError) -> Bool {
    guard let reference = reference(context: context) else { return false }
    try writer.write(reference, depth: context.depth + 1)
    return true
  }

  /// Writes an array of models as `[Model].toMappedValue(context:)` would give it.
  static func writeJSON(
    _ models: [ModelBase], into writer: inout JSONWriter.Writer, context: MappingContext
  ) throws(JSONWriterError) -> Bool {
    if models.isEmpty {
      writer.writeEmptyArray()
      return true
    }
    guard context.enterOutputNesting() else { return false }
    defer { context.leaveNesting() }
    // The array itself, not its `enumerated()`: a generic sequence of pairs would be stepped
    // through unspecialized, one metadata lookup per element.
    var position = 0
    try writer.writeElements(models) { model, writer throws(JSONWriterError) in
      context.push(.index(position))
      position += 1
      defer { context.pop() }
      return try model.writeNestedJSON(into: &writer, context: context)
    }
    return true
  }

  /// Writes a dictionary of models as `[String: Model].toMappedValue(context:)` would give it:
  /// keys in their UTF-8 order when the writer sorts them, a model left out (a cycle) with its
  /// key.
  static func writeJSON<Model: ModelBase>(
    _ models: [String: Model], into writer: inout JSONWriter.Writer, context: MappingContext
  ) throws(JSONWriterError) -> Bool {
    if models.isEmpty {
      writer.openObject()
      writer.closeObject(empty: true)
      return true
    }
    guard context.enterOutputNesting() else { return false }
    defer { context.leaveNesting() }
    writer.openObject()
    var first = true
    func write(_ model: Model, key: String, into writer: inout JSONWriter.Writer)
      throws(JSONWriterError)
    {
      context.push(.key(key))
      defer { context.pop() }
      let start = writer.output.count
      writer.beginMember(first: first)
      writer.writeKey(key)
      if try model.writeNestedJSON(into: &writer, context: context) {
        first = false
      } else {
        writer.output.removeSubrange(start...)
      }
    }
    if writer.sortedKeys {
      // The keys sorted alone, each model then looked up: sorting the (key, model) pairs runs
      // the standard library's unspecialized sort over a generic tuple (three quarters of
      // writing a catalog of 2,000 models by id).
      var keys = Array(models.keys)
      keys.sort(by: utf8Precedes)
      for key in keys {
        guard let model = models[key] else { continue }
        try write(model, key: key, into: &writer)
      }
    } else {
      for (key, model) in models { try write(model, key: key, into: &writer) }
    }
    writer.closeObject(empty: first)
    return true
  }

  /// The model as a JSON string.
  ///
  /// - Parameter prettyPrinted: Indent by two spaces with sorted keys; compact by default.
  /// - Returns: The JSON text.
  /// - Throws: ``MappingError`` when a value cannot be written as JSON (see
  ///   ``toJSON(prettyPrinted:)``).
  public func toJSONString(prettyPrinted: Bool = false) throws -> String {
    String(decoding: try toJSON(prettyPrinted: prettyPrinted), as: UTF8.self)
  }

  /// How deeply JSON text may nest: `JSONSerialization`'s limit, so that what it parses,
  /// `init(json:)` reads too (values a property maps stop at ``MappingContext/maximumDepth``,
  /// with an issue at their path; values no property reads are stepped over).
  static let maximumJSONDepth = 512

  static func jsonValue(
    _ json: Data, modelType: Any.Type, longLiterals: LongLiterals? = nil
  ) throws -> Any {
    do {
      return try JSONReader.parse(json, maximumDepth: maximumJSONDepth, longLiterals: longLiterals)
    } catch {
      throw invalidJSON(error, modelType: modelType)
    }
  }

  /// The error for malformed JSON text.
  static func invalidJSON(_ error: JSONSyntaxError, modelType: Any.Type) -> MappingError {
    MappingError(
      issues: [
        MappingIssue(
          path: "", kind: .invalidJSON, expectedType: "JSON", found: "malformed JSON text",
          reason: error.description)
      ], modelType: typeName(modelType))
  }

  /// Maps JSON text whose top level is an object into `self`: read straight into the models
  /// where their schemas allow (``ClassSchema/jsonKeys``), through a dictionary otherwise.
  ///
  /// The same model and the same issues as ``mapRoot(_:options:)`` on the text's dictionary.
  /// Malformed text throws, whatever was read before the error.
  final func mapRoot(json: Data, options: MappingOptions) throws -> MappingOutcome {
    let modelType = type(of: self)
    let outcome = try options.read(
      json: json, opening: UInt8(ascii: "{"), modelType: modelType
    ) { parser, context throws(JSONSyntaxError) in
      try readRoot(from: &parser, context: context)
    }
    // Not an object: the ordinary way gives the error.
    return try outcome
      ?? mapRoot(try Self.jsonDictionary(json, modelType: modelType), options: options)
  }

  /// Maps the object at the designated `path` of JSON text into `self`, following the path
  /// through the text where it can (``JSONReader/Parser/readDesignated(_:opening:context:_:)``)
  /// and through the text's dictionary otherwise: the same model and issues either way.
  final func mapRoot(json: Data, at path: String, options: MappingOptions) throws
    -> MappingOutcome
  {
    let modelType = type(of: self)
    if let keys = KeyPaths.designatedKeys(path) {
      var wasRead = false
      var wasStarted = false
      let outcome = try options.read(
        json: json, opening: UInt8(ascii: "{"), modelType: modelType
      ) { parser, context throws(JSONSyntaxError) in
        wasRead = try parser.readDesignated(
          keys[...], opening: UInt8(ascii: "{"), context: context
        ) { parser throws(JSONSyntaxError) in
          wasStarted = true
          try readRoot(from: &parser, context: context)
        }
      }
      if let outcome, wasRead { return outcome }
      // Read again through the dictionary (a key repeated on the way): as a new model.
      if wasStarted { resetToInitialValues(schema: SchemaCache.shared.schema(for: self)) }
    }
    // The text's long literals recorded as its dictionary is read, for the call that maps it.
    var options = options
    options.path = path
    let longLiterals = options.recordsLongLiterals()
    return mapRoot(
      try Self.jsonDictionary(json, modelType: modelType, longLiterals: longLiterals),
      options: options)
  }

  /// Reads the object at the parser's position into `self`: straight into the model where its
  /// schema allows (``ClassSchema/jsonKeys``), through its dictionary otherwise.
  private final func readRoot(
    from parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) {
    let schema = SchemaCache.shared.schema(for: self)
    if let keys = schema.jsonKeys {
      try parser.readModel(self, schema: schema, keys: keys, context: context)
    } else {
      fill(from: try parser.parseObject(), schema: schema, context: context, updating: false)
    }
  }

  /// Puts every property back to the value a new model has, and forgets the unknown values:
  /// for a model about to be mapped again, as if new.
  final func resetToInitialValues(schema: ClassSchema) {
    let fresh = type(of: self).init()
    for property in schema.properties {
      property.accessor.store(property.accessor.value(of: fresh), into: self)
    }
    storedUnknownValues = nil
  }

  static func jsonDictionary(
    _ json: Data, modelType: Any.Type, longLiterals: LongLiterals? = nil
  ) throws -> [String: Any] {
    let value = try jsonValue(json, modelType: modelType, longLiterals: longLiterals)
    guard let dictionary = value as? [String: Any] else {
      throw MappingError(
        issues: [
          MappingIssue(
            path: "", kind: .typeMismatch, expectedType: typeName(modelType),
            found: describeValue(value), reason: "expects a JSON object at the top level")
        ], modelType: typeName(modelType))
    }
    return dictionary
  }
}

extension Array where Element: ModelBase {
  /// Creates models from an array of dictionaries, such as a `JSONSerialization` result.
  ///
  /// ```swift
  /// let hotels = try [Hotel](dictionaries: list)
  /// ```
  ///
  /// - Parameters:
  ///   - dictionaries: The elements, each a `[String: Any]`.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  /// - Throws: ``MappingError`` with every issue, paths starting with the index (`[2].price`).
  public init(dictionaries: [Any], mode: MappingMode = .standard) throws {
    try self.init(list: dictionaries, root: nil, at: nil, mode: mode, userInfo: [:])
  }

  /// Creates models from an array of dictionaries, giving hooks `userInfo` through
  /// ``ModelBase/mappingUserInfo``.
  ///
  /// - Parameters:
  ///   - dictionaries: The elements, each a `[String: Any]`.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  ///   - userInfo: What hooks read from ``ModelBase/mappingUserInfo`` during this call.
  /// - Throws: ``MappingError`` with every issue, paths starting with the index (`[2].price`).
  public init(
    dictionaries: [Any], mode: MappingMode = .standard, userInfo: [String: any Sendable]
  ) throws {
    try self.init(list: dictionaries, root: nil, at: nil, mode: mode, userInfo: userInfo)
  }

  /// Creates models from JSON text whose top level is an array of objects.
  ///
  /// - Parameters:
  ///   - json: UTF-8 JSON text.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  /// - Throws: ``MappingError`` with every issue.
  public init(json: Data, mode: MappingMode = .standard) throws {
    try self.init(json: json, at: nil, mode: mode, userInfo: [:])
  }

  /// Creates models from JSON text whose top level is an array of objects, giving hooks
  /// `userInfo` through ``ModelBase/mappingUserInfo``.
  ///
  /// - Parameters:
  ///   - json: UTF-8 JSON text.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  ///   - userInfo: What hooks read from ``ModelBase/mappingUserInfo`` during this call.
  /// - Throws: ``MappingError`` with every issue.
  public init(json: Data, mode: MappingMode = .standard, userInfo: [String: any Sendable]) throws {
    try self.init(json: json, at: nil, mode: mode, userInfo: userInfo)
  }

  /// Creates models from the array at a designated path inside JSON text, such as an API
  /// envelope's `"data.hotels"`; issue paths start from the root (`data.hotels[2].price`).
  ///
  /// - Parameters:
  ///   - json: UTF-8 JSON text.
  ///   - path: The key path of the array; `nil` for a top-level array.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  ///   - userInfo: What hooks read from ``ModelBase/mappingUserInfo`` during this call.
  /// - Throws: ``MappingError`` with every issue.
  public init(
    json: Data, at path: String?, mode: MappingMode = .standard,
    userInfo: [String: any Sendable] = [:]
  ) throws {
    guard let path else {
      // swift-format-ignore: NeverForceUnwrap
      self = try Self.read(json: json, at: [], mode: mode, userInfo: userInfo)!
      return
    }
    if let keys = KeyPaths.designatedKeys(path),
      let models = try Self.read(json: json, at: keys, mode: mode, userInfo: userInfo)
    {
      self = models
      return
    }
    let longLiterals = LongLiterals()
    let value = try ModelBase.jsonValue(
      json, modelType: [Element].self, longLiterals: longLiterals)
    guard let root = value as? [String: Any] else {
      throw MappingError(
        issues: [
          MappingIssue(
            path: "", kind: .typeMismatch, expectedType: "[String: Any]",
            found: describeValue(value),
            reason: "expects a JSON object at the top level, to find \(quoted(path)) in")
        ], modelType: typeName([Element].self))
    }
    try self.init(
      list: nil, root: root, at: path, mode: mode, userInfo: userInfo,
      longLiterals: longLiterals)
  }

  /// The models of the array at the designated path `keys` of JSON text (the top level when
  /// empty): read straight into the models where their schema allows, as
  /// `[Element].fromMappedValue` of the text's array otherwise.
  ///
  /// `nil`, for a designated path only, when the path cannot be followed through the text
  /// (``JSONReader/Parser/readDesignated(_:opening:context:_:)``): the caller follows it
  /// through the text's dictionary.
  private static func read(
    json: Data, at keys: [String], mode: MappingMode, userInfo: [String: any Sendable]
  ) throws -> [Element]? {
    var result: [Element] = []
    var wasRead = true
    let options = MappingOptions(mode: mode, userInfo: userInfo, readsIssuesOnlyWhenBroken: true)
    let read = try options.read(
      json: json, opening: UInt8(ascii: keys.isEmpty ? "[" : "{"), modelType: [Element].self
    ) { parser, context throws(JSONSyntaxError) in
      wasRead = try parser.readDesignated(
        keys[...], opening: UInt8(ascii: "["), context: context
      ) { parser throws(JSONSyntaxError) in
        switch try parser.readModelArray(
          declared: Element.self, concrete: Element.self, context: context)
        {
        case .value(let models):
          result = models as? [Element] ?? []
        case .recorded:
          break
        case .notRead:
          let list = try parser.parseValue()
          do {
            result = try [Element].fromMappedValue(list, context: context)
          } catch {
            context.record(error, for: list, expected: typeName([Element].self))
          }
        }
      }
    }
    if !keys.isEmpty && (read == nil || !wasRead) { return nil }
    guard let outcome = read else {
      // Not an array: the ordinary way gives the error.
      let value = try ModelBase.jsonValue(json, modelType: [Element].self)
      throw MappingError(
        issues: [
          MappingIssue(
            path: "", kind: .typeMismatch, expectedType: typeName([Element].self),
            found: describeValue(value), reason: "expects a JSON array at the top level")
        ], modelType: typeName([Element].self))
    }
    if MappingError.isThrown(outcome, mode: mode) {
      throw MappingError(issues: outcome.issues, modelType: typeName([Element].self))
    }
    return result
  }

  /// Maps `list`, or the array at `path` in `root` (read from JSON text whose long literals
  /// are in `longLiterals`).
  init(
    list: [Any]?, root: [String: Any]?, at path: String?, mode: MappingMode,
    userInfo: [String: any Sendable], longLiterals: LongLiterals? = nil
  ) throws {
    var result: [Element] = []
    var options = MappingOptions(
      mode: mode, userInfo: userInfo, path: path, readsIssuesOnlyWhenBroken: true)
    options.longLiterals = longLiterals
    let issues = options.run { context in
      guard
        let list = list
          ?? root.flatMap({
            context.designated(path, in: $0, expected: typeName([Element].self), as: [Any].self)
          })
      else { return }
      do {
        result = try [Element].fromMappedValue(list, context: context)
      } catch {
        context.record(error, for: list, expected: typeName([Element].self))
      }
    }
    if MappingError.isThrown(issues, mode: mode) {
      throw MappingError(issues: issues.issues, modelType: typeName([Element].self))
    }
    self = result
  }

  /// The models as dictionaries, each as ``ModelBase/toDictionary()`` writes it.
  ///
  /// - Returns: One dictionary per model.
  public func toDictionaries() -> [[String: Any]] {
    map { $0.toDictionary() }
  }
}
