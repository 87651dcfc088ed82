/// Recognizes the ISO 8601 date-time strings that become `Date` properties.
enum ISO8601 {
  /// Whether the string is an RFC 3339 (internet) date-time.
  ///
  /// The accepted form is `YYYY-MM-DDTHH:MM:SS`, optionally with fractional seconds, followed by
  /// `Z` or an offset `+HH:MM` / `-HH:MM`, for example `2024-01-02T03:04:05Z`,
  /// `2024-01-02T03:04:05.123Z` and `2024-01-02T03:04:05+02:00`. A date alone (`2024-01-02`)
  /// or a time without a zone is not a date-time: it stays a `String`, because MirrorModel would
  /// write it back in the full form. The day must exist (`2023-02-29` does not).
  static func isDateTime(_ string: String) -> Bool {
    var scanner = Scanner(Array(string.utf8))
    guard let year = scanner.number(digits: 4), scanner.take("-"),
      let month = scanner.number(digits: 2), (1...12).contains(month), scanner.take("-"),
      let day = scanner.number(digits: 2), day >= 1, day <= daysIn(month: month, year: year),
      scanner.take("T"),
      let hour = scanner.number(digits: 2), hour < 24, scanner.take(":"),
      let minute = scanner.number(digits: 2), minute < 60, scanner.take(":"),
      let second = scanner.number(digits: 2), second < 60
    else { return false }
    if scanner.take(".") {
      guard scanner.digitRun() > 0 else { return false }
    }
    if scanner.take("Z") {
      return scanner.isAtEnd
    }
    guard scanner.take("+") || scanner.take("-"),
      let offsetHour = scanner.number(digits: 2), offsetHour < 24, scanner.take(":"),
      let offsetMinute = scanner.number(digits: 2), offsetMinute < 60
    else { return false }
    return scanner.isAtEnd
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
      guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
      index += 1
      return true
    }

    mutating func number(digits: Int) -> Int? {
      guard index + digits <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + digits] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      index += digits
      return value
    }

    mutating func digitRun() -> Int {
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      return index - start
    }
  }
}
