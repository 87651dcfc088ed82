import Foundation

/// Everything MirrorModel knows about one model class.
///
/// Its mappable properties, with keys, offsets and typed accessors, the properties it skips
/// and why, and the problems in its hooks. Built once per concrete class and cached by
/// ``SchemaCache``.
final class ClassSchema: @unchecked Sendable {
  // Immutable after `init`; shared between threads through the cache's lock.

  /// One mapped property.
  ///
  /// A class, so that the per-object loop retains one reference per property instead of
  /// copying six fields, and so that a path can point at it unretained.
  final class Property: Sendable {
    /// The property's name in the class.
    let name: String
    /// The dictionary key, or the whole key path (`"meta.hotel_id"`).
    let key: String
    /// The key path's components when the key is a path; `nil` for a plain key.
    let keyPath: [KeyComponent]?
    /// ``ModelBase/alternativeKeys``: keys tried, in order, after ``key``.
    let alternatives: [(key: String, path: [KeyComponent]?)]
    /// Whether a key that matches only case-insensitively is taken (``KeyMatching``).
    let matchesCaseInsensitively: Bool
    /// The key ``ModelBase/toDictionary()`` writes, and its components when it is a path.
    let outputKey: String
    let outputKeyPath: [KeyComponent]?
    /// The property's declared type.
    let valueType: Any.Type
    /// The readable name of the property's declared type (made when asked: reports only).
    var typeName: String { MirrorModel.typeName(valueType) }
    nonisolated(unsafe) let accessor: PropertyAccessor

    init(
      name: String, key: String, keyPath: [KeyComponent]?,
      alternatives: [(key: String, path: [KeyComponent]?)], matchesCaseInsensitively: Bool,
      outputKey: String, outputKeyPath: [KeyComponent]?, valueType: Any.Type,
      accessor: PropertyAccessor
    ) {
      self.name = name
      self.valueType = valueType
      self.key = key
      self.keyPath = keyPath
      self.alternatives = alternatives
      self.matchesCaseInsensitively = matchesCaseInsensitively
      self.outputKey = outputKey
      self.outputKeyPath = outputKeyPath
      self.accessor = accessor
    }

    /// The path component for this property: the key, or the whole key path.
    var pathComponent: MappingContext.PathComponent { .property(Unmanaged.passUnretained(self)) }

    /// The keys a value is looked up under, by place: 0 for the property's own key or key
    /// path, `n` for its `n`th alternative; a plain key as a path of one key.
    func candidatePath(_ place: Int) -> [KeyComponent] {
      let (key, path) = place == 0 ? (key, keyPath) : alternatives[place - 1]
      return path ?? [.key(key)]
    }

    /// For a key looked up case-insensitively among `keys` (a dictionary's, a decoder
    /// container's): the first of the property's plain keys (its own, then its alternatives)
    /// some of `keys` equal once lowercased, and those keys, sorted; `nil` when none does.
    func caseInsensitiveMatches(
      among keys: some Collection<String>
    ) -> (key: String, matches: [String])? {
      for (candidate, path) in [(key, keyPath)] + alternatives where path == nil {
        let wanted = candidate.lowercased()
        let matches = keys.filter { $0.lowercased() == wanted }.sorted(by: utf8Precedes)
        if !matches.isEmpty { return (candidate, matches) }
      }
      return nil
    }
  }

  /// A stored property MirrorModel never reads or writes, and why.
  struct SkippedProperty: Equatable {
    let name: String
    let reason: String
  }

  let modelType: ModelBase.Type
  /// Whether this schema stands in for its class's while that one is built
  /// (``init(reenteredBy:)``): never cached or kept.
  let standsIn: Bool
  let properties: [Property]
  /// The properties in the same order, unretained (the schema keeps them alive): the
  /// per-model loops (mapping a dictionary, writing one, `==`, `hash(into:)`, `copy()`) walk
  /// these, without retaining and releasing a property and its accessor for every model.
  let steps: [Step]

  /// Whether every property is copied as it is (no models, no references to copy): a
  /// `copy()` of such a model needs no record of the models copied.
  let copiesShallowly: Bool
  /// How `copy()` copies the properties: plain bytes and strings at once, the others through
  /// their accessors.
  let copyPlan: CopyPlan
  /// How `==` compares the properties: integers and booleans as runs of bytes, strings by
  /// offset, the others through their accessors.
  let equalityPlan: EqualityPlan

  /// A property and its accessor, unretained.
  struct Step {
    let property: Unmanaged<Property>
    let accessor: Unmanaged<PropertyAccessor>
    /// Whether an absent key does anything to a new model (``PropertyAccessor/mapsAbsence``).
    let mapsAbsence: Bool
    /// Whether the property's value may be under another key than its own: it has
    /// alternative keys, or its class matches keys case-insensitively.
    let readsOtherKeys: Bool

    /// The property's path component.
    var pathComponent: MappingContext.PathComponent { .property(property) }
  }
  let skipped: [SkippedProperty]
  /// The null strings and date strategy (``ModelBase/dateStrategy``, `nil` for the call's) the
  /// values inside a model of the class are mapped with: one object shared by every class that
  /// sets neither of its own.
  let modelSettings: ModelSettings
  let configurationIssues: [MappingIssue]
  /// The keys some property reads, as a tree: a plain key takes the whole value, a key path
  /// only the keys it names inside (the rest of a `"meta"` read by `"meta.id"` is unknown).
  let inputKeys: [String: InputKey]

