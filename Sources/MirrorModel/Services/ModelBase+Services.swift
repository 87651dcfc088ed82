import Foundation

extension ModelBase: Hashable {
  /// Two models are equal when they are of the same class and every mapped property is equal
  /// (compared by the values ``toDictionary()`` writes, so nested models compare deeply).
  ///
  /// - Parameters:
  ///   - lhs: A model.
  ///   - rhs: Another model.
  /// - Returns: `true` when class and mapped values are equal.
  public static func == (lhs: ModelBase, rhs: ModelBase) -> Bool {
    if lhs === rhs { return true }
    guard type(of: lhs) == type(of: rhs) else { return false }
    let schema = SchemaCache.shared.schema(for: lhs)
    guard schema.comparesFieldsInPlace else { return equalWithArraysInKeyPaths(lhs, rhs, schema) }
    if lhs.storedUnknownValues != nil || rhs.storedUnknownValues != nil {
      // Kept unknown values beside plain keys, none under a key the class writes: the
      // dictionaries are equal when the kept members and the properties are.
      guard let left = lhs.unknownMembersApart(schema: schema),
        let right = rhs.unknownMembersApart(schema: schema)
      else { return JSONValue.equal(lhs.toDictionary(), rhs.toDictionary()) }
      guard left.count == right.count,
        zip(left, right).allSatisfy({ $0.key == $1.key && JSONValue.equal($0.value, $1.value) })
      else { return false }
    }
    return propertiesEqual(lhs, rhs, schema: schema)
  }

  /// ``propertiesEqual(_:_:schema:contexts:)``, the contexts each side's values are written in
  /// (as its `toDictionary()` would) made only for a property that needs one: the scalars
  /// compare without.
  private static func propertiesEqual(
    _ lhs: ModelBase, _ rhs: ModelBase, schema: ClassSchema
  ) -> Bool {
    var contexts: (MappingContext, MappingContext)?
    return propertiesEqual(lhs, rhs, schema: schema) {
      let pair = contexts ?? writingContexts(lhs, rhs, schema: schema)
      contexts = pair
      return pair
    }
  }

  /// `==` for a class whose key paths write arrays (``JSONOutputGroup/holdsArrays``), or whose
  /// dictionary only its building tells (``ClassSchema/comparesFieldsInPlace`` false): in
  /// place where ``arrayPropertiesEqual(_:_:schema:group:contexts:)`` tells, by the
  /// dictionaries otherwise (or where the models keep unknown values).
  @inline(never)
  private static func equalWithArraysInKeyPaths(
    _ lhs: ModelBase, _ rhs: ModelBase, _ schema: ClassSchema
  ) -> Bool {
    if let group = schema.jsonOutputGroup, group.holdsArrays, schema.jsonOutputKeys == nil,
      lhs.storedUnknownValues == nil, rhs.storedUnknownValues == nil
    {
      var made: (MappingContext, MappingContext)?
      let equal = arrayPropertiesEqual(lhs, rhs, schema: schema, group: group) {
        let pair = made ?? writingContexts(lhs, rhs, schema: schema)
        made = pair
        return pair
      }
      if let equal { return equal }
    }
    return JSONValue.equal(lhs.toDictionary(), rhs.toDictionary())
  }

  /// Whether `lhs` and `rhs`, whose class writes its properties through `group`, a group
  /// holding arrays (each property at a place of its own), write equal dictionaries; `nil`
  /// where only their dictionaries tell.
  ///
  /// Each property compared once, as ``propertiesEqual(_:_:schema:contexts:)`` compares it.
  /// Properties that are all equal write equal dictionaries. One that differs outside the
  /// group's arrays (its place holds the values, or holds nothing on one side), or inside an
  /// array with values written on both sides, makes them differ. One written on one side and
  /// left out on the other inside an array may not: the array pads that place with a `null`
  /// equal to a written `null`, so where nothing else differs the dictionaries tell.
  ///
  /// - Parameters:
  ///   - lhs: A model.
  ///   - rhs: Another model of the same class.
  ///   - schema: Their class's schema.
  ///   - group: The class's ``ClassSchema/jsonOutputGroup``.
  ///   - contexts: The contexts each side is written in, asked for by a property whose values
  ///     need them.
  /// - Returns: Whether their dictionaries would be equal; `nil` where only they tell.
  private static func arrayPropertiesEqual(
    _ lhs: ModelBase, _ rhs: ModelBase, schema: ClassSchema, group: JSONOutputGroup,
    contexts: () -> (MappingContext, MappingContext)
  ) -> Bool? {
    var undecided = false
    for position in schema.steps.indices {
      // `true`: equal; `false`: the dictionaries differ; `nil`: only they tell.
      let equal: Bool? = schema.steps[position].accessor._withUnsafeGuaranteedRef { accessor in
        let equal = accessor.mappedValuesEqual(
          lhs, rhs, contexts: accessor.comparesWithoutContext ? nil : contexts())
        guard !equal else { return true }
        guard group.positionsInArrays.contains(position) else { return false }
        let (left, right) = contexts()
        let bothWritten =
          accessor.mappedValue(of: lhs, context: left) != nil
          && accessor.mappedValue(of: rhs, context: right) != nil
        return bothWritten ? false : nil
      }
      guard let equal else {
        undecided = true
        continue
      }
      if !equal { return false }
    }
    return undecided ? nil : true
  }

