import Foundation

/// One live instance per model class and identifier, for the models mapped through it: FDModel's
/// promise, made safe.
///
/// Mapping a dictionary through an identity map returns the live model with that identifier,
/// updated in place, so that every part of an app holding it sees the new data; nested models of
/// identified classes go through the same map, so two statuses by the same user share one `User`.
///
/// An identity map is confined to the actor or queue that uses it, like a managed object
/// context: it is not `Sendable`, so the compiler keeps it (and the models it hands out, which
/// are not `Sendable` either) in one isolation domain, and no two threads ever write one shared
/// model. It takes no lock, so hooks, transformers and store reads may wait for other threads.
/// ``main`` is the main actor's; create your own for a background context.
///
/// ```swift
/// let map = IdentityMap()
/// let first = try map.model(Status.self, dictionary: status1)
/// let second = try map.model(Status.self, dictionary: status2)
/// // first.user === second.user when both name the same user id
/// ```
///
/// The guarantees, each by construction:
/// - A mapping that throws changes nothing shared: the dictionary is first mapped into a scratch
///   instance; only when that succeeds are the live models touched.
/// - A new model is registered before it is filled, so models that refer to each other (through
///   the payload or a ``ModelBase/modelStore``) resolve to each other instead of recursing.
/// - A nested identified model always goes through the map, never updated in place as a plain
///   nested model would be: `first.user.team` never turns into another team.
/// - The identifier is the mapped value's text (`7`, `"07"` and `"+7"` for an `Int` identifier
///   are all `"7"`), the text ``ModelStore`` files the model under.
/// - The map holds models weakly: when the app releases the last reference, the entry goes.
public final class IdentityMap {
  private struct Key: Hashable {
    let type: ObjectIdentifier
    let identifier: String
  }

  private struct Entry {
    weak var model: ModelBase?
  }

  private var entries: [Key: Entry] = [:]
  private var sweepThreshold = 64
  /// The store models missing from the map are read from, whatever the class's
  /// ``ModelBase/modelStore``: set for a ``ModelStore`` loading its own models.
  private let store: ModelStore?

  /// Creates an empty identity map, confined to the isolation domain that creates it.
  public init() { store = nil }

  /// A map for one load from `store`: identified models it meets come from the map or from
  /// `store`, so references between stored models resolve to each other.
  init(loadingFrom store: ModelStore) { self.store = store }

  /// Registers `model` under `identifier`, before it is filled, so that references back to it
  /// resolve to it.
  func register(_ model: ModelBase, identifier: String) {
    entries[Key(type: ObjectIdentifier(type(of: model)), identifier: identifier)] = Entry(
      model: model)
  }

  /// The main actor's identity map: the map of the thread the main actor runs on (the main
  /// thread in an app), the one ``MappableValue/unique(dictionary:)`` uses there.
  @MainActor public static var main: IdentityMap { current }

  /// The calling thread's identity map: one map for every thread, kept in the thread's
  /// dictionary (``main`` on the main actor's thread).
  ///
  /// A thread's map is used only by that thread, so no two threads share a model through it.
  /// In async code, which can resume on another thread after an `await`, create an
  /// ``IdentityMap`` and keep it in an actor instead.
  public static var current: IdentityMap {
    let dictionary = Thread.current.threadDictionary
    if let map = dictionary[threadKey] as? IdentityMap { return map }
    let map = IdentityMap()
    dictionary[threadKey] = map
    return map
  }

  private static let threadKey = "MirrorModel.IdentityMap.current"

  /// The live model of `type` whose identifier `dictionary` holds, updated in place with the
  /// dictionary; or, without one, a new model, registered so that later calls find it.
  ///
  /// Without a live model, the class's ``ModelBase/modelStore`` is asked for one saved earlier.
  /// A dictionary without the identifier gives a new, unregistered model (or an issue when the
  /// identifier is in ``ModelBase/requiredProperties``).
  ///
  /// - Parameters:
  ///   - type: The model class (``ModelBase/modelType(for:)`` is not asked at the top level).
  ///   - dictionary: The values to map.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  ///   - userInfo: What hooks read from ``ModelBase/mappingUserInfo`` during this call.
  /// - Returns: The unique model for the identifier.
  /// - Throws: ``MappingError`` with every issue (in lenient mode, only for a broken class
  ///   configuration); nothing shared has changed then.
  public func model<Model: ModelBase>(
    _ type: Model.Type, dictionary: [String: Any], mode: MappingMode = .standard,
    userInfo: [String: any Sendable] = [:]
  ) throws -> Model {
    let schema = SchemaCache.shared.schema(for: type)
    // The dry run: into a scratch instance, nested identified models as fresh ones too, so a
    // payload that fails touches no live model.
    let isLive = live(of: type, schema: schema, in: dictionary) != nil
    let scratchIssues = type.init().mapRoot(
      dictionary, options: MappingOptions(mode: mode, isUpdating: isLive, userInfo: userInfo))
    if MappingError.isThrown(scratchIssues, mode: mode) {
      throw MappingError(issues: scratchIssues.issues, modelType: typeName(type))
    }
    let registeredBefore = Set(entries.keys)
    var model: ModelBase?
    let issues = MappingOptions(mode: mode, userInfo: userInfo, identityMap: self).run {
      model = resolve(type, schema: schema, from: dictionary, context: $0)
    }
    if MappingError.isThrown(issues, mode: mode) {
      // Only a hook that answers differently the second time gets here: forget the models
      // this call registered, so none half-filled is handed out later.
      for key in entries.keys where !registeredBefore.contains(key) { entries[key] = nil }
      throw MappingError(issues: issues.issues, modelType: typeName(type))
    }
    guard let typed = model as? Model else {
      preconditionFailure("the identity map resolved \(Swift.type(of: model)) for \(type)")
    }
    return typed
  }

