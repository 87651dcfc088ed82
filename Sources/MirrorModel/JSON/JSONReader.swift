import Foundation

/// A strict, single-pass UTF-8 JSON parser (RFC 8259) producing the values MirrorModel maps.
///
/// Objects become `[String: Any]` (a repeated key: the last one wins), arrays `[Any]`, strings
/// `String`, `null` `NSNull`, `true`/`false` Swift `Bool`. Integers that fit `Int` become `Int`;
/// other integers, and fractions or exponents with more than 17 significant digits, become
/// `NSDecimalNumber` holding the exact literal when it can; every other number becomes the
/// correctly rounded `Double` (the same bits `JSONDecoder` gives, infinity for `1e400`).
/// A top-level scalar is accepted, and so is a leading byte order mark.
enum JSONReader {
  /// The value in `data`, or the first syntax error with its line and column.
  ///
  /// - Parameters:
  ///   - data: UTF-8 JSON text.
  ///   - maximumDepth: how deeply arrays and objects may nest before the input is rejected.
  ///     Parsing recurses once per level, a few hundred bytes of stack each (512 levels take
  ///     about 190 KB in a release build), so keep it well below what the thread's stack holds.
  ///   - longLiterals: Where to record the literals too long for their `NSDecimalNumber`.
  /// - Returns: `[String: Any]`, `[Any]`, `String`, `Int`, `Double`, `NSDecimalNumber`, `Bool`
  ///   or `NSNull`.
  /// - Throws: `JSONSyntaxError` for the first thing wrong in the input.
  static func parse(
    _ data: Data, maximumDepth: Int = 512, longLiterals: LongLiterals? = nil
  ) throws(JSONSyntaxError) -> Any {
    try withParser(data, maximumDepth: maximumDepth, longLiterals: longLiterals) {
      parser throws(JSONSyntaxError) in
      try parser.parseDocument()
    }
  }

