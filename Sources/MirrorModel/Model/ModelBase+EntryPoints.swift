public import Foundation

// The entry points that take a designated path, a context for hooks, or choose the class from
// the payload: HandyJSON's `designatedPath`, ObjectMapper's `MapContext` and `ignoreNil`,
// polymorphism at the top level.

extension ModelBase {
  /// What the current mapping call's caller passed as `userInfo`, for hooks, transformers and
  /// ``MappableValue`` conversions (ObjectMapper's `MapContext`, Codable's `userInfo`).
  ///
  /// ```swift
  /// let hotel = try Hotel(dictionary: payload, userInfo: ["currency": "EUR"])
  ///
  /// // in Hotel:
  /// override func didMap(from dictionary: [String: Any]) throws {
  ///   currency = ModelBase.mappingUserInfo["currency"] as? String ?? "USD"
  /// }
  /// ```
  ///
  /// Nested mappings see the same values; concurrent mappings on other threads or tasks see
  /// their own; outside a mapping it is empty. `JSONDecoder` and other decoders pass their
  /// `userInfo` (by the keys' raw values).
  @TaskLocal public static var mappingUserInfo: [String: any Sendable] = [:]

  /// Creates a model, giving hooks `userInfo` through ``mappingUserInfo``.
  ///
  /// - Parameters:
  ///   - dictionary: The values to map.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  ///   - userInfo: What hooks read from ``mappingUserInfo`` during this call.
  /// - Throws: ``MappingError`` with every issue (in lenient mode, only for a broken class
  ///   configuration).
  public convenience init(
    dictionary: [String: Any], mode: MappingMode = .standard, userInfo: [String: any Sendable]
  ) throws {
    try self.init(dictionary: dictionary, at: nil, mode: mode, userInfo: userInfo)
  }

  /// Creates a model from the dictionary at a designated path inside `dictionary`, such as an
  /// API envelope's `"data.hotel"` (HandyJSON's `designatedPath`).
  ///
  /// ```swift
  /// let hotel = try Hotel(dictionary: ["code": 0, "data": ["hotel": json]], at: "data.hotel")
  /// ```
  ///
  /// The path is a key path (`"data.hotels[0]"` and `"data.hotels.0"` index an array). Issue
  /// paths start from the root: `data.hotel.room_list[0].price`. A missing or null value at the
  /// path is a ``MappingIssue/Kind/missingValue`` issue.
  ///
  /// - Parameters:
  ///   - dictionary: The envelope.
  ///   - path: The key path of the model's dictionary; `nil` for `dictionary` itself.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  ///   - userInfo: What hooks read from ``mappingUserInfo`` during this call.
  /// - Throws: ``MappingError`` with every issue.
  public convenience init(
    dictionary: [String: Any], at path: String?, mode: MappingMode = .standard,
    userInfo: [String: any Sendable] = [:]
  ) throws {
    self.init()
    let issues = mapRoot(
      dictionary,
      options: MappingOptions(
        mode: mode, userInfo: userInfo, path: path, readsIssuesOnlyWhenBroken: true))
    if MappingError.isThrown(issues, mode: mode) {
      throw MappingError(issues: issues.issues, modelType: typeName(type(of: self)))
    }
  }

  /// Creates a model from JSON text, giving hooks `userInfo` through ``mappingUserInfo``.
  ///
  /// - Parameters:
  ///   - json: UTF-8 JSON text whose top level is an object.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  ///   - userInfo: What hooks read from ``mappingUserInfo`` during this call.
  /// - Throws: ``MappingError`` with every issue.
  public convenience init(
    json: Data, mode: MappingMode = .standard, userInfo: [String: any Sendable]
  ) throws {
    try self.init(json: json, at: nil, mode: mode, userInfo: userInfo)
  }

  /// Creates a model from the object at a designated path inside JSON text (see
  /// ``init(dictionary:at:mode:userInfo:)``).
  ///
  /// - Parameters:
  ///   - json: UTF-8 JSON text whose top level is an object.
  ///   - path: The key path of the model's object; `nil` for the top level.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  ///   - userInfo: What hooks read from ``mappingUserInfo`` during this call.
  /// - Throws: ``MappingError`` with every issue.
  public convenience init(
    json: Data, at path: String?, mode: MappingMode = .standard,
    userInfo: [String: any Sendable] = [:]
  ) throws {
    self.init()
    try mapJSON(json, at: path, mode: mode, userInfo: userInfo)
  }

  /// Fills `self` from the object at `path` in JSON text (the top level when `nil`).
  final func mapJSON(
    _ json: Data, at path: String?, mode: MappingMode, userInfo: [String: any Sendable]
  ) throws {
    let outcome: MappingOutcome
    let options = MappingOptions(mode: mode, userInfo: userInfo, readsIssuesOnlyWhenBroken: true)
    if let path {
      outcome = try mapRoot(json: json, at: path, options: options)
    } else {
      outcome = try mapRoot(json: json, options: options)
    }
    if MappingError.isThrown(outcome, mode: mode) {
      throw MappingError(issues: outcome.issues, modelType: typeName(type(of: self)))
    }
  }

