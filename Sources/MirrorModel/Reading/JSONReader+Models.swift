import Foundation

// JSON text read straight into models, driven by their schemas: keys matched against the
// class's keys from their bytes, values decoded into the fields, values no property wants
// stepped over without being built. A class whose hook needs the object's dictionary
// (`didMap(from:)`, `modelType(for:)`) has that object, and only that object, read into a
// dictionary and mapped the ordinary way (``ClassSchema/jsonKeys``); a class that validates
// has its values read once the object's members are met, in the properties' order.
//
// The result is the ordinary way's, value for value and issue for issue: a value that is not
// exactly what the property takes is read as the tree reader reads it and handed to the
// property's ordinary conversion; issues are put back in the properties' order; a property's
// own key met again, or a key a dictionary would take before the one read (a better or the
// same alternative key), is read again over the first value where that first value did
// nothing but convert, and otherwise a repeated key (where a dictionary keeps the last value)
// makes the object be read again as a dictionary. Which members no property reads are unknown
// is the schema's one rule for every source (``ClassSchema/inputKey(_:under:)``).
extension JSONReader.Parser {
  /// Reads the object at `index` into `object`, whose schema has ``ClassSchema/jsonKeys``:
  /// its members, then the properties it has no key for (as absent) and its unknown members;
  /// at a repeated key, the object again as a dictionary.
  ///
  /// A class that validates its values (``ClassSchema/readsInDeclarationOrder``) has its
  /// members met first, each property's value noted and stepped over
  /// (``MemberState/deferred``; a single model's object or an array of models read as met,
  /// into its models), then
  /// read in the properties' order (``readDeferred(into:schema:members:context:)``).
  ///
  /// On the recursive path of nested models, as are
  /// ``readMembers(of:into:schema:members:context:)`` and the property accessor's `read`: the
  /// work that does not recurse is kept in helpers, so that deep input fits on a 512 KB
  /// thread in a debug build, and this is inlined even there (`@_transparent`), its frame one
  /// less a level; both kinds of class in this one frame (a validated model's objects are
  /// read in the members' loop, on that path too).
  @_transparent
  mutating func readModel(
    _ object: ModelBase, schema: ClassSchema, keys: PropertyKeyTable, context: MappingContext
  ) throws(JSONSyntaxError) {
    let start = (index: index, depth: depth, checkpoint: context.checkpoint())
    var members = MemberState(schema: schema, context: context)
    defer { context.leaveModel(members.saved) }
    if try readMembers(of: keys, into: object, schema: schema, members: &members, context: context)
    {
      if schema.readsInDeclarationOrder {
        try readDeferred(into: object, schema: schema, members: &members, context: context)
      }
      members.finish(object, schema: schema, context: context)
    } else {
      try readRepeatingObject(into: object, schema: schema, from: start, context: context)
    }
  }

  /// Reads again, as a dictionary, an object in which a key is repeated: a dictionary keeps
  /// the key's last value, whatever it is.
  @inline(never)
  private mutating func readRepeatingObject(
    into object: ModelBase, schema: ClassSchema,
    from start: (index: Int, depth: Int, checkpoint: MappingContext.Checkpoint),
    context: MappingContext
  ) throws(JSONSyntaxError) {
    context.rollBack(to: start.checkpoint)
    index = start.index
    depth = start.depth
    // The dictionary is mapped into the model as into a new one: what the first values wrote
    // is put back to the initial values (a last `null` then leaves the initial value, as
    // it does for `JSONSerialization` and `init(dictionary:)`).
    object.resetToInitialValues(schema: schema)
    object.fill(from: try parseObject(), schema: schema, context: context, updating: false)
  }

  /// Reads the values of a class that validates them (``MemberState/deferred``), every member
  /// met.
  ///
  /// Each property in the properties' order, from where its value starts, or as absent, as a
  /// dictionary is mapped: `validate` then sees the properties declared before the one it
  /// checks set, whatever the document's order. `index` is left after the object.
  ///
  /// A single model or an array of models read where it was met
  /// (``MemberState/DeferredValue/readsAsMet``) is taken back out of its property first, the
  /// property put back as it was (`validate` sees only the properties before the one it checks
  /// set), and validated in its turn.
  @inline(never)
  private mutating func readDeferred(
    into object: ModelBase, schema: ClassSchema, members: inout MemberState,
    context: MappingContext
  ) throws(JSONSyntaxError) {
    let end = (index: index, depth: depth)
    let valuesRead = Self.takeValuesRead(from: object, schema: schema, members: members)
    for position in schema.properties.indices {
      guard let value = members.deferred[position] else {
        members.mapAbsent(position, into: object, schema: schema, context: context)
        members.seen.insert(position)
        continue
      }
      if let initial = value.initial {
        // Nothing when nothing was converted (the issue recorded as it was read).
        if let read = valuesRead[position], !read.isUnchanged(from: initial) {
          try validate(
            read, at: position, of: value, into: object, schema: schema, members: &members,
            context: context)
        }
        continue
      }
      index = value.index
      depth = value.depth
      try readValue(
        position, under: value.component, into: object, schema: schema, members: &members,
        context: context)
    }
    index = end.index
    depth = end.depth
  }

  /// The values read where they were met (``MemberState/DeferredValue/readsAsMet``), by
  /// position, each taken out of its property, which holds again what it held before.
  private static func takeValuesRead(
    from object: ModelBase, schema: ClassSchema, members: MemberState
  ) -> [PropertyAccessor.ValueReadAsMet?] {
    guard members.deferred.contains(where: { $0?.readsAsMet == true }) else { return [] }
    return schema.properties.indices.map { position in
      guard let initial = members.deferred[position]?.initial else { return nil }
      let accessor = schema.properties[position].accessor
      let read = accessor.valueReadAsMet(in: object)
      accessor.restore(initial, in: object)
      return read
    }
  }

  /// Validates `read`, the model or models read for the property at `position` where its
  /// value (`value`) was met, and writes it as ``ModelBase/validate(_:forProperty:)`` returns
  /// it; or records why not, found the value as the tree reader reads it (as a dictionary's
  /// mapping does).
  private mutating func validate(
    _ read: PropertyAccessor.ValueReadAsMet, at position: Int,
    of value: MemberState.DeferredValue, into object: ModelBase, schema: ClassSchema,
    members: inout MemberState, context: MappingContext
  ) throws(JSONSyntaxError) {
    let accessor = schema.properties[position].accessor
    let before = context.startIssueSegment()
    context.push(value.component)
    if let error = accessor.writeValidated(read, into: object) {
      let raw = try parseValue(again: (value.index, value.depth))
      accessor.recordFailure(error, raw: raw, into: object, context: context)
    }
    context.pop()
    members.issues.endSegment(position, startedAt: before, context: context)
  }

