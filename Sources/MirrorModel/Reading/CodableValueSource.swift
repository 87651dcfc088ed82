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