  /// What the class reads of the member `key` of the object the keys `prefix` lead to.
  ///
  /// From ``inputKeys``, lowercased for a class matching keys case-insensitively: `nil` for
  /// an unknown member; inside a value read whole, `.whole`; the discriminator's own key, at
  /// the top level. The one rule of what is unknown, for a dictionary's keys
  /// (``UnknownMembers``), a decoder's and a text's members read straight into a model.
  func inputKey(_ key: String, under prefix: [String]) -> InputKey? {
    guard !prefix.isEmpty else {
      return InputKey.of(
        key, in: inputKeys, matchesCaseInsensitively, discriminator: discriminator?.key)
    }
    var level = inputKeys
    for outer in prefix {
      guard case .nested(let inner) = InputKey.of(outer, in: level, matchesCaseInsensitively)
      else { return .whole }
      level = inner
    }
    return InputKey.of(key, in: level, matchesCaseInsensitively)
  }

  /// What of a key's value the class's properties read.
  enum InputKey {
    case whole
    case nested([String: InputKey])

    /// What `level` (of ``inputKeys``) reads of the member `key`, lowercased first when
    /// `caseInsensitively`; `nil` for an unknown member.
    ///
    /// At the top level, `discriminator` is the class's discriminator key, read whole when
    /// `key` is exactly it (as the discriminator's value is looked up), in any case of keys.
    @inline(__always)
    static func of(
      _ key: String, in level: [String: InputKey], _ caseInsensitively: Bool,
      discriminator: String? = nil
    ) -> InputKey? {
      if let discriminator, key == discriminator { return .whole }
      return level[caseInsensitively ? key.lowercased() : key]
    }

    /// Adds `path` to `tree`.
    ///
    /// Keys are lowercased when matching case-insensitively. A path read through an array
    /// takes the array's key whole.
    static func add(
      _ path: ArraySlice<KeyComponent>, to tree: inout [String: InputKey], caseInsensitively: Bool
    ) {
      guard case .key(let name) = path.first else { return }
      let first = caseInsensitively ? name.lowercased() : name
      let rest = path.dropFirst()
      var nextIsKey = false
      if case .key(let key) = rest.first, Int(key) == nil { nextIsKey = true }
      if !nextIsKey {
        tree[first] = .whole
      } else if case .whole = tree[first] {
        // Read whole already.
      } else {
        var inner: [String: InputKey] = [:]
        if case .nested(let existing) = tree[first] { inner = existing }
        tree[first] = nil  // `inner` is then the only reference to the nested tree
        add(rest, to: &inner, caseInsensitively: caseInsensitively)
        tree[first] = .nested(inner)
      }
    }
  }
  let keepsUnknownKeys: Bool
  /// Whether ``inputKeys`` are lowercased, for ``KeyMatching/caseInsensitive``.
  let matchesCaseInsensitively: Bool
  /// The property named by ``ModelBase/identifierProperty``, when it is mapped.
  let identifier: Property?
  /// The hooks the class overrides: the others are never called.
  let overriddenHooks: HookOverrides
  /// For the tracked properties of an `@Observable` class, by name: the setter of the key path
  /// ``ModelBase/propertyKeyPaths`` gives, through which an update notifies observers.
  let observationSetters: [String: (ModelBase, Any) -> Void]
  /// Why ``ModelBase/update(with:mode:)`` cannot notify the observers of an `@Observable`
  /// class (tracked properties without a key path); empty when it can, or has none to notify.
  let updateIssues: [MappingIssue]
  /// ``ModelBase/discriminator``: the key, the class each value names, and this class's own
  /// value (written with every model of the class), if it has one.
  let discriminator: (key: String, classes: [String: ModelBase.Type], value: String?)?
  /// Whether the class has a discriminator value of its own to write.
  let writesDiscriminator: Bool
  /// Whether the class overrides ``ModelBase/willWrite(to:)`` (one flag, for the recursive
  /// writer).
  let callsWillWrite: Bool
  /// Whether an update must notify observers, or refuse to for ``updateIssues``.
  var isObservable: Bool { !observationSetters.isEmpty || !updateIssues.isEmpty }
  /// Whether everything an update changes in a model of the class, filled in place, is put
  /// back by restoring its properties and kept unknown values (``UpdateJournal``): no
  /// `didMap(from:)` or `validate(_:forProperty:)` of its own (a hook may change or read what
  /// restoring does not), and no property written through a setter (a wrapper's or a key
  /// path's, whose own effects, such as `@Published`'s notifications, happen as it is set).
  let updatesReversibly: Bool
  /// Whether JSON text read straight into the class's models reads the values in the
  /// properties' order, once every member of an object is met: the class overrides
  /// ``ModelBase/validate(_:forProperty:)``, which sees the properties declared before the one
  /// it checks set, as when a dictionary is mapped (``MemberState/deferred``).
  let readsInDeclarationOrder: Bool
  /// The properties' keys, when JSON text can be read straight into the class's models.
  ///
  /// That is when no hook needs the object's dictionary (``ModelBase/didMap(from:)``,
  /// ``ModelBase/modelType(for:)``), every property reads one key of its own, exactly, or a
  /// key path made of keys (the objects it goes through are read with nested tables), and
  /// nothing else needs the object whole (a broken configuration; a discriminator's value is
  /// looked for in the object first; unknown keys, kept or reported, are gathered as they are
  /// met, ``UnknownMembers``; an identified class's models are new ones, as no identity map
  /// reads text; a class that validates reads its values once the members are met,
  /// ``readsInDeclarationOrder``). `nil` otherwise: the object is then read into a dictionary
  /// and mapped from it.
  let jsonKeys: PropertyKeyTable?
  /// The keys of ``jsonKeys`` several properties read.
  ///
  /// Two properties that read the same key or key path, or one that reads an object others
  /// read inside (`user` and `user.name`): the key table's target ``jsonSharedStart`` `+ n`
  /// is the `n`th. The member is read again from its key for each property after the first,
  /// and for the key paths through it, as a dictionary gives each its value; empty for most
  /// classes.
  let jsonSharedKeys: [PropertyKeyTable.SharedKey]
  /// The first key table target that stands for a shared key (``jsonSharedKeys``): after the
  /// properties' and the alternative keys'.
  var jsonSharedStart: Int { properties.count + jsonAlternatives.count }

