import Foundation

/// A class's input keys, looked up from a key's UTF-8 bytes without making a `String`.
///
/// Open addressing over an FNV-1a hash of the bytes; a hit is confirmed byte by byte. Built
/// once per class, for the classes whose JSON text is read straight into their models.
struct PropertyKeyTable: Sendable {
  /// Property indices by slot; -1 for an empty slot.
  private let slots: [Int32]
  private let keys: [[UInt8]]
  private let mask: Int

  /// The table of `keys`, the property at index `i` read under `keys[i]`; `nil` when two
  /// properties read the same key.
  init?(keys: [String]) {
    let utf8 = keys.map { Array($0.utf8) }
    var capacity = 8
    while capacity < utf8.count * 2 { capacity *= 2 }
    var slots = [Int32](repeating: -1, count: capacity)
    for (index, key) in utf8.enumerated() {
      var slot = key.withUnsafeBufferPointer { Self.hash($0) } & (capacity - 1)
      while slots[slot] >= 0 {
        if utf8[Int(slots[slot])] == key { return nil }
        slot = (slot + 1) & (capacity - 1)
      }
      slots[slot] = Int32(index)
    }
    self.slots = slots
    self.keys = utf8
    self.mask = capacity - 1
  }

  /// The index of the property whose key is `bytes`, if any.
  @inline(__always)
  func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var slot = Self.hash(bytes) & mask
    while true {
      let candidate = Int(slots[slot])
      if candidate < 0 { return nil }
      if keys[candidate].withUnsafeBufferPointer({ Self.equal($0, bytes) }) { return candidate }
      slot = (slot + 1) & mask
    }
  }

  /// The index of the property whose key is `key` (a key that contained escapes).
  func index(of key: String) -> Int? {
    Array(key.utf8).withUnsafeBufferPointer { index(of: $0) }
  }

  @inline(__always)
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return Int(truncatingIfNeeded: hash ^ (hash >> 32))
  }

  @inline(__always)
  private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard a.count == b.count else { return false }
    guard let first = a.baseAddress, let second = b.baseAddress else { return true }
    return memcmp(first, second, a.count) == 0
  }
}
