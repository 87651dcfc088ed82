import Foundation

extension JSONReader.Parser {
  /// Reads the string whose opening quote is at `index`.
  ///
  /// A string without escapes is made straight from its bytes; one with escapes is decoded into
  /// the reusable scratch buffer first.
  mutating func parseString() throws(JSONSyntaxError) -> String {
    let run = try scanString()
    if run.isPlain {
      return JSONReader.string(
        checked: UnsafeBufferPointer(rebasing: bytes[run.bytes]), isASCII: run.isASCII)
    }
    return try parseEscapedString(quote: run.quote, start: run.bytes.lowerBound)
  }

  /// The object key at `index` as ``parseString()`` reads it, the same key met before in the
  /// document given as the string made then (``KeyStrings``).
  @inline(__always)
  mutating func parseKey() throws(JSONSyntaxError) -> String {
    let run = try scanString()
    guard run.isPlain else {
      return try parseEscapedString(quote: run.quote, start: run.bytes.lowerBound)
    }
    return keyStrings.string(of: run.bytes, in: bytes, isASCII: run.isASCII)
  }

  /// Scans the string whose opening quote is at `index` up to its closing quote or its first
  /// escape, whichever comes first.
  ///
  /// - Returns: Where the quote is; the bytes scanned (the whole content when `isPlain`, and
  ///   `index` is then past the closing quote; otherwise the run before the first backslash,
  ///   where `index` is); whether those bytes are all ASCII.
  @inline(__always)
  mutating func scanString() throws(JSONSyntaxError) -> (
    quote: Int, bytes: Range<Int>, isPlain: Bool, isASCII: Bool
  ) {
    let quote = index
    index += 1
    let start = index
    let isASCII = try scanPlainRun()
    guard index < count else { try fail(.unterminatedString, at: quote) }
    let run = start..<index
    guard bytes[index] == UInt8(ascii: "\"") else { return (quote, run, false, isASCII) }
    index += 1
    return (quote, run, true, isASCII)
  }

  /// Advances `index` over bytes that stand for themselves.
  ///
  /// Stops at a quote, a backslash or the end of input; rejects raw control characters and
  /// malformed UTF-8.
  ///
  /// - Returns: Whether every byte stepped over is ASCII.
  @discardableResult @inline(__always)
  mutating func scanPlainRun() throws(JSONSyntaxError) -> Bool {
    var isASCII = true
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return isASCII }
    while true {
      // Eight bytes at a time while none is a quote, a backslash, a control character or
      // non-ASCII; then straight to the first that is (``ByteWord``).
      while index &+ 8 <= count {
        let word = ByteWord.load(base, at: index)
        let special =
          ByteWord.bytes(of: word, equalTo: UInt8(ascii: "\""))
          | ByteWord.bytes(of: word, equalTo: UInt8(ascii: "\\"))
          | ByteWord.bytes(of: word, below: 0x20) | ByteWord.nonASCIIBytes(of: word)
        if special != 0 {
          index &+= ByteWord.firstMarked(special)
          break
        }
        index &+= 8
      }
      guard index < count else { return isASCII }
      var byte = bytes[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return isASCII }
      if byte < 0x20 { try fail(.controlCharacterInString(byte), at: index) }
      if byte < 0x80 {
        index &+= 1  // the last bytes, fewer than eight
        continue
      }
      // A run of non-ASCII characters (text in most scripts but Latin) byte by byte, until
      // an ASCII byte sends the scan back to whole words.
      isASCII = false
      repeat {
        // The common three-byte sequences (CJK, most symbols) inline; the rest by the table.
        if byte &- 0xE1 < 0x0C && index &+ 2 < count
          && bytes[index &+ 1] & 0xC0 == 0x80 && bytes[index &+ 2] & 0xC0 == 0x80
        {
          index &+= 3
        } else {
          let length = JSONReader.utf8SequenceLength(in: bytes, at: index)
          if length == 0 { try fail(.invalidUTF8, at: index) }
          index &+= length
        }
        guard index < count else { return isASCII }
        byte = bytes[index]
      } while byte >= 0x80
    }
  }

  /// Steps over the rest of a string that contains escapes, checking them as
  /// ``parseEscapedString(quote:start:)`` does; `index` is at its first backslash.
  mutating func skipEscapedString(quote: Int) throws(JSONSyntaxError) {
    while true {
      guard index < count else { try fail(.unterminatedString, at: quote) }
      if bytes[index] == UInt8(ascii: "\"") {
        index += 1
        return
      }
      scratch.removeAll(keepingCapacity: true)
      try appendEscape(quote: quote)
      try scanPlainRun()
    }
  }

  /// Finishes a string that contains escapes; `index` is at its first backslash.
  mutating func parseEscapedString(quote: Int, start: Int) throws(JSONSyntaxError) -> String {
    scratch.removeAll(keepingCapacity: true)
    var runStart = start
    while true {
      guard index < count else { try fail(.unterminatedString, at: quote) }
      if runStart < index {
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      }
      if bytes[index] == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: scratch, as: UTF8.self)
      }
      try appendEscape(quote: quote)
      runStart = index
      try scanPlainRun()
    }
  }

  /// Decodes the escape sequence at `index` (a backslash) into the scratch buffer.
  mutating func appendEscape(quote: Int) throws(JSONSyntaxError) {
    let escapeStart = index
    index += 1
    guard index < count else { try fail(.unterminatedString, at: quote) }
    let letter = bytes[index]
    index += 1
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
      scratch.append(letter)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try readHex4(escapeStart: escapeStart, quote: quote)
      switch unit {
      case 0xD800...0xDBFF:
        guard index + 1 < count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { try fail(.loneSurrogate(unit), at: escapeStart) }
        let lowStart = index
        index += 2
        let low = try readHex4(escapeStart: lowStart, quote: quote)
        guard (0xDC00...0xDFFF).contains(low) else {
          try fail(.loneSurrogate(unit), at: escapeStart)
        }
        let scalar = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
        appendUTF8(scalar)
      case 0xDC00...0xDFFF:
        try fail(.loneSurrogate(unit), at: escapeStart)
      default:
        appendUTF8(UInt32(unit))
      }
    default:
      let shown =
        letter > 0x20 && letter < 0x7F
        ? String(UnicodeScalar(letter))
        : JSONReader.describeUnexpectedByte(in: bytes, at: index - 1)
      try fail(.invalidEscape("\\" + shown), at: escapeStart)
    }
  }

  /// Reads the four hex digits after `\u`; `index` is at the first of them.
  mutating func readHex4(escapeStart: Int, quote: Int) throws(JSONSyntaxError) -> UInt16 {
    var value: UInt16 = 0
    for _ in 0..<4 {
      guard index < count else { try fail(.unterminatedString, at: quote) }
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default:
        let read = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[escapeStart..<index]), as: UTF8.self)
        try fail(.invalidEscape(read), at: escapeStart)
      }
      value = value << 4 | UInt16(digit)
      index += 1
    }
    return value
  }

  /// Appends the UTF-8 encoding of a Unicode scalar value (never a surrogate) to the scratch.
  @inline(__always)
  mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      scratch.append(UInt8(scalar))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | scalar >> 6))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | scalar >> 12))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | scalar >> 18))
      scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    }
  }
}