  /// Reads the members of the object at `index` with `keys`.
  ///
  /// Each member goes into the property it names; for a key that key paths go through, the
  /// members of the object it holds are read with the nested table, in this frame and loop
  /// (the tables of the containers around it kept in ``MemberState/enclosing``), and so are
  /// the elements of an array key paths index (`photos[0].parent`), each element's target
  /// standing for a member's key (``MemberState/element``): a model nested under a key path
  /// then costs this frame once a level, not once per container of its path, on a 512 KB
  /// thread in a debug build. `false`, half read, where the ordinary way must read the
  /// object: a repeated key, or a value whose paths are the ordinary way's to choose between
  /// (``readNested(_:keyStart:into:schema:members:context:)``).
  private mutating func readMembers(
    of outermost: PropertyKeyTable, into object: ModelBase, schema: ClassSchema,
    members: inout MemberState, context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    var keys = outermost
    var more = try enterCollection(closing: UInt8(ascii: "}"), checkingStack: false)
    while more {
      let keyStart = index
      var position = try readMemberKey(in: keys, &members)
      if position >= 0 && position < schema.properties.count && !schema.readsInDeclarationOrder
        && !members.seen.contains(position)
      {
        Self.enterOwnKey(position, schema: schema, members: &members, context: context)
      } else if position == -1 && !members.readsOtherKeys {
        try skipValue()
      } else {
        position = try readOtherMember(
          position, keyStart: keyStart, keys: &keys, more: &more, into: object, schema: schema,
          members: &members, context: context)
        if position == Self.ordinaryWay { return false }
        // An object key paths go through: its members are read next, by this loop.
        if position == Self.enteredObject { continue }
      }
      if position >= 0 {
        // A property's value (its path component pushed), read inline, not in a helper,
        // whichever key it came under: this frame is on the recursive path of nested models.
        let before = context.startIssueSegment()
        #if DEBUG
          // The closure below is a frame of its own in a debug build, on this recursive path.
          try schema.steps[position].accessor.takeUnretainedValue().read(
            from: &self, into: object, context: context)
        #else
          // The accessor as the schema holds it, unretained, called on the reference as it is
          // held (`takeUnretainedValue()` retains and releases it around the call: an atomic
          // pair for every member read).
          var failure: JSONSyntaxError?
          schema.steps[position].accessor._withUnsafeGuaranteedRef { accessor in
            do throws(JSONSyntaxError) {
              try accessor.read(from: &self, into: object, context: context)
            } catch {
              failure = error
            }
          }
          if let failure { throw failure }
        #endif
        context.pop()
        members.issues.endSegment(position, startedAt: before, context: context)
      }
      // The end of an object or array key paths go through has its parent read on (a helper
      // keeps that work out of this frame, on the recursive path of nested models).
      more = try nextMember(&members)
      if !more { more = try leaveNestedObjects(&keys, &members) }
    }
    return true
  }

  /// After a member of the container being read: whether another follows
  /// (``nextInCollection(closing:)``); or, for a key several properties read
  /// (``readSharedKey``), its name again, the member read again for the next of them or the
  /// key paths through it (the members' loop does it in its frame, on the recursive path of
  /// nested models, with no more room taken there than this call's).
  @inline(__always)
  private mutating func nextMember(_ members: inout MemberState) throws(JSONSyntaxError) -> Bool {
    if members.shared >= 0 {
      index = members.shared
      return true
    }
    return try nextInCollection(closing: members.closing)
  }

  /// The target of the next element of the array being read with `keys`
  /// (``MemberState/element``), as ``readMemberKey(in:_:)`` gives a key's: a property's
  /// position, a nested table's (below -1), or -1 for an element no key path indexes (past
  /// the last one indexed).
  private static func nextElement(
    of keys: PropertyKeyTable, _ members: inout MemberState
  ) -> Int {
    let element = members.element
    members.element = element + 1
    guard let targets = keys.elementTargets, element < targets.count else { return -1 }
    return targets[element]
  }

  /// Notes the property at `position` as met and pushes its path component, before its value
  /// is read (out of the frame of ``readMembers(of:into:schema:members:context:)`` in a
  /// debug build, on the recursive path of nested models).
  @inline(never)
  private static func enterOwnKey(
    _ position: Int, schema: ClassSchema, members: inout MemberState, context: MappingContext
  ) {
    members.seen.insert(position)
    context.push(schema.steps[position].pathComponent)
  }

  /// What ``readOtherMember(_:keyStart:keys:more:into:schema:members:context:)`` returns when
  /// the ordinary way must read the object; -1 when the member was read or stepped over.
  static var ordinaryWay: Int { -2 }

  /// What ``readOtherMember(_:keyStart:keys:more:into:schema:members:context:)`` returns when
  /// it entered an object key paths go through, whose members the caller reads next.
  static var enteredObject: Int { -3 }

  /// What reading a member other than a property's own key leaves to do.
  enum MemberOutcome {
    /// The member was read, or stepped over.
    case read
    /// The ordinary way must read the object.
    case ordinaryWay
    /// The value is the property's at `position`, to read under `component`, by the caller
    /// (in its own frame, on the recursive path of nested models).
    case value(_ position: Int, _ component: MappingContext.PathComponent)

    init(_ read: Bool) { self = read ? .read : .ordinaryWay }
  }

  /// Reads the value of a property's own key met again, as a dictionary keeps a repeated
  /// key's last value (or of a key that a dictionary would take before the one read, under
  /// `component`, of `priority`, ``readCandidate``): the property put back to its initial
  /// value, then the value read, as if the first had not been there.
  ///
  /// `false`, with nothing read, where the ordinary way must decide: the first value kept an
  /// issue (which a dictionary, never mapping that value, does not record), or mapping it may
  /// have done more than convert it (a model's hooks, a transformer; in a call through an
  /// identity map, a stored model's resolution).
  @inline(never)
  private mutating func readAgain(
    _ position: Int, under component: MappingContext.PathComponent? = nil, priority: Int = 0,
    into object: ModelBase, schema: ClassSchema, members: inout MemberState,
    context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    let property = schema.properties[position]
    guard property.accessor.mapsValuesOnly, context.identityMap == nil,
      !members.issues.hasIssues(of: position)
    else { return false }
    property.accessor.store(property.accessor.value(of: type(of: object).init()), into: object)
    try readValue(
      position, under: component ?? property.pathComponent, into: object, schema: schema,
      members: &members, context: context)
    // The key it was read under now: a worse one met later is stepped over.
    if !members.priorities.isEmpty { members.priorities[position] = priority }
    return true
  }

