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
