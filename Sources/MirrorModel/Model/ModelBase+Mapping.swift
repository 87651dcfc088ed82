import Foundation

extension ModelBase {
  /// Maps `dictionary` into `self` as the top-level model of a call; returns the issues.
  final func mapRoot(_ dictionary: [String: Any], mode: MappingMode) -> MappingOutcome {
    mapRoot(dictionary, options: MappingOptions(mode: mode))
  }

  /// Maps the dictionary at `options.path` in `root` into `self`; returns the issues, with
  /// paths from `root`.
  final func mapRoot(_ root: [String: Any], options: MappingOptions) -> MappingOutcome {
    // What the body reads of the options, taken out: the closure does not copy them whole.
    let (path, isUpdating) = (options.path, options.isUpdating)
    return options.run { context in
      guard
        let dictionary = context.designated(path, in: root, expected: typeName(type(of: self)))
      else { return }
      let schema = SchemaCache.shared.schema(for: self)
      if isUpdating {
        fillUpdating(from: dictionary, schema: schema, context: context)
      } else {
        fill(from: dictionary, schema: schema, context: context, updating: false)
      }
    }
  }

  /// ``fill(from:schema:context:updating:)`` with update semantics, and for an `@Observable`
  /// model, its observers told of every tracked property whose value changed (see
  /// ``ObservedValues``).
  ///
  /// Kept out of `fill`, whose frame is on the recursive path of nested models.
  ///
  /// In an update that can be put back (``MappingContext/updateJournal``), the model is noted
  /// first, and left as it is when its class cannot be put back; its observers are told once
  /// the update is kept.
  final func fillUpdating(
    from dictionary: [String: Any], schema: ClassSchema, context: MappingContext
  ) {
    let journal = context.updateJournal
    if let journal, !journal.note(self, schema: schema) { return }
    guard schema.isObservable else {
      fill(from: dictionary, schema: schema, context: context, updating: true)
      return
    }
    let observed = ObservedValues(of: self, schema: schema, context: context)
    if observed.isRefused { return }
    fill(from: dictionary, schema: schema, context: context, updating: true)
    if let journal {
      journal.deferNotifying(observed, of: self)
    } else {
      observed.notifyChanges(of: self)
    }
  }

  /// Fills `self` from `dictionary`, property by property, then runs ``didMap(from:)``.
  ///
  /// With `updating` (``ModelBase/update(with:mode:)``, a live model refilled by an identity
  /// map), missing keys leave properties alone and nested models present on both sides are
  /// updated in place; the models it creates are filled as new ones.
  ///
  /// On the recursive path of nested models: the work that does not recurse is kept in
  /// helpers, and this is inlined even in a debug build (`@_transparent`), its frame one less
  /// a level.
  @_transparent
  final func fill(
    from dictionary: [String: Any], schema: ClassSchema, context: MappingContext,
    updating: Bool
  ) {
    let saved = context.enterModel(schema)
    defer { context.leaveModel(saved) }
    if schema.readsPlainKeys, let keys = schema.jsonKeys {
      fillByPosition(
        from: dictionary, schema: schema, keys: keys, context: context, updating: updating)
    } else {
      fillLookingUp(from: dictionary, schema: schema, context: context, updating: updating)
    }
    finishFill(from: dictionary, schema: schema, context: context, updating: updating)
  }

  /// The properties of ``fill(from:schema:context:updating:)`` for a class whose keys are
  /// plain (``ClassSchema/readsPlainKeys``): one pass over the dictionary, each key found in
  /// the class's key table (no hashing of every property's key), then the properties in their
  /// order.
  ///
  /// A helper of its own, as ``fillLookingUp(from:schema:context:updating:)`` is: the frame of
  /// `fill` then holds neither way's locals (on the recursive path of nested models).
  @inline(never)
  private final func fillByPosition(
    from dictionary: [String: Any], schema: ClassSchema, keys: PropertyKeyTable,
    context: MappingContext, updating: Bool
  ) {
    let positions = context.dictionaryPositions
    let base = Self.findPositions(in: dictionary, schema: schema, keys: keys, into: positions)
    defer { positions.pop(to: base) }
    // By index, not through `zip`, whose iterator a debug build keeps in this frame (on the
    // recursive path of nested models).
    for index in schema.steps.indices {
      let step = schema.steps[index]
      let position = positions[base + index]
      // A missing key that changes nothing (no default, not required; anything in an
      // update) is not visited.
      guard position != nil || (step.mapsAbsence && !updating) else { continue }
      context.push(step.pathComponent)
      #if DEBUG
        // The closure below is a frame of its own in a debug build, on this recursive path;
        // so is `map(_:into:context:updating:)`, which calls one of these two.
        if let value = Self.value(at: position, in: dictionary) {
          step.accessor.takeUnretainedValue().map(
            present: value, into: self, context: context, updating: updating)
        } else {
          step.accessor.takeUnretainedValue().map(
            nil, into: self, context: context, updating: false)
        }
      #else
        // Called on the reference as it is held (`takeUnretainedValue()` retains and
        // releases it around the call).
        step.accessor._withUnsafeGuaranteedRef {
          if let position {
            $0.map(
              present: dictionary.values[position], into: self, context: context,
              updating: updating)
          } else {
            $0.map(nil, into: self, context: context, updating: false)
          }
        }
      #endif
      context.pop()
    }
  }

