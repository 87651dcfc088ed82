/// An entry of a keyed container.
struct KeyedValueSource: CodableValueSource {
  let container: KeyedDecodingContainer<AnyCodingKey>
  let key: AnyCodingKey

  var codingPath: [any CodingKey] { container.codingPath + [key] }

  func isNull() -> Bool {
    (try? container.decodeNil(forKey: key)) ?? false
  }

  func attempt(_ type: String.Type) -> String? { try? container.decode(type, forKey: key) }
  func attempt(_ type: Bool.Type) -> Bool? { try? container.decode(type, forKey: key) }
  func attempt(_ type: Int64.Type) -> Int64? { try? container.decode(type, forKey: key) }
  func attempt(_ type: UInt64.Type) -> UInt64? { try? container.decode(type, forKey: key) }
  func attempt(_ type: Double.Type) -> Double? { try? container.decode(type, forKey: key) }
  func attempt<T: Decodable>(_ type: T.Type) -> T? { try? container.decode(type, forKey: key) }

  func keyedContainer() -> KeyedDecodingContainer<AnyCodingKey>? {
    try? container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
  }

  func unkeyedContainer() -> (any UnkeyedDecodingContainer)? {
    try? container.nestedUnkeyedContainer(forKey: key)
  }

  func unreadable(_ description: String) -> DecodingError {
    .dataCorruptedError(forKey: key, in: container, debugDescription: description)
  }
}
