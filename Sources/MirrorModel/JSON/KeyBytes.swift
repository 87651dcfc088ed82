/// An object key's bytes, hashed and compared a word at a time: the tables that find a key
/// from its bytes (a class's ``PropertyKeyTable``, a document's
/// ``JSONReader/KeyStrings``) share these two.
enum KeyBytes {
  /// A hash of the key's length and its first and last eight bytes (four, for a key shorter
  /// than eight).
  @inline(__always)
  static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
    let count = key.count
    var value = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
    if count >= 8, let base = UnsafeRawPointer(key.baseAddress) {
      value ^= base.loadUnaligned(as: UInt64.self)
      value = (value ^ (value >> 29)) &* 0xBF58_476D_1CE4_E5B9
      value ^= base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    } else if count >= 4, let base = UnsafeRawPointer(key.baseAddress) {
      // The first four bytes and the last four (the same ones for four).
      value ^=
        UInt64(base.loadUnaligned(as: UInt32.self)) << 32
        | UInt64(base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
    } else {
      var word: UInt64 = 0
      for byte in key { word = word << 8 | UInt64(byte) }
      value ^= word
    }
    value = (value ^ (value >> 32)) &* 0x94D0_49BB_1331_11EB
    return Int(truncatingIfNeeded: value ^ (value >> 29))
  }

  /// Whether two keys have the same bytes: by whole words, the last word (or half word) of a
  /// key not a multiple of eight long read again where it overlaps the one before it.
  @inline(__always)
  static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    let count = a.count
    guard count == b.count else { return false }
    guard let first = UnsafeRawPointer(a.baseAddress), let second = UnsafeRawPointer(b.baseAddress)
    else { return true }
    if count >= 8 {
      var offset = 0
      while offset + 8 < count {
        if first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          != second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        {
          return false
        }
        offset += 8
      }
      return first.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        == second.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
    if count >= 4 {
      return first.loadUnaligned(as: UInt32.self) == second.loadUnaligned(as: UInt32.self)
        && first.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
          == second.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    }
    for offset in 0..<count where a[offset] != b[offset] { return false }
    return true
  }
}
