/// Number formatting for the result table, independent of the locale.
enum Format {
  /// `1234567.8` as `1,234,568`.
  static func grouped(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    let rounded = Int(value.rounded())
    let digits = String(abs(rounded))
    var out = ""
    for (index, character) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(character)
    }
    return rounded < 0 ? "-" + out : out
  }

  /// `0.4567` as `0.46x`.
  static func ratio(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    return fixed(value, digits: 2) + "x"
  }

  /// `0.1` as `10%`.
  static func percent(_ value: Double) -> String {
    fixed(value * 100, digits: 0) + "%"
  }

  /// `value` with exactly `digits` digits after the point.
  static func fixed(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let whole = scaled / Int(scale)
    var text = String(whole)
    if digits > 0 {
      let fraction = String(scaled % Int(scale))
      text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
    return value < 0 && scaled != 0 ? "-" + text : text
  }

  /// A byte count with thousands separators and a unit.
  static func bytes(_ value: Int) -> String {
    grouped(Double(value)) + " B"
  }
}