  /// Reads a member other than a property's own key read as met.
  ///
  /// That is a key key paths go through (``readNestedKey``), a property's own key of a class
  /// whose values are read in the properties' order (noted, stepped over) or met again, an
  /// alternative key, or any other key (matched case-insensitively, kept or reported). Returns
  /// -1 when the member was read or stepped over, ``ordinaryWay`` where the ordinary way must
  /// read the object, ``enteredObject`` for an object key paths go through whose members the
  /// caller reads next with `keys` (its table now; `more` telling whether it has members),
  /// and otherwise the position of the property whose value the caller reads next, in its own
  /// frame, with the path component it is read under pushed. `position` is what the key table
  /// gave for the key (``readMemberKey(in:_:)``).
  @inline(never)
  private mutating func readOtherMember(
    _ position: Int, keyStart: Int, keys: inout PropertyKeyTable, more: inout Bool,
    into object: ModelBase, schema: ClassSchema, members: inout MemberState,
    context: MappingContext
  ) throws(JSONSyntaxError) -> Int {
    if position < -1 {
      return try readNestedKey(
        position, keyStart: keyStart, keys: &keys, more: &more, into: object, schema: schema,
        members: &members, context: context
      ).position
    }
    if position >= schema.jsonSharedStart {
      return try readSharedKey(
        position, keyStart: keyStart, keys: &keys, more: &more, into: object, schema: schema,
        members: &members, context: context)
    }
    let outcome: MemberOutcome
    if position >= schema.properties.count {
      outcome = try readAlternative(
        position, into: object, schema: schema, members: &members, context: context)
    } else if position >= 0 {
      outcome = try readOwnKey(
        position, atRoot: keys.depth == 0, into: object, schema: schema, members: &members,
        context: context)
    } else {
      outcome = try readOtherMember(
        keyStart: keyStart, atRoot: keys.depth == 0, into: object, schema: schema,
        members: &members, context: context)
    }
    switch outcome {
    case .read: return -1
    case .ordinaryWay: return Self.ordinaryWay
    case .value(let position, let component):
      // Read by the caller, in its frame (on the recursive path of nested models).
      context.push(component)
      return position
    }
  }

  /// Reads the value of the key at `position` of `keys`, which key paths go through
  /// (``readNested``); `false` where the ordinary way must read the object.
  ///
  /// For an object read with a nested table, enters it: `keys` becomes that table (the one
  /// before it pushed on `enclosing`) and `more` tells whether the object has members, which
  /// the caller then reads in its own frame and loop (on the recursive path of models nested
  /// under key paths).
  @inline(never)
  private mutating func readNestedKey(
    _ position: Int, keyStart: Int, keys: inout PropertyKeyTable, more: inout Bool,
    into object: ModelBase, schema: ClassSchema, members: inout MemberState,
    context: MappingContext
  ) throws(JSONSyntaxError) -> NestedKeyOutcome {
    let table: PropertyKeyTable
    let element: Int
    switch try readNested(
      keys.nested[-2 - position], keyStart: keyStart, into: object, schema: schema,
      members: &members, context: context)
    {
    case .read: return .read
    case .ordinaryWay: return .ordinaryWay
    case .object(let nested): (table, element) = (nested, -1)
    case .elements(let nested): (table, element) = (nested, 0)
    }
    members.enclosing.append(keys, element: members.element)
    keys = table
    members.element = element
    more = try enterCollection(closing: members.closing, checkingStack: false)
    if !more { more = try leaveNestedObjects(&keys, &members) }
    return .entered
  }

  /// Reads the value of a key several properties read (``ClassSchema/jsonSharedKeys``).
  ///
  /// One step each time the members' loop meets the key: each property that reads the whole
  /// value in its turn (its position returned, its path component pushed, for the caller to
  /// read in its own frame, on the recursive path of nested models), then the key paths
  /// through it, as ``readNestedKey`` reads a key only they go through (returning as
  /// ``readOtherMember(_:keyStart:keys:more:into:schema:members:context:)`` does). Until the
  /// last step, ``MemberState/shared`` holds where the key starts, and the loop reads the
  /// member again from there: as a dictionary gives each property the value (a class that
  /// validates notes where the value starts for each, ``deferProperty``). ``ordinaryWay`` for
  /// the key met again (a dictionary keeps its last value).
  @inline(never)
  private mutating func readSharedKey(
    _ target: Int, keyStart: Int, keys: inout PropertyKeyTable, more: inout Bool,
    into object: ModelBase, schema: ClassSchema, members: inout MemberState,
    context: MappingContext
  ) throws(JSONSyntaxError) -> Int {
    let shared = schema.jsonSharedKeys[target - schema.jsonSharedStart]
    // The properties are marked as met one by one: the next is the first not met.
    if members.shared < 0 && shared.properties.contains(where: { members.seen.contains($0) }) {
      return Self.ordinaryWay
    }
    if let next = shared.properties.firstIndex(where: { !members.seen.contains($0) }) {
      let position = shared.properties[next]
      let isLast = next == shared.properties.count - 1 && shared.nested == nil
      members.shared = isLast ? -1 : keyStart
      guard
        case .value(let position, let component) = try meetProperty(
          position, in: object, schema: schema, members: &members, context: context)
      else { return -1 }
      context.push(component)
      return position
    }
    members.shared = -1
    guard let table = shared.nested else { return -1 }
    return try readNestedKey(
      -2 - table, keyStart: keyStart, keys: &keys, more: &more, into: object, schema: schema,
      members: &members, context: context
    ).position
  }

  /// What ``readNested(_:keyStart:into:schema:members:context:)`` did with a value key paths
  /// go through.
  enum NestedValue {
    /// The value was read (or stepped over).
    case read
    /// The ordinary way must read the object.
    case ordinaryWay
    /// The value is an object whose members the caller reads with `table` (in its own frame
    /// and loop, on the recursive path of nested models), then takes the object's key off
    /// ``MemberState/prefix`` where unknown members are kept or reported.
    case object(_ table: PropertyKeyTable)
    /// The value is an array whose elements the caller reads by position, with `table`'s
    /// ``PropertyKeyTable/elementTargets`` (in its own frame and loop).
    case elements(_ table: PropertyKeyTable)