  /// Whether the JSON text reader reads this class's objects into its models itself, in a
  /// call with `context`'s options: it has ``jsonKeys``, and it is not an identified class in
  /// a call through an identity map (whose models are the map's).
  func readsObjectsStraight(in context: MappingContext) -> Bool {
    jsonKeys != nil && (identifier == nil || context.identityMap == nil)
  }
  /// The keys a `Decoder` is asked for (``ReadShape``), when the class looks at nothing but
  /// its properties' keys; `nil` when its objects are read whole (a hook that takes the
  /// object's dictionary, unknown keys kept, case-insensitive keys, a discriminator, a broken
  /// configuration).
  ///
  /// Made on first use: only a class a decoder is walked for (no ``decoderKeys``, or a key
  /// path through a value that is not an object) needs it.
  var readShape: ReadShape? { lazyReadShape.shape }
  private let lazyReadShape: LazyReadShape
  /// How many marks reading an object with ``jsonKeys`` keeps: one per property and per
  /// alternative key, then one per object key paths go through.
  let jsonKeyMarks: Int
  /// The alternative keys in ``jsonKeys``, after the properties' keys (alternative keys that
  /// are key paths keep a class from being read straight from JSON text).
  let jsonAlternatives: [JSONAlternative]
  /// Whether ``jsonKeys`` holds each property's plain key at the property's index, and nothing
  /// else: a dictionary's keys then find their properties with one lookup each.
  let readsPlainKeys: Bool
  /// Each property's key, or the keys of its key path, by position, when a `Decoder` can be
  /// read straight into the class's models (``DecoderReader``).
  ///
  /// That is when no hook takes the object's dictionary and its configuration is sound.
  /// Alternative keys and key paths (an index written `[n]` is a key with an `intValue`),
  /// keys matched case-insensitively, kept unknown keys, `validate` and a discriminator (whose
  /// value the reader asks for, to read the class it names) are read this way too. `nil`
  /// otherwise: the decoder is then walked into a dictionary that is mapped.
  let decoderKeys: [[AnyCodingKey]]?
  /// The alternative keys of each property, by position, as ``decoderKeys`` holds keys (an
  /// empty list for a property without), when ``decoderKeys`` is present.
  let decoderAlternatives: [[[AnyCodingKey]]]

  /// For a class that matches keys case-insensitively (``KeyMatching/caseInsensitive``) and is
  /// read straight from JSON text: each property's plain keys (its own, then its
  /// alternatives; a key path is matched exactly), lowercased, with the property's index and
  /// the key's priority (``foldedPriority`` plus the key's place).
  let jsonFoldedKeys: [String: (property: Int, priority: Int)]?

  /// The priority of the first key matched only case-insensitively: after every exact key.
  static let foldedPriority = 1_000

  /// The lowercased plain keys of `properties` (see ``jsonFoldedKeys``); `nil` when two keys
  /// are the same once lowercased, or one is the first key of a key path once lowercased
  /// (which key a text's key stands for is then the ordinary way's to decide).
  ///
  /// The ordinary way's rule (``Property/caseInsensitiveMatches(among:)``): a property's
  /// plain keys are matched case-insensitively, in order, once none of its keys or key paths
  /// matched exactly; a key path's keys are only ever matched exactly.
  private static func foldedKeys(
    of properties: [Property]
  ) -> [String: (property: Int, priority: Int)]? {
    var folded: [String: (property: Int, priority: Int)] = [:]
    var pathHeads: Set<String> = []
    for (position, property) in properties.enumerated() {
      let candidates = [(key: property.key, path: property.keyPath)] + property.alternatives
      for (place, (key, path)) in candidates.enumerated() {
        if let path {
          if case .key(let head) = path.first { pathHeads.insert(head.lowercased()) }
          continue
        }
        let entry = (property: position, priority: foldedPriority + place)
        guard folded.updateValue(entry, forKey: key.lowercased()) == nil else { return nil }
      }
    }
    // A text's key equal to a key path's first key is read through the path, where the
    // ordinary way would also give its value to the plain key it matches case-insensitively.
    guard pathHeads.isDisjoint(with: folded.keys) else { return nil }
    return folded
  }

