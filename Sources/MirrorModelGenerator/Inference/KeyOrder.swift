/// One step from the top of a payload to a nested position.
enum PathComponent: Hashable {
  /// The value of a key of an object.
  case key(String)
  /// Any element of an array (elements are merged, so they share one path).
  case element
}

/// The order in which keys first appear in the payload's text, for each object position.
///
/// `JSONSerialization` returns unordered dictionaries, so the generator reads the key order from
/// the text itself with a small scanner that trusts the text to be valid JSON (it runs after
/// `JSONSerialization` accepted it). When the scanner cannot read the text (UTF-16 or UTF-32
/// input, for example) it gives up and keys are sorted alphabetically instead.
struct KeyOrder {
  private var keysByPath: [[PathComponent]: [String]] = [:]

  /// An empty order: every object's keys sort alphabetically.
  init() {}

  /// The key order of a UTF-8 JSON text, or an empty order when the text cannot be scanned.
  init(scanning bytes: [UInt8]) {
    var scanner = KeyOrderScanner(bytes: bytes)
    if scanner.scanDocument() {
      keysByPath = scanner.keysByPath
    }
  }

  /// The keys of an object at `path`: in payload order, then any unknown keys alphabetically.
  func ordered(_ keys: some Collection<String>, at path: [PathComponent]) -> [String] {
    let present = Set(keys)
    let known = (keysByPath[path] ?? []).filter { present.contains($0) }
    let seen = Set(known)
    return known + present.filter { !seen.contains($0) }.sorted()
  }
}

private struct KeyOrderScanner {
  let bytes: [UInt8]
  var index = 0
  var keysByPath: [[PathComponent]: [String]] = [:]
  var seenByPath: [[PathComponent]: Set<String>] = [:]

  init(bytes: [UInt8]) {
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      index = 3
    }
  }

  mutating func scanDocument() -> Bool {
    guard scanValue(at: []) else { return false }
    skipWhitespace()
    return index == bytes.count
  }

  private mutating func scanValue(at path: [PathComponent]) -> Bool {
    skipWhitespace()
    guard index < bytes.count else { return false }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      return scanObject(at: path)
    case UInt8(ascii: "["):
      return scanArray(at: path)
    case UInt8(ascii: "\""):
      return scanString() != nil
    default:
      let start = index
      while index < bytes.count, !Self.isDelimiter(bytes[index]) {
        index += 1
      }
      return index > start
    }
  }

  private mutating func scanObject(at path: [PathComponent]) -> Bool {
    index += 1
    while true {
      skipWhitespace()
      guard index < bytes.count else { return false }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return true
      }
      guard let key = scanString() else { return false }
      if seenByPath[path, default: []].insert(key).inserted {
        keysByPath[path, default: []].append(key)
      }
      skipWhitespace()
      guard take(":"), scanValue(at: path + [.key(key)]) else { return false }
      skipWhitespace()
      _ = take(",")
    }
  }

  private mutating func scanArray(at path: [PathComponent]) -> Bool {
    index += 1
    while true {
      skipWhitespace()
      guard index < bytes.count else { return false }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return true
      }
      guard scanValue(at: path + [.element]) else { return false }
      skipWhitespace()
      _ = take(",")
    }
  }

  /// Reads a string literal at the index and returns its decoded value.
  private mutating func scanString() -> String? {
    guard take("\"") else { return nil }
    var utf16: [UInt16] = []
    var start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        utf16 += String(decoding: bytes[start..<index], as: UTF8.self).utf16
        index += 1
        return String(decoding: utf16, as: UTF16.self)
      }
      guard byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      utf16 += String(decoding: bytes[start..<index], as: UTF8.self).utf16
      guard index + 1 < bytes.count, let unit = escapedUnit(after: bytes[index + 1]) else {
        return nil
      }
      utf16.append(unit)
      start = index
    }
    return nil
  }

  /// Decodes the escape whose letter is `letter` and moves past it.
  private mutating func escapedUnit(after letter: UInt8) -> UInt16? {
    let simple: [UInt8: UInt16] = [
      UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
      UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
      UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]
    if let unit = simple[letter] {
      index += 2
      return unit
    }
    guard letter == UInt8(ascii: "u"), index + 6 <= bytes.count,
      let unit = UInt16(String(decoding: bytes[index + 2..<index + 6], as: UTF8.self), radix: 16)
    else { return nil }
    index += 6
    return unit
  }

  private mutating func take(_ character: Unicode.Scalar) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }

  private mutating func skipWhitespace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
      index += 1
    }
  }

  private static func isDelimiter(_ byte: UInt8) -> Bool {
    [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")]
      .contains(byte)
  }
}