  /// Whether the properties of `lhs` and `rhs`, of `schema`'s class, write equal dictionaries.
  ///
  /// Each property under a plain key or a key path of its own (no two at the same place, nor
  /// one inside another: ``ClassSchema/jsonOutputGroup``), nothing else in the dictionaries but
  /// the discriminator's value (the class's, the same on both sides): they are equal when each
  /// property's values are, compared without building them (an object of key paths none of
  /// whose values is written is absent on both sides).
  ///
  /// - Parameters:
  ///   - lhs: A model.
  ///   - rhs: Another model of the same class.
  ///   - schema: Their class's schema.
  ///   - contexts: The contexts each side is written in, asked for by a property whose values
  ///     need them.
  /// - Returns: Whether their dictionaries would be equal.
  private static func propertiesEqual(
    _ lhs: ModelBase, _ rhs: ModelBase, schema: ClassSchema,
    contexts: () -> (MappingContext, MappingContext)
  ) -> Bool {
    let plan = schema.equalityPlan
    guard plan.fieldsEqual(lhs, rhs) else { return false }
    for other in plan.others {
      let equal = other._withUnsafeGuaranteedRef { accessor in
        accessor.mappedValuesEqual(
          lhs, rhs, contexts: accessor.comparesWithoutContext ? nil : contexts())
      }
      if !equal { return false }
    }
    return true
  }

  /// Whether nested models write equal dictionaries, each written in its side's context, as
  /// their `toMappedValue(context:)` gives them, compared without building them; `nil` where
  /// the dictionaries must decide (one left out, as a cycle, past the depth limit, or refused;
  /// classes that differ or write other keys than their properties'), nothing changed in the
  /// contexts.
  static func nestedModelsEqual(
    _ lhs: ModelBase, _ rhs: ModelBase, contexts: (MappingContext, MappingContext)
  ) -> Bool? {
    guard type(of: lhs) == type(of: rhs), lhs.storedUnknownValues == nil,
      rhs.storedUnknownValues == nil
    else { return nil }
    let schema = contexts.0.schema(for: type(of: lhs))
    // Inside the model, a container still takes a level: the fast values' comparisons count
    // none (they take no context), so a model whose containers the limit leaves out is the
    // dictionaries' to compare.
    // A class whose key paths write arrays is compared property by property too, each once
    // (where only its dictionaries tell, the caller builds this model's).
    let arrays = schema.jsonOutputKeys == nil ? schema.jsonOutputGroup : nil
    guard schema.comparesFieldsInPlace || arrays?.holdsArrays == true,
      contexts.0.depth + 1 < MappingContext.maximumDepth,
      contexts.1.depth + 1 < MappingContext.maximumDepth,
      let entered = enterNested(lhs, rhs, contexts: contexts)
    else { return nil }
    defer { leaveNested(entered, contexts: contexts) }
    contexts.0.enterWritingModel(schema)
    contexts.1.enterWritingModel(schema)
    defer {
      contexts.0.leaveWritingModel()
      contexts.1.leaveWritingModel()
    }
    if !schema.comparesFieldsInPlace, let arrays {
      return arrayPropertiesEqual(lhs, rhs, schema: schema, group: arrays) { contexts }
    }
    return propertiesEqual(lhs, rhs, schema: schema) { contexts }
  }

