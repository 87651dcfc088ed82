import Foundation

/// What one mapping call ended with.
struct MappingOutcome {
  /// Every issue, in order.
  let issues: [MappingIssue]
  /// Whether a class's configuration (or the call's) is broken: then even lenient mode throws.
  let hasBrokenConfiguration: Bool
}
