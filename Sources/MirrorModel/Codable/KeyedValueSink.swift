/// An entry of a keyed container: a container in hand, or the object a key path's properties
/// are written inside, opened when its first value is written (``DeferredKeyedContainer``).
struct KeyedValueSink: CodableValueSink {
  /// The container, once it is open.
  private var opened: KeyedEncodingContainer<AnyCodingKey>?
  /// Where the container is opened from, when it is not open yet.
  private let deferred: DeferredKeyedContainer?
  let key: AnyCodingKey
  /// Whether anything was written into the entry (a value, or a container opened for one).
  private(set) var isWritten = false

  init(container: KeyedEncodingContainer<AnyCodingKey>, key: AnyCodingKey) {
    opened = container
    deferred = nil
    self.key = key
  }

  /// The entry `key` of the object `deferred` opens when a value is first written into it.
  init(in deferred: DeferredKeyedContainer, key: AnyCodingKey) {
    opened = nil
    self.deferred = deferred
    self.key = key
  }

  var codingPath: [any CodingKey] {
    (opened?.codingPath ?? deferred?.codingPath ?? []) + [key]
  }

  /// The container the entry is written into, opened (with the objects around it) if needed.
  ///
  /// A copy: `KeyedEncodingContainer` wraps the encoder's reference to the container.
  @inline(__always)
  private mutating func container() -> KeyedEncodingContainer<AnyCodingKey> {
    isWritten = true
    if let opened { return opened }
    // Only `init(in:key:)` leaves `opened` empty, and it sets `deferred`.
    let container = deferred.unsafelyUnwrapped.container()
    opened = container
    return container
  }

  mutating func encodeNil() throws {
    var container = container()
    try container.encodeNil(forKey: key)
  }
  mutating func encode(_ value: String) throws {
    var container = container()
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: Bool) throws {
    var container = container()
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: Int) throws {
    var container = container()
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: Int64) throws {
    var container = container()
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: UInt) throws {
    var container = container()
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: UInt64) throws {
    var container = container()
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: Double) throws {
    var container = container()
    try container.encode(value, forKey: key)
  }
  mutating func encode(_ value: Float) throws {
    var container = container()
    try container.encode(value, forKey: key)
  }
  mutating func encode<T: Encodable>(_ value: T) throws {
    var container = container()
    try container.encode(value, forKey: key)
  }

  mutating func keyedContainer() -> KeyedEncodingContainer<AnyCodingKey> {
    var container = container()
    return container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
  }

  mutating func unkeyedContainer() -> any UnkeyedEncodingContainer {
    var container = container()
    return container.nestedUnkeyedContainer(forKey: key)
  }
}

/// The object a key path's properties are written inside (`entities` of
/// `entities.hashtags`), opened in its parent when its first value is written: an object none
/// of whose properties is written is left out, as the model's dictionary has no such key.
///
/// `KeyedEncodingContainer` wraps the encoder's reference to the container, so the copies this
/// hands out all write into the one container.
final class DeferredKeyedContainer {
  /// The object this one is a member of.
  private enum Parent {
    case container(KeyedEncodingContainer<AnyCodingKey>)
    case deferred(DeferredKeyedContainer)
  }

  private let parent: Parent
  private let key: AnyCodingKey
  private var opened: KeyedEncodingContainer<AnyCodingKey>?

  /// The object under `key` in `container`.
  init(key: AnyCodingKey, in container: KeyedEncodingContainer<AnyCodingKey>) {
    parent = .container(container)
    self.key = key
  }

  /// The object under `key` in the object `parent` opens.
  init(key: AnyCodingKey, in parent: DeferredKeyedContainer) {
    self.parent = .deferred(parent)
    self.key = key
  }

  /// The path of the object.
  var codingPath: [any CodingKey] {
    if let opened { return opened.codingPath }
    switch parent {
    case .container(let container): return container.codingPath + [key]
    case .deferred(let deferred): return deferred.codingPath + [key]
    }
  }

  /// The object's container, opened (with the objects around it) on first use.
  func container() -> KeyedEncodingContainer<AnyCodingKey> {
    if let opened { return opened }
    var outer: KeyedEncodingContainer<AnyCodingKey>
    switch parent {
    case .container(let container): outer = container
    case .deferred(let deferred): outer = deferred.container()
    }
    let container = outer.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
    opened = container
    return container
  }
}