  /// An alternative key of a property read straight from JSON text: the property's index,
  /// the key's priority (1 for its first alternative key; its own key is 0) and the key.
  struct JSONAlternative {
    let property: Int
    let priority: Int
    let key: String
  }
  /// Each property's output key as JSON text with its colon (`"name":`), then, for a class
  /// with a discriminator value of its own (``jsonDiscriminator``), the discriminator's key.
  ///
  /// Present when the class's models can be written straight to JSON text: every output key
  /// a plain key of its own, none the discriminator's, no `willWrite(to:)`. `nil` otherwise:
  /// the model's dictionary is then written.
  let jsonOutputKeys: [[UInt8]]?
  /// Whether ``jsonOutputKeys`` is present: asked where a writer's frame is on the recursive
  /// path of nested models (a debug build keeps the array's copy in the frame).
  let writesPlainJSON: Bool
  /// The discriminator's key and this class's value, written after the properties (in its
  /// key's place with sorted keys), when ``jsonOutputKeys`` is present and the class has a
  /// value of its own.
  let jsonDiscriminator: (key: String, value: String)?
  /// The order of ``jsonOutputKeys``' members with sorted keys (pretty text), made on first
  /// use; `nil` without ``jsonOutputKeys``.
  let jsonSortedOrder: SortedMemberOrder?

  /// The raw key of the member at `position` of ``jsonOutputKeys``: a property's output key,
  /// or the discriminator's after them.
  func outputMemberName(_ position: Int) -> String {
    position < properties.count ? properties[position].outputKey : jsonDiscriminator?.key ?? ""
  }

  /// The position in ``jsonOutputKeys`` of the member written under `key` (a property's plain
  /// output key, or the discriminator's), if any: the member a kept unknown value of that key
  /// is replaced by.
  func outputMemberPosition(ofKey key: String) -> Int? {
    guard let keys = jsonOutputKeys else { return nil }
    return keys.indices.first { outputMemberName($0) == key }
  }

  /// Whether every property is written under a plain output key of its own (no key path, no
  /// two the same), whatever the hooks.
  let writesPlainOutputKeys: Bool
  /// The properties and the objects and arrays they are written inside, for a class whose
  /// output keys include key paths, with its own discriminator value.
  ///
  /// Present when no two key paths write the same place and each object or array they go
  /// through is one or the other (``JSONOutputGroup/make(_:discriminator:)``): its models are
  /// then written straight to JSON text and an `Encoder` too. `nil` otherwise.
  let jsonOutputGroup: JSONOutputGroup?
  /// Whether `==` and `hash(into:)` compare and hash the fields in place: the output keys are
  /// plain (``jsonOutputKeys``), or key paths through objects only (a ``jsonOutputGroup``
  /// without arrays).
  let comparesFieldsInPlace: Bool
  /// Whether `hash(into:)` hashes the fields in place: as ``comparesFieldsInPlace``, or key
  /// paths that write arrays (a ``jsonOutputGroup``), at the top only: an array's last
  /// element written is found by hashing it, so that element, a model or container too, is
  /// hashed twice (as a nested model, such a class is hashed by its dictionary, where the
  /// doubling would repeat at every level).
  let hashesFieldsInPlace: Bool
  /// Where ``ModelBase/toDictionary()`` starts for a class that ``writesPlainOutputKeys``:
  /// the keys of the properties always written, set by index (``OutputTemplate``).
  let outputTemplate: OutputTemplate?

  /// The number of stored fields `ModelBase` itself declares; they come first and are never
  /// mapped.
  static let baseFieldCount = RuntimeReflection.fields(of: ModelBase.self).count

