/// A payload the generator cannot turn into classes, or a file it cannot read.
///
/// The ``message`` says what went wrong and where, in one line, ready for standard error.
public struct GeneratorError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, without the leading `error: `.
  public let message: String

  /// The message.
  public var description: String { message }

  init(_ message: String) {
    self.message = message
  }
}