  #if DEBUG
    /// The value at `position` in `dictionary`, if any (out of the frame of
    /// ``fillByPosition(from:schema:keys:context:updating:)`` in a debug build).
    @inline(never)
    private static func value(
      at position: Dictionary<String, Any>.Index?, in dictionary: [String: Any]
    ) -> Any? {
      position.map { dictionary.values[$0] }
    }
  #endif

  /// The properties of ``fill(from:schema:context:updating:)`` each looked up by its key, key
  /// path, alternatives or case-insensitive match (``rawValue(of:in:context:)``).
  ///
  /// A helper of its own: its locals would otherwise be in the frame of `fill` for every
  /// class, on the recursive path of nested models.
  @inline(never)
  private final func fillLookingUp(
    from dictionary: [String: Any], schema: ClassSchema, context: MappingContext,
    updating: Bool
  ) {
    for property in schema.properties {
      context.push(property.pathComponent)
      property.accessor.map(
        Self.rawValue(of: property, in: dictionary, context: context), into: self,
        context: context, updating: updating)
      context.pop()
    }
  }

  /// Finds where each property's value is in `dictionary`; returns where the slots start.
  ///
  /// For a class with ``ClassSchema/jsonKeys`` (each property reads one plain key, exactly):
  /// pushes one slot a property on `positions` (the call's), `nil` for a key that is missing.
  /// The caller pops them.
  ///
  /// One stack for the call, not a buffer a model: allocating one was a third of a nested
  /// model's allocations (GitHub events: the models the class's initializers make, their
  /// default nested models, and this).
  @inline(never)
  private static func findPositions(
    in dictionary: [String: Any], schema: ClassSchema, keys: PropertyKeyTable,
    into positions: DictionaryPositions
  ) -> Int {
    let base = positions.push(schema.steps.count)
    var index = dictionary.startIndex
    while index != dictionary.endIndex {
      var key = dictionary[index].key
      if let position = key.withUTF8({ keys.index(of: $0) }) {
        positions[base + position] = index
      }
      dictionary.formIndex(after: &index)
    }
    return base
  }

  /// The raw value of `property` in `dictionary`: under its key, else under its alternative
  /// keys in order, else (with case-insensitive matching) under a key that differs in case.
  @inline(__always)
  static func rawValue(
    of property: ClassSchema.Property, in dictionary: [String: Any], context: MappingContext
  ) -> Any? {
    if property.keyPath == nil, let value = dictionary[property.key] { return value }
    return otherRawValue(of: property, in: dictionary, context: context)
  }

  @inline(never)
  private static func otherRawValue(
    of property: ClassSchema.Property, in dictionary: [String: Any], context: MappingContext
  ) -> Any? {
    if let path = property.keyPath,
      let value = KeyPaths.lookUp(path, in: dictionary, context: context)
    {
      return value
    }
    for alternative in property.alternatives {
      let value =
        alternative.path.map { KeyPaths.lookUp($0, in: dictionary, context: context) }
        ?? dictionary[alternative.key]
      if let value {
        context.replaceLast(.key(alternative.key))
        return value
      }
    }
    guard property.matchesCaseInsensitively,
      let (candidate, matches) = property.caseInsensitiveMatches(among: dictionary.keys)
    else { return nil }
    if matches.count > 1, context.isStrict {
      context.record(
        .invalidValue, expected: "one key", found: matches.map(quoted).joined(separator: ", "),
        reason: "keys \(matches.map(quoted).joined(separator: " and ")) all match "
          + "\(quoted(candidate)) case-insensitively and none exactly")
      return nil
    }
    context.replaceLast(.key(matches[0]))
    return dictionary[matches[0]]
  }

