package import Foundation

/// A small, exact, allocation-free ISO 8601 reader and writer for UTC timestamps.
///
/// Reads `2024-05-06T07:08:09Z`, `2024-05-06T07:08:09.123456+02:00`, `2024-05-06 07:08:09`
/// (no zone means UTC), `2024-05-06` and expanded years (`+12345-01-01T00:00:00Z`). Writes
/// UTC with `Z` and as many fractional digits (0, 3, 6 or 9) as needed to read back the same
/// `Date`.
package enum ISO8601 {
  /// The largest distance from 1970, in seconds, that ``string(from:)`` writes: about 950 000
  /// years, so that every year written has at most six digits, which ``date(from:)`` reads.
  static let maximumSeconds = 3e13

  package static func date(from string: String) -> Date? {
    var utf8 = string.utf8[...]
    guard let seconds = parse(&utf8), utf8.isEmpty else { return nil }
    return Date(timeIntervalSince1970: seconds)
  }

  private static func parse(_ text: inout Substring.UTF8View) -> Double? {
    var negativeYear = false
    var signed = false
    if text.first == UInt8(ascii: "-") || text.first == UInt8(ascii: "+") {
      negativeYear = text.first == UInt8(ascii: "-")
      signed = true
      text.removeFirst()
    }
    guard let (yearValue, yearDigits) = number(&text, minimum: 4, maximum: 6),
      take(&text, "-"), let month = fixed(&text, 2), take(&text, "-"),
      let day = fixed(&text, 2), (1...12).contains(month),
      (1...daysIn(month: month, year: negativeYear ? -yearValue : yearValue)).contains(day)
    else { return nil }
    guard yearDigits == 4 || signed else { return nil }
    let year = negativeYear ? -yearValue : yearValue
    var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
    guard let separator = text.first else { return seconds }
    guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == 32
    else { return nil }
    text.removeFirst()
    guard let hour = fixed(&text, 2), take(&text, ":"), let minute = fixed(&text, 2),
      take(&text, ":"), let second = fixed(&text, 2), hour < 24, minute < 60, second < 61
    else { return nil }
    var whole = Int64(hour * 3600 + minute * 60 + second)
    var fraction = 0.0
    if text.first == UInt8(ascii: ".") || text.first == UInt8(ascii: ",") {
      text.removeFirst()
      guard let (digits, count) = number(&text, minimum: 1, maximum: 9) else { return nil }
      while let next = text.first, isDigit(next) { text.removeFirst() }  // beyond nanoseconds
      fraction = Double(digits) / pow10(count)
    }
    if let zone = text.first {
      if zone == UInt8(ascii: "Z") || zone == UInt8(ascii: "z") {
        text.removeFirst()
      } else if zone == UInt8(ascii: "+") || zone == UInt8(ascii: "-") {
        text.removeFirst()
        guard let hours = fixed(&text, 2), hours < 24 else { return nil }
        _ = take(&text, ":")
        let minutes = fixed(&text, 2) ?? 0
        guard minutes < 60 else { return nil }
        let offset = Int64(hours * 3600 + minutes * 60)
        whole += zone == UInt8(ascii: "+") ? -offset : offset
      } else {
        return nil
      }
    }
    seconds += Double(whole)
    return seconds + fraction
  }

  static func string(from date: Date) -> String {
    let interval = date.timeIntervalSince1970
    guard interval.isFinite, abs(interval) < maximumSeconds else { return "invalid date" }
    var whole = interval.rounded(.down)
    let fractionPart = interval - whole
    var fractionText = ""
    if fractionPart > 0 {
      for digits in [3, 6, 9] {
        let scale = pow10(digits)
        var units = (fractionPart * scale).rounded()
        var candidateWhole = whole
        if units >= scale {
          units = 0
          candidateWhole += 1
        }
        if candidateWhole + Double(units) / scale == interval || digits == 9 {
          whole = candidateWhole
          if units > 0 {
            let text = String(Int64(units))
            fractionText = "." + String(repeating: "0", count: digits - text.count) + text
          }
          break
        }
      }
    }
    let totalSeconds = Int64(whole)
    let days = floorDivide(totalSeconds, 86_400)
    let secondsOfDay = totalSeconds - days * 86_400
    let (year, month, day) = civil(fromDays: days)
    let yearText: String
    if (0...9999).contains(year) {
      yearText = pad(year, 4)
    } else {
      yearText = (year < 0 ? "-" : "+") + pad(abs(year), 6)
    }
    return "\(yearText)-\(pad(month, 2))-\(pad(day, 2))T\(pad(Int(secondsOfDay / 3600), 2)):"
      + "\(pad(Int(secondsOfDay % 3600 / 60), 2)):\(pad(Int(secondsOfDay % 60), 2))"
      + "\(fractionText)Z"
  }

  // MARK: Calendar arithmetic (proleptic Gregorian, days since 1970-01-01)

  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = floorDivide(y, 400)
    let yearOfEra = y - era * 400
    let m = Int64(month)
    let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civil(fromDays days: Int64) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = floorDivide(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (Int(year), Int(month), Int(day))
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  // MARK: Scanning helpers

  private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : (a - b + 1) / b
  }

  private static func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<exponent { result *= 10 }
    return result
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }

  @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func take(_ text: inout Substring.UTF8View, _ character: Unicode.Scalar) -> Bool {
    guard text.first == UInt8(ascii: character) else { return false }
    text.removeFirst()
    return true
  }

  private static func fixed(_ text: inout Substring.UTF8View, _ count: Int) -> Int? {
    guard let (value, digits) = number(&text, minimum: count, maximum: count), digits == count
    else { return nil }
    return value
  }

  private static func number(
    _ text: inout Substring.UTF8View, minimum: Int, maximum: Int
  ) -> (Int, Int)? {
    var value = 0
    var digits = 0
    while digits < maximum, let byte = text.first, isDigit(byte) {
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      digits += 1
      text.removeFirst()
    }
    return digits >= minimum ? (value, digits) : nil
  }
}
