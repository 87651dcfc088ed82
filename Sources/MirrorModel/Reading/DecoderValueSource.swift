/// The single value a whole decoder holds.
struct DecoderValueSource: CodableValueSource {
  let decoder: any Decoder

  var codingPath: [any CodingKey] { decoder.codingPath }

  func isNull() -> Bool {
    (try? decoder.singleValueContainer().decodeNil()) ?? false
  }

  func attempt(_ type: String.Type) -> String? { try? decoder.singleValueContainer().decode(type) }
  func attempt(_ type: Bool.Type) -> Bool? { try? decoder.singleValueContainer().decode(type) }
  func attempt(_ type: Int64.Type) -> Int64? { try? decoder.singleValueContainer().decode(type) }
  func attempt(_ type: UInt64.Type) -> UInt64? { try? decoder.singleValueContainer().decode(type) }
  func attempt(_ type: Double.Type) -> Double? { try? decoder.singleValueContainer().decode(type) }
  func attempt<T: Decodable>(_ type: T.Type) -> T? {
    try? decoder.singleValueContainer().decode(type)
  }

  func keyedContainer() -> KeyedDecodingContainer<AnyCodingKey>? {
    try? decoder.container(keyedBy: AnyCodingKey.self)
  }

  func unkeyedContainer() -> (any UnkeyedDecodingContainer)? {
    try? decoder.unkeyedContainer()
  }

  func unreadable(_ description: String) -> DecodingError {
    .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
  }
}
