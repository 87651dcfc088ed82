import Foundation
import Testing

@testable import MirrorModel

/// Every kind of string byte and whitespace run at every offset of an eight-byte word.
///
/// The scanner steps over plain string bytes and spaces eight at a time, jumping to the first
/// byte of a word that needs a look. Each case is read three ways: into the tree, into a
/// model's field, and stepped over as an unknown key's value.
@Suite("JSON scanner at every offset")
struct JSONScannerOffsetTests {
  final class Holder: ModelBase {
    var text = ""
  }

  /// Pieces a string can hold, as written in JSON and as decoded.
  static let pieces: [(json: String, decoded: String)] = [
    ("", ""), ("\\\"", "\""), ("\\\\", "\\"), ("\\n", "\n"), ("\\u00e9", "é"),
    ("é", "é"), ("名前", "名前"), ("😀", "😀"), ("a名b", "a名b"), ("ПриветWorld", "ПриветWorld"),
    ("\\ud83d\\ude00x", "😀x"), ("~\u{7F}", "~\u{7F}"),
  ]

  @Test func everyPieceAtEveryOffset() throws {
    for offset in 0..<18 {
      for suffixLength in [0, 1, 7, 9] {
        for piece in Self.pieces {
          let prefix = String(repeating: "p", count: offset)
          let suffix = String(repeating: "s", count: suffixLength)
          let expected = prefix + piece.decoded + suffix
          let json = #"{"text":""# + prefix + piece.json + suffix + #""}"#
          let tree = try JSONReader.parse(Data(json.utf8)) as? [String: Any]
          #expect(tree?["text"] as? String == expected, "\(json)")
          #expect(try Holder(json: Data(json.utf8)).text == expected, "\(json)")
          // Stepped over: the value of a key the class does not read.
          let skipped = #"{"other":""# + prefix + piece.json + suffix + #"","text":"t"}"#
          #expect(try Holder(json: Data(skipped.utf8)).text == "t", "\(skipped)")
        }
      }
    }
  }

  /// Strings made from the text without checking their UTF-8 again (longer than 15 bytes)
  /// behave as checked ones: the same characters, count, hash and order, for ASCII text and
  /// for text with a non-ASCII character anywhere (a string marked ASCII by mistake would
  /// count its bytes as characters).
  @Test func stringsMadeFromTheTextBehaveAsCheckedOnes() throws {
    for length in [14, 15, 16, 17, 40] {
      for piece in ["", "é", "e\u{301}", "名", "😀", #"e\u0301"#, #"\u00e9"#, #"\n"#] {
        for place in [0, length / 2, length] {
          var ascii = String(repeating: "a", count: length)
          ascii.insert(contentsOf: piece, at: ascii.index(ascii.startIndex, offsetBy: place))
          let json = #"{"text":""# + ascii + #""}"#
          let tree = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
          let expected = try #require(tree["text"] as? String)
          let read = try Holder(json: Data(json.utf8)).text
          #expect(read == expected && read.count == expected.count, "\(json)")
          #expect(read.hashValue == expected.hashValue, "\(json)")
          #expect(Set([read, expected]).count == 1 && !(read < expected) && !(expected < read))
          #expect(Array(read.unicodeScalars) == Array(expected.unicodeScalars), "\(json)")
        }
      }
    }
  }