  /// Enters `lhs` and `rhs` as `toMappedValue(context:)` does, each in its side's context (the
  /// model on the writing stack, one level of nesting); `nil`, nothing changed, when either
  /// would be left out.
  private static func enterNested(
    _ lhs: ModelBase, _ rhs: ModelBase, contexts: (MappingContext, MappingContext)
  ) -> (ModelBase, ModelBase)? {
    guard contexts.0.beginWriting(lhs) else { return nil }
    guard contexts.1.beginWriting(rhs) else {
      contexts.0.endWriting(lhs)
      return nil
    }
    guard contexts.0.tryEnterNesting() else {
      contexts.0.endWriting(lhs)
      contexts.1.endWriting(rhs)
      return nil
    }
    guard contexts.1.tryEnterNesting() else {
      contexts.0.leaveNesting()
      contexts.0.endWriting(lhs)
      contexts.1.endWriting(rhs)
      return nil
    }
    return (lhs, rhs)
  }

  /// Leaves what ``enterNested(_:_:contexts:)`` entered.
  private static func leaveNested(
    _ entered: (ModelBase, ModelBase), contexts: (MappingContext, MappingContext)
  ) {
    contexts.0.leaveNesting()
    contexts.1.leaveNesting()
    contexts.0.endWriting(entered.0)
    contexts.1.endWriting(entered.1)
  }

  /// Whether arrays of models write equal arrays, as ``nestedModelsEqual(_:_:contexts:)``
  /// compares their elements; `nil` where the dictionaries must decide (an element that
  /// would be left out, arrays of different lengths, an array past the depth limit).
  static func nestedModelArraysEqual(
    _ lhs: [ModelBase], _ rhs: [ModelBase], contexts: (MappingContext, MappingContext)
  ) -> Bool? {
    if lhs.isEmpty && rhs.isEmpty { return true }
    // An element left out makes an array shorter than the model's: the dictionaries decide.
    guard lhs.count == rhs.count, contexts.0.tryEnterNesting() else { return nil }
    defer { contexts.0.leaveNesting() }
    guard contexts.1.tryEnterNesting() else { return nil }
    defer { contexts.1.leaveNesting() }
    var unequal = false
    for (left, right) in zip(lhs, rhs) {
      // Each pair decided, so that an element left out further on still sends the whole
      // array to the dictionaries.
      guard let equal = nestedModelsEqual(left, right, contexts: contexts) else { return nil }
      if !equal { unequal = true }
    }
    return !unequal
  }

  /// A context for writing each of `lhs` and `rhs`, as their `toDictionary()` makes.
  private static func writingContexts(
    _ lhs: ModelBase, _ rhs: ModelBase, schema: ClassSchema
  ) -> (MappingContext, MappingContext) {
    (lhs.writingContext(schema: schema), rhs.writingContext(schema: schema))
  }

  /// A context for writing this model's values, as its `toDictionary()` makes.
  private final func writingContext(schema: ClassSchema) -> MappingContext {
    let context = MappingContext()
    _ = context.beginWriting(self)
    context.enterWritingModel(schema)
    return context
  }