  init(for type: ModelBase.Type) {
    // Named only in issues: made when one is reported.
    lazy var className = typeName(type)
    let hooks = MergedHooks(for: type)
    let overriddenHooks = HookOverrides.of(type)
    self.overriddenHooks = overriddenHooks
    modelType = type
    standsIn = false
    discriminator = type.discriminator.map { declared in
      let own = declared.classes.first { ObjectIdentifier($0.value) == ObjectIdentifier(type) }
      return (declared.key, declared.classes, own?.key)
    }
    writesDiscriminator = discriminator?.value != nil
    callsWillWrite = overriddenHooks.contains(.willWrite)
    keepsUnknownKeys = type.keepsUnknownKeys
    matchesCaseInsensitively = hooks.keyMatching == .caseInsensitive
    modelSettings = ModelSettings.make(
      nullStrings: NullStrings(hooks.nullStrings), dateStrategy: type.dateStrategy)

    var issues: [MappingIssue] = []
    func configurationIssue(_ expected: String, _ found: String, _ reason: String) {
      issues.append(
        MappingIssue(
          path: "", kind: .configuration, expectedType: expected, found: found, reason: reason))
    }

    let allFields = RuntimeReflection.fields(of: type)
    var fields = Array(allFields.dropFirst(Self.baseFieldCount))
    if fields.isEmpty, Self.evidentlyHasStoredProperties(type) {
      configurationIssue(
        className, "no stored properties",
        "the Swift runtime reports no fields for \(className), whose instances have storage: "
          + "its module was built without reflection metadata "
          + "(-disable-reflection-metadata); MirrorModel cannot map it")
    }
    if fields.contains(where: \.name.isEmpty) {
      configurationIssue(
        className, "fields without names",
        "the Swift runtime reports the fields of \(className) without names: its module was "
          + "built without reflection names (-disable-reflection-names, Xcode's Reflection "
          + "Metadata Level \"Without Names\"); MirrorModel cannot map it")
      fields = []
    }
    if let problem = Self.checkOffsets(allFields, of: type) {
      configurationIssue(className, "inconsistent reflection", problem)
      fields = []
    }

    var properties: [Property] = []
    var skipped: [SkippedProperty] = []
    var mappable = Set<String>(minimumCapacity: fields.count)
    /// Properties already reported as unmappable: hooks naming them add nothing.
    var refused: Set<String> = []
    var writesThroughSetters = false
    var inputKeys = [String: InputKey](minimumCapacity: fields.count)
    var observers: [String: (ModelBase, Any) -> Void] = [:]
    var unobserved: [String] = []
    let keyPaths = hooks.propertyKeyPaths.mapValues { KeyPathAccess.make($0, for: type) }
    let declaredFields = DeclaredField.resolve(fields, of: type, hooks: hooks, keyPaths: keyPaths)
    for declared in declaredFields {
      let field = declared.field
      let valueType = declared.valueType
      if let reason = Self.skipReason(for: declared, hooks: hooks) {
        skipped.append(SkippedProperty(name: field.name, reason: reason))
        continue
      }
      let settings = AccessorSettings(
        name: field.name, transformer: hooks.transformers[field.name],
        isRequired: hooks.requiredProperties.contains(field.name),
        callsValidate: overriddenHooks.contains(.validate))
      let override = hooks.arrayElementTypes[field.name]
      let built: AccessorFactory.Built
      switch declared.kind {
      case .plain, .observed, .skipped:
        built = AccessorFactory.make(for: field, elementType: override, settings: settings)
      case .storedWrappedValue(let inner):
        built = AccessorFactory.make(for: inner, elementType: override, settings: settings)
      case .wrapper(let wrapper):
        built = WrappedAccessors.throughWrapper(
          wrapper, field: field, elementType: override, settings: settings)
        writesThroughSetters = true
      case .keyPath(let access):
        built = access.makeAccessor(field.offset, override, settings)
        writesThroughSetters = true
      case .refused(let reason):
        built = AccessorFactory.Built(accessor: nil, problem: reason)
      }
      guard let accessor = built.accessor else {
        if field.name.hasPrefix("_"),
          hooks.ignoredProperties.contains(String(field.name.dropFirst()))
        {
          // The storage of a wrapper MirrorModel cannot see through, ignored by its declared
          // name.
          skipped.append(
            SkippedProperty(
              name: String(field.name.dropFirst()), reason: "listed in ignoredProperties"))
          continue
        }
        skipped.append(SkippedProperty(name: field.name, reason: "cannot be mapped"))
        refused.insert(field.name)
        let problem = built.problem ?? "its type cannot be mapped"
        let wrapperHint =
          declared.storageName != field.name || field.name.hasPrefix("_")
          ? ", adopt MappablePropertyWrapper in its wrapper, list it in propertyKeyPaths" : ""
        issues.append(
          MappingIssue(
            path: "", kind: .configuration, expectedType: typeName(valueType),
            found: "property \(field.name) of \(className)",
            reason: "property \(field.name) of \(className) is never mapped: \(problem). "
              + "Conform \(typeName(valueType)) to MappableValue, give \(field.name) a "
              + "transformer\(wrapperHint), or add it to ignoredProperties"))
        continue
      }
      if case .observed = declared.kind {
        switch keyPaths[field.name] {
        case .success(let access) where access.valueType == field.type:
          observers[field.name] = access.set
        case .success(let access):
          configurationIssue(
            className, "propertyKeyPaths[\"\(field.name)\"]",
            "the key path of \(field.name) leads to a \(typeName(access.valueType)), not to "
              + "the property's \(typeName(valueType))")
        case .failure(let error):
          configurationIssue(
            className, "propertyKeyPaths[\"\(field.name)\"]",
            "the key path of \(field.name) cannot be used: \(error.reason)")
        case nil:
          unobserved.append(field.name)
        }
      }
      if let problem = built.problem {
        configurationIssue(typeName(valueType), "arrayElementTypes[\"\(field.name)\"]", problem)
      }
      if let value = hooks.defaultValues[field.name], !accessor.setDefault(value) {
        configurationIssue(
          typeName(valueType), describeValue(value),
          "defaultValues[\"\(field.name)\"] of \(className) does not fit property "
            + "\(field.name) of type \(typeName(valueType))")
      }
      let key = hooks.propertyMapping[field.name] ?? hooks.keyStrategy.key(for: field.name)
      let outputKey = hooks.outputPropertyMapping[field.name] ?? key
      let alternativeKeys = hooks.alternativeKeys[field.name] ?? []
      // Each distinct key parsed once (a few keys: a list, not a dictionary to hash them).
      var parsed: [(key: String, path: [KeyComponent]?)] = []
      func path(of candidate: String) -> [KeyComponent]? {
        if let known = parsed.first(where: { $0.key == candidate }) { return known.path }
        var path: [KeyComponent]?
        do {
          path = try KeyPaths.parse(candidate)
        } catch {
          configurationIssue(
            className, "key \(quoted(candidate)) of \(field.name)",
            "the key of property \(field.name) is not a valid key path: \(error.reason)")
        }
        parsed.append((candidate, path))
        return path
      }
      let keyPath = path(of: key)
      let outputKeyPath = path(of: outputKey)
      let alternatives = alternativeKeys.map { (key: $0, path: path(of: $0)) }
      if case .index = outputKeyPath?.first {
        configurationIssue(className, "key \(quoted(outputKey))", "a key path starts with a key")
      }
      properties.append(
        Property(
          name: field.name, key: key, keyPath: keyPath, alternatives: alternatives,
          matchesCaseInsensitively: hooks.keyMatching == .caseInsensitive, outputKey: outputKey,
          outputKeyPath: outputKeyPath, valueType: valueType,
          accessor: accessor))
      for (candidate, path) in [(key, keyPath)] + alternatives.map({ ($0.key, $0.path) }) {
        InputKey.add(
          (path ?? [.key(candidate)])[...], to: &inputKeys,
          caseInsensitively: hooks.keyMatching == .caseInsensitive)
      }
      mappable.insert(field.name)
    }

    let known = Set(declaredFields.map(\.field.name))
    for (hook, names) in [
      ("propertyMapping", hooks.propertyMapping.keys.sorted()),
      ("arrayElementTypes", hooks.arrayElementTypes.keys.sorted()),
      ("defaultValues", hooks.defaultValues.keys.sorted()),
      ("transformers", hooks.transformers.keys.sorted()),
      ("outputPropertyMapping", hooks.outputPropertyMapping.keys.sorted()),
      ("requiredProperties", hooks.requiredProperties.sorted()),
      ("propertyKeyPaths", hooks.propertyKeyPaths.keys.sorted()),
    ] {
      // A subclass that ignores a property its superclass maps made a deliberate choice (it
      // cannot remove inherited hook entries): not a configuration issue.
      for name in names
      where !mappable.contains(name) && !refused.contains(name)
        && !hooks.ignoredProperties.contains(name)
      {
        let why =
          known.contains(name)
          ? "which MirrorModel does not map (\(skipped.first { $0.name == name }?.reason ?? ""))"
          : "which is not a stored property of \(className)"
        if hook == "arrayElementTypes" && known.contains(name) { continue }  // reported above
        configurationIssue(className, "\(hook)[\"\(name)\"]", "\(hook) names \(name), \(why)")
      }
    }

    // Output keys `x` and `x.y`: the value at `x.y` is merged into the object written at `x`
    // (ObjectMapper's nested keys); when `x` cannot be an object, one would overwrite the
    // other.
    let outputKeys = Dictionary(
      properties.map {
        (KeyComponent.render(($0.outputKeyPath ?? [.key($0.outputKey)])[...]), $0.name)
      }, uniquingKeysWith: { first, _ in first })
    for property in properties {
      guard let path = property.outputKeyPath, path.count > 1 else { continue }
      for length in 1..<path.count {
        let prefix = KeyComponent.render(path.prefix(length))
        guard let other = outputKeys[prefix],
          let holder = properties.first(where: { $0.name == other }),
          !Self.isObjectLike(holder.valueType)
        else { continue }
        configurationIssue(
          className, "output keys \(quoted(prefix)) and \(quoted(property.outputKey))",
          "\(other) is written under \(quoted(prefix)) and \(property.name) under "
            + "\(quoted(property.outputKey)), inside it: one would overwrite the other")
      }
    }

    let identifier = type.identifierProperty.flatMap { name in
      properties.first { $0.name == name }
    }
    if let name = type.identifierProperty, identifier == nil {
      configurationIssue(
        className, "identifierProperty \(quoted(name))",
        "identifierProperty names \(name), which is not a mapped property of \(className)")
    }
    let foldedKeys = matchesCaseInsensitively ? Self.foldedKeys(of: properties) : nil
    // `willWrite(to:)` is about writing: it leaves reading as it is. `validate` takes each
    // converted value in the properties' order, and JSON text comes in the document's: such a
    // class has its values read once the object's members are met, in the properties' order
    // (`readsInDeclarationOrder`). An identified class is read directly: outside an identity map
    // each of its models is new, and in a call through one (a ``ModelStore`` load) the reader
    // leaves its nested models to the map (`JSONReader.Parser.prepareNestedModel`). So is a
    // class with a discriminator: the reader finds the discriminator's value in the object
    // before reading it into the class the value names.
    let readsDirectly =
      issues.isEmpty && (!matchesCaseInsensitively || foldedKeys != nil)
      && overriddenHooks.isDisjoint(with: [.didMap, .modelType])
    let alternatives = properties.indices.flatMap { position in
      properties[position].alternatives.enumerated().map {
        JSONAlternative(property: position, priority: $0.offset + 1, key: $0.element.key)
      }
    }
    lazyReadShape = LazyReadShape(
      properties: issues.isEmpty && !matchesCaseInsensitively && discriminator == nil
        && overriddenHooks.isDisjoint(with: [.didMap, .modelType]) && !keepsUnknownKeys
        ? properties : nil)
    let keyTable =
      readsDirectly ? Self.jsonKeyTable(for: properties, alternatives: alternatives) : nil
    self.jsonKeys = keyTable?.table
    self.jsonSharedKeys = keyTable?.shared ?? []
    self.readsInDeclarationOrder = overriddenHooks.contains(.validate)
    self.jsonAlternatives = keyTable == nil ? [] : alternatives
    self.jsonFoldedKeys = keyTable == nil ? nil : foldedKeys
    self.readsPlainKeys =
      alternatives.isEmpty && !matchesCaseInsensitively && keyTable?.table.isPlain == true
      && jsonSharedKeys.isEmpty
    self.jsonKeyMarks = keyTable?.marks ?? properties.count
    // A `Decoder` resolves each property's key as a dictionary does (its alternatives, then
    // case-insensitive matches), and keeps the keys no property reads as the walk would read
    // them. A class with a discriminator too: the reader asks for its value and reads the
    // class it names (``DecoderReader``).
    let decodesDirectly =
      issues.isEmpty && overriddenHooks.isDisjoint(with: [.didMap, .modelType])
    if decodesDirectly {
      self.decoderKeys = properties.map { Self.codingKeys($0.candidatePath(0)) }
      self.decoderAlternatives = properties.map { property in
        property.alternatives.indices.map { Self.codingKeys(property.candidatePath($0 + 1)) }
      }
    } else {
      self.decoderKeys = nil
      self.decoderAlternatives = []
    }
    let plainOutputKeys = properties.map(\.outputKey)
    self.writesPlainOutputKeys =
      properties.allSatisfy({ $0.outputKeyPath == nil })
      && Set(plainOutputKeys).count == plainOutputKeys.count
    // The discriminator (with a value of its own) is one more member, after the properties.
    let ownDiscriminator = discriminator.flatMap { discriminator in
      discriminator.value.map { (key: discriminator.key, value: $0) }
    }
    if !overriddenHooks.contains(.willWrite), writesPlainOutputKeys,
      !plainOutputKeys.contains(where: { $0 == ownDiscriminator?.key })
    {
      let names = plainOutputKeys + (ownDiscriminator.map { [$0.key] } ?? [])
      self.jsonOutputKeys = names.map(JSONWriter.Writer.keyText)
      self.writesPlainJSON = true
      self.jsonDiscriminator = ownDiscriminator
      self.jsonSortedOrder = SortedMemberOrder(names: names)
    } else {
      self.jsonOutputKeys = nil
      self.writesPlainJSON = false
      self.jsonDiscriminator = nil
      self.jsonSortedOrder = nil
    }
    self.jsonOutputGroup =
      overriddenHooks.contains(.willWrite)
      ? nil : JSONOutputGroup.make(properties, discriminator: ownDiscriminator)
    self.comparesFieldsInPlace =
      jsonOutputKeys != nil || jsonOutputGroup.map { !$0.holdsArrays } == true
    self.hashesFieldsInPlace = comparesFieldsInPlace || jsonOutputGroup != nil
    // Room for the discriminator's key too, written last.
    self.outputTemplate =
      writesPlainOutputKeys
      ? OutputTemplate(properties: properties, capacity: properties.count + 1) : nil
    self.properties = properties
    self.copiesShallowly = properties.allSatisfy { !$0.accessor.copiesDeeply }
    self.copyPlan = CopyPlan(properties.map(\.accessor))
    self.equalityPlan = EqualityPlan(properties.map(\.accessor))
    self.steps = properties.map {
      Step(
        property: Unmanaged.passUnretained($0), accessor: Unmanaged.passUnretained($0.accessor),
        mapsAbsence: $0.accessor.mapsAbsence,
        readsOtherKeys: !$0.alternatives.isEmpty || $0.matchesCaseInsensitively)
    }
    self.observationSetters = observers
    self.updatesReversibly =
      overriddenHooks.isDisjoint(with: [.didMap, .validate]) && !writesThroughSetters
    if unobserved.isEmpty {
      self.updateIssues = []
    } else {
      let entries = unobserved.map { "\"\($0)\": \\\(className).\($0)" }
      self.updateIssues = [
        MappingIssue(
          path: "", kind: .configuration, expectedType: className,
          found: "@Observable properties without key paths: "
            + unobserved.joined(separator: ", "),
          reason: "update(with:) on the @Observable \(className) cannot notify the observers of "
            + "\(unobserved.joined(separator: ", ")), so views would show stale values; list "
            + "them in propertyKeyPaths: [\(entries.joined(separator: ", "))]")
      ]
    }
    self.identifier = identifier
    self.configurationIssues = issues
    self.inputKeys = inputKeys
    self.skipped = skipped
  }

