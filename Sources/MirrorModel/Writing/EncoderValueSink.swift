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
