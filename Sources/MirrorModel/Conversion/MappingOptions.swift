import Foundation

/// How one mapping call runs: what the caller asked for at the entry point.
struct MappingOptions {
  var mode: MappingMode = .standard
  /// Update semantics: missing keys change nothing (``ModelBase/update(with:mode:ignoringNulls:userInfo:)``).
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

  /// Runs `body` with a new context for these options, `userInfo` bound for the hooks; returns
  /// the issues.
  func run(_ body: (MappingContext) -> Void) -> MappingOutcome {
    let context = MappingContext(
      mode: mode, isUpdating: isUpdating, ignoresNulls: ignoresNulls, identityMap: identityMap)
    if userInfo.isEmpty && ModelBase.mappingUserInfo.isEmpty {
      body(context)
    } else {
      ModelBase.$mappingUserInfo.withValue(userInfo) { body(context) }
    }
    return MappingOutcome(
      issues: context.issues, hasBrokenConfiguration: context.hasBrokenConfiguration)
  }
}

/// What one mapping call ended with.
struct MappingOutcome {
  /// Every issue, in order.
  let issues: [MappingIssue]
  /// Whether a class's configuration (or the call's) is broken: then even lenient mode throws.
  let hasBrokenConfiguration: Bool
}

/// What one mapping call ended with.
struct MappingOutcome {
  /// Every issue, in order.
  let issues: [MappingIssue]
  /// Whether a class's configuration (or the call's) is broken: then even lenient mode throws.
  let hasBrokenConfiguration: Bool
}

extension MappingContext {
  /// The value at the designated `path` in `root` (the root itself for `nil`), with the path's
  /// components pushed so that every issue's path starts from the root; `nil` (an issue
  /// recorded) when it is missing, null, or not what `expected` needs.
  func designated<Value>(
    _ path: String?, in root: [String: Any], expected: String,
    as type: Value.Type = [String: Any].self
  ) -> Value? {
    guard let path else { return root as? Value }
    let components: [KeyComponent]
    do {
      components = try KeyPaths.parse(path) ?? [.key(path)]
    } catch {
      markBrokenConfiguration()
      record(
        .configuration, expected: expected, found: "designated path \(quoted(path))",
        reason: "the designated path is not a valid key path: \(error.reason)")
      return nil
    }
    let value = KeyPaths.lookUp(components, in: root, context: self)
    for component in components {
      switch component {
      case .key(let key): push(.key(key))
      case .index(let index): push(.index(index))
      }
    }
    guard let value, !isNull(value) else {
      record(
        .missingValue, expected: expected, found: value == nil ? "nothing" : "null",
        reason: "the designated path \(quoted(path)) holds no value")
      return nil
    }
    guard let typed = value as? Value else {
      record(
        .typeMismatch, expected: expected, found: describeValue(value),
        reason:
          "expects \(Value.self == [String: Any].self ? "a JSON object" : "a JSON array") at the designated path"
      )
      return nil
    }
    return typed
  }
}
