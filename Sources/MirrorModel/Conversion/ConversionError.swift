/// The reason a value could not be converted.
///
/// Throw it from ``MappableValue/fromMappedValue(_:context:)``: MirrorModel adds the key path
/// and a description of the value, and records a ``MappingIssue``.
public struct ConversionError: Error, Sendable, CustomStringConvertible {
  /// The kind of issue to record.
  public var kind: MappingIssue.Kind
  /// The name of the type the conversion wanted, such as `"Int"`.
  public var expectedType: String
  /// Why the value was rejected, in a sentence.
  public var reason: String

  /// Creates a conversion error.
  ///
  /// - Parameters:
  ///   - kind: The kind of issue; ``MappingIssue/Kind/invalidValue`` by default.
  ///   - expectedType: The name of the type the conversion wanted.
  ///   - reason: Why the value was rejected.
  public init(kind: MappingIssue.Kind = .invalidValue, expectedType: String, reason: String) {
    self.kind = kind
    self.expectedType = expectedType
    self.reason = reason
  }

  /// The reason, prefixed with the expected type.
  public var description: String { "expected \(expectedType): \(reason)" }

  static func typeMismatch(_ expected: String, accepts: String) -> ConversionError {
    ConversionError(kind: .typeMismatch, expectedType: expected, reason: "expects \(accepts)")
  }

  /// The error for a conversion the standard mode makes but strict mode refuses.
  static func strict(_ expected: String, _ value: Any) -> ConversionError {
    ConversionError(
      kind: .typeMismatch, expectedType: expected,
      reason: "strict mode accepts only \(expected) values, not \(describeValue(value))")
  }
}