  @inline(never)
  private final func finishFill(
    from dictionary: [String: Any], schema: ClassSchema, context: MappingContext,
    updating: Bool
  ) {
    if var unknown = UnknownMembers(schema: schema, context: context) {
      unknown.collect(
        from: dictionary, schema: schema, context: context)
      unknown.finish(self, context: context, updating: updating)
    }
    guard schema.overriddenHooks.contains(.didMap) else { return }
    do {
      try didMap(from: dictionary)
    } catch {
      context.record(error, for: dictionary, expected: typeName(type(of: self)))
    }
  }

  /// Writes the class's own discriminator value (kept out of `dictionaryValue`, whose frame is
  /// on the recursive path of nested models).
  @inline(never)
  private static func writeDiscriminator(of schema: ClassSchema, into result: inout [String: Any]) {
    if let discriminator = schema.discriminator, let value = discriminator.value {
      result[discriminator.key] = value
    }
  }

  /// The model's dictionary as written; `nil` when ``willWrite(to:)`` refused it (its issue
  /// recorded).
  final func dictionaryValue(schema: ClassSchema, context: MappingContext) -> [String: Any]? {
    // On the recursive path of nested models (through the accessors' `mappedValue`): the work
    // around the loop is in helpers, so that this frame stays small.
    context.enterWritingModel(schema)
    defer { context.leaveWritingModel() }
    // Each property under a plain key of its own, into an empty dictionary (or the class's
    // template): set, with no lookup first for a value to merge with.
    let setsKeys = schema.writesPlainOutputKeys
    let template = setsKeys && storedUnknownValues == nil ? schema.outputTemplate : nil
    var result = initialDictionary(template: template, schema: schema, context: context)
    #if !DEBUG
      let indices = template?.indices
    #endif
    var leavesPlaceholders = false
    for position in schema.steps.indices {
      let step = schema.steps[position]
      context.push(step.pathComponent)
      // Bound as it comes (copying an `Any?` goes through its type's witnesses).
      guard
        let value = step.accessor._withUnsafeGuaranteedRef({
          $0.mappedValue(of: self, context: context)
        })
      else {
        context.pop()
        if template?.holds(position) == true { leavesPlaceholders = true }
        continue
      }
      context.pop()
      // A key of the template: its value set in place, without hashing the key.
      #if DEBUG
        if let template, template.set(value, of: position, in: &result) { continue }
      #else
        if let index = indices?[position] {
          result.values[index] = value
          continue
        }
      #endif
      step.property._withUnsafeGuaranteedRef { property in
        // Under a plain key of its own: a kept member under that key is replaced, whatever
        // either holds (never merged, as the text and encoder writers never merge them).
        if setsKeys {
          result[property.outputKey] = value
        } else {
          Self.insert(
            value, of: property, into: &result, replacing: Self.replacesKept(schema))
        }
      }
    }
    if leavesPlaceholders { OutputTemplate.removeLeftOut(from: &result) }
    if schema.writesDiscriminator { Self.writeDiscriminator(of: schema, into: &result) }
    if schema.callsWillWrite { return willWrite(result, context: context) }
    return result
  }

  /// `dictionary` after ``willWrite(to:)``; `nil`, the issue recorded, when it throws.
  @inline(never)
  private final func willWrite(_ dictionary: [String: Any], context: MappingContext)
    -> [String: Any]?
  {
    var edited = dictionary
    do {
      try willWrite(to: &edited)
      return edited
    } catch {
      context.record(error, for: dictionary, expected: typeName(type(of: self)))
      return nil
    }
  }

  /// The dictionary a model's values are written into: its kept unknown values, input as it
  /// came (a huge literal is an infinity), written as JSON can hold them, like an `Any`
  /// property's value.
  @inline(never)
  private final func initialDictionary(
    template: OutputTemplate?, schema: ClassSchema, context: MappingContext
  ) -> [String: Any] {
    if let template { return template.dictionary }
    let capacity = schema.properties.count
    if let group = schema.jsonOutputGroup, storedUnknownValues != nil {
      // Kept objects under the keys of key paths' objects merge into them (no level of their
      // own): converted as the writers that merge them convert them.
      var result = [String: Any](minimumCapacity: capacity)
      for member in writtenUnknownMembers(context: context, group: group) {
        result[member.key] = member.value
      }
      return result
    }
    // Made with its capacity rather than grown to it: the standard library's resizing is
    // unspecialized, a metadata lookup per dictionary.
    guard
      let stored = storedUnknownValues.flatMap({
        JSONCompatibility.jsonValue($0, context: context) as? [String: Any]
      })
    else { return [String: Any](minimumCapacity: capacity) }
    var result = stored
    result.reserveCapacity(capacity)
    return result
  }