    init(_ read: Bool) { self = read ? .read : .ordinaryWay }
  }

  /// What ``readNestedKey(_:keyStart:keys:more:into:schema:members:context:)`` did.
  enum NestedKeyOutcome {
    /// The value was read (or stepped over).
    case read
    /// The value is an object or array whose members are read next, with the table now in
    /// `keys` (``MemberState/element`` telling which).
    case entered
    /// The ordinary way must read the object.
    case ordinaryWay

    /// What ``readOtherMember(_:keyStart:keys:more:into:schema:members:context:)`` returns
    /// for it: -1, ``enteredObject`` or ``ordinaryWay``.
    var position: Int {
      switch self {
      case .read: -1
      case .entered: JSONReader.Parser.enteredObject
      case .ordinaryWay: JSONReader.Parser.ordinaryWay
      }
    }
  }

  /// At the end of an object or array whose members are read with `keys`: `false` for the
  /// model's own (``MemberState/enclosing`` empty); else, for each object or array key paths
  /// go through that ends here, its parent's table back in `keys` (and its position in
  /// ``MemberState/element`` where the parent is an array), an object's key off
  /// ``MemberState/prefix`` (where unknown members are kept or reported: never inside an
  /// array key paths index), and whether the innermost parent not at its end has members
  /// after it.
  @inline(never)
  private mutating func leaveNestedObjects(
    _ keys: inout PropertyKeyTable, _ members: inout MemberState
  ) throws(JSONSyntaxError) -> Bool {
    while let parent = members.enclosing.popLast() {
      if members.unknown != nil { members.prefix.removeLast() }
      keys = parent.table
      members.element = parent.element
      if try nextInCollection(closing: members.closing) { return true }
    }
    return false
  }

  /// The value at `index` for the property at `position`, under its own path component.
  ///
  /// For a class whose values are read in the properties' order, notes where it starts and
  /// steps over it. A property met already is read again in the object itself (`atRoot`,
  /// ``readAgain``), and is the ordinary way's to read in an object key paths go through or
  /// in such a class (the ordinary way keeps the last value).
  private mutating func readOwnKey(
    _ position: Int, atRoot: Bool, into object: ModelBase, schema: ClassSchema,
    members: inout MemberState, context: MappingContext
  ) throws(JSONSyntaxError) -> MemberOutcome {
    if members.seen.contains(position) {
      guard atRoot && !schema.readsInDeclarationOrder else { return .ordinaryWay }
      return MemberOutcome(
        try readAgain(
          position, into: object, schema: schema, members: &members, context: context))
    }
    return try meetProperty(
      position, in: object, schema: schema, members: &members, context: context)
  }

  /// Notes the property at `position` as met, its value at `index` under its own path
  /// component: the value for the caller to read, or, for a class whose values are read in the
  /// properties' order, noted and stepped over (``deferProperty``; a model or an array of
  /// models it reads as met is the caller's to read now).
  private mutating func meetProperty(
    _ position: Int, in object: ModelBase, schema: ClassSchema, members: inout MemberState,
    context: MappingContext
  ) throws(JSONSyntaxError) -> MemberOutcome {
    members.seen.insert(position)
    let component = schema.properties[position].pathComponent
    guard schema.readsInDeclarationOrder,
      try !deferProperty(
        position, under: component, in: object, schema: schema, members: &members,
        context: context)
    else { return .value(position, component) }
    return .read
  }

  /// Reads the value of an alternative key into its property, or steps over it.
  ///
  /// Stepped over when a key of the property that comes first (its own key, an earlier
  /// alternative) was read. `false` when the key comes first or is the same as the one read:
  /// the ordinary way decides, whatever the order in the text.
  ///
  /// `key` is the alternative key's index in the table (after the properties' own keys).
  @inline(never)
  private mutating func readAlternative(
    _ key: Int, into object: ModelBase, schema: ClassSchema, members: inout MemberState,
    context: MappingContext
  ) throws(JSONSyntaxError) -> MemberOutcome {
    let alternative = schema.jsonAlternatives[key - schema.properties.count]
    return try readCandidate(
      alternative.property, priority: alternative.priority, key: alternative.key, into: object,
      schema: schema, members: &members, context: context)
  }

  /// Reads the value of a key that is not its property's own key (an alternative key, a key
  /// matched case-insensitively) into the property at `position`, or steps over it when a key
  /// of a better `priority` was read.
  ///
  /// Where a key of a worse priority was read, or the same alternative key (a dictionary keeps
  /// a repeated key's last value), the value replaces the first one as ``readAgain`` reads a
  /// property's own key met again; `false` where that cannot be done, or two keys matched
  /// the same key case-insensitively (which a dictionary holds is the ordinary way's to say).
  private mutating func readCandidate(
    _ position: Int, priority: Int, key: String, into object: ModelBase, schema: ClassSchema,
    members: inout MemberState, context: MappingContext
  ) throws(JSONSyntaxError) -> MemberOutcome {
    if members.seen.contains(position) {
      let read = members.priorities[position]
      if read < priority {
        try skipValue()
        return .read
      }
      guard read > priority || priority < ClassSchema.foldedPriority else { return .ordinaryWay }
      if schema.readsInDeclarationOrder {
        // A value read as met is the ordinary way's to forget (its issues, its hooks' work).
        if members.deferred[position]?.readsAsMet == true { return .ordinaryWay }
        // Noted again, where the better value starts.
        members.priorities[position] = priority
        return try deferProperty(
          position, under: .key(key), in: object, schema: schema, members: &members,
          context: context)
          ? .value(position, .key(key)) : .read
      }
      return MemberOutcome(
        try readAgain(
          position, under: .key(key), priority: priority, into: object, schema: schema,
          members: &members, context: context))
    }
    members.seen.insert(position)
    members.priorities[position] = priority
    if schema.readsInDeclarationOrder,
      try !deferProperty(
        position, under: .key(key), in: object, schema: schema, members: &members,
        context: context)
    {
      return .read  // noted under the key read
    }
    // Under the key read, as the ordinary way names it.
    return .value(position, .key(key))
  }

