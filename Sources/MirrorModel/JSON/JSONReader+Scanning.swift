import Foundation

// The scanner's steps over JSON text that every reader shares: where a value starts, entering
// and leaving objects and arrays, member names, and stepping over values nobody reads (their
// syntax checked as the tree reader checks it, recursively while the thread's stack has room
// and without recursion from there on). Nothing here knows models.
extension JSONReader.Parser {
  /// The byte at `index`, or 0 at the end of the input.
  @inline(__always)
  var currentByte: UInt8 { index < count ? bytes[index] : 0 }

  /// Whether a number starts at `index`.
  @inline(__always)
  var isAtNumber: Bool {
    let byte = currentByte
    return byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10
  }

  /// Skips whitespace before a value; fails as the tree reader does at the end of input.
  @inline(__always)
  mutating func peekValue() throws(JSONSyntaxError) -> UInt8 {
    skipWhitespace()
    guard index < count else { try failUnexpected(expected: "a value") }
    return bytes[index]
  }

  /// Steps into the object or array at `index`, whose closing bracket is `closing`; `true`
  /// when it has members or elements.
  @inline(never)
  mutating func enterCollection(
    closing: UInt8, checkingStack: Bool = true
  ) throws(JSONSyntaxError) -> Bool {
    try enterContainer(checkingStack: checkingStack)
    skipWhitespace()
    guard currentByte == closing else { return true }
    index += 1
    depth -= 1
    return false
  }

  /// Reads a member's name with `read` (at its opening quote) and steps over the colon after
  /// it, failing as the tree reader does.
  @inline(__always)
  mutating func readMemberName<Name>(
    _ read: (inout Self) throws(JSONSyntaxError) -> Name
  ) throws(JSONSyntaxError) -> Name {
    skipWhitespace()
    guard currentByte == UInt8(ascii: "\"") else { try failUnexpected(expected: "a string key") }
    let name = try read(&self)
    skipWhitespace()
    guard currentByte == UInt8(ascii: ":") else { try failUnexpected(expected: "':'") }
    index += 1
    return name
  }

  /// Reads what follows a member or an element: `true` after a comma, `false` at the closing
  /// bracket `closing`; fails as the tree reader does otherwise.
  ///
  /// A comma right after the value (compact text, and most members of pretty text) is taken
  /// inline; anything else out of line.
  @inline(__always)
  mutating func nextInCollection(closing: UInt8) throws(JSONSyntaxError) -> Bool {
    if index < count && bytes[index] == UInt8(ascii: ",") {
      index &+= 1
      return true
    }
    return try nextInCollectionAfterSpace(closing: closing)
  }

  /// ``nextInCollection(closing:)`` past whitespace, or at its closing bracket.
  @inline(never)
  private mutating func nextInCollectionAfterSpace(
    closing: UInt8
  ) throws(JSONSyntaxError) -> Bool {
    skipWhitespace()
    switch currentByte {
    case UInt8(ascii: ","):
      index += 1
      return true
    case closing:
      index += 1
      depth -= 1
      return false
    default:
      try failUnexpected(expected: closing == UInt8(ascii: "}") ? "',' or '}'" : "',' or ']'")
    }
  }

  // MARK: Values no property reads

  /// Steps over the value at `index`, checking its syntax as ``parseValue()`` does.
  ///
  /// Recursive while the thread's stack has room (the fastest way), and from there on without
  /// recursion (``skipValueWithoutRecursion()``): a value nested as deeply as the reader allows
  /// is stepped over on any thread's stack.
  mutating func skipValue() throws(JSONSyntaxError) {
    switch try peekValue() {
    case UInt8(ascii: "{"):
      guard stack.hasRoom() else { return try skipDeepValue() }
      try skipObject()
    case UInt8(ascii: "["):
      guard stack.hasRoom() else { return try skipDeepValue() }
      try skipArray()
    case let byte:
      try skipScalar(startingWith: byte)
    }
  }

  /// Steps over the value at `index`, which is not an array or object and starts with `byte`.
  @inline(__always)
  mutating func skipScalar(startingWith byte: UInt8) throws(JSONSyntaxError) {
    switch byte {
    case UInt8(ascii: "\""):
      try skipString()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      _ = try scanNumber()
    case UInt8(ascii: "t"):
      try expectLiteral("true")
    case UInt8(ascii: "f"):
      try expectLiteral("false")
    case UInt8(ascii: "n"):
      try expectLiteral("null")
    default:
      try failUnexpected(expected: "a value")
    }
  }

