import Foundation

/// What reading a value straight into models gave.
///
/// Not generic: unspecialized code would look its metadata up for every value.
enum DirectReadResult {
  /// Nothing was read or recorded: the parser is where it was, read the value the ordinary
  /// way.
  case notRead
  /// The value was read and its issues recorded; it is not written (as when a conversion
  /// throws after recording its elements' issues).
  case recorded
  /// The models: a `[ModelBase]` or a `[String: ModelBase]`.
  case value(Any)
}
