/// One value to read from a decoder whose kind is not known: a keyed entry or a whole
/// decoder (an element of an unkeyed container is read through its own decoder).
///
/// No probe consumes the value, so the bridge can try one kind after another, and read a
/// number both as `Decimal` and as `Int64` or `Double`.
protocol CodableValueSource {
  /// The path of the value, for errors.
  var codingPath: [any CodingKey] { get }

  /// Whether the value is `null`; `false` when the decoder cannot tell.
  mutating func isNull() -> Bool

  /// The value as `type`, or `nil` when it is not one.
  ///
  /// For the common types the decoder's concrete overloads are faster than the generic
  /// method (which `JSONDecoder` serves by testing the type), hence one method each.
  mutating func attempt(_ type: String.Type) -> String?
  mutating func attempt(_ type: Bool.Type) -> Bool?
  mutating func attempt(_ type: Int64.Type) -> Int64?
  mutating func attempt(_ type: UInt64.Type) -> UInt64?
  mutating func attempt(_ type: Double.Type) -> Double?
  mutating func attempt<T: Decodable>(_ type: T.Type) -> T?

  /// The value as a keyed container, or `nil` when it is not a dictionary.
  mutating func keyedContainer() -> KeyedDecodingContainer<AnyCodingKey>?

  /// The value as an unkeyed container, or `nil` when it is not an array.
  mutating func unkeyedContainer() -> (any UnkeyedDecodingContainer)?

  /// The error for a value of no kind the bridge knows.
  func unreadable(_ description: String) -> DecodingError
}

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
