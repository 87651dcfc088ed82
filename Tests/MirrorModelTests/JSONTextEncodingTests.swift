import Foundation
import Testing

@testable import MirrorModel

/// A model with text, numbers, an array and an untyped value, read from text in every
/// encoding form.
final class EncodedHotel: ModelBase {
  var name = ""
  var stars = 0
  var price = 0.0
  var tags: [String] = []
  var extra: Any?
}

/// JSON text in UTF-16 and UTF-32 (either byte order, with a byte order mark or without), as
/// `JSONSerialization` and `JSONDecoder` read it: `init(json:)` and every reader of text read
/// it as its UTF-8 form.
@Suite("JSON text in UTF-16 and UTF-32")
struct JSONTextEncodingTests {
  static let text = """
    {"name": "Ritz 中 😀", "stars": 5,
     "price": 12.5, "tags": ["a", "é"], "extra": {"k": [1, "\\u00e9", null]}}
    """

  /// `text` in `encoding`, with the byte order mark Foundation writes or none.
  static func encoded(_ text: String, _ encoding: String.Encoding) throws -> Data {
    try #require(text.data(using: encoding))
  }

  static let encodings: [String.Encoding] = [
    .utf16, .utf16LittleEndian, .utf16BigEndian, .utf32, .utf32LittleEndian, .utf32BigEndian,
  ]

  @Test(arguments: encodings)
  func everyReaderOfTextReadsItAsItsUTF8(_ encoding: String.Encoding) throws {
    let data = try Self.encoded(Self.text, encoding)
    let expected = try EncodedHotel(json: Data(Self.text.utf8))
    let hotel = try EncodedHotel(json: data)
    #expect(hotel == expected)
    #expect(hotel.name == "Ritz 中 😀" && hotel.stars == 5 && hotel.price == 12.5)
    #expect(hotel.tags == ["a", "é"])
    #expect(JSONValue.equal(hotel.extra as Any, ["k": [1, "é", NSNull()]]))
    // The same model as JSONSerialization's dictionary of the same bytes.
    let tree = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(try EncodedHotel(dictionary: tree) == hotel)
    // Arrays, a designated path, lenient mode, a store's identifier search.
    let list = try Self.encoded("[\(Self.text), \(Self.text)]", encoding)
    #expect(try [EncodedHotel](json: list) == [expected, expected])
    let wrapped = try Self.encoded(#"{"data": {"hotel": \#(Self.text)}}"#, encoding)
    #expect(try EncodedHotel(json: wrapped, at: "data.hotel") == expected)
    #expect(try EncodedHotel(json: data, mode: .lenient) == expected)
  }

  @Test func theFormIsToldFromTheMarkOrTheZeroBytes() {
    let cases: [([UInt8], JSONTextEncoding?, Int)] = [
      ([0x7B, 0x22, 0x61, 0x22], nil, 0), ([0xEF, 0xBB, 0xBF, 0x7B], nil, 0),
      ([0xFE, 0xFF, 0x00, 0x7B], .utf16(bigEndian: true), 2),
      ([0xFF, 0xFE, 0x7B, 0x00], .utf16(bigEndian: false), 2),
      ([0x00, 0x00, 0xFE, 0xFF], .utf32(bigEndian: true), 4),
      ([0xFF, 0xFE, 0x00, 0x00], .utf32(bigEndian: false), 4),
      ([0x00, 0x7B, 0x00, 0x22], .utf16(bigEndian: true), 0),
      ([0x7B, 0x00, 0x22, 0x00], .utf16(bigEndian: false), 0),
      ([0x00, 0x00, 0x00, 0x7B], .utf32(bigEndian: true), 0),
      ([0x7B, 0x00, 0x00, 0x00], .utf32(bigEndian: false), 0),
      ([0x00, 0x35], .utf16(bigEndian: true), 0), ([0x35, 0x00], .utf16(bigEndian: false), 0),
      ([0x35], nil, 0), ([], nil, 0), ([0x00, 0x00, 0x00, 0x00], nil, 0),
      ([0xFF], nil, 0),
    ]
    for (bytes, encoding, mark) in cases {
      let detected = bytes.withUnsafeBytes { JSONTextEncoding.detect($0) }
      // UTF-8 (`nil`) has no mark to drop: the reader steps over its own.
      #expect(detected?.encoding == encoding && (detected?.mark ?? 0) == mark, "\(bytes)")
    }
  }

  /// A code unit that is not part of a well-formed sequence: an issue naming the form, with
  /// the line and column of the character, as for malformed UTF-8.
  @Test func malformedUnitsAreReportedAtTheirLineAndColumn() throws {
    let highSurrogate: [UInt8] = [0x00, 0xD8]  // U+D800 in UTF-16LE, alone
    let prefix = Array("{\n  \"name\": \"ab".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let suffix = Array("\"}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let cases: [(bytes: [UInt8], reason: String)] = [
      (prefix + highSurrogate + suffix, "invalid UTF-16 at line 2, column 14"),
      // Cut short: an odd number of bytes.
      (prefix + suffix + [0x20], "invalid UTF-16 at line 2, column 16"),
      // A UTF-32BE value past U+10FFFF.
      ([0, 0, 0, 0x7B, 0, 0, 0, 0x0A, 0, 0x11, 0, 0], "invalid UTF-32 at line 2, column 1"),
    ]
    for (bytes, reason) in cases {
      let error = try #require(throws: MappingError.self) { try EncodedHotel(json: Data(bytes)) }
      #expect(error.issues.count == 1)
      #expect(error.issues.first?.kind == .invalidJSON)
      #expect(error.issues.first?.reason == reason)
    }
  }
}