  /// Hashes the class and the mapped values, consistently with `==`.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: self)))
    let schema = SchemaCache.shared.schema(for: self)
    guard let entries = hashedEntries(schema: schema, context: writingContext(schema: schema))
    else {
      JSONValue.hash(toDictionary(), into: &hasher)
      return
    }
    hasher.combine(entries.count)
    hasher.combine(entries.sum)
  }

  /// What `JSONValue.hash` sums and counts for the entries of the model's dictionary, entry
  /// by entry, without building it, its values written in `context`; `nil` where the
  /// dictionary must be built (kept members under keys the class writes, or beside key paths;
  /// a class with neither plain keys nor a ``ClassSchema/jsonOutputGroup``).
  final func hashedEntries(
    schema: ClassSchema, context: MappingContext
  ) -> (sum: Int, count: Int)? {
    let unknown = storedUnknownValues == nil ? [] : unknownMembersApart(schema: schema)
    guard let unknown, schema.hashesFieldsInPlace else { return nil }
    if let group = schema.jsonOutputGroup, schema.jsonOutputKeys == nil {
      return hashedEntries(of: group, schema: schema, context: context)
    }
    var sum = 0
    var count = 0
    if let discriminator = schema.jsonDiscriminator {
      var entry = Hasher()
      entry.combine(discriminator.key)
      JSONValue.hash(discriminator.value, into: &entry)
      sum = entry.finalize()
      count = 1
    }
    for member in unknown {
      var entry = Hasher()
      entry.combine(member.key)
      JSONValue.hash(member.value, into: &entry)
      sum = sum &+ entry.finalize()
      count += 1
    }
    for step in schema.steps {
      var entry = Hasher()
      step.property._withUnsafeGuaranteedRef { entry.combine($0.outputKey) }
      let hashed = step.accessor._withUnsafeGuaranteedRef {
        $0.hashMappedValue(of: self, into: &entry, context: context)
      }
      if hashed {
        sum = sum &+ entry.finalize()
        count += 1
      }
    }
    return (sum, count)
  }

  /// What `JSONValue.hash` feeds for a nested model's `toMappedValue(context:)` (its count
  /// and sum of entries), from its fields, written in `context`; `nil` where its dictionary
  /// must decide (left out, as a cycle or past the depth limit; kept unknown values; a class
  /// ``hashedEntries(schema:context:)`` leaves to it), nothing changed in the context.
  static func nestedHashEntries(
    _ model: ModelBase, context: MappingContext
  ) -> (sum: Int, count: Int)? {
    let schema = context.schema(for: type(of: model))
    // As JSONValue.hash checks the stack before a dictionary.
    // A class whose key paths write arrays is hashed in place at the top only: it finds which
    // elements of an array are written by hashing them once before feeding them, which, model
    // inside model, would double at every level.
    guard model.storedUnknownValues == nil,
      schema.comparesFieldsInPlace, StackBounds.hasRoom(),
      context.beginWriting(model)
    else { return nil }
    defer { context.endWriting(model) }
    guard context.tryEnterNesting() else { return nil }
    defer { context.leaveNesting() }
    context.enterWritingModel(schema)
    defer { context.leaveWritingModel() }
    return model.hashedEntries(schema: schema, context: context)
  }

  /// ``nestedHashEntries(_:context:)`` of each model of a non-empty array, inside the level of
  /// nesting the array costs; `nil` where the array's value must decide.
  static func nestedHashEntries(
    _ models: [ModelBase], context: MappingContext
  ) -> [(sum: Int, count: Int)]? {
    guard !models.isEmpty, StackBounds.hasRoom(), context.tryEnterNesting() else { return nil }
    defer { context.leaveNesting() }
    var entries: [(sum: Int, count: Int)] = []
    entries.reserveCapacity(models.count)
    for model in models {
      guard let entry = nestedHashEntries(model, context: context) else { return nil }
      entries.append(entry)
    }
    return entries
  }

  /// The kept unknown members as the model's dictionary holds them
  /// (``writtenUnknownMembers(context:)``, in key order), for a class whose output keys are
  /// plain and none of them the key of a member; `nil` otherwise (the dictionary merges them).
  private final func unknownMembersApart(schema: ClassSchema) -> [(key: String, value: Any)]? {
    guard schema.jsonOutputKeys != nil else { return nil }
    let members = writtenUnknownMembers(context: writingContext(schema: schema))
    guard !members.contains(where: { schema.outputMemberPosition(ofKey: $0.key) != nil }) else {
      return nil
    }
    return members
  }

  /// What `JSONValue.hash` sums and counts for the entries of the dictionary of `group`'s
  /// members, without building it: an object of key paths none of whose values is written is
  /// no entry, as the dictionary has no such key.
  private final func hashedEntries(
    of group: JSONOutputGroup, schema: ClassSchema, context: MappingContext
  ) -> (sum: Int, count: Int) {
    var sum = 0
    var count = 0
    for member in group.members {
      var entry = Hasher()
      entry.combine(member.name)
      guard feedMember(member, of: group, into: &entry, schema: schema, context: context) else {
        continue
      }
      sum = sum &+ entry.finalize()
      count += 1
    }
    return (sum, count)
  }

  /// Feeds `hasher` as `JSONValue.hash` feeds the object or array of `group`'s members, each
  /// fed as it is written; `false`, with nothing fed, when none of them is written (the
  /// dictionary has no such container).
  private final func hashContainer(
    _ group: JSONOutputGroup, into hasher: inout Hasher, schema: ClassSchema,
    context: MappingContext
  ) -> Bool {
    guard group.isArray else {
      // As JSONValue.hash feeds a nested dictionary (nothing past its stack check).
      let (sum, count) = hashedEntries(of: group, schema: schema, context: context)
      guard count > 0 else { return false }
      if StackBounds.hasRoom() {
        hasher.combine(count)
        hasher.combine(sum)
      }
      return true
    }
    // The array ends at its last element written, `null` at each position before it that none
    // is written at (`KeyPaths.inserting`). Which is the last is found from the end, each
    // element hashed once to tell; the others are fed in one pass, `null` for one left out.
    var scratch = Hasher()
    guard
      let last = group.members.indices.last(where: {
        feedMember(group.members[$0], of: group, into: &scratch, schema: schema, context: context)
      })
    else { return false }
    guard StackBounds.hasRoom() else { return true }  // as JSONValue.hash feeds an array
    hasher.combine(group.members[last].index + 1)
    var position = 0
    for member in group.members[...last] {
      for _ in position..<member.index { JSONValue.hash(NSNull(), into: &hasher) }
      if !feedMember(member, of: group, into: &hasher, schema: schema, context: context) {
        JSONValue.hash(NSNull(), into: &hasher)  // left out, nothing fed: the padding `null`
      }
      position = member.index + 1
    }
    return true
  }

  /// Feeds `hasher` with `member` of `group` as it is written (a property's value, a
  /// container, the discriminator's value); `false`, with nothing fed, when it is left out.
  private final func feedMember(
    _ member: JSONOutputGroup.Member, of group: JSONOutputGroup, into hasher: inout Hasher,
    schema: ClassSchema, context: MappingContext
  ) -> Bool {
    if member.position == JSONOutputGroup.Member.discriminator {
      JSONValue.hash(group.discriminatorValue ?? "", into: &hasher)
      return true
    }
    if let inner = member.group {
      return hashContainer(inner, into: &hasher, schema: schema, context: context)
    }
    return schema.steps[member.position].accessor._withUnsafeGuaranteedRef {
      $0.hashMappedValue(of: self, into: &hasher, context: context)
    }
  }

  /// A deep copy: nested models and their containers are copied, so the copy shares nothing
  /// mutable with the original.
  ///
  /// Mapped properties are copied; a model referenced twice is copied once and stays shared
  /// in the copy, and cycles stay cycles. Properties MirrorModel does not map (`let`, `weak`,
  /// `unowned`, lazy, wrapped) keep the values `init()` gives them.
  ///
  /// - Returns: A new instance of the same class.
  public func copy() -> sending Self {
    let session = DeepCopy.Session()
    let schema = SchemaCache.shared.schema(for: self)
    let copied: ModelBase
    if schema.copiesShallowly {
      // Nothing inside can refer back to this model or share a model: filled at once, without
      // recording it.
      copied = type(of: self).init()
      DeepCopy.copyProperties(from: self, to: copied, schema: schema, session: session)
    } else {
      copied = copyModel(session: session)
      DeepCopy.finish(session)
    }
    guard let typed = copied as? Self else {
      preconditionFailure("copyModel created \(type(of: copied)), not \(type(of: self))")
    }
    // The copy shares nothing mutable with `self` (only immutable values and the objects a
    // deep copy keeps by design: see `DeepCopy`): a new region, which the compiler cannot see.
    nonisolated(unsafe) let disconnected = typed
    return disconnected
  }

  /// The copy of this model in `context`: made (empty) and queued to be filled the first time,
  /// the same object every later time, so shared references stay shared and cycles cyclic.
  final func copyModel(session: DeepCopy.Session) -> ModelBase {
    if let done = session.copies[ObjectIdentifier(self)] { return done }
    let target = type(of: self).init()
    session.copies[ObjectIdentifier(self)] = target
    session.pending.append((self, target))
    return target
  }
}

extension MappableValue where Self: ModelBase {
  /// Maps a dictionary and returns the model together with every issue, without throwing.
  ///
  /// The lenient way to map: `Hotel.map(json, mode: .lenient)` fills every property it can,
  /// reports the rest (unknown keys included) and never throws.
  ///
  /// ```swift
  /// let result = Hotel.map(json, mode: .lenient)
  /// for issue in result.issues { log(issue) }
  /// show(result.model)
  /// ```
  ///
  /// - Parameters:
  ///   - dictionary: The values to map.
  ///   - mode: How strictly to convert; ``MappingMode/lenient`` by default.
  /// - Returns: The model and the issues.
  public static func map(
    _ dictionary: [String: Any], mode: MappingMode = .lenient
  ) -> MappingResult<Self> {
    // The class this is called on, also through a metatype value (`let type: ModelBase.Type`).
    let model = self.init()
    let issues = model.mapRoot(dictionary, mode: mode).issues
    return MappingResult(model: model, issues: issues)
  }
}
