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