  @inline(never)
  private mutating func skipDeepValue() throws(JSONSyntaxError) {
    _ = try skipValueWithoutRecursion()
  }

  private mutating func skipObject() throws(JSONSyntaxError) {
    var more = try enterCollection(closing: UInt8(ascii: "}"), checkingStack: false)
    while more {
      try skipMemberName()
      try skipValue()
      more = try nextInCollection(closing: UInt8(ascii: "}"))
    }
  }

  private mutating func skipArray() throws(JSONSyntaxError) {
    var more = try enterCollection(closing: UInt8(ascii: "]"), checkingStack: false)
    while more {
      try skipValue()
      more = try nextInCollection(closing: UInt8(ascii: "]"))
    }
  }

  /// Steps over the value at `index` as ``skipValue()`` does, without recursion: the brackets
  /// still open are kept in ``OpenBrackets``.
  ///
  /// - Parameter counting: Whether the count is wanted: an object's members are then counted
  ///   as its dictionary holds them, a repeated key once.
  /// - Returns: How many members or elements the value has (0 for a scalar), when `counting`.
  /// - Throws: ``JSONSyntaxError`` for malformed text.
  mutating func skipValueWithoutRecursion(counting: Bool = true) throws(JSONSyntaxError) -> Int {
    var open = OpenBrackets()
    var outerCount = 0
    // The outer object's keys, each counted once as its dictionary holds it.
    var outerKeys: Set<String> = []
    var repeatsKeys = false
    while true {
      switch try peekValue() {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = currentByte == UInt8(ascii: "{")
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if try enterCollection(closing: closing, checkingStack: false) {
          open.push(isObject: isObject)
          if open.count == 1 {
            outerCount = 1
            if isObject && counting {
              _ = try readMemberName(into: &outerKeys)
              continue
            }
          }
          if isObject { try skipMemberName() }
          continue
        }
      case let byte:
        try skipScalar(startingWith: byte)
      }
      // A value ended: close the containers that end with it, and step to the next value.
      while true {
        guard let isObject = open.innermostIsObject else {
          return repeatsKeys ? outerKeys.count : outerCount
        }
        if try nextInCollection(closing: isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          if open.count == 1 {
            outerCount += 1
            if isObject && counting {
              if try !readMemberName(into: &outerKeys) { repeatsKeys = true }
              break
            }
          }
          if isObject { try skipMemberName() }
          break
        }
        open.pop()
      }
    }
  }

  /// Reads a member's name into `keys`; `false` when it was there already.
  private mutating func readMemberName(
    into keys: inout Set<String>
  ) throws(JSONSyntaxError) -> Bool {
    let name = try readMemberName { parser throws(JSONSyntaxError) in try parser.parseString() }
    return keys.insert(name).inserted
  }

  private mutating func skipMemberName() throws(JSONSyntaxError) {
    try readMemberName { parser throws(JSONSyntaxError) in try parser.skipString() }
  }

  private mutating func skipString() throws(JSONSyntaxError) {
    let run = try scanString()
    if !run.isPlain { try skipEscapedString(quote: run.quote) }
  }
}

/// The brackets a skipped value is inside, innermost last: one bit each for the first 64
/// levels (no allocation for the values payloads hold), an array beyond.
struct OpenBrackets {
  private var low: UInt64 = 0
  private var high: [Bool] = []
  private(set) var count = 0

  /// Whether the innermost bracket is an object's; `nil` when none is open.
  var innermostIsObject: Bool? {
    guard count > 0 else { return nil }
    return count <= 64 ? low & (1 << UInt64(count - 1)) != 0 : high.last
  }

  mutating func push(isObject: Bool) {
    if count < 64 {
      let bit: UInt64 = 1 << UInt64(count)
      low = isObject ? low | bit : low & ~bit
    } else {
      high.append(isObject)
    }
    count += 1
  }

  mutating func pop() {
    if count > 64 { high.removeLast() }
    count -= 1
  }
}
