public import Foundation

/// The error a ``ModelStore`` throws: what went wrong and, where a file is involved, which one.
///
/// ```swift
/// do {
///   let game = try store.load(Game.self, id: "42")
/// } catch let error as ModelStoreError {
///   print(error.fileURL?.path ?? "", error.reason)
/// }
/// ```
///
/// ``ModelStore/all(_:)`` throws one error whose ``failures`` hold one error per bad file.
public struct ModelStoreError: Error, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible
{
  /// Why the operation failed, such as the mapping issues of a corrupt file.
  public var reason: String
  /// The file (or folder) the error is about, when there is one.
  public var fileURL: URL?
  /// One error per file that failed, for an error that sums up several; otherwise empty.
  public var failures: [ModelStoreError]

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - reason: Why the operation failed.
  ///   - fileURL: The file (or folder) concerned, if any.
  ///   - failures: The errors this one sums up, if any.
  public init(reason: String, fileURL: URL? = nil, failures: [ModelStoreError] = []) {
    self.reason = reason
    self.fileURL = fileURL
    self.failures = failures
  }

  /// The file's path, if any, then the reason; then each summed-up failure on its own line.
  public var description: String {
    var text = fileURL.map { "\($0.path): \(reason)" } ?? reason
    for failure in failures {
      text += "\n  - " + failure.description.replacingOccurrences(of: "\n", with: "\n    ")
    }
    return text
  }

  /// The same text as ``description``.
  public var debugDescription: String { description }

  /// An error for a failed system call, with the `errno` text.
  static func system(_ call: String, _ code: Int32, _ url: URL) -> ModelStoreError {
    ModelStoreError(
      reason: "\(call) failed: \(String(cString: strerror(code))) (errno \(code))", fileURL: url)
  }
}