  /// The live model of `type` registered under `identifier`, if any.
  ///
  /// - Parameters:
  ///   - type: The model class.
  ///   - identifier: The identifier's text: `"42"` for an integer identifier.
  /// - Returns: The live model, or `nil`.
  public func registered<Model: ModelBase>(_ type: Model.Type, identifier: String) -> Model? {
    entries[Key(type: ObjectIdentifier(type), identifier: identifier)]?.model as? Model
  }

  /// The number of registered models still alive.
  public var count: Int { entries.values.filter { $0.model != nil }.count }

  // MARK: Resolving

  /// The model for `dictionary` within a mapping through this map: the live one (updated in
  /// place), a stored one, or a new one registered before it is filled.
  func resolve(
    _ type: ModelBase.Type, schema: ClassSchema, from dictionary: [String: Any],
    context: MappingContext
  ) -> ModelBase {
    guard let identifier = Self.identifier(in: dictionary, schema: schema, context: context)
    else {
      let model = type.init()
      model.fill(from: dictionary, schema: schema, context: context, updating: false)
      return model
    }
    let key = Key(type: ObjectIdentifier(type), identifier: identifier)
    if let live = entries[key]?.model {
      live.fillUpdating(from: dictionary, schema: schema, context: context)
      return live
    }
    let model = type.init()
    entries[key] = Entry(model: model)
    sweepIfNeeded()
    if let stored = storedFile(of: type, identifier: identifier, context: context) {
      // Keys a newer version of the app stored stay with the model, to be saved again.
      let storedContext = context.storedModelContext(longLiterals: stored.longLiterals)
      model.fill(from: stored, context: storedContext)
      context.absorb(storedContext)
      model.fillUpdating(from: dictionary, schema: schema, context: context)
    } else {
      model.fill(from: dictionary, schema: schema, context: context, updating: false)
    }
    return model
  }

  /// The live model `dictionary` names, without changing anything.
  private func live(
    of type: ModelBase.Type, schema: ClassSchema, in dictionary: [String: Any]
  ) -> ModelBase? {
    guard
      let identifier = Self.identifier(in: dictionary, schema: schema, context: MappingContext())
    else { return nil }
    return entries[Key(type: ObjectIdentifier(type), identifier: identifier)]?.model
  }

  /// The saved file of the model under `identifier` in the class's ``ModelBase/modelStore``,
  /// if any; a store error (a corrupt file) is recorded as an issue.
  private func storedFile(
    of type: ModelBase.Type, identifier: String, context: MappingContext
  ) -> StoredFile? {
    guard let store = store ?? type.modelStore else { return nil }
    do {
      return try store.storedFile(of: type, id: identifier)
    } catch {
      context.record(
        .hookFailed, expected: typeName(type), found: "stored model \(quoted(identifier))",
        reason: String(describing: error))
      return nil
    }
  }

  /// Drops the entries of released models once the table has doubled since the last sweep.
  private func sweepIfNeeded() {
    guard entries.count >= sweepThreshold else { return }
    entries = entries.filter { $0.value.model != nil }
    sweepThreshold = max(64, entries.count * 2)
  }

  // MARK: Identifiers

  /// The canonical identifier text of the model `dictionary` describes: the identifier
  /// property's raw value converted to the property's type, then written back as
  /// ``ModelBase/toDictionary()`` writes it; `nil` when it is missing, null or does not convert.
  static func identifier(
    in dictionary: [String: Any], schema: ClassSchema, context: MappingContext
  ) -> String? {
    guard let property = schema.identifier,
      let raw = ModelBase.rawValue(of: property, in: dictionary, context: context)
    else { return nil }
    return identifier(raw: raw, property: property, context: context)
  }

  /// The identifier `raw`, the identifier property's raw value, stands for.
  private static func identifier(
    raw: Any, property: ClassSchema.Property, context: MappingContext
  ) -> String? {
    guard !context.isNull(raw),
      let value = property.accessor.canonicalValue(of: raw, mode: context.mode)
    else { return nil }
    return identifierText(value)
  }