  /// Updates the model with the keys present in `dictionary` (see ``update(with:mode:)``).
  ///
  /// With `ignoringNulls` (ObjectMapper's `ignoreNil`), a `null` or a null string leaves its
  /// property as it is instead of clearing it.
  ///
  /// - Parameters:
  ///   - dictionary: The values to apply.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  ///   - ignoringNulls: Whether `null` values leave properties as they are.
  ///   - userInfo: What hooks read from ``mappingUserInfo`` during this call.
  /// - Throws: ``MappingError`` with every issue; the model is unchanged then.
  public func update(
    with dictionary: [String: Any], mode: MappingMode = .standard, ignoringNulls: Bool,
    userInfo: [String: any Sendable] = [:]
  ) throws {
    try update(
      with: dictionary,
      options: MappingOptions(
        mode: mode, isUpdating: true, ignoresNulls: ignoringNulls, userInfo: userInfo))
  }

  /// Updates the model with the keys present in `dictionary`, giving hooks `userInfo`.
  ///
  /// - Parameters:
  ///   - dictionary: The values to apply.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  ///   - userInfo: What hooks read from ``mappingUserInfo`` during this call.
  /// - Throws: ``MappingError`` with every issue; the model is unchanged then.
  public func update(
    with dictionary: [String: Any], mode: MappingMode = .standard,
    userInfo: [String: any Sendable]
  ) throws {
    try update(
      with: dictionary, options: MappingOptions(mode: mode, isUpdating: true, userInfo: userInfo))
  }

  /// The update behind every `update(with:)`; one that throws changes nothing.
  ///
  /// The update runs once, on the model, what it changes in the models it fills in place noted
  /// (``UpdateJournal``) and put back if it throws; a lenient one keeps its issues only when it
  /// throws (a broken configuration: it then runs again, from the model put back, keeping
  /// them). Where a model filled in place cannot be put back (a hook of its own, a property
  /// written through a setter), what was written is put back and the update takes the dry-run
  /// way: applied to a deep copy first, then, when that succeeds, to the model.
  final func update(with dictionary: [String: Any], options: MappingOptions) throws {
    let schema = SchemaCache.shared.schema(for: self)
    if schema.updatesReversibly {
      let journal = UpdateJournal()
      var journaled = options
      journaled.updateJournal = journal
      journaled.readsIssuesOnlyWhenBroken = true
      let outcome = mapRoot(dictionary, options: journaled)
      if !journal.needsDryRun {
        guard MappingError.isThrown(outcome, mode: options.mode) else {
          journal.commit()
          return
        }
        journal.rollBack()
        throw MappingError(issues: outcome.issues, modelType: typeName(type(of: self)))
      }
      journal.rollBack()
    }
    try updateAfterDryRun(with: dictionary, options: options)
  }

  /// ``update(with:options:)`` for a model the update cannot put back: the dictionary applied
  /// to a deep copy first (hooks then run twice), to the model only when that succeeds.
  ///
  /// In lenient mode, which throws only for a broken configuration, the dry run and the update
  /// keep no issue; when the dry run meets a broken configuration, it runs again on another
  /// copy, keeping them, to throw them.
  private func updateAfterDryRun(with dictionary: [String: Any], options: MappingOptions) throws {
    var applied = options
    if options.mode == .lenient {
      applied.keepsNoIssues = true
      if dryRun(dictionary, options: applied).hasBrokenConfiguration {
        let issues = dryRun(dictionary, options: options).issues
        throw MappingError(issues: issues, modelType: typeName(type(of: self)))
      }
    } else {
      let scratch = dryRun(dictionary, options: options)
      if MappingError.isThrown(scratch, mode: options.mode) {
        throw MappingError(issues: scratch.issues, modelType: typeName(type(of: self)))
      }
    }
    // Only a hook that answers differently the second time makes this throw.
    let outcome = mapRoot(dictionary, options: applied)
    if MappingError.isThrown(outcome, mode: options.mode) {
      throw MappingError(issues: outcome.issues, modelType: typeName(type(of: self)))
    }
  }

  /// What applying `dictionary` to a deep copy of the model gives.
  ///
  /// A deep copy, not a new instance: nested models are updated in place there as they will
  /// be here, so the dry run meets exactly the issues the update would. Dismantled after, so
  /// that a cyclic graph's copy does not outlive the dry run.
  private func dryRun(_ dictionary: [String: Any], options: MappingOptions) -> MappingOutcome {
    let (copied, session) = DeepCopy.scratchCopy(of: self)
    let outcome = copied.mapRoot(dictionary, options: options)
    DeepCopy.dismantle(session)
    return outcome
  }
}

