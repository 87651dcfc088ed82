public import Foundation

extension String: MappableValue {
  /// Converts strings; numbers as their decimal text (`1001` gives `"1001"`, `2.5` gives
  /// `"2.5"`); booleans as `"true"` and `"false"`.
  public static func fromMappedValue(_ value: Any, context: MappingContext) throws -> String {
    if let string = stringValue(value) { return string }
    if context.isStrict { throw ConversionError.strict("String", value) }
    if let number = numberValue(value) { return NumberText.text(of: number) }
    throw ConversionError.typeMismatch("String", accepts: "a string, a number or a boolean")
  }
  /// The string itself.
  public func toMappedValue(context: MappingContext) -> Any? { self }
}

extension Character: MappableValue {
  /// Converts a string of exactly one character (in standard mode also a one-digit number).
  public static func fromMappedValue(_ value: Any, context: MappingContext) throws -> Character {
    let string: String
    do {
      string = try String.fromMappedValue(value, context: context)
    } catch var error as ConversionError {
      error.expectedType = "Character"
      throw error
    }
    guard string.count == 1, let character = string.first else {
      throw ConversionError(
        expectedType: "Character", reason: "\(quoted(string)) is not exactly one character")
    }
    return character
  }
  /// The character as a one-character string.
  public func toMappedValue(context: MappingContext) -> Any? { String(self) }
}

extension Bool: MappableValue {
  /// Converts JSON booleans, the numbers 0 and 1, and the strings `true`, `false`, `yes`, `no`,
  /// `1`, `0` in any case.
  public static func fromMappedValue(_ value: Any, context: MappingContext) throws -> Bool {
    let scalar = RawScalar(value)
    if case .bool(let flag) = scalar { return flag }
    if context.isStrict { throw ConversionError.strict("Bool", value) }
    switch scalar {
    case .bool(let flag): return flag
    case .signed(let integer) where integer == 0 || integer == 1: return integer == 1
    case .unsigned(let integer) where integer == 0 || integer == 1: return integer == 1
    case .double(let double) where double == 0 || double == 1: return double == 1
    case .string(let string):
      switch string.lowercased() {
      case "true", "yes", "1": return true
      case "false", "no", "0": return false
      default: break
      }
    case .signed, .unsigned, .double, .decimal:
      break
    case .other:
      throw ConversionError.typeMismatch(
        "Bool", accepts: "a boolean, 0, 1, or one of the strings true false yes no 1 0")
    }
    throw ConversionError(
      expectedType: "Bool",
      reason: "\(describeValue(value)) is not a boolean, 0, 1, true, false, yes or no")
  }
  /// The boolean itself.
  public func toMappedValue(context: MappingContext) -> Any? { self }
}

extension Date: MappableValue {
  /// Converts by the date strategy in effect (``ModelBase/dateStrategy``, else the call's,
  /// else ``DateStrategy/iso8601``): by default ISO 8601 strings (with or without fractional
  /// seconds) and numbers of seconds since 1970.
  public static func fromMappedValue(_ value: Any, context: MappingContext) throws -> Date {
    if let date = exactly(Date.self, value) { return date }
    if isObject(value), let date = value as? NSDate {
      return Date(timeIntervalSince1970: date.timeIntervalSince1970)
    }
    return try context.dateStrategy.rule.date(from: value, context: context)
  }
  /// The date as the date strategy in effect writes it; by default as an ISO 8601 string in
  /// UTC, with as many fractional digits as it needs.
  ///
  /// Under ISO 8601, a date more than about 950 000 years from 1970, beyond six-digit ISO 8601
  /// years, is written as its number of seconds since 1970 (read back the same way); a date
  /// that is not a finite number of seconds is left out.
  public func toMappedValue(context: MappingContext) -> Any? {
    context.dateStrategy.rule.value(of: self)
  }
}

extension URL: MappableValue {
  /// Converts strings that are URLs as written, surrounding whitespace trimmed.
  ///
  /// A string with a character a URL cannot hold as written (a space inside, `"`, `<`, `>`,
  /// `\\`, `^`, a backquote, `{`, `|`, `}`, a control character) or a `%` not followed by two
  /// hexadecimal digits is an issue: some Foundation versions would percent-encode it into
  /// another URL (`" github.com"` into `"%20github.com"`) rather than fail. Characters beyond
  /// ASCII (an internationalized URL) are accepted and percent-encoded by Foundation.
  public static func fromMappedValue(_ value: Any, context: MappingContext) throws -> URL {
    if let url = exactly(URL.self, value) { return url }
    if isObject(value), let url = value as? NSURL, let absolute = url.absoluteURL {
      return absolute
    }
    guard let raw = stringValue(value) else {
      throw ConversionError.typeMismatch("URL", accepts: "a string")
    }
    let string = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if let problem = string.isEmpty ? "it is empty" : Self.writtenProblem(in: string) {
      throw ConversionError(
        expectedType: "URL", reason: "\(quoted(raw)) is not a valid URL: \(problem)")
    }
    guard let url = URL(string: string) else {
      throw ConversionError(expectedType: "URL", reason: "\(quoted(raw)) is not a valid URL")
    }
    return url
  }

