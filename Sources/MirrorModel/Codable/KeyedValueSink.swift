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

/// The object a key path's properties are written inside (`entities` of `entities.hashtags`),
/// as a keyed container that opens itself in its parent when its first value is written: an
/// object none of whose properties is written is left out, as the model's dictionary has no
/// such key.
///
/// A container of its own, handed to the accessors inside an ordinary `KeyedEncodingContainer`
/// (whose box is a reference: every copy writes into this one object), so that the entries of
/// containers in hand pay nothing for it.
struct DeferredKeyedContainer: KeyedEncodingContainerProtocol {
  typealias Key = AnyCodingKey

  /// The object, opened or not, shared by every copy of the container.
  private let object: DeferredObject

  /// The object under `key` in `container` (which may itself be a deferred object's).
  init(key: AnyCodingKey, in container: KeyedEncodingContainer<AnyCodingKey>) {
    object = DeferredObject(parent: container, key: key)
  }

  var codingPath: [any CodingKey] { object.codingPath }

  mutating func encodeNil(forKey key: Key) throws {
    var container = object.container()
    try container.encodeNil(forKey: key)
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    var container = object.container()
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    var container = object.container()
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    var container = object.container()
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    var container = object.container()
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    var container = object.container()
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    var container = object.container()
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    var container = object.container()
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    var container = object.container()
    try container.encode(value, forKey: key)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    var container = object.container()
    try container.encode(value, forKey: key)
  }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    var container = object.container()
    return container.nestedContainer(keyedBy: keyType, forKey: key)
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    var container = object.container()
    return container.nestedUnkeyedContainer(forKey: key)
  }
  mutating func superEncoder() -> any Encoder {
    var container = object.container()
    return container.superEncoder()
  }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    var container = object.container()
    return container.superEncoder(forKey: key)
  }
}

/// What a ``DeferredKeyedContainer`` stands for: where it is opened, and once it is, its
/// container.
private final class DeferredObject {
  private let parent: KeyedEncodingContainer<AnyCodingKey>
  private let key: AnyCodingKey
  private var opened: KeyedEncodingContainer<AnyCodingKey>?

  init(parent: KeyedEncodingContainer<AnyCodingKey>, key: AnyCodingKey) {
    self.parent = parent
    self.key = key
  }

  /// The path of the object; asking does not open it (nor a deferred parent).
  var codingPath: [any CodingKey] { opened?.codingPath ?? parent.codingPath + [key] }

  /// The object's container, opened (with the deferred objects around it) on first use.
  func container() -> KeyedEncodingContainer<AnyCodingKey> {
    if let opened { return opened }
    var parent = parent
    let container = parent.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
    opened = container
    return container
  }
}

/// A keyed container that notes the keys written into it, then writes them into `base`: how
/// a model with kept unknown values learns which of its properties were written (a kept member
/// under such a key is replaced, as in its dictionary).
struct KeyNotingContainer: KeyedEncodingContainerProtocol {
  typealias Key = AnyCodingKey

  /// The keys written so far, shared by every copy of the container.
  final class Written {
    var keys: Set<String> = []
  }

  private var base: KeyedEncodingContainer<AnyCodingKey>
  let written: Written

  init(_ base: KeyedEncodingContainer<AnyCodingKey>, written: Written) {
    self.base = base
    self.written = written
  }

  var codingPath: [any CodingKey] { base.codingPath }

  mutating func encodeNil(forKey key: Key) throws {
    written.keys.insert(key.stringValue)
    try base.encodeNil(forKey: key)
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    written.keys.insert(key.stringValue)
    try base.encode(value, forKey: key)
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    written.keys.insert(key.stringValue)
    try base.encode(value, forKey: key)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    written.keys.insert(key.stringValue)
    try base.encode(value, forKey: key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    written.keys.insert(key.stringValue)
    try base.encode(value, forKey: key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    written.keys.insert(key.stringValue)
    try base.encode(value, forKey: key)
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    written.keys.insert(key.stringValue)
    try base.encode(value, forKey: key)
  }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    written.keys.insert(key.stringValue)
    try base.encode(value, forKey: key)
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    written.keys.insert(key.stringValue)
    try base.encode(value, forKey: key)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    written.keys.insert(key.stringValue)
    try base.encode(value, forKey: key)
  }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    written.keys.insert(key.stringValue)
    return base.nestedContainer(keyedBy: keyType, forKey: key)
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    written.keys.insert(key.stringValue)
    return base.nestedUnkeyedContainer(forKey: key)
  }
  mutating func superEncoder() -> any Encoder { base.superEncoder() }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    written.keys.insert(key.stringValue)
    return base.superEncoder(forKey: key)
  }
}
