/// One place to write a value through an encoder: a keyed entry, the next element of an
/// unkeyed container, or a whole encoder.
///
/// The scalar methods call the encoders' concrete overloads, which are faster than the
/// generic `encode(_:)` for the common kinds.
protocol CodableValueSink {
  /// The path of the value, for errors.
  var codingPath: [any CodingKey] { get }

  mutating func encodeNil() throws
  mutating func encode(_ value: String) throws
  mutating func encode(_ value: Bool) throws
  mutating func encode(_ value: Int) throws
  mutating func encode(_ value: Int64) throws
  mutating func encode(_ value: UInt) throws
  mutating func encode(_ value: UInt64) throws
  mutating func encode(_ value: Double) throws
  mutating func encode(_ value: Float) throws
  mutating func encode<T: Encodable>(_ value: T) throws

  /// A keyed container for a dictionary value.
  mutating func keyedContainer() -> KeyedEncodingContainer<AnyCodingKey>

  /// An unkeyed container for an array value.
  mutating func unkeyedContainer() -> any UnkeyedEncodingContainer
}