  /// What keeps `string` from being a URL as written; `nil` when nothing does.
  static func writtenProblem(in string: String) -> String? {
    func isHexDigit(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
        UInt8(ascii: "A")...UInt8(ascii: "F"):
        return true
      default:
        return false
      }
    }
    let bytes = Array(string.utf8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2])
        else { return "% is not followed by two hexadecimal digits" }
        index += 3
        continue
      }
      if byte == 0x20 { return "it contains a space" }
      if byte < 0x20 || byte == 0x7F { return "it contains a control character" }
      if unwritable.contains(byte) {
        return "it contains \(quoted(String(UnicodeScalar(byte))))"
      }
      index += 1
    }
    return nil
  }

  /// ASCII characters RFC 3986 allows nowhere in a URL.
  private static let unwritable: Set<UInt8> = Set("\"<>\\^`{|}".utf8)
  /// The URL's absolute string.
  public func toMappedValue(context: MappingContext) -> Any? { absoluteString }
}

extension UUID: MappableValue {
  /// Converts UUID strings such as `"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"`, in any case.
  public static func fromMappedValue(_ value: Any, context: MappingContext) throws -> UUID {
    if let uuid = exactly(UUID.self, value) { return uuid }
    guard let string = stringValue(value) else {
      throw ConversionError.typeMismatch("UUID", accepts: "a string")
    }
    guard let uuid = UUID(uuidString: string) else {
      throw ConversionError(expectedType: "UUID", reason: "\(quoted(string)) is not a UUID")
    }
    return uuid
  }
  /// The UUID's string, upper case.
  public func toMappedValue(context: MappingContext) -> Any? { uuidString }
}

extension Data: MappableValue {
  /// Converts base64 strings.
  public static func fromMappedValue(_ value: Any, context: MappingContext) throws -> Data {
    if let data = exactly(Data.self, value) { return data }
    // `Data(referencing:)` adopts the object's bytes; `Data(_:)` would copy them one at a
    // time through `DataProtocol`.
    if isObject(value), let data = value as? NSData { return Data(referencing: data) }
    guard let string = stringValue(value) else {
      throw ConversionError.typeMismatch("Data", accepts: "a base64 string")
    }
    guard let data = Data(base64Encoded: string) else {
      throw ConversionError(expectedType: "Data", reason: "\(quoted(string)) is not base64")
    }
    return data
  }
  /// The data as a base64 string.
  public func toMappedValue(context: MappingContext) -> Any? { base64EncodedString() }
}

extension TimeZone: MappableValue {
  /// Converts a time zone abbreviation (`"PST"`, `"GMT"`: Foundation's table, tried first, so
  /// that every platform gives the same zone) or identifier (`"Europe/Paris"`), or a number of
  /// seconds from GMT.
  public static func fromMappedValue(_ value: Any, context: MappingContext) throws -> TimeZone {
    if let zone = exactly(TimeZone.self, value) { return zone }
    switch RawScalar(value) {
    case .string(let name):
      if let zone = TimeZone(abbreviation: name) ?? TimeZone(identifier: name) { return zone }
      throw ConversionError(
        expectedType: "TimeZone",
        reason: "\(quoted(name)) is not a time zone identifier or abbreviation")
    case .signed, .unsigned, .double, .decimal:
      let seconds = try Int.fromMappedValue(value, context: context)
      guard let zone = TimeZone(secondsFromGMT: seconds) else {
        throw ConversionError(
          expectedType: "TimeZone", reason: "\(seconds) seconds from GMT is not a time zone")
      }
      return zone
    case .bool, .other:
      throw ConversionError.typeMismatch(
        "TimeZone", accepts: "a time zone identifier, an abbreviation or seconds from GMT")
    }
  }

  /// The time zone's identifier (`"Europe/Paris"`).
  public func toMappedValue(context: MappingContext) -> Any? { identifier }
}