  /// The keys of `path` as a `Decoder` is asked for them: an index written `[n]` is a key with
  /// an `intValue` (``DecoderReader`` reads the array it indexes as a dictionary's value).
  private static func codingKeys(_ path: [KeyComponent]) -> [AnyCodingKey] {
    path.map { component in
      switch component {
      case .key(let key): AnyCodingKey(key)
      case .index(let index): AnyCodingKey(intValue: index)
      }
    }
  }

  /// The key table JSON text is read with, how many marks a ``MemberState`` needs (the
  /// properties, the alternatives, then the objects key paths go through), and the keys
  /// several properties read (``jsonSharedKeys``); `nil` when two paths clash (one read whole
  /// and inside, or read twice) and one of them is an alternative key or a property's that
  /// has some (which key counts depends on the others: the ordinary way reads those).
  ///
  /// The alternative keys and key paths (``alternatives``) follow the properties' keys in the
  /// table, in their order: key `properties.count + n` is `alternatives[n]`, wherever its path
  /// leads.
  private static func jsonKeyTable(
    for properties: [Property], alternatives: [JSONAlternative]
  ) -> (table: PropertyKeyTable, marks: Int, shared: [PropertyKeyTable.SharedKey])? {
    let alternativePaths = alternatives.map { alternative in
      properties[alternative.property].alternatives[alternative.priority - 1].path
    }
    let count = properties.count + alternatives.count
    if properties.allSatisfy({ $0.keyPath == nil }) && alternativePaths.allSatisfy({ $0 == nil }) {
      // Plain keys (most classes): the table of the keys, without grouping them.
      if let table = PropertyKeyTable(keys: properties.map(\.key) + alternatives.map(\.key)) {
        return (table, count, [])
      }
    }
    func keys(of path: [KeyComponent]?, or key: String) -> [String] {
      guard let path else { return [key] }
      return path.map { component in
        switch component {
        case .key(let key): key
        case .index(let index): PropertyKeyTable.indexKey(index)
        }
      }
    }
    var paths = properties.map { keys(of: $0.keyPath, or: $0.key) }
    paths += zip(alternativePaths, alternatives).map { keys(of: $0, or: $1.key) }
    let sharers = Set(properties.indices.filter { properties[$0].alternatives.isEmpty })
    return PropertyKeyTable.make(paths: paths, firstSerial: count, sharers: sharers)
  }

