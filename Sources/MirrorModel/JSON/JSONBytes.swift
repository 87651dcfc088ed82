import Foundation

/// The bytes a ``JSONWriter/Writer`` has written: a buffer of its own, grown by doubling and
/// handed to `Data` without a copy.
///
/// `[UInt8]` checks that its buffer is unique and large enough in every `append` (about 130
/// instructions for a string's bytes) and is copied into the `Data` at the end. A writer is
/// never copied (each is made, filled and read in one function), so the buffer needs no
/// copy-on-write: it is a class instance the writer holds, whose memory comes from `malloc` so
/// that `Data` can take it and `free` it.
struct JSONBytes {
  private final class Storage {
    @exclusivity(unchecked) var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) var count = 0
    @exclusivity(unchecked) var capacity: Int

    init(capacity: Int) {
      self.capacity = capacity
      base = Storage.allocate(capacity)
    }

    deinit { free(base) }

    static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
      guard let memory = malloc(capacity) else { fatalError("MirrorModel: out of memory") }
      return memory.assumingMemoryBound(to: UInt8.self)
    }

    /// Makes room for at least `needed` bytes in all.
    @inline(never)
    func grow(toHold needed: Int) {
      var newCapacity = max(capacity, 16) * 2
      while newCapacity < needed { newCapacity *= 2 }
      guard let memory = realloc(base, newCapacity) else {
        fatalError("MirrorModel: out of memory")
      }
      base = memory.assumingMemoryBound(to: UInt8.self)
      capacity = newCapacity
    }
  }

  private let storage: Storage

  /// An empty buffer with room for `capacity` bytes.
  init(capacity: Int) {
    storage = Storage(capacity: max(capacity, 16))
  }

  /// How many bytes have been written.
  var count: Int { storage.count }

  /// A copy of the bytes written.
  var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage.base, count: storage.count)) }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    let storage = self.storage
    let count = storage.count
    if count == storage.capacity { storage.grow(toHold: count + 1) }
    storage.base[count] = byte
    storage.count = count + 1
  }

  @inline(__always)
  mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    let storage = self.storage
    let count = storage.count
    let newCount = count + bytes.count
    if newCount > storage.capacity { storage.grow(toHold: newCount) }
    (storage.base + count).update(from: source, count: bytes.count)
    storage.count = newCount
  }

  /// Appends bytes of any other kind (a string's UTF-8 view, part of an array), in one copy
  /// when they are contiguous.
  mutating func append<Bytes: Sequence<UInt8>>(contentsOf bytes: Bytes) {
    let copied: Void? = bytes.withContiguousStorageIfAvailable { buffer in
      append(contentsOf: buffer)
    }
    if copied == nil {
      for byte in bytes { append(byte) }
    }
  }

  /// Drops the bytes from `range.lowerBound` on.
  mutating func removeSubrange(_ range: PartialRangeFrom<Int>) {
    precondition(range.lowerBound >= 0 && range.lowerBound <= storage.count)
    storage.count = range.lowerBound
  }

  /// Reverses the bytes from `start` on.
  mutating func reverse(from start: Int) {
    precondition(start >= 0 && start <= storage.count)
    var tail = UnsafeMutableBufferPointer(
      start: storage.base + start, count: storage.count - start)
    tail.reverse()
  }

  /// Runs `body` over the bytes from `start` on, which it may change in place.
  mutating func withTail<Result>(
    from start: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Result
  ) -> Result {
    precondition(start >= 0 && start <= storage.count)
    return body(
      UnsafeMutableBufferPointer(start: storage.base + start, count: storage.count - start))
  }

  /// The bytes written, as `Data` that takes the buffer over; the writer is empty after.
  mutating func takeData() -> Data {
    let storage = self.storage
    let data = Data(bytesNoCopy: storage.base, count: storage.count, deallocator: .free)
    storage.base = Storage.allocate(16)
    storage.capacity = 16
    storage.count = 0
    return data
  }
}
