/// The Unicode encoding form of JSON text that is not UTF-8: UTF-16 or UTF-32 in either byte
/// order, as `JSONSerialization` and `JSONDecoder` accept them (RFC 4627 allowed all five; RFC 8259
/// asks for UTF-8 between systems, and a server or a file may still send the others).
///
/// Told from a byte order mark, else from where the first four bytes are zero: the first two
/// characters of JSON text are ASCII, so `{"` is `7B 00 22 00` in UTF-16LE and `00 00 00 7B` at
/// the start of UTF-32BE. UTF-8 text never holds a zero byte (not even in a string), nor `FE`
/// or `FF`, so well-formed UTF-8 is always read as UTF-8. The reader scans UTF-8 only: text in
/// another form is transcoded once, whole, before it is read.
enum JSONTextEncoding: Equatable {
  case utf16(bigEndian: Bool)
  case utf32(bigEndian: Bool)

  /// The encoding of `bytes`, and the length of the byte order mark that starts them (0 when
  /// there is none); `nil` for UTF-8 (whose mark the reader steps over).
  static func detect(_ bytes: UnsafeRawBufferPointer) -> (encoding: JSONTextEncoding, mark: Int)? {
    @inline(__always) func byte(_ offset: Int) -> Int? {
      offset < bytes.count ? Int(bytes[offset]) : nil
    }
    switch (byte(0), byte(1), byte(2), byte(3)) {
    case (0x00, 0x00, 0xFE, 0xFF): return (.utf32(bigEndian: true), 4)
    // Before UTF-16LE's mark, which it starts with: no JSON text starts with U+0000.
    case (0xFF, 0xFE, 0x00, 0x00): return (.utf32(bigEndian: false), 4)
    case (0xFE, 0xFF, _, _): return (.utf16(bigEndian: true), 2)
    case (0xFF, 0xFE, _, _): return (.utf16(bigEndian: false), 2)
    case (0x00, 0x00, 0x00, .some(let fourth)) where fourth != 0:
      return (.utf32(bigEndian: true), 0)
    case (.some(let first), 0x00, 0x00, 0x00) where first != 0:
      return (.utf32(bigEndian: false), 0)
    case (0x00, .some(let second), 0x00, .some(let fourth)) where second != 0 && fourth != 0:
      return (.utf16(bigEndian: true), 0)
    case (.some(let first), 0x00, .some(let third), 0x00) where first != 0 && third != 0:
      return (.utf16(bigEndian: false), 0)
    // A single character in UTF-16 (a one-digit fragment): two bytes, one of them zero.
    case (0x00, .some(let second), nil, nil) where second != 0:
      return (.utf16(bigEndian: true), 0)
    case (.some(let first), 0x00, nil, nil) where first != 0:
      return (.utf16(bigEndian: false), 0)
    default:
      return nil
    }
  }

  /// The text of `bytes` after a `mark`-byte byte order mark, in this encoding, as UTF-8.
  ///
  /// - Throws: ``JSONSyntaxError/Reason/invalidEncoding(_:)`` at the first code unit that is
  ///   not part of a well-formed sequence (a lone surrogate, a value past U+10FFFF, a unit cut
  ///   short at the end), with its line and column.
  func utf8(of bytes: UnsafeRawBufferPointer, mark: Int) throws(JSONSyntaxError) -> [UInt8] {
    switch self {
    case .utf16(let bigEndian):
      return try Self.transcode(
        bytes, from: mark, as: Unicode.UTF16.self, bigEndian: bigEndian, name: "UTF-16")
    case .utf32(let bigEndian):
      return try Self.transcode(
        bytes, from: mark, as: Unicode.UTF32.self, bigEndian: bigEndian, name: "UTF-32")
    }
  }

  /// The scalars of `bytes` from `start` on, in `Form` (called `name` in an error), encoded
  /// as UTF-8; the line and column of a malformed sequence counted as the reader counts them.
  private static func transcode<Form: Unicode.Encoding>(
    _ bytes: UnsafeRawBufferPointer, from start: Int, as _: Form.Type, bigEndian: Bool,
    name: String
  ) throws(JSONSyntaxError) -> [UInt8] where Form.CodeUnit: FixedWidthInteger & UnsignedInteger {
    var units = CodeUnits<Form.CodeUnit>(bytes: bytes, position: start, bigEndian: bigEndian)
    var parser = Form.ForwardParser()
    var output: [UInt8] = []
    output.reserveCapacity(units.remaining)
    var line = 1
    var column = 1
    while true {
      let position = units.position
      switch parser.parseScalar(from: &units) {
      case .valid(let encoded):
        let scalar = Form.decode(encoded)
        if scalar == "\n" {
          line += 1
          column = 1
        } else {
          column += 1
        }
        UTF8.encode(scalar) { output.append($0) }
      case .emptyInput:
        return output
      case .error:
        throw JSONSyntaxError(.invalidEncoding(name), offset: position, line: line, column: column)
      }
    }
  }

  /// The code units of `bytes` from `position` on, in their byte order; a last unit cut short
  /// is read as the surrogate `0xD800` (UTF-16) or as a value past U+10FFFF (UTF-32), which
  /// the parsers reject.
  private struct CodeUnits<Unit: FixedWidthInteger & UnsignedInteger>: IteratorProtocol {
    let bytes: UnsafeRawBufferPointer
    var position: Int
    let bigEndian: Bool

    var remaining: Int { max(0, bytes.count - position) }

    mutating func next() -> Unit? {
      let width = MemoryLayout<Unit>.size
      guard position < bytes.count else { return nil }
      guard position + width <= bytes.count else {
        position = bytes.count
        return width == 2 ? 0xD800 : Unit(truncatingIfNeeded: 0x11_0000 as UInt32)
      }
      var value: Unit = 0
      for offset in 0..<width {
        let byte = Unit(bytes[position + (bigEndian ? offset : width - 1 - offset)])
        value = value << 8 | byte
      }
      position += width
      return value
    }
  }
}
