import Foundation

/// The digits of a number literal, integer and fraction parts together.
struct Digits {
  /// The first 19 significant digits as an integer (exact while `count <= 19`).
  var significand: UInt64 = 0
  /// Digits from the first nonzero one on.
  var count = 0
}