  /// The schema given to a hook that maps its own class while the class's schema is built.
  ///
  /// Such a hook is a `defaultValues` that calls `Self(dictionary:)`, say. The schema has no
  /// properties and one configuration issue, and is never cached.
  init(reenteredBy type: ModelBase.Type) {
    let className = typeName(type)
    modelType = type
    standsIn = true
    properties = []
    steps = []
    copiesShallowly = true
    copyPlan = CopyPlan([])
    equalityPlan = EqualityPlan([])
    skipped = []
    modelSettings = ModelSettings.make(nullStrings: NullStrings([]), dateStrategy: nil)
    inputKeys = [:]
    keepsUnknownKeys = false
    matchesCaseInsensitively = false
    identifier = nil
    overriddenHooks = .all
    observationSetters = [:]
    updateIssues = []
    updatesReversibly = false
    discriminator = nil
    writesDiscriminator = false
    callsWillWrite = false
    jsonKeys = nil
    jsonSharedKeys = []
    readsInDeclarationOrder = false
    jsonAlternatives = []
    jsonFoldedKeys = nil
    readsPlainKeys = false
    decoderKeys = nil
    decoderAlternatives = []
    lazyReadShape = LazyReadShape(properties: nil)
    jsonKeyMarks = 0
    jsonOutputKeys = nil
    writesPlainJSON = false
    jsonDiscriminator = nil
    jsonSortedOrder = nil
    writesPlainOutputKeys = true
    jsonOutputGroup = nil
    comparesFieldsInPlace = false
    hashesFieldsInPlace = false
    outputTemplate = nil
    configurationIssues = [
      MappingIssue(
        path: "", kind: .configuration, expectedType: className,
        found: "a mapping of \(className) inside its own schema build",
        reason: "a hook of \(className) maps \(className) while its schema is being built "
          + "(a defaultValues, say, that calls \(className)(dictionary:)); create such values "
          + "in didMap(from:) instead")
    ]
  }

