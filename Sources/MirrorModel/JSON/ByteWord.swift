/// Eight bytes of text as one word, tested all at once: the scanner's and the writer's fast
/// loops over strings and spaces.
///
/// Each test gives the high bit of every byte it flags (the classic "has a zero byte" and "has
/// a byte less than" word tricks). A test can also flag a byte above a flagged one, through the
/// borrow of the subtraction, never one below it: the lowest flagged byte is always a true one,
/// so ``firstMarked(_:)`` says how many bytes before it can be stepped over at once.
enum ByteWord {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let high: UInt64 = 0x8080_8080_8080_8080

  /// The eight bytes at `offset`, the first in the lowest bits on every platform.
  @inline(__always)
  static func load(_ base: UnsafeRawPointer, at offset: Int) -> UInt64 {
    UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// The bytes of `word` equal to `byte`.
  @inline(__always)
  static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
    let difference = word ^ (ones &* UInt64(byte))
    return (difference &- ones) & ~difference & high
  }

  /// The bytes of `word` below `bound` (at most 0x80).
  @inline(__always)
  static func bytes(of word: UInt64, below bound: UInt8) -> UInt64 {
    (word &- ones &* UInt64(bound)) & ~word & high
  }

  /// The bytes of `word` beyond ASCII.
  @inline(__always)
  static func nonASCIIBytes(of word: UInt64) -> UInt64 {
    word & high
  }

  /// How many bytes come before the one that holds the lowest set bit of `marks` (not 0).
  @inline(__always)
  static func firstMarked(_ marks: UInt64) -> Int {
    marks.trailingZeroBitCount &>> 3
  }
}