  /// Reads the value at `index` into the property at `position`, under the path component
  /// `component`, its issues a segment of the object's.
  ///
  /// (The reading of a property's own key, ``readMembers(of:into:schema:members:context:)``,
  /// does the same inline: that frame is on the recursive path of nested models.)
  private mutating func readValue(
    _ position: Int, under component: MappingContext.PathComponent, into object: ModelBase,
    schema: ClassSchema, members: inout MemberState, context: MappingContext
  ) throws(JSONSyntaxError) {
    let before = context.startIssueSegment()
    context.push(component)
    try schema.properties[position].accessor.read(from: &self, into: object, context: context)
    context.pop()
    members.issues.endSegment(position, startedAt: before, context: context)
  }

  /// For a class whose values are read in the properties' order (``MemberState/deferred``):
  /// notes where the value at `index` starts, for the property at `position` under the path
  /// component `component` (its own, or the key read for it), and steps over it (see
  /// ``readDeferred(into:schema:members:context:)``).
  ///
  /// `true`, with nothing stepped over, for an object for a single model the class validates
  /// (``PropertyAccessor/readsObjectAsMet(in:)``) or an array for an array of them
  /// (``PropertyAccessor/readsArrayAsMet``): the caller reads it now, in its own frame (on the
  /// recursive path of nested models), into the property, and the value is validated in its
  /// turn. A value noted before for the property (a worse key's, only noted) is
  /// forgotten.
  @inline(never)
  private mutating func deferProperty(
    _ position: Int, under component: MappingContext.PathComponent, in object: ModelBase,
    schema: ClassSchema, members: inout MemberState, context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    let accessor = schema.properties[position].accessor
    let start = try peekValue()
    var value = MemberState.DeferredValue(index: index, depth: depth, component: component)
    let readsAsMet =
      start == UInt8(ascii: "{")
      ? accessor.readsObjectAsMet(in: context)
      : start == UInt8(ascii: "[") && accessor.readsArrayAsMet
    if readsAsMet {
      value.initial = accessor.valueReadAsMet(in: object)
      members.deferred[position] = value
      return true
    }
    members.deferred[position] = value
    try skipValue()
    return false
  }

  /// Reads a member whose key is none of the class's own or alternative keys (in the object
  /// itself when `atRoot`, else inside one key paths go through): into the property whose key
  /// it matches case-insensitively (for such a class, in the object itself), else as an
  /// unknown member; ``MemberOutcome/ordinaryWay`` when the ordinary way must decide (see
  /// ``readCandidate``).
  ///
  /// The ordinary way's order: a key that matches exactly wins over one that matches
  /// case-insensitively, and among those the property's own key, then its alternatives. Two
  /// keys matching the same key case-insensitively are the ordinary way's to choose from.
  /// What is an unknown member is ``ClassSchema/inputKey(_:under:)``'s to say, as it is for a
  /// dictionary.
  @inline(never)
  private mutating func readOtherMember(
    keyStart: Int, atRoot: Bool, into object: ModelBase, schema: ClassSchema,
    members: inout MemberState, context: MappingContext
  ) throws(JSONSyntaxError) -> MemberOutcome {
    var key: String?
    if atRoot, let folded = schema.jsonFoldedKeys {
      let name = try keyAgain(from: keyStart)
      if let match = folded[name.lowercased()] {
        return try readCandidate(
          match.property, priority: match.priority, key: name, into: object, schema: schema,
          members: &members, context: context)
      }
      key = name
    }
    guard members.unknown != nil, try !isDiscriminator(keyStart: keyStart, schema, members)
    else {
      try skipValue()
      return .read
    }
    if !members.prefix.isEmpty || schema.jsonFoldedKeys != nil {
      // Inside an object a key path reads whole (`images` of `images.0.url`), or a key
      // matching a key path's key case-insensitively.
      let name = try keyAgain(key, from: keyStart)
      key = name
      switch schema.inputKey(name, under: members.prefix) {
      case nil:
        break
      case .whole:
        try skipValue()
        return .read
      case .nested:
        // An object whose members the ordinary way looks at, not read through the key path
        // (`Entities` of `entities.urls`); which of its members are unknown, with the key
        // met once or more, is the ordinary way's to say.
        guard try peekValue() == UInt8(ascii: "{") else {
          try skipValue()
          return .read
        }
        return .ordinaryWay
      }
    }
    try readUnknownMember(keyStart: keyStart, key: key, members: &members, context: context)
    return .read
  }

  /// Whether the key at `keyStart` is the discriminator's, in the object itself (not inside
  /// one key paths go through): read to choose the class, never an unknown key.
  private mutating func isDiscriminator(
    keyStart: Int, _ schema: ClassSchema, _ members: MemberState
  ) throws(JSONSyntaxError) -> Bool {
    guard let key = schema.discriminator?.key, members.prefix.isEmpty else { return false }
    return try keyAgain(from: keyStart) == key
  }

  /// Reads the value of a key that key paths go through.
  ///
  /// An object's members with `nested` (left to the caller, ``NestedValue/object(_:)``), an
  /// array's elements by their positions (`images.0.url`, `images[0].url`: left to the
  /// caller, ``NestedValue/elements(_:)``, which reads each as it reads an object's member,
  /// the element's target in the table standing for a key's), nothing for `null` (the
  /// properties are then absent, as a key path through `null` is); anything else (a scalar,
  /// an object where an index is written `[n]`, an array a key is collected from, or one in
  /// an object whose unknown members are kept or reported) as the tree reader reads it, each
  /// path looked up in it (``readThroughValue(_:into:schema:members:context:)``).
  /// ``NestedValue/ordinaryWay`` for the same key met twice, and where that value's paths are
  /// the ordinary way's to choose between.
  ///
  /// `keyStart` is where the key began, read again for the prefix of the unknown members
  /// inside when they are kept or reported.
  @inline(never)
  private mutating func readNested(
    _ nested: (table: PropertyKeyTable, serial: Int), keyStart: Int, into object: ModelBase,
    schema: ClassSchema, members: inout MemberState, context: MappingContext
  ) throws(JSONSyntaxError) -> NestedValue {
    if members.seen.contains(nested.serial) { return .ordinaryWay }
    members.seen.insert(nested.serial)
    switch try peekValue() {
    case UInt8(ascii: "["):
      guard nested.table.elementTargets != nil, members.unknown == nil else {
        return NestedValue(
          try readThroughValue(
            nested.table, into: object, schema: schema, members: &members, context: context))
      }
      return .elements(nested.table)
    case UInt8(ascii: "{"):
      guard nested.table.readsObjects else {
        return NestedValue(
          try readThroughValue(
            nested.table, into: object, schema: schema, members: &members, context: context))
      }
      if members.unknown != nil { members.prefix.append(try keyAgain(from: keyStart)) }
      return .object(nested.table)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .read
    default:
      return NestedValue(
        try readThroughValue(
          nested.table, into: object, schema: schema, members: &members, context: context))
    }
  }