  private static func skipReason(for declared: DeclaredField, hooks: MergedHooks) -> String? {
    let field = declared.field
    if hooks.ignoredProperties.contains(field.name)
      || hooks.ignoredProperties.contains(declared.storageName)
    {
      return "listed in ignoredProperties"
    }
    if case .skipped(let reason) = declared.kind { return reason }
    if !field.isVar { return "a let constant is never written" }
    if !field.isStrong { return "weak and unowned references are never written" }
    if field.name.hasPrefix("$__lazy_storage_$_") { return "lazy storage is not mapped" }
    if MetadataKind.isClosure(field.type) { return "a closure is never mapped" }
    return nil
  }

  /// Whether a value of `type` is written as a JSON object (or may be: `Any`), optionals
  /// unwrapped.
  private static func isObjectLike(_ type: Any.Type) -> Bool {
    let current = unwrappedOptionals(type).wrapped
    if current is ModelBase.Type || current == Any.self || current is NSDictionary.Type
      || current == NSObject.self
    {
      return true
    }
    return String(reflecting: current).hasPrefix("Swift.Dictionary<Swift.String, ")
  }

  /// `true` when an instance of the class is larger than a bare `ModelBase`, which means it
  /// has storage the runtime did not describe.
  private static func evidentlyHasStoredProperties(_ type: ModelBase.Type) -> Bool {
    guard type != ModelBase.self, let size = ClassMetadata(type)?.instanceSize,
      let baseSize = ClassMetadata(ModelBase.self)?.instanceSize
    else { return false }
    return size > baseSize
  }

  /// Checks the runtime's offsets without reading any field: ascending, not overlapping, past
  /// the object header, and inside the instance's allocation.
  ///
  /// No `Mirror` of the instance: it reads every field, including `unowned` ones whose object
  /// may be gone, and a class's `customMirror` can list anything.
  private static func checkOffsets(_ fields: [RuntimeField], of type: ModelBase.Type) -> String? {
    var previousEnd = 2 * MemoryLayout<Int>.size
    for field in fields {
      let size = sizeOf(field.type)
      if size == 0 { continue }  // a one-case enum, say: no storage, any offset
      guard field.offset >= previousEnd else {
        return "field \(field.name) has offset \(field.offset), overlapping the previous field"
      }
      previousEnd = field.offset + size
    }
    if let size = ClassMetadata(type)?.instanceSize, previousEnd > size {
      return "the fields end at byte \(previousEnd), past the instance's \(size) bytes"
    }
    return nil
  }
}

/// The size in bytes of a value of `type`.
func sizeOf(_ type: Any.Type) -> Int {
  func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
  return _openExistential(type, do: size)
}
