import Foundation

/// The digits of a number literal, integer and fraction parts together.
struct Digits {
  /// The first 19 significant digits as an integer (exact while `count <= 19`).
  var significand: UInt64 = 0
  /// Digits from the first nonzero one on.
  var count = 0

  @inline(__always)
  mutating func add(_ byte: UInt8) {
    let digit = UInt64(byte &- UInt8(ascii: "0"))
    if digit == 0 && count == 0 { return }
    count += 1
    if count <= 19 { significand = significand &* 10 &+ digit }
  }
}
