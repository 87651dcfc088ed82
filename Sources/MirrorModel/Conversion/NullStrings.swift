/// A class's null strings (``ModelBase/nullStrings``): the strings that mean `null`.
///
/// The one place a string is tested against them. Most strings are told apart without
/// hashing: by their length (longer than the longest null string) or, when every null string
/// is ASCII, by their first byte (an ASCII byte no null string starts with: a string that starts
/// with one can only equal, even canonically, an ASCII string that starts with it too).
struct NullStrings: Sendable {
  let strings: Set<String>
  /// The UTF-8 length of the longest null string; -1 for none (`[""]` has length 0).
  private let maximumLength: Int
  /// The ASCII bytes the null strings start with, one bit each.
  private let firstBytes: (low: UInt64, high: UInt64)
  /// Whether every null string is ASCII, so that ``firstBytes`` tells strings apart.
  private let isASCII: Bool

  init(_ strings: Set<String>) {
    self.strings = strings
    maximumLength = strings.reduce(-1) { max($0, $1.utf8.count) }
    var low: UInt64 = 0
    var high: UInt64 = 0
    for string in strings {
      guard let first = string.utf8.first, first < 0x80 else { continue }
      if first < 64 { low |= 1 << UInt64(first) } else { high |= 1 << UInt64(first - 64) }
    }
    firstBytes = (low, high)
    isASCII = strings.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
  }

  /// Whether there is no null string.
  var isEmpty: Bool { maximumLength < 0 }

  /// Whether `string` is one of the null strings.
  @inline(__always)
  func contains(_ string: String) -> Bool {
    guard string.utf8.count <= maximumLength else { return false }
    if isASCII, let first = string.utf8.first, first < 0x80 {
      let bits =
        first < 64 ? firstBytes.low >> UInt64(first) : firstBytes.high >> UInt64(first - 64)
      guard bits & 1 == 1 else { return false }
    }
    return strings.contains(string)
  }
}

/// What a model's class sets for the values mapped inside it: its null strings and its date
/// strategy (`nil`: the call's).
///
/// One reference, so that a context switches it per model with one assignment; and one object
/// shared by every class that sets neither (``standard``), so that entering a model of such a
/// class inside another changes nothing at all.
final class ModelSettings: Sendable {
  let nullStrings: NullStrings
  let dateStrategy: DateStrategy?

  private init(nullStrings: NullStrings, dateStrategy: DateStrategy?) {
    self.nullStrings = nullStrings
    self.dateStrategy = dateStrategy
  }

  /// `ModelBase`'s own null strings and the call's date strategy.
  static let standard = ModelSettings(
    nullStrings: NullStrings(ModelBase.nullStrings), dateStrategy: nil)

  /// The settings of a class: ``standard`` when they are `ModelBase`'s.
  static func make(nullStrings: NullStrings, dateStrategy: DateStrategy?) -> ModelSettings {
    if dateStrategy == nil && nullStrings.strings == standard.nullStrings.strings {
      return standard
    }
    return ModelSettings(nullStrings: nullStrings, dateStrategy: dateStrategy)
  }
}