  /// Reads the value at `index`, where the key paths through `table` meet no object read with
  /// it (an array a key is collected from, a scalar, an object an index is written for): the
  /// value as the tree reader reads it, each property's path looked up in it as in a
  /// dictionary (``KeyPaths/lookUp(_:from:in:context:)``: an array's elements collected, a
  /// scalar an issue), and nothing in it kept as unknown (a dictionary's unknown keys are
  /// not looked for through a value that is not an object).
  ///
  /// Past the thread's stack, a `tooDeep` issue at the first property's path.
  ///
  /// `false`, with nothing read, where a path through `table` is an alternative key or a
  /// property's with alternative keys (which of its keys counts depends on the others, met
  /// anywhere in the object), or the class reads its values in the properties' order: the
  /// ordinary way decides.
  @inline(never)
  private mutating func readThroughValue(
    _ table: PropertyKeyTable, into object: ModelBase, schema: ClassSchema,
    members: inout MemberState, context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    let properties = schema.properties
    guard !schema.readsInDeclarationOrder,
      table.pathsThrough.allSatisfy({
        $0 < properties.count && properties[$0].alternatives.isEmpty
      })
    else { return false }
    // Where the thread's stack runs out inside the value, a `tooDeep` issue at the first
    // property's path, as for any value read whole; the properties are then left as they are.
    let first = table.pathsThrough[0]
    let before = context.startIssueSegment()
    context.push(properties[first].pathComponent)
    let parsed = try parseValue(
      mappedBy: context, expected: properties[first].accessor.declaredTypeName)
    context.pop()
    members.issues.endSegment(first, startedAt: before, context: context)
    guard let value = parsed else {
      for position in table.pathsThrough { members.seen.insert(position) }
      return true
    }
    for position in table.pathsThrough {
      members.seen.insert(position)
      let property = properties[position]
      let before = context.startIssueSegment()
      context.push(property.pathComponent)
      let raw = property.keyPath.flatMap {
        KeyPaths.lookUp($0, from: table.depth, in: value, context: context)
      }
      property.accessor.map(raw, into: object, context: context, updating: false)
      context.pop()
      members.issues.endSegment(position, startedAt: before, context: context)
    }
    return true
  }

  /// The key of the member whose name starts at `keyStart` (read already, and read again:
  /// only the keys of members kept or reported are made into strings); `index` is left after
  /// the colon, where it was.
  private mutating func keyAgain(from keyStart: Int) throws(JSONSyntaxError) -> String {
    let valueStart = index
    index = keyStart
    let key = try readMemberName { parser throws(JSONSyntaxError) in try parser.parseString() }
    index = valueStart
    return key
  }

  /// `key`, or when it is `nil`, the key of the member whose name starts at `keyStart`.
  private mutating func keyAgain(
    _ key: String?, from keyStart: Int
  ) throws(JSONSyntaxError) -> String {
    if let key { return key }
    return try keyAgain(from: keyStart)
  }

  /// Reads the value of a member no property reads, for ``UnknownMembers``: whole when it is
  /// kept, else only what its issue says of it (a container's count, a scalar's value).
  @inline(never)
  private mutating func readUnknownMember(
    keyStart: Int, key known: String?, members: inout MemberState, context: MappingContext
  ) throws(JSONSyntaxError) {
    guard members.unknown?.keepsValues == true else {
      if context.isFull(members.issues) {
        // Past the cap: its issue would be left out; counted, not even read.
        _ = try skipValueWithoutRecursion(counting: false)
        context.omitIssues(1)
        return
      }
      let key = try keyAgain(known, from: keyStart)
      let isObject = try peekValue() == UInt8(ascii: "{")
      if isObject || currentByte == UInt8(ascii: "[") {
        let count = try skipValueWithoutRecursion()
        members.unknown?.append(key, under: members.prefix, isObject: isObject, count: count)
      } else {
        members.unknown?.append(key, under: members.prefix, value: try parseValue())
      }
      return
    }
    let key = try keyAgain(known, from: keyStart)
    for outer in members.prefix { context.push(.key(outer)) }
    context.push(.key(key))
    let value = try parseValue(mappedBy: context, expected: "no value")
    for _ in 0...members.prefix.count { context.pop() }
    // A value too deep for the thread's stack is an issue at its path, and is not kept.
    guard let value else { return }
    members.unknown?.append(key, under: members.prefix, value: value)
  }

  /// The position a member's key gives: the index of the property that reads it, or -1.
  ///
  /// In an object, the key and the colon after it are read; in an array key paths index
  /// (``MemberState/element``), the next element's target stands for a key's.
  @inline(never)
  private mutating func readMemberKey(
    in keys: PropertyKeyTable, _ members: inout MemberState
  ) throws(JSONSyntaxError) -> Int {
    if members.element < 0 {
      return try readMemberName { parser throws(JSONSyntaxError) in try parser.readKey(in: keys) }
        ?? -1
    }
    return Self.nextElement(of: keys, &members)
  }

  /// Reads the key whose opening quote is at `index`; the index of the property that reads
  /// it, if any.
  @inline(__always)
  private mutating func readKey(in keys: PropertyKeyTable) throws(JSONSyntaxError) -> Int? {
    let run = try scanString()
    if run.isPlain { return keys.target(of: UnsafeBufferPointer(rebasing: bytes[run.bytes])) }
    return keys.target(of: try parseEscapedString(quote: run.quote, start: run.bytes.lowerBound))
  }

  /// The model of class `type` read from the object at `index`; `nil`, with nothing read or
  /// recorded, when the value is not an object, the class is mapped from dictionaries, or
  /// the input nests too deeply (the ordinary way reports it).
  mutating func readNestedModel(
    _ type: ModelBase.Type, context: MappingContext
  ) throws(JSONSyntaxError) -> ModelBase? {
    guard let (model, schema, keys) = try prepareNestedModel(type, context: context) else {
      return nil
    }
    defer { context.leaveNesting() }
    try readModel(model, schema: schema, keys: keys, context: context)
    return model
  }

