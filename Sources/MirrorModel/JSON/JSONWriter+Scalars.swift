import Foundation

extension JSONWriter.Writer {
  mutating func writeBool(_ flag: Bool) {
    if flag {
      output.append(contentsOf: "true".utf8)
    } else {
      output.append(contentsOf: "false".utf8)
    }
  }

  /// Writes the decimal digits of `magnitude`, after a minus sign when `negative`.
  mutating func writeInteger(_ magnitude: UInt64, negative: Bool) {
    if negative { output.append(UInt8(ascii: "-")) }
    if magnitude < 10 {
      output.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
      return
    }
    let start = output.count
    var rest = magnitude
    while rest > 0 {
      let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: 10)
      output.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remainder))
      rest = quotient
    }
    output.reverse(from: start)
  }

  mutating func writeInteger(_ magnitude: UInt, negative: Bool) {
    writeInteger(UInt64(magnitude), negative: negative)
  }

  /// `3` for 3.0 and `-0` for -0.0 (as `JSONEncoder` writes them), otherwise Swift's shortest
  /// round-tripping text (`0.1`, `1e+20`, `5e-324`).
  mutating func writeDouble(_ value: Double) throws(JSONWriterError) {
    guard value.isFinite else { throw JSONWriterError(.nonFiniteNumber(value.description)) }
    if value.isWrittenAsInteger {
      writeInteger(UInt64(value.magnitude), negative: value.sign == .minus)
      return
    }
    appendDroppingPointZero(value.description)
  }

  mutating func writeFloat(_ value: Float) throws(JSONWriterError) {
    guard value.isFinite else { throw JSONWriterError(.nonFiniteNumber(value.description)) }
    appendDroppingPointZero(value.description)
  }

  /// Appends a number's text without a final `.0`, as `JSONEncoder` does.
  private mutating func appendDroppingPointZero(_ text: String) {
    let utf8 = text.utf8
    // Only a description ending in a zero can end in `.0` (the shortest digits of a number
    // end in a zero only there, or in an exponent): the byte test spares most a `hasSuffix`.
    if utf8.last == UInt8(ascii: "0") && utf8.count >= 2 && text.hasSuffix(".0") {
      output.append(contentsOf: utf8.dropLast(2))
    } else {
      output.append(contentsOf: utf8)
    }
  }

  /// Writes a decimal by its exact text, `text`, so that it reads back as the same number.
  ///
  /// A fraction written in fewer than 18 characters is read as a `Double` (by
  /// ``JSONReader``, as by `JSONSerialization`): one that no `Double` holds gets zeros after
  /// its last digit up to 18 characters, which keep it a decimal (`900719925474099.3` is
  /// written `900719925474099.30`).
  mutating func writeDecimal(_ text: String, _ decimal: Decimal) {
    output.append(contentsOf: text.utf8)
    let length = text.utf8.count
    guard length < 18, text.utf8.contains(UInt8(ascii: ".")),
      JSONValue.double(holding: decimal, text: text) == nil
    else { return }
    for _ in length..<18 { output.append(UInt8(ascii: "0")) }
  }

  /// Writes `string` quoted, escaping `"`, `\`, `/` and control characters as `JSONEncoder`
  /// does; runs of other bytes are copied in bulk, found eight bytes at a time.
  mutating func writeString(_ string: String) {
    output.append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { utf8 in
      guard let base = UnsafeRawPointer(utf8.baseAddress) else { return }
      let count = utf8.count
      var runStart = 0
      var position = 0
      while true {
        // Whole words up to one with a byte to escape, then straight to that byte.
        while position &+ 8 <= count {
          let flagged = Self.bytesThatMayNeedEscape(ByteWord.load(base, at: position))
          if flagged != 0 {
            position &+= ByteWord.firstMarked(flagged)
            break
          }
          position &+= 8
        }
        guard position < count else { break }
        let byte = utf8[position]
        // Everything from `0` up is plain except the backslash.
        if byte >= UInt8(ascii: "0") {
          if byte != UInt8(ascii: "\\") {
            position &+= 1
            continue
          }
        } else if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "/") {
          position &+= 1
          continue
        }
        if runStart < position {
          output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
        }
        appendEscape(byte)
        position &+= 1
        runStart = position
      }
      if runStart < count {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// The bytes of `word` to escape: a quote, a backslash, a slash or a control character
  /// (``ByteWord``: bytes above the first one may be flagged too).
  @inline(__always)
  private static func bytesThatMayNeedEscape(_ word: UInt64) -> UInt64 {
    ByteWord.bytes(of: word, equalTo: UInt8(ascii: "\""))
      | ByteWord.bytes(of: word, equalTo: UInt8(ascii: "\\"))
      | ByteWord.bytes(of: word, equalTo: UInt8(ascii: "/")) | ByteWord.bytes(of: word, below: 0x20)
  }

  private mutating func appendEscape(_ byte: UInt8) {
    output.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
    case 0x08: output.append(UInt8(ascii: "b"))
    case 0x0C: output.append(UInt8(ascii: "f"))
    case 0x0A: output.append(UInt8(ascii: "n"))
    case 0x0D: output.append(UInt8(ascii: "r"))
    case 0x09: output.append(UInt8(ascii: "t"))
    default:
      let hexDigits: StaticString = "0123456789abcdef"
      output.append(contentsOf: "u00".utf8)
      output.append(hexDigits.utf8Start[Int(byte >> 4)])
      output.append(hexDigits.utf8Start[Int(byte & 0x0F)])
    }
  }
}

extension Double {
  /// Whether the writer, as `JSONEncoder`, writes this finite double as its integer digits.
  ///
  /// A whole number below 10^15 (`3` for 3.0, `-0` for -0.0). The tree encoder and decoder
  /// give such a double the value its text reads as.
  @inline(__always)
  var isWrittenAsInteger: Bool { magnitude < 1e15 && magnitude == magnitude.rounded(.towardZero) }
}