  /// Runs `body` with a parser at the start of `data`.
  ///
  /// - Parameters:
  ///   - data: The JSON text: UTF-8, or UTF-16 or UTF-32 (``JSONTextEncoding``), read
  ///     transcoded to UTF-8.
  ///   - maximumDepth: How deeply arrays and objects may nest.
  ///   - longLiterals: The table of the mapping call the text is read for, which learns the
  ///     correctly rounded `Double` of each literal too long for the `NSDecimalNumber` the
  ///     tree holds.
  ///   - body: What to do with the parser.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  static func withParser<Result>(
    _ data: Data, maximumDepth: Int, longLiterals: LongLiterals? = nil,
    _ body: (inout Parser) throws(JSONSyntaxError) -> Result
  ) throws(JSONSyntaxError) -> Result {
    let result = data.withUnsafeBytes { raw -> Swift.Result<Result, JSONSyntaxError> in
      if let (encoding, mark) = JSONTextEncoding.detect(raw) {
        // UTF-16 or UTF-32: read as UTF-8, transcoded once.
        do throws(JSONSyntaxError) {
          let text = try encoding.utf8(of: raw, mark: mark)
          return text.withUnsafeBufferPointer { bytes in
            read(bytes, maximumDepth: maximumDepth, longLiterals: longLiterals, body)
          }
        } catch {
          return .failure(error)
        }
      }
      return read(
        raw.bindMemory(to: UInt8.self), maximumDepth: maximumDepth, longLiterals: longLiterals,
        body)
    }
    return try result.get()
  }

  /// `body`'s result with a parser over `bytes` (UTF-8), or the error it threw.
  private static func read<Result>(
    _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, longLiterals: LongLiterals?,
    _ body: (inout Parser) throws(JSONSyntaxError) -> Result
  ) -> Swift.Result<Result, JSONSyntaxError> {
    var parser = Parser(bytes: bytes, maximumDepth: maximumDepth, longLiterals: longLiterals)
    do throws(JSONSyntaxError) {
      return .success(try body(&parser))
    } catch {
      return .failure(error)
    }
  }

  /// The string of `bytes`, which ``Parser/scanPlainRun()`` has checked (well-formed UTF-8:
  /// every sequence of Table 3-7 of the Unicode Standard, nothing else), with `isASCII` as
  /// the scan found it.
  ///
  /// A string longer than a small string's 15 bytes is made without checking the bytes again
  /// (`String(decoding:as:)` would: 40% of such a string's cost), marked ASCII when it is, so
  /// that hashing and comparing it take the standard library's fast ASCII paths as a checked
  /// string's do (a long string not marked so hashes twice as slowly). Short strings are
  /// made the checking way, which costs no more. Only for such bytes: a `String` holding
  /// malformed UTF-8, or marked ASCII when it is not, breaks the standard library's
  /// invariants. `UTF8Span` is Swift 6.2's (SE-0464): older compilers and OS versions check
  /// again. (Measured on Linux only.)
  @inline(__always)
  static func string(checked bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
    #if compiler(>=6.2)
      if bytes.count > 15,
        #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
      {
        return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
      }
    #endif
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The parser's state: the input, the read position and a reusable buffer for strings that
  /// contain escapes.
  struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    let count: Int
    let maximumDepth: Int
    var index = 0
    var textStart = 0
    var depth = 0
    var scratch: [UInt8] = []
    /// Keys and values of the objects being read, innermost last: an object is built once its
    /// size is known, so its dictionary never grows (and rehashes) while it is filled.
    var pendingKeys: [String] = []
    var pendingValues: [Any] = []
    /// The keys of the objects read, made once each: the objects of a document repeat their
    /// keys (``parseKey()``).
    var keyStrings = KeyStrings()
    /// One `NSNull` for every `null` of the document.
    let null = NSNull()
    /// The bounds of this thread's stack, read once for the whole text.
    let stack = StackBounds.current()
    /// The long literals' table of the mapping call the text is read for: it learns the
    /// correctly rounded `Double` of each literal too long for its `NSDecimalNumber`.
    let longLiterals: LongLiterals?

    init(
      bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, longLiterals: LongLiterals? = nil
    ) {
      self.bytes = bytes
      self.count = bytes.count
      self.maximumDepth = maximumDepth
      self.longLiterals = longLiterals
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> Any {
      skipByteOrderMark()
      let value = try parseValue()
      try expectEnd()
      return value
    }

    /// Steps over a leading UTF-8 byte order mark; columns count from after it.
    mutating func skipByteOrderMark() {
      if index == 0 && count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
        index = 3
        textStart = 3
      }
    }

    /// Fails unless only whitespace is left.
    mutating func expectEnd() throws(JSONSyntaxError) {
      skipWhitespace()
      if index < count { try failUnexpected(expected: "end of input") }
    }

    // MARK: Values

    /// The value that starts at `start` (read already), read again as ``parseValue()`` reads
    /// it, for an issue that quotes it; the parser is left where it was.
    mutating func parseValue(
      again start: (index: Int, depth: Int)
    ) throws(JSONSyntaxError) -> Any {
      let end = (index: index, depth: depth)
      index = start.index
      depth = start.depth
      defer {
        index = end.index
        depth = end.depth
      }
      return try parseValue()
    }

    mutating func parseValue() throws(JSONSyntaxError) -> Any {
      skipWhitespace()
      guard index < count else { try failUnexpected(expected: "a value") }
      switch bytes[index] {
      case UInt8(ascii: "\""):
        return try parseString()
      case UInt8(ascii: "{"):
        return try parseObject()
      case UInt8(ascii: "["):
        return try parseArray()
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        return try parseNumber()
      case UInt8(ascii: "t"):
        try expectLiteral("true")
        return true
      case UInt8(ascii: "f"):
        try expectLiteral("false")
        return false
      case UInt8(ascii: "n"):
        try expectLiteral("null")
        return null
      default:
        try failUnexpected(expected: "a value")
      }
    }

    mutating func parseObject() throws(JSONSyntaxError) -> [String: Any] {
      try enterContainer()
      skipWhitespace()
      if index < count && bytes[index] == UInt8(ascii: "}") {
        index += 1
        depth -= 1
        return [:]
      }
      let keysStart = pendingKeys.count
      let valuesStart = pendingValues.count
      while true {
        skipWhitespace()
        guard index < count && bytes[index] == UInt8(ascii: "\"") else {
          try failUnexpected(expected: "a string key")
        }
        let key = try parseKey()
        skipWhitespace()
        guard index < count && bytes[index] == UInt8(ascii: ":") else {
          try failUnexpected(expected: "':'")
        }
        index += 1
        pendingKeys.append(key)
        pendingValues.append(try parseValue())
        skipWhitespace()
        guard index < count else { try failUnexpected(expected: "',' or '}'") }
        switch bytes[index] {
        case UInt8(ascii: ","):
          index += 1
        case UInt8(ascii: "}"):
          index += 1
          depth -= 1
          return makeObject(keysStart: keysStart, valuesStart: valuesStart)
        default:
          try failUnexpected(expected: "',' or '}'")
        }
      }
    }

    /// Builds the object whose members are on the pending stacks from the given positions.
    ///
    /// Takes the members off the stacks, moved (not copied and then destroyed), the last one
    /// first; a repeated key keeps its last value, under the key as first written (keys equal
    /// as strings may differ in their bytes: `caf\u00e9`, `cafe\u0301`), as a dictionary
    /// filled in the text's order keeps it.
    mutating func makeObject(keysStart: Int, valuesStart: Int) -> [String: Any] {
      assert(pendingKeys.count - keysStart == pendingValues.count - valuesStart)
      var object = [String: Any](minimumCapacity: pendingKeys.count - keysStart)
      while pendingKeys.count > keysStart {
        let key = pendingKeys.removeLast()
        if let later = object.updateValue(pendingValues.removeLast(), forKey: key) {
          // The key again, before its last value in the text: the last value stays, under
          // this earlier spelling of the key (`updateValue` keeps the key it holds).
          object.removeValue(forKey: key)
          object[key] = later
        }
      }
      return object
    }

    mutating func parseArray() throws(JSONSyntaxError) -> [Any] {
      var array: [Any] = []
      var more = try enterCollection(closing: UInt8(ascii: "]"))
      while more {
        array.append(try parseValue())
        more = try nextInCollection(closing: UInt8(ascii: "]"))
      }
      return array
    }

    /// Steps over the opening bracket at `index`, failing when it would nest too deeply.
    ///
    /// - Parameter checkingStack: Whether running low on the thread's stack fails too. The
    ///   readers that fill models pass `false`: they check the stack at each model and, when
    ///   it runs low, leave the value to the tree reader, whose failure there is an issue at
    ///   the value's path, not an error of the document.
    /// - Throws: ``JSONSyntaxError/Reason/tooDeep(limit:)`` past the limit.
    @inline(__always)
    mutating func enterContainer(checkingStack: Bool = true) throws(JSONSyntaxError) {
      depth += 1
      if depth > maximumDepth || (checkingStack && !stack.hasRoom()) {
        try fail(.tooDeep(limit: min(maximumDepth, depth - 1)), at: index)
      }
      index += 1
    }

    /// Steps over `literal` (`true`, `false` or `null`) at `index`, failing where the input
    /// differs from it.
    mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
      let text = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
      // The first four bytes as one word (and the fifth of `false`), where the input has them.
      if (4...5).contains(text.count) && index &+ text.count <= count,
        let base = UnsafeRawPointer(bytes.baseAddress),
        base.loadUnaligned(fromByteOffset: index, as: UInt32.self)
          == UnsafeRawPointer(literal.utf8Start).loadUnaligned(as: UInt32.self),
        text.count == 4 || bytes[index &+ 4] == text[4]
      {
        index &+= text.count
        return
      }
      for byte in text {
        guard index < count && bytes[index] == byte else {
          try failUnexpected(expected: "'\(literal)'")
        }
        index += 1
      }
    }

    @inline(__always)
    mutating func skipWhitespace() {
      while index < count {
        let byte = bytes[index]
        if byte > UInt8(ascii: " ") { return }  // most often: a token, at once
        if byte == UInt8(ascii: " ") {
          skipSpaceRun()
        } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
          || byte == UInt8(ascii: "\t")
        {
          index += 1
        } else {
          return
        }
      }
    }

    /// Steps over the spaces from `index` (one at least) eight at a time, the last ones of the
    /// run at once: the indentation of pretty-printed text, the space after a colon.
    @inline(__always)
    mutating func skipSpaceRun() {
      let start = index
      if let base = UnsafeRawPointer(bytes.baseAddress) {
        while index &+ 8 <= count {
          let others = ByteWord.load(base, at: index) ^ 0x2020_2020_2020_2020
          guard others == 0 else {
            index &+= ByteWord.firstMarked(others)
            return
          }
          index &+= 8
        }
      }
      if index == start { index &+= 1 }  // fewer than eight bytes left: this space alone
    }

    // MARK: Errors

    // The error paths stay out of line, and `mutating` so the parser is passed by reference: the
    // recursive functions then keep no error or parser copies in their stack frames.

    /// Throws `reason` at `offset`.
    @inline(never)
    mutating func fail(
      _ reason: JSONSyntaxError.Reason, at offset: Int
    ) throws(JSONSyntaxError) -> Never {
      throw JSONSyntaxError(reason, offset: offset, in: bytes, textStart: textStart)
    }

    /// Throws the error for the byte at `index` (or the end of input) where `expected` was
    /// needed.
    @inline(never)
    mutating func failUnexpected(expected: String) throws(JSONSyntaxError) -> Never {
      guard index < count else { try fail(.unexpectedEndOfInput(expected: expected), at: index) }
      if bytes[index] >= 0x80 && JSONReader.utf8SequenceLength(in: bytes, at: index) == 0 {
        try fail(.invalidUTF8, at: index)
      }
      let shown = JSONReader.describeUnexpectedByte(in: bytes, at: index)
      try fail(.unexpectedCharacter(shown, expected: expected), at: index)
    }
  }
}
