/// The array a key path's properties are written inside (`photos` of `photos[0].url`), opened
/// in its parent by its first write, as ``DeferredObject`` opens an object: an array none of
/// whose elements is written is left out, and `null` is written at each position before an
/// element that none is written at, as the model's dictionary pads its array.
///
/// Its elements are written through ``container``, a keyed container whose keys are the
/// positions (`AnyCodingKey(intValue:)`), one after another in increasing order.
final class DeferredArray {
  private let parent: KeyedEncodingContainer<AnyCodingKey>
  private let key: AnyCodingKey
  private var elements: (any UnkeyedEncodingContainer)?
  /// The elements written so far, nulls included.
  private var count = 0

  /// The array under `key` in `parent` (which may itself be a deferred container's).
  init(key: AnyCodingKey, in parent: KeyedEncodingContainer<AnyCodingKey>) {
    self.parent = parent
    self.key = key
  }

  /// The path of the array; asking does not open it.
  var codingPath: [any CodingKey] { elements?.codingPath ?? parent.codingPath + [key] }

  /// The container the elements are written through, keyed by their positions.
  var container: KeyedEncodingContainer<AnyCodingKey> {
    KeyedEncodingContainer(Elements(array: self))
  }

  /// Calls `write` with the array's container (opened on first use, with the deferred
  /// containers around it), `null` written at each position before `key`'s that none was
  /// written at; `pad` writes one such `null`.
  fileprivate func write<Result>(
    at key: AnyCodingKey, pad: (inout any UnkeyedEncodingContainer) throws -> Void,
    _ write: (inout any UnkeyedEncodingContainer) throws -> Result
  ) rethrows -> Result {
    var elements = self.elements ?? openElements()
    // Written back, so that an encoder whose container is a value keeps its count.
    defer { self.elements = elements }
    let position = key.intValue ?? count
    while count < position {
      try pad(&elements)
      count += 1
    }
    count = max(count, position + 1)
    return try write(&elements)
  }

  private func openElements() -> any UnkeyedEncodingContainer {
    var parent = parent
    return parent.nestedUnkeyedContainer(forKey: key)
  }

  /// Writes each value handed to it under a position as that element of the array.
  private struct Elements: KeyedEncodingContainerProtocol {
    typealias Key = AnyCodingKey
    let array: DeferredArray

    var codingPath: [any CodingKey] { array.codingPath }

    private func encode(
      at key: Key, _ write: (inout any UnkeyedEncodingContainer) throws -> Void
    ) throws {
      try array.write(at: key, pad: { try $0.encodeNil() }, write)
    }

    /// A container opened at `key`'s position: one that cannot throw, whose padding cannot
    /// either (an encoder that refuses a `null` refuses it again at the next value written).
    private func open<Container>(
      at key: Key, _ open: (inout any UnkeyedEncodingContainer) -> Container
    ) -> Container {
      array.write(at: key, pad: { _ = try? $0.encodeNil() }, open)
    }

    mutating func encodeNil(forKey key: Key) throws { try encode(at: key) { try $0.encodeNil() } }
    // The scalar requirements are the protocol's own, each handing its value to this one:
    // elements of key paths are few, and the unkeyed container takes them all.
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      try encode(at: key) { try $0.encode(value) }
    }
    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      open(at: key) { $0.nestedContainer(keyedBy: keyType) }
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      open(at: key) { $0.nestedUnkeyedContainer() }
    }
    mutating func superEncoder() -> any Encoder {
      open(at: AnyCodingKey(stringValue: "super")) { $0.superEncoder() }
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
      open(at: key) { $0.superEncoder() }
    }
  }
}
