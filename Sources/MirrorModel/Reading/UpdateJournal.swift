import Foundation

/// What one ``ModelBase/update(with:mode:)`` changes in the models it fills in place, noted as
/// it goes, so that an update that throws is put back: the update runs once, on the model
/// itself, instead of first on a deep copy.
///
/// Each model filled in place is noted before its first value is written: its properties' values
/// and its kept unknown values (``note(_:schema:)``). Models the update creates are not noted:
/// putting back the property that holds one drops it. An `@Observable` model's observers are
/// told of its changes only once the update is kept (``commit()``), so an update put back tells
/// nobody. A model whose class does not update reversibly
/// (``ClassSchema/updatesReversibly``: a hook of its own, a property written through a setter)
/// is left as it is, and the update marked ``needsDryRun``: the caller puts back what was
/// written and takes the dry-run way.
///
/// Passed in the call's ``MappingContext`` (``MappingContext/updateJournal``), made for one
/// update and used by nothing else.
final class UpdateJournal {
  /// A model noted, and what restoring it writes back.
  private struct Entry {
    let model: ModelBase
    let schema: ClassSchema
    let fields: FieldArena.Position
    let unknownValues: [String: Any]?
  }

  // A journal belongs to one update on one thread: the dynamic exclusivity checks on its
  // fields (a third of the cost of noting a model) are switched off.
  @exclusivity(unchecked) private var entries: [Entry]
  /// The values of the models noted, one after the other.
  @exclusivity(unchecked) private var arena = FieldArena()
  /// The models noted, so a model reached twice (shared, or in a cycle) is noted once: made
  /// once there are more than ``scanLimit`` (fewer are found by scanning ``entries``, as most
  /// updates fill a few models in place).
  @exclusivity(unchecked) private var noted: Set<ObjectIdentifier> = []
  private static let scanLimit = 16
  /// The observers to tell, model by model, in the order their fills ended.
  private var notifications: [(observed: ObservedValues, model: ModelBase)] = []
  /// Whether the update met a model it cannot put back: nothing was written into that model.
  private(set) var needsDryRun = false

  init() {
    entries = []
    entries.reserveCapacity(8)
  }

  /// Notes `model` before the update writes into it; `false` when its class does not update
  /// reversibly: the model must then be left as it is (and ``needsDryRun`` is set).
  @inline(never)
  func note(_ model: ModelBase, schema: ClassSchema) -> Bool {
    guard schema.updatesReversibly else {
      needsDryRun = true
      return false
    }
    if entries.count < Self.scanLimit {
      if entries.contains(where: { $0.model === model }) { return true }
    } else {
      if noted.isEmpty { noted = Set(entries.lazy.map { ObjectIdentifier($0.model) }) }
      guard noted.insert(ObjectIdentifier(model)).inserted else { return true }
    }
    entries.append(
      Entry(
        model: model, schema: schema,
        fields: schema.copyPlan.save(model, into: &arena),
        unknownValues: model.storedUnknownValues))
    return true
  }

  /// Keeps `observed`, taken before `model` was filled, to tell its observers on ``commit()``.
  @inline(never)
  func deferNotifying(_ observed: ObservedValues, of model: ModelBase) {
    notifications.append((observed, model))
  }

  /// Puts every model noted back as it was, in the reverse order, and forgets them.
  ///
  /// Observers are told nothing. The journal can note again after (a lenient update run a
  /// second time to keep its issues).
  func rollBack() {
    for entry in entries.reversed() {
      entry.schema.copyPlan.restore(entry.model, at: entry.fields)
      entry.model.storedUnknownValues = entry.unknownValues
    }
    forget()
  }

  /// Keeps what the update wrote: tells the observers of the `@Observable` models it changed.
  ///
  /// The journal is done with then (what it noted is let go with it).
  func commit() {
    for (observed, model) in notifications { observed.notifyChanges(of: model) }
  }

  deinit {
    discardSaved()
  }

  private func forget() {
    discardSaved()
    entries = []
    noted = []
    notifications = []
  }

  /// Lets go of the values the arena holds for the entries, and of its memory.
  private func discardSaved() {
    for entry in entries { entry.schema.copyPlan.discard(entry.fields) }
    arena.deallocate()
  }
}
