import Foundation
import Testing

@testable import MirrorModel

/// Strings with escapes, decoded straight into the string's storage: every escape kind, at
/// every position relative to the scanner's eight-byte words, as the tree reader, a model's
/// `String` property and a key read them; and the first fault of a bad string reported
/// wherever the string ends.
@Suite("Escaped strings")
struct EscapedStringTests {
  final class Note: ModelBase {
    var text: String = ""
    var optionalText: String?
    var texts: [String] = []
    var byKey: [String: String] = [:]
  }

  @Test(arguments: [
    (#""\/""#, "/"),
    (#""\\""#, "\\"),
    (#""a\\""#, "a\\"),
    (#""\\\"""#, "\\\""),
    (#""\"\"\"\"\"\"\"\"\"""#, String(repeating: "\"", count: 9)),
    (#""https:\/\/api.github.com\/users\/octocat""#, "https://api.github.com/users/octocat"),
    (#""\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9""#, String(repeating: "é", count: 7)),
    (#""\u20ac\u20ac""#, "€€"),
    (#""\ud83d\ude00\ud83d\ude00x""#, "😀😀x"),
    (#""前\n田\tあ\"ゆ\\み""#, "前\n田\tあ\"ゆ\\み"),
    (#""\u0000""#, "\u{0}"),
    (#""12345678\n12345678\n""#, "12345678\n12345678\n"),
  ])
  func decodes(json: String, expected: String) throws {
    #expect(try JSONReader.parse(Data(json.utf8)) as? String == expected)
    let note = try Note(json: Data(#"{"text": \#(json), "optionalText": \#(json)}"#.utf8))
    #expect(note.text == expected)
    #expect(note.optionalText == expected)
  }

  /// Random strings, every character escaped or not at random (astral ones as surrogate
  /// pairs), read back exactly by the tree reader, as values, array elements and keys.
  @Test func randomStringsReadBackExactly() throws {
    var generator = RandSplitMix(seed: 0x5EED_E5C4)
    let pool: [Unicode.Scalar] =
      Array("abc XYZ09/\"\\".unicodeScalars)
      + [
        "\u{0}", "\u{8}", "\u{1F}", "\u{7F}", "é", "ß", "\u{7FF}", "\u{800}", "前", "\u{FFFF}",
        "\u{10000}", "😀", "\u{10FFFF}",
      ]
    for _ in 0..<400 {
      let length = Int(generator.next() % 40)
      var scalars: [Unicode.Scalar] = []
      for _ in 0..<length { scalars.append(pool[Int(generator.next() % UInt64(pool.count))]) }
      var string = ""
      string.unicodeScalars.append(contentsOf: scalars)
      var escaped = "\""
      for scalar in scalars {
        escaped += Self.escape(scalar, always: generator.next() % 3 == 0)
      }
      escaped += "\""
      let json =
        #"{"text": \#(escaped), "texts": [\#(escaped), \#(escaped)], "#
        + #""byKey": {\#(escaped): \#(escaped)}}"#
      let tree = try JSONReader.parse(Data(json.utf8)) as? [String: Any]
      #expect(tree?["text"] as? String == string, "\(escaped)")
      let note = try Note(json: Data(json.utf8))
      #expect(note.text == string, "\(escaped)")
      #expect(note.texts == [string, string])
      #expect(note.byKey == [string: string])
    }
  }

  @Test(arguments: [
    // The first fault of a string with no closing quote, not the missing quote.
    (#""a\qbc"#, "invalid escape sequence '\\q' in string at line 1, column 3"),
    ("\"a\\n\nb", "unescaped control character U+000A in string at line 1, column 5"),
    (#""a\u12"#, "unterminated string starting at line 1, column 1"),
    (#""a\ud83d"#, "lone surrogate \\uD83D in string at line 1, column 3"),
    (#""a\\"#, "unterminated string starting at line 1, column 1"),
    (#""a\""#, "unterminated string starting at line 1, column 1"),
    // A closing quote after the fault.
    (#""1234567890\q""#, "invalid escape sequence '\\q' in string at line 1, column 12"),
    ("\"a\\nb\u{1}\"", "unescaped control character U+0001 in string at line 1, column 6"),
    (#""a\u00e9\u12x4""#, "invalid escape sequence '\\u12' in string at line 1, column 9"),
    (#""\udc00\ud83d""#, "lone surrogate \\uDC00 in string at line 1, column 2"),
  ])
  func faults(json: String, message: String) {
    do {
      _ = try JSONReader.parse(Data(json.utf8))
      Issue.record("accepted \(json)")
    } catch {
      #expect(error.description == message)
    }
    #expect(throws: (any Error).self) { try Note(json: Data(#"{"text": \#(json)}"#.utf8)) }
  }

  @Test func invalidUTF8AfterAnEscape() {
    for bytes: [UInt8] in [[0x22, 0x5C, 0x6E, 0xFF, 0x22], [0x22, 0x5C, 0x6E, 0xC3]] {
      do {
        _ = try JSONReader.parse(Data(bytes))
        Issue.record("accepted \(bytes)")
      } catch {
        #expect(error.reason == .invalidUTF8)
        #expect(error.offset == 3)
      }
    }
  }

  private static func escape(_ scalar: Unicode.Scalar, always: Bool) -> String {
    let value = scalar.value
    func hex(_ unit: UInt32) -> String {
      let digits = String(unit, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
    switch scalar {
    case "\"": return "\\\""
    case "\\": return always ? hex(value) : "\\\\"
    case "/": return always ? "\\/" : "/"
    case "\u{8}": return "\\b"
    default: break
    }
    if value < 0x20 || always {
      guard value >= 0x10000 else { return hex(value) }
      let offset = value - 0x10000
      return hex(0xD800 + (offset >> 10)) + hex(0xDC00 + (offset & 0x3FF))
    }
    return String(scalar)
  }
}
