import Foundation

/// The caller's own `Decoder`, handed to a `Codable` type that is not otherwise mappable (a
/// property's ``ValueConversion/SelfCoded`` type) so that its `init(from:)` decodes straight
/// from it, as it would outside a model, instead of the value being walked into a tree first.
///
/// What the walk guarantees is kept: every container the type opens and every value it decodes
/// through its own `init(from:)` is counted against the mapping's nesting limit and checked
/// against the thread's stack, and a top-level string that is one of the call's null strings
/// is not decoded. Where any of these would be crossed, the decode is *refused*:
/// ``decode(_:from:forKey:depth:context:)`` gives `nil`, and the property is walked as before
/// (which reports what is wrong). The mark
/// stays set even when the type's own code catches the error thrown with it, so a type that
/// tries one decode and then another never takes a branch the walk would not have taken.
///
/// Leaf types that decoders treat themselves (`Date`, `Data`, `URL`, `Decimal`, the scalars)
/// are asked of the caller's containers as they are; any other value is decoded by its own
/// `init(from:)` on a guarded decoder over it (the container's `superDecoder(forKey:)`).
final class GuardedDecoder: Decoder {
  private let base: any Decoder
  /// How many containers the value is inside (its own not counted).
  private let depth: Int
  private let guardian: Guardian
  /// Whether this is the property's own value (whose null strings are refused).
  private let isTop: Bool

  var codingPath: [any CodingKey] { base.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

  /// The state of one decode, shared by its decoders and containers.
  final class Guardian {
    /// Whether the decode was refused.
    let outcome = TreeDecoder.Outcome()
    let context: MappingContext

    init(context: MappingContext) {
      self.context = context
    }

    /// Whether a container at `depth` may be opened (the nesting limit, with a margin, and the
    /// stack); refuses the decode otherwise.
    func enter(_ depth: Int) throws {
      // The walk's limit, counted as the walk counts.
      guard depth + 2 < CodableBridge.maximumDepth, StackBounds.hasRoom() else {
        throw outcome.mark()
      }
    }
  }

  private init(base: any Decoder, depth: Int, guardian: Guardian, isTop: Bool) {
    self.base = base
    self.depth = depth
    self.guardian = guardian
    self.isTop = isTop
  }

  /// The value under `key` decoded as `type` by its own `init(from:)` on the caller's decoder.
  ///
  /// `nil` when it is missing, `null`, fails or was refused (the walk then maps it). `depth`
  /// is how many containers `container` is inside, counting itself.
  static func decode(
    _ type: any Decodable.Type, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, depth: Int, context: MappingContext
  ) -> Any? {
    guard StackBounds.hasRoom(), (try? container.decodeNil(forKey: key)) == false,
      let base = try? container.superDecoder(forKey: key)
    else { return nil }
    let guardian = Guardian(context: context)
    let decoder = GuardedDecoder(base: base, depth: depth, guardian: guardian, isTop: true)
    guard let value = try? type.init(from: decoder), !guardian.outcome.undecided else { return nil }
    return value
  }

  /// Whether `type` is decoded by the caller's containers as it is: a leaf that decoders treat
  /// themselves (their date and data strategies), which opens no container of ours.
  static func isLeaf<T>(_: T.Type) -> Bool {
    T.self == String.self || T.self == Int.self || T.self == Double.self || T.self == Bool.self
      || T.self == Date.self || T.self == Data.self || T.self == URL.self
      || T.self == Decimal.self || T.self == Float.self || T.self == Int64.self
      || T.self == UInt64.self || T.self == Int32.self || T.self == UInt32.self
      || T.self == Int16.self || T.self == UInt16.self || T.self == Int8.self
      || T.self == UInt8.self || T.self == UInt.self
  }

  /// A guarded decoder over a value inside this one's container at `depth`.
  fileprivate func nested(_ base: any Decoder, depth: Int) -> GuardedDecoder {
    GuardedDecoder(base: base, depth: depth, guardian: guardian, isTop: false)
  }

  fileprivate func refuse() -> TreeDecoder.Undecided { guardian.outcome.mark() }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try guardian.enter(depth + 1)
    return KeyedDecodingContainer(
      Keyed(base: try base.container(keyedBy: type), decoder: self, depth: depth + 1))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try guardian.enter(depth + 1)
    return Unkeyed(base: try base.unkeyedContainer(), decoder: self, depth: depth + 1)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    Single(base: try base.singleValueContainer(), decoder: self)
  }

  /// `T` decoded by its own `init(from:)` on a guarded decoder over `value`, a decoder the
  /// caller's container made for it at `depth`.
  fileprivate func decoded<T: Decodable>(_: T.Type, from value: any Decoder, depth: Int)
    throws -> T
  {
    guard StackBounds.hasRoom() else { throw refuse() }
    return try T(from: nested(value, depth: depth))
  }
}

extension GuardedDecoder {
  /// The caller's keyed container, its nested values guarded.
  struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let base: KeyedDecodingContainer<Key>
    let decoder: GuardedDecoder
    /// How many containers this one is inside, counting itself.
    let depth: Int