  /// The keys through which the identifier of `schema`'s class is read, found in JSON text by
  /// ``identifier(inJSON:schema:modelType:)``.
  ///
  /// Its one plain key, or the keys of a key path made of keys alone (no index), where it has
  /// no alternative key and no case-insensitive match; `nil` otherwise.
  static func identifierKeys(_ schema: ClassSchema) -> [String]? {
    guard let property = schema.identifier, property.alternatives.isEmpty,
      !property.matchesCaseInsensitively
    else { return nil }
    guard let path = property.keyPath else { return [property.key] }
    var keys: [String] = []
    for component in path {
      guard case .key(let key) = component else { return nil }
      keys.append(key)
    }
    return keys
  }

  /// The identifier in JSON text, for a class with ``identifierKeys(_:)``.
  ///
  /// What ``identifier(in:schema:context:)`` finds in the text's dictionary (the key's last
  /// value, as a dictionary keeps it), found by stepping over the other members and following
  /// a key path's objects (``JSONReader/Parser/readDesignated(_:opening:context:_:)``); where
  /// that path meets a value that is not an object or a key repeated on the way, the text's
  /// dictionary tells.
  ///
  /// - Throws: ``MappingError`` for malformed text or a top level that is not an object, as
  ///   ``ModelBase/init(json:mode:)`` throws.
  static func identifier(inJSON json: Data, schema: ClassSchema, modelType: Any.Type) throws
    -> String?
  {
    guard let property = schema.identifier, let keys = identifierKeys(schema),
      let last = keys.last
    else { return nil }
    let context = MappingContext(longLiterals: LongLiterals())
    let raw: Any??
    do {
      raw = try JSONReader.withParser(
        json, maximumDepth: ModelBase.maximumJSONDepth, longLiterals: context.longLiterals
      ) { parser throws(JSONSyntaxError) -> Any?? in
        parser.skipByteOrderMark()
        guard try parser.peekValue() == UInt8(ascii: "{") else { return nil }
        var value: Any?
        let wasRead = try parser.readDesignated(
          keys.dropLast(), opening: UInt8(ascii: "{"), context: context
        ) { parser throws(JSONSyntaxError) in
          value = try parser.lastValue(ofMember: last) {
            parser throws(JSONSyntaxError) in try parser.parseValue()
          }
        }
        try parser.expectEnd()
        return wasRead ? .some(value) : nil
      }
    } catch {
      throw ModelBase.invalidJSON(error, modelType: modelType)
    }
    guard let member = raw else {
      // Not an object, or a path the dictionary must follow: what the text's dictionary gives
      // (the error it throws for any value but an object).
      let dictionary = try ModelBase.jsonDictionary(json, modelType: modelType)
      return identifier(in: dictionary, schema: schema, context: context)
    }
    return member.flatMap { identifier(raw: $0, property: property, context: context) }
  }

  /// The text an identifier value is registered (and stored) under: strings as they are,
  /// integers in decimal (also when written `7.0` or as a long literal); `nil` for anything
  /// else.
  static func identifierText(_ value: Any) -> String? {
    switch RawScalar(value) {
    case .string(let string): return string
    case .signed(let integer): return String(integer)
    case .unsigned(let integer): return String(integer)
    case .decimal(let decimal): return decimal.stringValue
    case .double(let double) where double == double.rounded(.towardZero) && abs(double) < 1e15:
      return String(Int64(double))
    default: return nil
    }
  }
}

extension MappableValue where Self: ModelBase {
  /// The live model with the identifier in `dictionary`, updated in place; or a new model,
  /// registered so that later calls find it, in the calling thread's ``IdentityMap``
  /// (``IdentityMap/main`` on the main thread; see ``IdentityMap/current``).
  ///
  /// Needs ``ModelBase/identifierProperty``. The map holds models weakly: once the app
  /// releases the last reference, the entry goes away. Each thread has its own map, so two
  /// threads never share (and never write) one model; for an actor or a queue, create an
  /// ``IdentityMap`` of your own and call ``IdentityMap/model(_:dictionary:mode:userInfo:)``.
  ///
  /// ```swift
  /// let game = try Game.unique(dictionary: ["game_id": "g1", "name": "Tetris"])
  /// let same = try Game.unique(dictionary: ["game_id": "g1", "genre": "puzzle"])
  /// // same === game, and game.genre == "puzzle"
  /// ```
  ///
  /// - Parameter dictionary: The values to map; must hold the identifier to be registered.
  /// - Returns: The unique model for that identifier.
  /// - Throws: ``MappingError`` with every issue; nothing shared has changed then.
  public static func unique(dictionary: [String: Any]) throws -> Self {
    try IdentityMap.current.model(Self.self, dictionary: dictionary)
  }
}
