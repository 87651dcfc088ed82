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

/// An entry of a keyed container.
struct KeyedValueSink: CodableValueSink {
  var container: KeyedEncodingContainer<AnyCodingKey>
  let key: AnyCodingKey

  var codingPath: [any CodingKey] { container.codingPath + [key] }

  mutating func encodeNil() throws { try container.encodeNil(forKey: key) }
  mutating func encode(_ value: String) throws { try container.encode(value, forKey: key) }
  mutating func encode(_ value: Bool) throws { try container.encode(value, forKey: key) }
  mutating func encode(_ value: Int) throws { try container.encode(value, forKey: key) }
  mutating func encode(_ value: Int64) throws { try container.encode(value, forKey: key) }
  mutating func encode(_ value: UInt) throws { try container.encode(value, forKey: key) }
  mutating func encode(_ value: UInt64) throws { try container.encode(value, forKey: key) }
  mutating func encode(_ value: Double) throws { try container.encode(value, forKey: key) }
  mutating func encode(_ value: Float) throws { try container.encode(value, forKey: key) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    try container.encode(value, forKey: key)
  }

  mutating func keyedContainer() -> KeyedEncodingContainer<AnyCodingKey> {
    container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
  }

  mutating func unkeyedContainer() -> any UnkeyedEncodingContainer {
    container.nestedUnkeyedContainer(forKey: key)
  }
}

/// The next element of an unkeyed container.
struct UnkeyedValueSink: CodableValueSink {
  var container: any UnkeyedEncodingContainer

  var codingPath: [any CodingKey] {
    container.codingPath + [AnyCodingKey(intValue: container.count)]
  }

  mutating func encodeNil() throws { try container.encodeNil() }
  mutating func encode(_ value: String) throws { try container.encode(value) }
  mutating func encode(_ value: Bool) throws { try container.encode(value) }
  mutating func encode(_ value: Int) throws { try container.encode(value) }
  mutating func encode(_ value: Int64) throws { try container.encode(value) }
  mutating func encode(_ value: UInt) throws { try container.encode(value) }
  mutating func encode(_ value: UInt64) throws { try container.encode(value) }
  mutating func encode(_ value: Double) throws { try container.encode(value) }
  mutating func encode(_ value: Float) throws { try container.encode(value) }
  mutating func encode<T: Encodable>(_ value: T) throws { try container.encode(value) }

  mutating func keyedContainer() -> KeyedEncodingContainer<AnyCodingKey> {
    container.nestedContainer(keyedBy: AnyCodingKey.self)
  }

  mutating func unkeyedContainer() -> any UnkeyedEncodingContainer {
    container.nestedUnkeyedContainer()
  }
}

/// A whole encoder, for a top-level value.
struct EncoderValueSink: CodableValueSink {
  let encoder: any Encoder

  var codingPath: [any CodingKey] { encoder.codingPath }

  private func single() -> any SingleValueEncodingContainer { encoder.singleValueContainer() }

  func encodeNil() throws {
    var container = single()
    try container.encodeNil()
  }
  func encode(_ value: String) throws {
    var container = single()
    try container.encode(value)
  }
  func encode(_ value: Bool) throws {
    var container = single()
    try container.encode(value)
  }
  func encode(_ value: Int) throws {
    var container = single()
    try container.encode(value)
  }
  func encode(_ value: Int64) throws {
    var container = single()
    try container.encode(value)
  }
  func encode(_ value: UInt) throws {
    var container = single()
    try container.encode(value)
  }
  func encode(_ value: UInt64) throws {
    var container = single()
    try container.encode(value)
  }
  func encode(_ value: Double) throws {
    var container = single()
    try container.encode(value)
  }
  func encode(_ value: Float) throws {
    var container = single()
    try container.encode(value)
  }
  func encode<T: Encodable>(_ value: T) throws {
    var container = single()
    try container.encode(value)
  }

  func keyedContainer() -> KeyedEncodingContainer<AnyCodingKey> {
    encoder.container(keyedBy: AnyCodingKey.self)
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    encoder.unkeyedContainer()
  }
}