  /// The model to read an object into, its schema and keys, one level of nesting entered; or
  /// `nil` (see ``readNestedModel(_:context:)``).
  @inline(never)
  private mutating func prepareNestedModel(
    _ type: ModelBase.Type, context: MappingContext
  ) throws(JSONSyntaxError) -> (ModelBase, ClassSchema, PropertyKeyTable)? {
    guard try peekValue() == UInt8(ascii: "{") else { return nil }
    var chosen = type
    var schema = context.schema(for: type)
    if schema.discriminator != nil {
      guard let named = try discriminatedClass(of: type, schema: schema, context: context)
      else { return nil }
      if ObjectIdentifier(named) != ObjectIdentifier(type) {
        chosen = named
        schema = context.schema(for: named)
      }
    }
    // An identified class in a call through an identity map: its model is the map's (the
    // ordinary way resolves it).
    guard schema.readsObjectsStraight(in: context), let keys = schema.jsonKeys,
      context.tryEnterNesting()
    else { return nil }
    return (chosen.init(), schema, keys)
  }

  /// The class to read the object at `index` into where `type`, whose class has a
  /// discriminator, is declared: the subclass the discriminator's value names, or `type` when
  /// the object names none; `index` is left where it was.
  ///
  /// The object's members are stepped over to find the value (the last one, as a dictionary
  /// keeps it), read as the tree reader reads it. `nil` where the ordinary way must decide:
  /// a last value that is not a string or a number, a value that names no class of a class whose
  /// `modelType(for:)` would be asked, a class that is not a subclass of `type`, and in
  /// strict mode a value that names no class (the ordinary way reports it).
  private mutating func discriminatedClass(
    of type: ModelBase.Type, schema: ClassSchema, context: MappingContext
  ) throws(JSONSyntaxError) -> ModelBase.Type? {
    guard let discriminator = schema.discriminator else { return type }
    let start = (index: index, depth: depth)
    defer {
      index = start.index
      depth = start.depth
    }
    // A value that is not a string or a number is stepped over, and noted as `.some(nil)`.
    let found = try lastValue(ofMember: discriminator.key) {
      parser throws(JSONSyntaxError) -> Any? in
      if try parser.peekValue() == UInt8(ascii: "\"") { return try parser.parseString() }
      if parser.isAtNumber { return try parser.parseNumber() }
      try parser.skipValue()
      return nil
    }
    if case .some(nil) = found { return nil }
    let raw = found ?? nil
    guard let named = try? schema.discriminatedClass(named: raw, context: context) else {
      return context.isStrict || schema.overriddenHooks.contains(.modelType) ? nil : type
    }
    return AccessorFactory.isSubclass(named, of: type) ? named : nil
  }

  /// The value of the member `key` of the object at `index`, as `read` reads it.
  ///
  /// Each member named `key` is read, the last one counting, as a dictionary keeps it; every
  /// other member is stepped over. `nil` when the object has none. `index` is left after the
  /// object.
  mutating func lastValue<Value>(
    ofMember key: String, _ read: (inout Self) throws(JSONSyntaxError) -> Value
  ) throws(JSONSyntaxError) -> Value? {
    var value: Value?
    var more = try enterCollection(closing: UInt8(ascii: "}"), checkingStack: false)
    while more {
      if try readMemberName({ parser throws(JSONSyntaxError) in try parser.parseString() }) == key {
        value = try read(&self)
      } else {
        try skipValue()
      }
      more = try nextInCollection(closing: UInt8(ascii: "}"))
    }
    return value
  }

  /// The models read from the array at `index`, each an object of class `concrete`, or
  /// another value converted the ordinary way for the declared class.
  mutating func readModelArray(
    declared: ModelBase.Type, concrete: ModelBase.Type, context: MappingContext
  ) throws(JSONSyntaxError) -> DirectReadResult {
    guard var walk = try enterModels(opening: UInt8(ascii: "["), context: context)?.walk
    else { return .notRead }
    defer { walk.leave() }
    var models: [ModelBase] = []
    var source = TextModels(declared: declared, concrete: concrete)
    // The text has every element to give: the walk reads them all.
    _ = try walk.convertElements(
      of: &source, at: &self, startingAt: 0, into: &models,
      expected: { MirrorModel.typeName(declared) },
      convert: { try declared.fromMappedValue($0, concrete: concrete, context: $1) })
    return walk.failsWhole ? .recorded : .value(models)
  }

  /// The value at `index`, an element or entry of a container of models that is not read as
  /// a model, as the tree reader reads it for the ordinary conversion to the `declared` class;
  /// ``RawElement/recorded`` where the thread's stack runs out inside it (its `tooDeep` issue
  /// recorded at the current path).
  fileprivate mutating func rawModelValue(
    declared: ModelBase.Type, context: MappingContext
  ) throws(JSONSyntaxError) -> RawElement {
    guard let raw = try parseValue(mappedBy: context, expected: MirrorModel.typeName(declared))
    else { return .recorded }
    return .value(raw)
  }

  /// The elements of an array of models in JSON text, from the parser's position on, for
  /// ``ElementWalk``: each object read as a model of class `concrete`
  /// (``readNestedModel(_:context:)``), any other value read as the tree reader reads it (a
  /// value too deep for the thread's stack an issue at its index, expecting `declared`), for
  /// the ordinary way's conversion.
  private struct TextModels: ElementSource {
    let declared: ModelBase.Type
    let concrete: ModelBase.Type

    static var readsFastAtItsPath: Bool { true }

    func fastElement(
      _ parser: inout JSONReader.Parser, context: MappingContext
    ) throws(JSONSyntaxError) -> ModelBase? {
      try parser.readNestedModel(concrete, context: context)
    }

    func rawElement(
      _ parser: inout JSONReader.Parser, context: MappingContext
    ) throws(JSONSyntaxError) -> RawElement {
      try parser.rawModelValue(declared: declared, context: context)
    }

    func advance(_ parser: inout JSONReader.Parser) throws(JSONSyntaxError) -> Bool {
      try parser.nextInCollection(closing: UInt8(ascii: "]"))
    }
  }

  /// Steps into the array or object of models at `index` (opened by `opening`), one level of
  /// nesting entered; where it started (index and depth) and the walk of its elements, which
  /// the caller leaves, or `nil` with nothing read or
  /// recorded when the ordinary way reads it: not an array or object, empty (nothing nested:
  /// no depth to spend), or nested too deeply.
  ///
  /// The elements of a class mapped from dictionaries (a hook takes one, an identifier) are
  /// read one by one too: each element's object, and only that, is read as a dictionary.
  mutating func enterModels(
    opening: UInt8, context: MappingContext
  ) throws(JSONSyntaxError) -> (index: Int, depth: Int, walk: ElementWalk)? {
    guard try peekValue() == opening else { return nil }
    let start = (index: index, depth: depth)
    let closing = opening == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
    guard try enterCollection(closing: closing, checkingStack: false),
      let walk = ElementWalk(tryEntering: context)
    else {
      index = start.index
      depth = start.depth
      return nil
    }
    return (start.index, start.depth, walk)
  }

