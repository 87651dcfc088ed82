import Foundation

/// Why `JSONReader` rejected its input, and where: the byte offset into the data, and the line
/// and column (both 1-based; columns count Unicode scalars, a byte order mark is not counted).
struct JSONSyntaxError: Error, CustomStringConvertible, Equatable {
  /// What is wrong at the location.
  enum Reason: Equatable, Sendable {
    /// A character that cannot appear here, shown quoted (`'x'`) or as `U+0001`.
    case unexpectedCharacter(String, expected: String)
    /// The input ended where `expected` was needed.
    case unexpectedEndOfInput(expected: String)
    /// A string with no closing quote; the location is its opening quote.
    case unterminatedString
    /// A backslash escape JSON does not define, such as `\x` or a short `\u12`.
    case invalidEscape(String)
    /// A `\uD800`-`\uDFFF` escape that is not half of a surrogate pair.
    case loneSurrogate(UInt16)
    /// A raw control character (below U+0020) inside a string.
    case controlCharacterInString(UInt8)
    /// Bytes that are not well-formed UTF-8.
    case invalidUTF8
    /// Text in UTF-16 or UTF-32 (named) with a code unit that is not part of a well-formed
    /// sequence.
    case invalidEncoding(String)
    /// Arrays and objects nested deeper than the reader's limit.
    case tooDeep(limit: Int)
  }

  /// The fields, boxed: the error is then one word, and every `try` of the reader's recursive
  /// descent keeps room for a thrown error in its frame (a debug build would otherwise spend
  /// kilobytes of stack per level of nesting).
  private final class Storage: Sendable {
    let reason: Reason
    let offset: Int
    let line: Int
    let column: Int

    init(reason: Reason, offset: Int, line: Int, column: Int) {
      self.reason = reason
      self.offset = offset
      self.line = line
      self.column = column
    }
  }

  private let storage: Storage

  var reason: Reason { storage.reason }
  /// The byte offset from the start of the data (a byte order mark included).
  var offset: Int { storage.offset }
  var line: Int { storage.line }
  var column: Int { storage.column }

  static func == (lhs: JSONSyntaxError, rhs: JSONSyntaxError) -> Bool {
    lhs.reason == rhs.reason && lhs.offset == rhs.offset && lhs.line == rhs.line
      && lhs.column == rhs.column
  }

  var description: String {
    let place = "line \(line), column \(column)"
    switch reason {
    case .unexpectedCharacter(let character, let expected):
      return "unexpected character \(character) at \(place) (expected \(expected))"
    case .unexpectedEndOfInput(let expected):
      return "unexpected end of input at \(place) (expected \(expected))"
    case .unterminatedString:
      return "unterminated string starting at \(place)"
    case .invalidEscape(let escape):
      return "invalid escape sequence '\(escape)' in string at \(place)"
    case .loneSurrogate(let unit):
      return "lone surrogate \\u\(hex4(unit)) in string at \(place)"
    case .controlCharacterInString(let byte):
      return "unescaped control character U+\(hex4(UInt16(byte))) in string at \(place)"
    case .invalidUTF8:
      return "invalid UTF-8 at \(place)"
    case .invalidEncoding(let name):
      return "invalid \(name) at \(place)"
    case .tooDeep(let limit):
      return "nesting deeper than \(limit) levels at \(place)"
    }
  }

  /// The error at `offset`, whose line and column the caller counted.
  init(_ reason: Reason, offset: Int, line: Int, column: Int) {
    storage = Storage(reason: reason, offset: offset, line: line, column: column)
  }

  /// Builds the error for `offset` in `bytes`.
  ///
  /// Lines and columns count from `textStart`, the first byte after a byte order mark. Runs only
  /// when parsing fails.
  init(_ reason: Reason, offset: Int, in bytes: UnsafeBufferPointer<UInt8>, textStart: Int) {
    var line = 1
    var column = 1
    var index = textStart
    let stop = min(offset, bytes.count)
    while index < stop {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    storage = Storage(reason: reason, offset: offset, line: line, column: column)
  }
}

/// `00E9` for 0xE9: four uppercase hex digits.
private func hex4(_ value: UInt16) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

extension JSONReader {
  /// How a byte that may not appear is shown in an error: `'x'` for printable ASCII, `'é'` for a
  /// well-formed UTF-8 sequence, `U+0001` for control characters.
  static func describeUnexpectedByte(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> String
  {
    let byte = bytes[index]
    if byte > 0x20 && byte < 0x7F {
      return "'" + String(UnicodeScalar(byte)) + "'"
    }
    if byte < 0x80 {
      return "U+" + hex4(UInt16(byte))
    }
    let length = utf8SequenceLength(in: bytes, at: index)
    guard length > 0 else { return "byte 0x" + String(byte, radix: 16, uppercase: true) }
    let slice = UnsafeBufferPointer(rebasing: bytes[index..<index + length])
    return "'" + String(decoding: slice, as: UTF8.self) + "'"
  }

  /// The length (2 to 4) of the well-formed UTF-8 sequence whose lead byte is at `index`, or 0 when
  /// the bytes there are not well-formed (overlong forms, surrogates, values past U+10FFFF and
  /// truncated sequences included).
  @inline(__always)
  static func utf8SequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let lead = bytes[index]
    let available = bytes.count - index
    @inline(__always) func continuation(_ offset: Int, _ low: UInt8, _ high: UInt8) -> Bool {
      offset < available && (low...high).contains(bytes[index + offset])
    }
    switch lead {
    case 0xC2...0xDF:
      return continuation(1, 0x80, 0xBF) ? 2 : 0
    case 0xE0:
      return continuation(1, 0xA0, 0xBF) && continuation(2, 0x80, 0xBF) ? 3 : 0
    case 0xE1...0xEC, 0xEE...0xEF:
      return continuation(1, 0x80, 0xBF) && continuation(2, 0x80, 0xBF) ? 3 : 0
    case 0xED:
      return continuation(1, 0x80, 0x9F) && continuation(2, 0x80, 0xBF) ? 3 : 0
    case 0xF0:
      return continuation(1, 0x90, 0xBF) && continuation(2, 0x80, 0xBF)
        && continuation(3, 0x80, 0xBF) ? 4 : 0
    case 0xF1...0xF3:
      return continuation(1, 0x80, 0xBF) && continuation(2, 0x80, 0xBF)
        && continuation(3, 0x80, 0xBF) ? 4 : 0
    case 0xF4:
      return continuation(1, 0x80, 0x8F) && continuation(2, 0x80, 0xBF)
        && continuation(3, 0x80, 0xBF) ? 4 : 0
    default:
      return 0
    }
  }
}