  /// The kept unknown members as the writers that do not build the model's dictionary write
  /// them: each value made JSON-compatible as ``initialDictionary(template:schema:context:)``
  /// makes the whole dictionary (in key order, one level deeper than the model, under each
  /// member's key), the members it leaves out left out; none when the model keeps none, or
  /// when that level is too deep (its issue recorded, as for the dictionary).
  ///
  /// For a class whose output keys are key paths (`group`, its ``ClassSchema/jsonOutputGroup``),
  /// a kept object under the key of one of the group's objects is merged into that object, as
  /// the model's dictionary merges it: its members are converted one by one, the object
  /// costing no level of its own, as the object of key paths costs none (so that a model as
  /// deep as the limit writes back what it read).
  @inline(never)
  final func writtenUnknownMembers(
    context: MappingContext, group: JSONOutputGroup? = nil
  ) -> [(key: String, value: Any)] {
    guard let stored = storedUnknownValues, context.enterOutputNesting() else { return [] }
    defer { context.leaveNesting() }
    var members: [(key: String, value: Any)] = []
    members.reserveCapacity(stored.count)
    for (key, value) in stored.sorted(by: { utf8Precedes($0.key, $1.key) }) {
      context.push(.key(key))
      let converted = Self.keptValue(value, merging: group?.object(named: key), context: context)
      context.pop()
      if let converted { members.append((key, converted)) }
    }
    return members
  }

  /// A kept value made JSON-compatible: merged into the object of key paths `object` where
  /// it is a dictionary (its members converted at the object's level, recursively), as
  /// ``JSONCompatibility/jsonValue(_:context:)`` converts it otherwise.
  private static func keptValue(
    _ value: Any, merging object: JSONOutputGroup?, context: MappingContext
  ) -> Any? {
    // A Swift dictionary only (what the readers keep): a Foundation one may contain itself,
    // which the ordinary conversion stops.
    guard let object, type(of: value) == [String: Any].self,
      let entries = value as? [String: Any]
    else { return JSONCompatibility.jsonValue(value, context: context) }
    var merged = [String: Any](minimumCapacity: entries.count)
    for (key, entry) in entries {
      context.push(.key(key))
      let converted = keptValue(entry, merging: object.object(named: key), context: context)
      context.pop()
      if let converted { merged[key] = converted }
    }
    return merged
  }

  /// ``writtenUnknownMembers(context:group:)`` by key, for the writers that merge them with
  /// key paths' objects (`group`); `nil` when the model keeps none.
  @inline(never)
  final func writtenUnknownMembersByKey(
    context: MappingContext, group: JSONOutputGroup? = nil
  ) -> [String: Any]? {
    guard storedUnknownValues != nil else { return nil }
    return [String: Any](
      writtenUnknownMembers(context: context, group: group).map { ($0.key, $0.value) },
      uniquingKeysWith: { _, last in last })
  }

  /// Whether a property's value replaces what is at its place rather than merging with it:
  /// where no other property writes there (``ClassSchema/jsonOutputGroup``), what is there is
  /// a kept unknown member.
  private static func replacesKept(_ schema: ClassSchema) -> Bool {
    schema.jsonOutputGroup != nil
  }

  /// Puts `value` under `property`'s output key, or key path; `replacing` what is at its
  /// place (a kept unknown member) where no other property writes there, rather than merging
  /// with it.
  @inline(never)
  private static func insert(
    _ value: Any, of property: ClassSchema.Property, into result: inout [String: Any],
    replacing: Bool
  ) {
    if let keyPath = property.outputKeyPath, case .key(let first) = keyPath.first {
      result[first] = KeyPaths.inserting(
        value, at: keyPath.dropFirst(), into: result[first], replacing: replacing)
    } else if !replacing, let existing = result[property.outputKey] {
      // Written already by a deeper key path (`x.y` before `x`): merged.
      result[property.outputKey] = KeyPaths.inserting(value, at: [][...], into: existing)
    } else {
      result[property.outputKey] = value
    }
  }
}
