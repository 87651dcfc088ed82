internal import MirrorModel

/// Recognizes the ISO 8601 date-time strings that become `Date` properties.
enum DateTimeText {
  /// Whether the string is an RFC 3339 (internet) date-time that MirrorModel reads.
  ///
  /// The accepted form is `YYYY-MM-DDTHH:MM:SS`, optionally with fractional seconds, followed by
  /// `Z` or an offset `+HH:MM` / `-HH:MM`, for example `2024-01-02T03:04:05Z`,
  /// `2024-01-02T03:04:05.123Z` and `2024-01-02T03:04:05+02:00`. A date alone (`2024-01-02`)
  /// or a time without a zone is not a date-time: it stays a `String`, because MirrorModel would
  /// write it back in the full form. The values themselves (the day must exist: `2023-02-29`
  /// does not) are checked by the library's own reader, so that a property generated as a
  /// `Date` is one the library maps.
  static func isDateTime(_ string: String) -> Bool {
    let bytes = Array(string.utf8)
    func at(_ index: Int, _ character: Unicode.Scalar) -> Bool {
      index >= 0 && index < bytes.count && bytes[index] == UInt8(ascii: character)
    }
    func isDigit(_ index: Int) -> Bool {
      index < bytes.count && bytes[index] &- UInt8(ascii: "0") < 10
    }
    guard bytes.count >= 20, (0..<4).allSatisfy(isDigit), at(4, "-"), at(7, "-"), at(10, "T"),
      at(13, ":"), at(16, ":")
    else { return false }
    var end = bytes.count
    if at(end - 1, "Z") {
      end -= 1
    } else {
      guard end >= 25, at(end - 6, "+") || at(end - 6, "-"), at(end - 3, ":"),
        [end - 5, end - 4, end - 2, end - 1].allSatisfy(isDigit)
      else { return false }
      end -= 6
    }
    // Seconds, then nothing or a fraction of digits.
    guard end == 19 || (at(19, ".") && end > 20 && (20..<end).allSatisfy(isDigit)) else {
      return false
    }
    return ISO8601.date(from: string) != nil
  }
}