extension JSONReader {
  /// The strings made for the object keys of one document, by their bytes: a document's
  /// objects of one kind repeat their keys (a twitter status has 25, its user 40), and a key
  /// met again is the string made the first time, not made again from its bytes.
  ///
  /// A table of 256 slots, each the last key whose bytes hash there (where it is in the
  /// input, and its string); made once the document has had 64 keys, so that a small
  /// document pays nothing for it. Keys longer than 64 bytes are made each time.
  struct KeyStrings {
    private struct Entry {
      let bytes: Range<Int>
      let string: String
    }

    private var entries: [Entry?] = []
    private var made = 0

    private static let slotCount = 256
    private static let keysBeforeTable = 64
    private static let longestKey = 64

    /// The string of the plain (escape-free) key at `range` of `input`, checked UTF-8.
    @inline(__always)
    mutating func string(
      of range: Range<Int>, in input: UnsafeBufferPointer<UInt8>, isASCII: Bool
    ) -> String {
      let key = UnsafeBufferPointer(rebasing: input[range])
      guard !entries.isEmpty, key.count <= Self.longestKey else {
        return newString(key, isASCII: isASCII)
      }
      return tableString(of: range, key, in: input, isASCII: isASCII)
    }

    @inline(never)
    private mutating func tableString(
      of range: Range<Int>, _ key: UnsafeBufferPointer<UInt8>, in input: UnsafeBufferPointer<UInt8>,
      isASCII: Bool
    ) -> String {
      let slot = KeyBytes.hash(key) & (Self.slotCount - 1)
      if let entry = entries[slot],
        KeyBytes.equal(UnsafeBufferPointer(rebasing: input[entry.bytes]), key)
      {
        return entry.string
      }
      let string = JSONReader.string(checked: key, isASCII: isASCII)
      entries[slot] = Entry(bytes: range, string: string)
      return string
    }

    /// A key made from its bytes, counting toward making the table.
    private mutating func newString(_ key: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
      made += 1
      if made == Self.keysBeforeTable {
        entries = Array(repeating: nil, count: Self.slotCount)
      }
      return JSONReader.string(checked: key, isASCII: isASCII)
    }
  }
}