extension MappableValue where Self: ModelBase {
  /// Creates a model of the class ``ModelBase/modelType(for:)`` chooses for the dictionary, at
  /// the top level as for nested models.
  ///
  /// ```swift
  /// let vehicle = try Vehicle.make(dictionary: ["kind": "car", "doors": 4])  // a Car
  /// ```
  ///
  /// - Parameters:
  ///   - dictionary: The values to map (the envelope, with `path`).
  ///   - path: The key path of the model's dictionary; `nil` for `dictionary` itself.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  ///   - userInfo: What hooks read from ``ModelBase/mappingUserInfo`` during this call.
  /// - Returns: A model of `Self` or of the subclass `modelType(for:)` returned.
  /// - Throws: ``MappingError`` with every issue; a class that is not `Self` or a subclass of
  ///   it is a configuration issue.
  public static func make(
    dictionary: [String: Any], at path: String? = nil, mode: MappingMode = .standard,
    userInfo: [String: any Sendable] = [:]
  ) throws -> Self {
    try make(dictionary: dictionary, at: path, mode: mode, userInfo: userInfo, longLiterals: nil)
  }

  /// ``make(dictionary:at:mode:userInfo:)`` of a dictionary read from JSON text, whose long
  /// literals are in `longLiterals`.
  static func make(
    dictionary: [String: Any], at path: String?, mode: MappingMode,
    userInfo: [String: any Sendable], longLiterals: LongLiterals?
  ) throws -> Self {
    var model: Self?
    var options = MappingOptions(mode: mode, userInfo: userInfo, path: path)
    options.longLiterals = longLiterals
    let issues = options.run { context in
      guard let nested = context.designated(path, in: dictionary, expected: typeName(self))
      else { return }
      do {
        // The class this is called on, also through a metatype value.
        model = try context.readingTopLevelModel {
          try self.fromMappedValue(nested, context: context)
        }
      } catch {
        context.record(error, for: nested, expected: typeName(self))
      }
    }
    guard let model, !MappingError.isThrown(issues, mode: mode) else {
      throw MappingError(issues: issues.issues, modelType: typeName(self))
    }
    return model
  }

  /// Creates a model of the class ``ModelBase/modelType(for:)`` chooses, from JSON text (see
  /// ``make(dictionary:at:mode:userInfo:)``).
  ///
  /// - Parameters:
  ///   - json: UTF-8 JSON text whose top level is an object.
  ///   - path: The key path of the model's object; `nil` for the top level.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  ///   - userInfo: What hooks read from ``ModelBase/mappingUserInfo`` during this call.
  /// - Returns: A model of `Self` or of the subclass `modelType(for:)` returned.
  /// - Throws: ``MappingError`` with every issue.
  public static func make(
    json: Data, at path: String? = nil, mode: MappingMode = .standard,
    userInfo: [String: any Sendable] = [:]
  ) throws -> Self {
    let schema = SchemaCache.shared.schema(for: self)
    // Nothing chooses another class: the text is read straight into a new model. (Lenient
    // mode has no model to return when the designated path holds none: the dictionary way
    // tells.)
    guard
      schema.discriminator != nil || schema.overriddenHooks.contains(.modelType)
        || (path != nil && mode == .lenient)
    else {
      let model = self.init()
      try model.mapJSON(json, at: path, mode: mode, userInfo: userInfo)
      return model
    }
    if let model = try readChosen(json: json, at: path, mode: mode, userInfo: userInfo) {
      return model
    }
    let longLiterals = LongLiterals()
    let root = try ModelBase.jsonDictionary(json, modelType: self, longLiterals: longLiterals)
    return try self.make(
      dictionary: root, at: path, mode: mode, userInfo: userInfo, longLiterals: longLiterals)
  }

  /// The model of the class the object at `path` in JSON text names, read as a nested model.
  ///
  /// As ``JSONReader/Parser/readModelElement(declared:concrete:context:)`` reads one: straight
  /// from the text into the class its discriminator names, through the object's dictionary
  /// when `modelType(for:)` must choose. `nil` when the text's top level is not an object, or
  /// the path cannot be followed through the text: the caller reads the text's dictionary,
  /// which says what is wrong.
  private static func readChosen(
    json: Data, at path: String?, mode: MappingMode, userInfo: [String: any Sendable]
  ) throws -> Self? {
    guard let keys = path.map(KeyPaths.designatedKeys) ?? [] else { return nil }
    var model: Self?
    var wasRead = false
    let outcome = try MappingOptions(mode: mode, userInfo: userInfo).read(
      json: json, opening: UInt8(ascii: "{"), modelType: self
    ) { parser, context throws(JSONSyntaxError) in
      wasRead = try parser.readDesignated(
        keys[...], opening: UInt8(ascii: "{"), context: context
      ) { parser throws(JSONSyntaxError) in
        model =
          try context.readingTopLevelModel { () throws(JSONSyntaxError) in
            try parser.readModelElement(declared: self, concrete: self, context: context)
          } as? Self
      }
    }
    guard let outcome, wasRead else { return nil }
    guard let model, !MappingError.isThrown(outcome, mode: mode) else {
      throw MappingError(issues: outcome.issues, modelType: typeName(self))
    }
    return model
  }
}
