/// The error thrown by a mapping call, holding every problem it met.
///
/// MirrorModel visits the whole input before it throws, so one `MappingError` lists every
/// wrong, missing and unconvertible value, each with its key path, not just the first.
///
/// ```swift
/// do {
///   let hotel = try Hotel(dictionary: payload)
/// } catch let error as MappingError {
///   for issue in error.issues { print(issue.path, issue.reason) }
/// }
/// ```
public struct MappingError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  /// Every problem found, in the order met.
  public var issues: [MappingIssue]
  /// The name of the model class the mapping call created or updated.
  public var modelType: String

  /// Creates an error from the issues of one mapping call.
  ///
  /// - Parameters:
  ///   - issues: The problems found, in the order met.
  ///   - modelType: The name of the model class being mapped.
  public init(issues: [MappingIssue], modelType: String) {
    self.issues = issues
    self.modelType = modelType
  }

  /// A headline with the number of issues, then one issue per line.
  public var description: String {
    let count = issues.count == 1 ? "1 issue" : "\(issues.count) issues"
    var text = "Mapping \(modelType) failed with \(count):"
    for issue in issues {
      text += "\n  - \(issue)"
    }
    return text
  }

  /// Whether a call in `mode` that ended with `outcome` throws: on any issue, except in
  /// lenient mode, which throws only for a broken class configuration (a class whose schema
  /// has configuration issues, an invalid designated path), not for a bad value.
  static func isThrown(_ outcome: MappingOutcome, mode: MappingMode) -> Bool {
    mode == .lenient ? outcome.hasBrokenConfiguration : !outcome.issues.isEmpty
  }

  /// The same text as ``description``.
  public var debugDescription: String { description }
}