  /// A model at the top of a read (the object a designated path leads to): an object read as
  /// a model of class `concrete`, or another value converted the ordinary way for the
  /// declared class; `nil` when its issue was recorded. (The elements of arrays and
  /// dictionaries of models are read so by the loops of ``ElementWalk`` and ``EntryWalk``.)
  mutating func readModelElement(
    declared: ModelBase.Type, concrete: ModelBase.Type, context: MappingContext
  ) throws(JSONSyntaxError) -> ModelBase? {
    if let model = try readNestedModel(concrete, context: context) { return model }
    guard let raw = try parseValue(mappedBy: context, expected: MirrorModel.typeName(declared))
    else { return nil }
    do {
      return try declared.fromMappedValue(raw, concrete: concrete, context: context)
    } catch {
      context.record(error, for: raw, expected: MirrorModel.typeName(declared))
      return nil
    }
  }

  /// The models read from the object at `index`, by key, as the dictionary `holder` (the
  /// property's type) makes; as ``readModelArray`` for arrays.
  ///
  /// The keys and models are kept in arrays of their own until the object ends, and the
  /// dictionary made once, at its size.
  mutating func readModelDictionary(
    declared: ModelBase.Type, concrete: ModelBase.Type, holder: any JSONModelHolder.Type,
    context: MappingContext
  ) throws(JSONSyntaxError) -> DirectReadResult {
    let checkpoint = context.checkpoint()
    guard
      let (start, startDepth, elements) = try enterModels(
        opening: UInt8(ascii: "{"), context: context)
    else { return .notRead }
    var walk = EntryWalk(elements)
    var read = ReadModels()
    var source = TextModelEntries(declared: declared, concrete: concrete)
    // The text has every value to give: the walk reads them all.
    _ = try walk.convertEntries(
      of: &source, at: &self, into: &read, expected: { MirrorModel.typeName(declared) },
      convert: { try declared.fromMappedValue($0, concrete: concrete, context: $1) })
    walk.elements.leave()
    return finishModelDictionary(
      holder: holder, read, walk: walk, rewind: start, rewindDepth: startDepth,
      checkpoint: checkpoint, context: context)
  }

  /// The entries of a dictionary of models in JSON text, the parser inside its object (not
  /// empty) at the first key, for ``EntryWalk``: each object read as a model of class
  /// `concrete`, any other value read as the tree reader reads it (a value too deep for the
  /// thread's stack an issue at its key, expecting `declared`).
  private struct TextModelEntries: EntrySource {
    let declared: ModelBase.Type
    let concrete: ModelBase.Type
    /// Whether a key was read: the next one follows a comma.
    var started = false

    init(declared: ModelBase.Type, concrete: ModelBase.Type) {
      self.declared = declared
      self.concrete = concrete
    }

    mutating func nextKey(_ parser: inout JSONReader.Parser) throws(JSONSyntaxError) -> String? {
      try parser.nextEntryKey(started: &started)
    }

    @_transparent
    func fastValue(
      _ parser: inout JSONReader.Parser, context: MappingContext
    ) throws(JSONSyntaxError) -> ModelBase? {
      try parser.readNestedModel(concrete, context: context)
    }

    func rawValue(
      _ parser: inout JSONReader.Parser, context: MappingContext
    ) throws(JSONSyntaxError) -> RawElement {
      try parser.rawModelValue(declared: declared, context: context)
    }
  }

  /// The dictionary of the models ``readModelDictionary(declared:concrete:holder:context:)``
  /// read, or, where a key is repeated (the last value wins, whatever it is), nothing read.
  ///
  /// Apart from the loop: its frame is on the recursive path of nested models.
  @inline(never)
  private mutating func finishModelDictionary(
    holder: any JSONModelHolder.Type, _ read: ReadModels, walk: EntryWalk, rewind start: Int,
    rewindDepth: Int, checkpoint: MappingContext.Checkpoint, context: MappingContext
  ) -> DirectReadResult {
    guard let models = holder.modelsByKey(keys: read.keys[...], models: read.models[...]),
      read.failedKeys.isEmpty || !Self.repeats(read.failedKeys, read.keys[...])
    else {
      context.rollBack(to: checkpoint)
      index = start
      depth = rewindDepth
      return .notRead
    }
    // Issues in key order, as the ordinary way puts them.
    return walk.finishIssues() ? .recorded : .value(models)
  }

  /// The key of the next entry of the object the parser is inside (not empty), as a
  /// dictionary's key; `nil` after the last.
  ///
  /// `started` once a key was read: the next one follows a comma.
  mutating func nextEntryKey(started: inout Bool) throws(JSONSyntaxError) -> String? {
    if started {
      guard try nextInCollection(closing: UInt8(ascii: "}")) else { return nil }
    }
    started = true
    return try readMemberName { parser throws(JSONSyntaxError) in try parser.parseString() }
  }

  /// Whether a key of `failed` is met twice, or among `read`.
  private static func repeats(_ failed: [String], _ read: ArraySlice<String>) -> Bool {
    var keys = Set(read)
    return failed.contains { !keys.insert($0).inserted }
  }

  /// The value at `index` as the tree reader reads it, for the ordinary conversion of a
  /// property or element; `nil`, with a ``MappingIssue/Kind/tooDeep`` issue at the current
  /// path, when the thread's stack runs out inside it (the value is then stepped over
  /// without recursion), as mapping the document's dictionary reports it.
  @inline(never)
  mutating func parseValue(
    mappedBy context: MappingContext, expected: @autoclosure () -> String
  ) throws(JSONSyntaxError) -> Any? {
    let start = (index: index, depth: depth)
    do {
      return try parseValue()
    } catch {
      // The reader's own limit is an error of the document, as for `JSONSerialization`.
      guard case .tooDeep(let limit) = error.reason, limit < maximumDepth else { throw error }
      index = start.index
      depth = start.depth
      let isObject = currentByte == UInt8(ascii: "{")
      let count = try skipValueWithoutRecursion()
      context.record(
        .tooDeep, expected: expected(),
        found: isObject ? keyCount(count) : elementCount(count),
        reason: context.stackExhaustedReason)
      return nil
    }
  }
}
