import Foundation

/// One live instance per model class and identifier value, held weakly.
///
/// Every lookup, creation and in-place update of an identified model happens under one
/// recursive lock (nested identified models re-enter it), so concurrent `unique` calls for
/// the same identifier get the same instance and never write it at the same time.
final class IdentityRegistry: @unchecked Sendable {
  // `entries` is only touched with `lock` held.
  static let shared = IdentityRegistry()

  private struct Key: Hashable {
    let type: ObjectIdentifier
    let identifier: String
  }

  private struct Entry {
    weak var model: ModelBase?
  }

  private let lock = NSRecursiveLock()
  private var entries: [Key: Entry] = [:]
  private var sweepThreshold = 64

  /// The live model of `type` whose identifier `dictionary` holds, updated in place.
  ///
  /// Without a live one, a new model, filled and registered. A dictionary without an
  /// identifier gives a new, unregistered model.
  func model(
    of type: ModelBase.Type, schema: ClassSchema, from dictionary: [String: Any],
    context: MappingContext
  ) -> ModelBase {
    lock.lock()
    defer { lock.unlock() }
    guard let identifier = Self.identifier(in: dictionary, schema: schema, context: context)
    else {
      let model = type.init()
      model.fill(from: dictionary, schema: schema, context: context)
      return model
    }
    let key = Key(type: ObjectIdentifier(type), identifier: identifier)
    if let live = entries[key]?.model {
      let wasUpdating = context.isUpdating
      context.isUpdating = true
      defer { context.isUpdating = wasUpdating }
      live.fill(from: dictionary, schema: schema, context: context)
      return live
    }
    if let stored = load(type, identifier: identifier, context: context) {
      entries[key] = Entry(model: stored)
      sweepIfNeeded()
      let wasUpdating = context.isUpdating
      context.isUpdating = true
      defer { context.isUpdating = wasUpdating }
      stored.fill(from: dictionary, schema: schema, context: context)
      return stored
    }
    let model = type.init()
    model.fill(from: dictionary, schema: schema, context: context)
    entries[key] = Entry(model: model)
    sweepIfNeeded()
    return model
  }

  /// The model saved under `identifier` in the class's ``ModelBase/modelStore``, if any; a
  /// store error (a corrupt file) is recorded as an issue.
  private func load(
    _ type: ModelBase.Type, identifier: String, context: MappingContext
  ) -> ModelBase? {
    guard let store = type.modelStore else { return nil }
    do {
      return try store.load(type, id: identifier)
    } catch {
      context.record(
        .hookFailed, expected: typeName(type), found: "stored model \(quoted(identifier))",
        reason: String(describing: error))
      return nil
    }
  }

  /// The number of registered models still alive (for tests).
  var liveCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return entries.values.filter { $0.model != nil }.count
  }

  /// The live model of `type` with `identifier`, if any.
  func live(_ type: ModelBase.Type, identifier: String) -> ModelBase? {
    lock.lock()
    defer { lock.unlock() }
    return entries[Key(type: ObjectIdentifier(type), identifier: identifier)]?.model
  }

  /// Drops the entries of released models once the table has doubled since the last sweep.
  private func sweepIfNeeded() {
    guard entries.count >= sweepThreshold else { return }
    entries = entries.filter { $0.value.model != nil }
    sweepThreshold = max(64, entries.count * 2)
  }

  /// The identifier text of the model `dictionary` describes.
  ///
  /// Strings as they are, integers in decimal; `nil` when the key is missing, null, or not a
  /// string or an integer.
  static func identifier(
    in dictionary: [String: Any], schema: ClassSchema, context: MappingContext
  ) -> String? {
    guard let property = schema.identifier else { return nil }
    let raw =
      property.keyPath.map { ModelBase.lookUp($0, in: dictionary, context: context) }
      ?? dictionary[property.key]
    guard let raw, !context.isNull(raw) else { return nil }
    return identifierText(raw)
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
  /// registered so that later calls find it.
  ///
  /// Needs ``ModelBase/identifierProperty``. The registry holds models weakly: once the app
  /// releases the last reference, the entry goes away. Safe to call from many threads: calls
  /// for the same identifier all get the same instance.
  ///
  /// ```swift
  /// let game = try Game.unique(dictionary: ["game_id": "g1", "name": "Tetris"])
  /// let same = try Game.unique(dictionary: ["game_id": "g1", "genre": "puzzle"])
  /// // same === game, and game.genre == "puzzle"
  /// ```
  ///
  /// - Parameter dictionary: The values to map; must hold the identifier to be registered.
  /// - Returns: The unique model for that identifier.
  /// - Throws: ``MappingError`` with every issue.
  public static func unique(dictionary: [String: Any]) throws -> Self {
    let context = MappingContext()
    let schema = SchemaCache.shared.schema(for: Self.self)
    let model = IdentityRegistry.shared.model(
      of: Self.self, schema: schema, from: dictionary, context: context)
    if context.hasIssues {
      throw MappingError(issues: context.issues, modelType: typeName(Self.self))
    }
    guard let typed = model as? Self else {
      preconditionFailure("the identity registry returned \(type(of: model)) for \(Self.self)")
    }
    return typed
  }
}
