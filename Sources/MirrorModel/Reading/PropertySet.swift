/// The properties of one object met so far.
struct PropertySet {
  private var low: UInt64 = 0
  private var high: [Bool]

  init(count: Int) {
    high = count > 64 ? [Bool](repeating: false, count: count - 64) : []
  }

  @inline(__always)
  func contains(_ position: Int) -> Bool {
    position < 64 ? low & (1 << UInt64(position)) != 0 : high[position - 64]
  }

  @inline(__always)
  mutating func insert(_ position: Int) {
    if position < 64 {
      low |= 1 << UInt64(position)
    } else {
      high[position - 64] = true
    }
  }
}
