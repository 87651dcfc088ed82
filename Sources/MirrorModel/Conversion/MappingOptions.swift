import Foundation

/// How one mapping call runs: what the caller asked for at the entry point.
struct MappingOptions {
  var mode: MappingMode = .standard
  /// Update semantics: missing keys change nothing
  /// (``ModelBase/update(with:mode:ignoringNulls:userInfo:)``).
  var isUpdating = false
  /// `null` and null strings leave properties as they are.
  var ignoresNulls = false
  /// What hooks read from ``ModelBase/mappingUserInfo`` during the call.
  var userInfo: [String: any Sendable] = [:]
  /// The designated path (`"data.hotel"`) of the value to map inside the root; `nil` for the
  /// root itself.
  var path: String?
  /// The identity map nested identified models go through.
  var identityMap: IdentityMap?
  /// Whether every model of the call keeps its unknown keys (a ``ModelStore`` load; see
  /// ``MappingContext/keepsUnknownKeys``).
  var keepsUnknownKeys = false
  /// Where the call's readers record the input's long number literals with their correctly
  /// rounded `Double`s (``MappingContext/longLiterals``): made by the entry points that read
  /// text or a decoder (holding what was read before the call); `nil` for a dictionary's
  /// call, whose numbers are the caller's.
  var longLiterals: LongLiterals?
  /// Where an update notes what it changes in the models it fills in place
  /// (``MappingContext/updateJournal``); `nil` outside an update that can be put back.
  var updateJournal: UpdateJournal?

  /// Whether the caller reads the issues only when the call has a broken configuration (the
  /// entry points that throw in lenient mode for that alone): a lenient call then builds none
  /// (``MappingContext/keepsIssues``), and runs again, keeping them, when it meets a broken
  /// class.
  ///
  /// Most lenient calls read no issue, and an unknown key's issue costs more than reading a
  /// value into a property. Running again gives the issues a first call keeping them would
  /// have given: the mapping goes through no identity map, and is not an update, or an update
  /// whose changes the first run's ``updateJournal`` puts back before the second, so what it
  /// meets depends on the input and the classes alone, not on what the first run wrote.
  var readsIssuesOnlyWhenBroken = false
  /// Whether the call keeps no issue at all, only whether a configuration is broken: a lenient
  /// update's dry run on a deep copy, which only has to tell whether the update throws.
  var keepsNoIssues = false

  /// The table the call's readers record long literals in: ``longLiterals``, made now when
  /// the options have none (an entry point that reads text or a decoder).
  mutating func recordsLongLiterals() -> LongLiterals {
    if let longLiterals { return longLiterals }
    let made = LongLiterals()
    longLiterals = made
    return made
  }

  /// Runs `body` with a new context for these options, `userInfo` bound for the hooks; returns
  /// the issues (none in a lenient call that reads them only for a broken configuration, and
  /// has none).
  func run(_ body: (MappingContext) -> Void) -> MappingOutcome {
    if keepsNoIssues { return run(body, keepingIssues: false) }
    if readsIssuesOnlyWhenBroken, mode == .lenient, !isUpdating || updateJournal != nil,
      identityMap == nil
    {
      let outcome = run(body, keepingIssues: false)
      if !outcome.hasBrokenConfiguration { return outcome }
      updateJournal?.rollBack()
    }
    return run(body, keepingIssues: true)
  }

  private func run(
    _ body: (MappingContext) -> Void, keepingIssues: Bool
  ) -> MappingOutcome {
    let context = MappingContext(
      mode: mode, ignoresNulls: ignoresNulls, identityMap: identityMap,
      keepsUnknownKeys: keepsUnknownKeys, keepsIssues: keepingIssues,
      updateJournal: updateJournal, longLiterals: longLiterals)
    context.reservePath()
    if userInfo.isEmpty && ModelBase.mappingUserInfo.isEmpty {
      body(context)
    } else {
      ModelBase.$mappingUserInfo.withValue(userInfo) { body(context) }
    }
    return MappingOutcome(
      issues: keepingIssues ? context.issues : [],
      hasBrokenConfiguration: context.hasBrokenConfiguration)
  }
}
