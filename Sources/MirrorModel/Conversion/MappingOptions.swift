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
  /// Long number literals of the input and their correctly rounded `Double`s
  /// (``MappingContext/recordLongLiteral(_:double:)``), for input read before the call.
  var longLiterals: [(number: NSDecimalNumber, double: Double)] = []

  /// Runs `body` with a new context for these options, `userInfo` bound for the hooks; returns
  /// the issues.
  func run(_ body: (MappingContext) -> Void) -> MappingOutcome {
    let context = MappingContext(
      mode: mode, ignoresNulls: ignoresNulls, identityMap: identityMap)
    for (number, double) in longLiterals { context.recordLongLiteral(number, double: double) }
    if userInfo.isEmpty && ModelBase.mappingUserInfo.isEmpty {
      body(context)
    } else {
      ModelBase.$mappingUserInfo.withValue(userInfo) { body(context) }
    }
    return MappingOutcome(
      issues: context.issues, hasBrokenConfiguration: context.hasBrokenConfiguration)
  }
}