    var codingPath: [any CodingKey] { base.codingPath }
    var allKeys: [Key] { base.allKeys }
    func contains(_ key: Key) -> Bool { base.contains(key) }
    func decodeNil(forKey key: Key) throws -> Bool { try base.decodeNil(forKey: key) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
      try base.decode(type, forKey: key)
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
      try base.decode(type, forKey: key)
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
      try base.decode(type, forKey: key)
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
      try base.decode(type, forKey: key)
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
      try base.decode(type, forKey: key)
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
      try base.decode(type, forKey: key)
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
      try base.decode(type, forKey: key)
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
      try base.decode(type, forKey: key)
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
      try base.decode(type, forKey: key)
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
      try base.decode(type, forKey: key)
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
      try base.decode(type, forKey: key)
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
      try base.decode(type, forKey: key)
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
      try base.decode(type, forKey: key)
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
      try base.decode(type, forKey: key)
    }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
      try base.decode(type, forKey: key)
    }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
      try base.decode(type, forKey: key)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      // A missing key throws the caller's own error.
      if GuardedDecoder.isLeaf(T.self) || !base.contains(key) {
        return try base.decode(type, forKey: key)
      }
      return try decoder.decoded(type, from: try base.superDecoder(forKey: key), depth: depth)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
      if GuardedDecoder.isLeaf(T.self) { return try base.decodeIfPresent(type, forKey: key) }
      guard base.contains(key), try !base.decodeNil(forKey: key) else { return nil }
      return try decoder.decoded(type, from: try base.superDecoder(forKey: key), depth: depth)
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try decoder.guardian.enter(depth + 1)
      return KeyedDecodingContainer(
        Keyed<NestedKey>(
          base: try base.nestedContainer(keyedBy: type, forKey: key), decoder: decoder,
          depth: depth + 1))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try decoder.guardian.enter(depth + 1)
      return Unkeyed(
        base: try base.nestedUnkeyedContainer(forKey: key), decoder: decoder, depth: depth + 1)
    }

    func superDecoder() throws -> any Decoder {
      decoder.nested(try base.superDecoder(), depth: depth)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
      decoder.nested(try base.superDecoder(forKey: key), depth: depth)
    }
  }

  /// The caller's unkeyed container, its nested values guarded.
  struct Unkeyed: UnkeyedDecodingContainer {
    var base: any UnkeyedDecodingContainer
    let decoder: GuardedDecoder
    /// How many containers this one is inside, counting itself.
    let depth: Int

    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int? { base.count }
    var isAtEnd: Bool { base.isAtEnd }
    var currentIndex: Int { base.currentIndex }

    mutating func decodeNil() throws -> Bool { try base.decodeNil() }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try base.decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try base.decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try base.decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try base.decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try base.decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try base.decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try base.decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try base.decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try base.decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try base.decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try base.decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try base.decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try base.decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try base.decode(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try base.decode(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try base.decode(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      if GuardedDecoder.isLeaf(T.self) || base.isAtEnd { return try base.decode(type) }
      // The element's own decoder: the container moves past it, as a decode would.
      return try decoder.decoded(type, from: try base.superDecoder(), depth: depth)
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
      if GuardedDecoder.isLeaf(T.self) || base.isAtEnd { return try base.decodeIfPresent(type) }
      if try base.decodeNil() { return nil }
      return try decoder.decoded(type, from: try base.superDecoder(), depth: depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try decoder.guardian.enter(depth + 1)
      return KeyedDecodingContainer(
        Keyed<NestedKey>(
          base: try base.nestedContainer(keyedBy: type), decoder: decoder, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      try decoder.guardian.enter(depth + 1)
      return Unkeyed(base: try base.nestedUnkeyedContainer(), decoder: decoder, depth: depth + 1)
    }

    mutating func superDecoder() throws -> any Decoder {
      decoder.nested(try base.superDecoder(), depth: depth)
    }
  }

  /// The caller's single value container; at the property's own value, a null string is
  /// refused.
  struct Single: SingleValueDecodingContainer {
    let base: any SingleValueDecodingContainer
    let decoder: GuardedDecoder

    var codingPath: [any CodingKey] { base.codingPath }

    func decodeNil() -> Bool { base.decodeNil() }

    func decode(_ type: String.Type) throws -> String {
      let string = try base.decode(type)
      if decoder.isTop, decoder.guardian.context.isNullString(string) { throw decoder.refuse() }
      return string
    }

    func decode(_ type: Bool.Type) throws -> Bool { try base.decode(type) }
    func decode(_ type: Double.Type) throws -> Double { try base.decode(type) }
    func decode(_ type: Float.Type) throws -> Float { try base.decode(type) }
    func decode(_ type: Int.Type) throws -> Int { try base.decode(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try base.decode(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try base.decode(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try base.decode(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try base.decode(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try base.decode(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try base.decode(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try base.decode(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try base.decode(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try base.decode(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try base.decode(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try base.decode(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
      // At the top, the value as a whole may be a null string (through another type's
      // decoding too): its own decoding runs on this guarded decoder.
      if T.self == String.self, let string = unboxed(try decode(String.self), as: T.self) {
        return string
      }
      if GuardedDecoder.isLeaf(T.self) { return try base.decode(type) }
      guard StackBounds.hasRoom() else { throw decoder.refuse() }
      return try T(from: decoder)
    }
  }
}
