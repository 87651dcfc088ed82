/// A small deterministic random number generator (SplitMix64), so generated payloads are the
/// same on every run and every machine.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniformly chosen integer in `range`.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }

  /// True with probability `probability`.
  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }

  /// A uniformly chosen element of a non-empty array.
  mutating func pick<Element>(_ items: [Element]) -> Element {
    items[int(0...(items.count - 1))]
  }

  /// A string of `count` characters drawn from `alphabet`.
  mutating func token(_ count: Int, from alphabet: String = Self.alphanumerics) -> String {
    let characters = Array(alphabet)
    return String((0..<count).map { _ in pick(characters) })
  }

  static let alphanumerics = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
}
