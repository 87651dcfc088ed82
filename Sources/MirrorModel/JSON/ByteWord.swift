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

  /// How many of the bytes of `word`, from the first, are ASCII digits (0 to 8).
  ///
  /// Each byte is made its digit's value (`byte ^ 0x30`, 0 to 9 for a digit); a byte whose
  /// value is 10 or more, seven bits of it plus 0x76, reaches the high bit, and no sum carries
  /// into the byte above.
  @inline(__always)
  static func leadingDigitCount(_ word: UInt64) -> Int {
    let values = word ^ (ones &* 0x30)
    let others = (((values & ~high) &+ ones &* 0x76) | values) & high
    return others == 0 ? 8 : firstMarked(others)
  }

  /// The number the first `count` bytes of `word` (1 to 8, digits each) write, the first the
  /// most significant.
  ///
  /// The digits are moved to the top of the word (the first in the lowest of them, zeros
  /// below) and combined in pairs, pairs of pairs and halves: three multiplications.
  @inline(__always)
  static func digitsValue(_ word: UInt64, count: Int) -> UInt64 {
    var value = (word & (ones &* 0x0F)) &<< UInt64(64 &- 8 &* count)
    value = (value &* (10 << 8 + 1)) &>> 8 & 0x00FF_00FF_00FF_00FF
    value = (value &* (100 << 16 + 1)) &>> 16 & 0x0000_FFFF_0000_FFFF
    return (value &* (10_000 << 32 + 1)) &>> 32
  }
}