  /// Bytes a string must not hold raw, at every offset: the error names the byte's place.
  @Test func rejectedBytesAtEveryOffset() throws {
    let bad: [(bytes: [UInt8], reason: JSONSyntaxError.Reason)] = [
      ([0x0A], .controlCharacterInString(0x0A)), ([0x00], .controlCharacterInString(0x00)),
      ([0x1F], .controlCharacterInString(0x1F)), ([0xFF], .invalidUTF8),
      ([0xC3, 0x28], .invalidUTF8), ([0xE5, 0x90], .invalidUTF8),
      ([0xED, 0xA0, 0x80], .invalidUTF8),
    ]
    for offset in 0..<18 {
      for piece in bad {
        let start = Array(#"{"text":""#.utf8) + Array(repeating: UInt8(ascii: "p"), count: offset)
        let bytes = start + piece.bytes + Array(#"ssssssssss"}"#.utf8)
        for read in readers {
          do {
            try read(Data(bytes))
            Issue.record("accepted \(piece.bytes) at \(offset)")
          } catch let error as JSONSyntaxError {
            #expect(error.reason == piece.reason && error.offset == start.count, "\(offset)")
          } catch let error as MappingError {
            let issue = try #require(error.issues.first)
            #expect(issue.kind == .invalidJSON, "\(offset)")
            #expect(issue.reason.contains("column \(start.count + 1)"), "\(issue.reason)")
          }
        }
      }
    }
  }

  /// Runs of spaces of every length before and after every token, up to the end of input.
  @Test func spaceRunsOfEveryLength() throws {
    for length in 0..<20 {
      let gap = String(repeating: " ", count: length)
      let json = [
        "{", #""text""#, ":", #""v""#, ",", #""n""#, ":", "[", "1", ",", "true", ",", "null",
        "]", "}",
      ].joined(separator: gap)
      for text in [json, gap + json + gap, "\n" + gap + json + "\n" + gap + "\r\n\t"] {
        let tree = try JSONReader.parse(Data(text.utf8)) as? [String: Any]
        #expect(tree?["text"] as? String == "v" && (tree?["n"] as? [Any])?.count == 3, "\(text)")
        #expect(try Holder(json: Data(text.utf8)).text == "v", "\(text)")
      }
      // A space run that stops short of a byte that is not whitespace, near the end.
      let cut = "[1" + gap + "x"
      #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Data(cut.utf8)) }
    }
  }

  /// `true`, `false` and `null`, and their misspellings, at the end of input and inside it.
  @Test func literalsWholeAndCut() throws {
    for (text, valid) in [
      ("[true]", true), ("[false]", true), ("[null]", true), ("[tru]", false),
      ("[fals]", false), ("[falsE]", false), ("[nul]", false), ("[nulL]", false),
      ("true", true), ("false", true), ("null", true), ("tru", false), ("fals", false),
      ("truex", false), ("[trUe]", false), ("[nulll]", false),
    ] {
      let parsed = try? JSONReader.parse(Data(text.utf8))
      #expect((parsed != nil) == valid, "\(text)")
      let member = #"{"other":"# + text + #","text":"t"}"#
      #expect(((try? Holder(json: Data(member.utf8))) != nil) == valid, "\(member)")
    }
  }
}

/// The three ways the tests read a document: the tree, a model's field, a skipped member.
private let readers: [@Sendable (Data) throws -> Void] = [
  { data in _ = try JSONReader.parse(data) },
  { data in _ = try JSONScannerOffsetTests.Holder(json: data) },
  { data in
    // The same string as the value of a key the class does not read (`text` made `zzzz`).
    var bytes = Array(data)
    bytes.replaceSubrange(2..<6, with: Array("zzzz".utf8))
    _ = try JSONScannerOffsetTests.Holder(json: Data(bytes))
  },
]

/// The optional fields read by code written for their type (`String?`, `Int?`, `Int64?`,
/// `Bool?`, `Double?`) and one read by the generic code (`URL?`), against the dictionary.
@Suite("Optional fields read from text")
struct OptionalFastFieldTests {
  final class Optionals: ModelBase {
    var text: String? = "initial"
    var int: Int?
    var int64: Int64?
    var bool: Bool?
    var double: Double?
    var url: URL?

    override class var nullStrings: Set<String> { ModelBase.extendedNullStrings }
  }

  @Test(arguments: [
    #""abc""#, #""null""#, #""<null>""#, #""""#, "null", "12", "-9223372036854775808", "true",
    "false", "1.5", #""42""#, #""https://example.com/a""#, "[1]", "{}", #""NULL""#,
  ])
  func sameAsTheDictionary(value: String) throws {
    let json = Data(
      #"{"text":\#(value),"int":\#(value),"int64":\#(value),"bool":\#(value),"#
        .appending(#""double":\#(value),"url":\#(value)}"#).utf8)
    let dictionary = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    for mode in [MappingMode.standard, .lenient] {
      let fromText = Result { try Optionals(json: json, mode: mode) }
      let fromDictionary = Result { try Optionals(dictionary: dictionary, mode: mode) }
      switch (fromText, fromDictionary) {
      case (.success(let text), .success(let other)):
        #expect(text.text == other.text && text.int == other.int, "\(value)")
        #expect(text.int64 == other.int64 && text.bool == other.bool, "\(value)")
        #expect(text.double == other.double && text.url == other.url, "\(value)")
      case (.failure(let text), .failure(let other)):
        let paths = { (error: any Error) in (error as? MappingError)?.issues.map(\.path) }
        #expect(paths(text) == paths(other), "\(value)")
      default:
        Issue.record("\(value) in \(mode): \(fromText) vs \(fromDictionary)")
      }
    }
  }

  /// Written as read: a `nil` field left out, the others as the dictionary holds them.
  @Test func writtenAsTheDictionaryHoldsThem() throws {
    let model = Optionals()
    #expect(try model.toJSONString() == #"{"text":"initial"}"#)
    model.text = nil
    model.int = -7
    model.int64 = .max
    model.bool = false
    model.double = 2.5
    model.url = URL(string: "https://example.com/a")
    #expect(
      try model.toJSONString() == #"{"int":-7,"int64":9223372036854775807,"bool":false,"#
        + #""double":2.5,"url":"https:\/\/example.com\/a"}"#)
    let dictionary = model.toDictionary()
    #expect(dictionary.count == 5 && dictionary["text"] == nil)
  }

  @Test func nullStringsAndValues() throws {
    let model = try Optionals(
      json: Data(
        #"{"text":"<null>","int":7,"int64":-9223372036854775808,"bool":true,"double":0.5}"#
          .utf8))
    #expect(model.text == nil && model.int == 7 && model.int64 == .min)
    #expect(model.bool == true && model.double == 0.5 && model.url == nil)
    let kept = try Optionals(json: Data(#"{"text":"kept","url":"https://example.com"}"#.utf8))
    #expect(kept.text == "kept" && kept.url?.absoluteString == "https://example.com")
  }
}

/// The key table, looked up from a key's bytes: keys of every length up to two words, and keys
/// one byte away from them (at each place) that must not match.
@Suite("Key table lookups")
struct PropertyKeyTableTests {
  static let keys: [String] = (1...20).map { length in
    let letters: [UInt8] = (0..<length).map { place in UInt8(97 + (place * 7 + length) % 26) }
    return String(decoding: letters, as: UTF8.self)
  }

  @Test func everyKeyFoundAndNoNearMiss() throws {
    let table = try #require(PropertyKeyTable(keys: Self.keys))
    for (index, key) in Self.keys.enumerated() {
      let bytes = Array(key.utf8)
      #expect(bytes.withUnsafeBufferPointer { table.target(of: $0) } == index, "\(key)")
      // Inside a larger buffer, as the scanner hands keys over.
      let padded: [UInt8] = Array("{\"".utf8) + bytes + Array("\":1}".utf8)
      let found = padded.withUnsafeBufferPointer {
        table.target(of: UnsafeBufferPointer(rebasing: $0[2..<(2 + bytes.count)]))
      }
      #expect(found == index, "\(key)")
      for place in bytes.indices {
        var near = bytes
        near[place] = near[place] == UInt8(ascii: "z") ? UInt8(ascii: "y") : near[place] + 1
        #expect(near.withUnsafeBufferPointer { table.target(of: $0) } == nil, "\(near)")
      }
      // One byte longer or shorter.
      let longer = bytes + [UInt8(ascii: "q")]
      #expect(longer.withUnsafeBufferPointer { table.target(of: $0) } == nil, "\(key)")
      let shorter = Array(bytes.dropLast())
      if !shorter.isEmpty, !Self.keys.contains(String(decoding: shorter, as: UTF8.self)) {
        #expect(shorter.withUnsafeBufferPointer { table.target(of: $0) } == nil, "\(key)")
      }
    }
  }
}

/// A decimal that no `Double` holds, written in fewer than 18 characters, would read back as a
/// `Double`: it is written with zeros after its last digit up to 18, and reads back the same.
@Suite("Decimals written to read back")
struct DecimalRoundTripTests {
  final class Untyped: ModelBase {
    var value: Any?
    override class var keepsUnknownKeys: Bool { true }
  }

  @Test(arguments: [
    ("9007199254740993.0000000e-1", "900719925474099.30"),
    ("-90071992547409.9300e0", "-90071992547409.93"),
    ("0.10000000000000000", "0.1"), ("1.2345678901234567890", "1.234567890123456789"),
    ("123456789012345678E-2", "1234567890123456.78"),
  ])
  func readsBackTheSameNumber(literal: String, written: String) throws {
    let model = try Untyped(json: Data(#"{"value": \#(literal), "kept": \#(literal)}"#.utf8))
    let text = try model.toJSONString()
    #expect(text.contains(#""value":\#(written)"#) && text.contains(#""kept":\#(written)"#))
    let back = try Untyped(json: Data(text.utf8))
    #expect(back == model)
    #expect(String(describing: back.value) == String(describing: model.value))
  }
}
