public import Foundation

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
///
/// In app code, `error.localizedDescription` is the headline (`"Mapping Hotel failed with 2
/// issues."`), ``failureReason`` the issues one per line; the error and its issues are
/// `Codable`, to log or report them as they are.
public struct MappingError: Error, Sendable, Codable, CustomStringConvertible,
  CustomDebugStringConvertible
{
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
    var text = "\(headline):"
    for issue in issues {
      text += "\n  - \(issue)"
    }
    return text
  }

  /// "Mapping Hotel failed with 2 issues".
  private var headline: String {
    let count = issues.count == 1 ? "1 issue" : "\(issues.count) issues"
    return "Mapping \(modelType) failed with \(count)"
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

extension MappingError: LocalizedError {
  /// The headline, naming the model and the number of issues: what
  /// `error.localizedDescription` shows (`"Mapping Hotel failed with 2 issues."`).
  public var errorDescription: String? { headline + "." }

  /// Every issue, one per line.
  public var failureReason: String? {
    issues.map(\.description).joined(separator: "\n")
  }
}
