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

/// A keyed container that hands each write to the container its ``Target`` gives for the key:
/// the object a key path's properties are written inside, opened by its first write
/// (``DeferredObject``), or a model's container, noting the keys written (``WrittenKeys``).
///
/// Handed to the accessors inside an ordinary `KeyedEncodingContainer` (whose box is a
/// reference: every copy writes through the one target), so that entries of containers in
/// hand pay nothing for it.
struct InterceptingKeyedContainer: KeyedEncodingContainerProtocol {
  typealias Key = AnyCodingKey

  /// Gives the container each write goes to.
  class Target {
    /// The path of the container.
    var codingPath: [any CodingKey] { [] }

    /// The container to write into, every write handed to this target.
    final var container: KeyedEncodingContainer<AnyCodingKey> {
      KeyedEncodingContainer(InterceptingKeyedContainer(target: self))
    }

    /// The container a write under `key` goes to.
    func container(forWriting key: AnyCodingKey) -> KeyedEncodingContainer<AnyCodingKey> {
      fatalError("abstract")
    }
  }

  let target: Target

  var codingPath: [any CodingKey] { target.codingPath }

  mutating func encodeNil(forKey key: Key) throws {
    var container = target.container(forWriting: key)
    try container.encodeNil(forKey: key)
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    var container = target.container(forWriting: key)
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    var container = target.container(forWriting: key)
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    var container = target.container(forWriting: key)
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    var container = target.container(forWriting: key)
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    var container = target.container(forWriting: key)
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    var container = target.container(forWriting: key)
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    var container = target.container(forWriting: key)
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    var container = target.container(forWriting: key)
    try container.encode(value, forKey: key)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    var container = target.container(forWriting: key)
    try container.encode(value, forKey: key)
  }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    var container = target.container(forWriting: key)
    return container.nestedContainer(keyedBy: keyType, forKey: key)
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    var container = target.container(forWriting: key)
    return container.nestedUnkeyedContainer(forKey: key)
  }
  mutating func superEncoder() -> any Encoder {
    var container = target.container(forWriting: AnyCodingKey("super"))
    return container.superEncoder()
  }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    var container = target.container(forWriting: key)
    return container.superEncoder(forKey: key)
  }
}

/// The object a key path's properties are written inside (`entities` of `entities.hashtags`),
/// opened in its parent by its first write: an object none of whose properties is written is
/// left out, as the model's dictionary has no such key.
final class DeferredObject: InterceptingKeyedContainer.Target {
  private let parent: KeyedEncodingContainer<AnyCodingKey>
  private let key: AnyCodingKey
  private var opened: KeyedEncodingContainer<AnyCodingKey>?

  /// The object under `key` in `parent` (which may itself be a deferred object's container).
  init(key: AnyCodingKey, in parent: KeyedEncodingContainer<AnyCodingKey>) {
    self.parent = parent
    self.key = key
  }

  /// The path of the object; asking does not open it (nor a deferred parent).
  override var codingPath: [any CodingKey] { opened?.codingPath ?? parent.codingPath + [key] }

  /// The object's container, opened (with the deferred objects around it) on first use.
  override func container(forWriting key: AnyCodingKey) -> KeyedEncodingContainer<AnyCodingKey> {
    if let opened { return opened }
    var parent = parent
    let container = parent.nestedContainer(keyedBy: AnyCodingKey.self, forKey: self.key)
    opened = container
    return container
  }
}

/// A model's container that notes the keys written into it: how a model with kept unknown
/// values learns which of its properties were written (a kept member under such a key is
/// replaced, as in its dictionary).
final class WrittenKeys: InterceptingKeyedContainer.Target {
  private let base: KeyedEncodingContainer<AnyCodingKey>
  /// The keys written so far.
  private(set) var keys: Set<String> = []

  init(_ base: KeyedEncodingContainer<AnyCodingKey>) {
    self.base = base
  }

  override var codingPath: [any CodingKey] { base.codingPath }

  override func container(forWriting key: AnyCodingKey) -> KeyedEncodingContainer<AnyCodingKey> {
    keys.insert(key.stringValue)
    return base
  }
}
