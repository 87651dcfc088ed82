import Foundation

/// A `Decoder` over JSON text itself, for a property whose type is decoded by its own
/// `Codable` conformance (``ValueConversion/SelfCoded``): the value's object or array is
/// scanned once into a flat list of its values (``Map``), and the type's `init(from:)` reads
/// from that list, each string and number read from the text only when asked for, instead of
/// the value being read into a `[String: Any]` tree and decoded from it (``TreeDecoder``).
///
/// It gives the type exactly what the tree decoder gives it from the tree of the same text:
/// every scalar is read as the tree reader reads it and converted by the tree decoder's own
/// rules (``TreeDecoder/decodeValue(_:from:at:)``); an object's key means its last value
/// (keys compared as strings, so `caf\u00e9` is `café`); an array's elements are in order.
/// An object's keys are listed (`allKeys`) in the text's order, each once.
///
/// Anything else settles nothing: the first error it throws (a missing key, a type mismatch,
/// a value its rules leave undecided), even one the type's own code catches, marks the decode
/// *undecided*, and so do a value nested more than ``maximumNesting`` levels and malformed
/// text. ``decode(_:from:)`` then gives `nil`, and the caller reads the value the ordinary way
/// (the tree, the tree decoder, and `JSONDecoder` for what that leaves), which reports what is
/// wrong in the same words as before.
final class TextDecoder: Decoder {
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// The value this decoder decodes: its node in the map, or ``Map/null`` for a `null` that
  /// is not in the text (a super decoder's missing key).
  private let node: Int
  private let source: Source

  /// How deeply a value decoded so may nest (deeper ones are read the ordinary way, whose
  /// recursion the thread's stack then has room for).
  static let maximumNesting = 16

  /// One decode's text, map and outcome, shared by its decoders and containers.
  final class Source {
    /// A copy of the caller's parser, moved to each string and number as it is read (by one
    /// decode on one thread: the dynamic exclusivity checks on it would only cost time).
    @exclusivity(unchecked) var parser: JSONReader.Parser
    let map: Map
    /// The tree decoder whose rules convert each scalar, and whose outcome is this decode's.
    let rules: TreeDecoder
    /// Whether the caller's text is still there: a container a type keeps and asks after the
    /// decode has returned reads nothing from it (undecided).
    var isOpen = true

    init(parser: JSONReader.Parser, map: Map, rules: TreeDecoder) {
      self.parser = parser
      self.map = map
      self.rules = rules
    }
  }

  private init(node: Int, codingPath: [any CodingKey], source: Source) {
    self.node = node
    self.codingPath = codingPath
    self.source = source
  }

  /// The value at the parser's position decoded as `type`, and where the value ends; `nil`,
  /// with the caller's parser untouched, when the value is not an object or an array, nests
  /// too deeply, is malformed, fails to decode or is undecided.
  static func decode(
    _ type: any Decodable.Type, from parser: JSONReader.Parser
  ) -> (value: Any, end: Int)? {
    var scanner = parser
    guard let map = try? Map(scanning: &scanner) else { return nil }
    let end = scanner.index
    let source = Source(parser: scanner, map: map, rules: TreeDecoder.rules())
    let root = TextDecoder(node: 0, codingPath: [], source: source)
    defer { source.isOpen = false }
    func decoded<T: Decodable>(_: T.Type) -> Any? {
      try? root.decodeValue(T.self, node: 0, at: TreeDecoder.Place(parent: [], step: .none))
    }
    guard let value = decoded(type), !source.rules.isUndecided else { return nil }
    return (value, end)
  }

  // MARK: Values

  /// Marks the decode undecided and gives the error to throw.
  func undecided() -> TreeDecoder.Undecided { source.rules.undecided() }

  /// The scalar at `node` as the tree reader reads it (undecided for an object or array).
  func scalar(_ node: Int) throws -> Any {
    guard node != Map.null else { return source.parser.null }
    switch source.map.nodes[node].kind {
    case .string: return try text(at: node)
    case .number:
      try seek(node)
      do {
        return try source.parser.parseNumber()
      } catch {
        throw undecided()
      }
    case .true: return true
    case .false: return false
    case .null: return source.parser.null
    case .object, .array, .key: throw undecided()
    }
  }

  /// Moves the parser to where `node` starts; undecided once the caller's text is gone.
  private func seek(_ node: Int) throws {
    guard source.isOpen else { throw undecided() }
    source.parser.index = source.map.nodes[node].start
  }

  /// The string at `node`, a value or a key, as the tree reader reads it.
  private func text(at node: Int) throws -> String {
    try seek(node)
    do {
      return try source.parser.parseString()
    } catch {
      throw undecided()
    }
  }

  /// Whether `node` is `null`.
  func isNull(_ node: Int) -> Bool {
    node == Map.null || source.map.nodes[node].kind == .null
  }

  /// `body`, the tree decoder's rule for a scalar, with any error it throws undecided.
  private func ruled<R>(_ body: (TreeDecoder) throws -> R) throws -> R {
    do {
      return try body(source.rules)
    } catch {
      throw undecided()
    }
  }

  /// The value at `node` decoded as `T` at `place`: a scalar by the tree decoder's rules
  /// (which also run the type's own `init(from:)` over it), an object or array by the type's
  /// own `init(from:)` on a decoder over it.
  func decodeValue<T: Decodable>(
    _: T.Type, node: Int, at place: @autoclosure () -> TreeDecoder.Place
  ) throws -> T {
    guard source.map.isContainer(node) else {
      let raw = try scalar(node)
      return try ruled { try $0.decodeValue(T.self, from: raw, at: place()) }
    }
    // The types the decoders read themselves take no object or array (a `Decimal` is
    // undecided even as a number).
    if T.self != Date.self && GuardedDecoder.isLeaf(T.self) { throw undecided() }
    guard StackBounds.hasRoom() else { throw undecided() }
    return try T(from: nested(node, at: place()))
  }

  /// The plain integer literal at `node` (no fraction, exponent or leading zero, within
  /// `Int`), which the tree reader reads as that `Int`; `nil` for any other value.
  private func plainInteger(_ node: Int) -> Int? {
    guard source.isOpen, node != Map.null, source.map.nodes[node].kind == .number else {
      return nil
    }
    source.parser.index = source.map.nodes[node].start
    return source.parser.scanInteger()
  }

  func integer<T: FixedWidthInteger>(
    _: T.Type, node: Int, at place: @autoclosure () -> TreeDecoder.Place
  ) throws
    -> T
  {
    // The rules' way for an `Int`: exactly, or undecided.
    if let integer = plainInteger(node) {
      guard let exact = T(exactly: integer) else { throw undecided() }
      return exact
    }
    let raw = try scalar(node)
    return try ruled { try $0.integer(T.self, raw, at: place()) }
  }

  func bool(node: Int, at place: @autoclosure () -> TreeDecoder.Place) throws -> Bool {
    if node != Map.null {
      switch source.map.nodes[node].kind {
      case .true: return true
      case .false: return false
      default: break
      }
    }
    let raw = try scalar(node)
    return try ruled { try $0.bool(raw, at: place()) }
  }

  func string(node: Int, at place: @autoclosure () -> TreeDecoder.Place) throws -> String {
    if node != Map.null, source.map.nodes[node].kind == .string { return try text(at: node) }
    let raw = try scalar(node)
    return try ruled { try $0.string(raw, at: place()) }
  }

  func double(node: Int, at place: @autoclosure () -> TreeDecoder.Place) throws -> Double {
    // The rules' way for an `Int`: the nearest `Double`.
    if let integer = plainInteger(node) { return Double(integer) }
    let raw = try scalar(node)
    return try ruled { try $0.double(raw, at: place()) }
  }

  func float(node: Int, at place: @autoclosure () -> TreeDecoder.Place) throws -> Float {
    let raw = try scalar(node)
    return try ruled { try $0.float(raw, at: place()) }
  }

  // MARK: Decoder

  func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard node != Map.null, source.map.nodes[node].kind == .object else { throw undecided() }
    return KeyedDecodingContainer(Keyed<Key>(decoder: self, object: node, path: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard node != Map.null, source.map.nodes[node].kind == .array else { throw undecided() }
    return Unkeyed(decoder: self, array: node, path: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    Single(decoder: self, node: node)
  }

  /// A decoder of `node` at `place`, sharing this decode's text and outcome.
  func nested(_ node: Int, at place: TreeDecoder.Place) -> TextDecoder {
    TextDecoder(node: node, codingPath: place.path, source: source)
  }

  /// The key `node` names, as the tree reader reads it.
  func keyString(_ node: Int) throws -> String { try text(at: node) }

  /// Whether the key at `node` is `key` as strings compare (`ascii`: whether `key` is all
  /// ASCII, when a key of plain ASCII bytes is equal to it only byte for byte).
  func key(_ node: Int, is key: UnsafeBufferPointer<UInt8>, ascii: Bool) throws -> Bool {
    guard source.isOpen else { throw undecided() }
    let entry = source.map.nodes[node]
    guard ascii && entry.isPlainKey else {
      return try keyString(node) == String(decoding: key, as: UTF8.self)
    }
    let length = entry.end - entry.start - 2
    guard key.count == length else { return false }
    guard length > 0, let text = source.parser.bytes.baseAddress, let name = key.baseAddress
    else { return true }
    return memcmp(text + entry.start + 1, name, length) == 0
  }
}

extension TextDecoder {
  /// An object or array of JSON text as a flat list of its values in the text's order, each
  /// object's members as a key then its value, scanned once; strings and numbers are only
  /// located (read when a decoder asks for them).
  struct Map {
    /// One value (or member key) of the text.
    struct Node {
      enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null, key
      }

      let kind: Kind
      /// Where the value starts (a string's or key's opening quote).
      let start: Int
      /// Where the value ends.
      ///
      /// An object's or array's: the index of the node after its last member or element. A
      /// key's: where its text ends, after its closing quote. A scalar's: unused.
      var end: Int
      /// A key's: whether its bytes are its string (ASCII, no escapes).
      var isPlainKey: Bool
      /// An object's or array's: how many members or elements it has.
      var count = 0
    }

    /// The node index that stands for a `null` not in the text.
    static let null = -1

    private(set) var nodes: [Node] = []

    /// Scans the object or array at the parser's position, leaving the parser after it.
    ///
    /// - Throws: ``JSONSyntaxError`` for malformed text, or ``TreeDecoder/Undecided`` for a
    ///   value that is not an object or array or nests more than ``maximumNesting`` levels.
    init(scanning parser: inout JSONReader.Parser) throws {
      var open: [Int] = []
      open.reserveCapacity(4)
      nodes.reserveCapacity(16)
      let opening = try parser.peekValue()
      guard opening == UInt8(ascii: "{") || opening == UInt8(ascii: "[") else {
        throw TreeDecoder.Undecided()
      }
      while true {
        let byte = try parser.peekValue()
        let start = parser.index
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          let isObject = parser.currentByte == UInt8(ascii: "{")
          guard open.count < TextDecoder.maximumNesting else { throw TreeDecoder.Undecided() }
          let container = nodes.count
          nodes.append(
            Node(kind: isObject ? .object : .array, start: start, end: 0, isPlainKey: false))
          let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
          if try parser.enterCollection(closing: closing, checkingStack: false) {
            open.append(container)
            if isObject { try scanKey(&parser) }
            continue
          }
          nodes[container].end = nodes.count
        default:
          nodes.append(Node(kind: Self.kind(of: byte), start: start, end: 0, isPlainKey: false))
          try parser.skipScalar(startingWith: byte)
        }
        // A value ended: close the containers that end with it, and step to the next value.
        while let innermost = open.last {
          nodes[innermost].count += 1
          let isObject = nodes[innermost].kind == .object
          if try parser.nextInCollection(closing: isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
          {
            if isObject { try scanKey(&parser) }
            break
          }
          nodes[innermost].end = nodes.count
          open.removeLast()
        }
        if open.isEmpty { return }
      }
    }

    /// The kind of the scalar whose first byte is `byte` (a number, unless the scanner then
    /// finds no value there).
    private static func kind(of byte: UInt8) -> Node.Kind {
      switch byte {
      case UInt8(ascii: "\""): .string
      case UInt8(ascii: "t"): .true
      case UInt8(ascii: "f"): .false
      case UInt8(ascii: "n"): .null
      default: .number
      }
    }

    /// Scans a member's key and the colon after it.
    private mutating func scanKey(_ parser: inout JSONReader.Parser) throws {
      let key = try parser.readMemberName { parser throws(JSONSyntaxError) in
        let start = parser.index
        let run = try parser.scanString()
        if !run.isPlain { try parser.skipEscapedString(quote: run.quote) }
        return Node(
          kind: .key, start: start, end: parser.index, isPlainKey: run.isPlain && run.isASCII)
      }
      nodes.append(key)
    }

    func isContainer(_ node: Int) -> Bool {
      node != Self.null && (nodes[node].kind == .object || nodes[node].kind == .array)
    }

    /// The node after the value at `node` and everything in it.
    func after(_ node: Int) -> Int {
      isContainer(node) ? nodes[node].end : node + 1
    }
  }
}

extension TextDecoder {
  /// The key nodes of an object's members, in the text's order.
  struct MemberKeys: Sequence, IteratorProtocol {
    let map: Map
    /// The next key's node.
    var key: Int
    /// The node after the object's last member.
    let end: Int

    mutating func next() -> Int? {
      guard key < end else { return nil }
      defer { key = map.after(key + 1) }
      return key
    }
  }

  /// An object's members, as the tree decoder's keyed container reads its dictionary.
  struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TextDecoder
    /// The object's node.
    let object: Int
    let path: [any CodingKey]
    /// For an object of many members: each key's last value, as a dictionary holds them.
    let index: [String: Int]?

    /// How many members an object has before its keys are looked up in an index rather than
    /// one after another.
    static var indexedCount: Int { 32 }

    init(decoder: TextDecoder, object: Int, path: [any CodingKey]) {
      self.decoder = decoder
      self.object = object
      self.path = path
      guard decoder.source.map.nodes[object].count > Self.indexedCount else {
        index = nil
        return
      }
      var index: [String: Int] = [:]
      for node in Self.keys(of: object, in: decoder.source.map) {
        // A key the reader refuses leaves the decode undecided (and its index short).
        guard let name = try? decoder.keyString(node) else { break }
        index[name] = node + 1
      }
      self.index = index
    }

    /// The key nodes of the object at `object`, each followed by its value's node.
    private static func keys(of object: Int, in map: Map) -> MemberKeys {
      MemberKeys(map: map, key: object + 1, end: map.nodes[object].end)
    }

    var codingPath: [any CodingKey] { path }

    /// Each key once, in the text's order (the first spelling of one written twice).
    var allKeys: [Key] {
      var seen: Set<String> = []
      var all: [Key] = []
      for node in Self.keys(of: object, in: decoder.source.map) {
        guard let name = try? decoder.keyString(node) else { continue }
        if seen.insert(name).inserted, let key = Key(stringValue: name) { all.append(key) }
      }
      return all
    }

    /// The node of the last value under the key `name`, as a dictionary keeps it.
    private func lookUp(_ name: String) throws -> Int? {
      if let index { return index[name] }
      var name = name
      return try name.withUTF8 { bytes in
        let ascii = !bytes.contains { $0 >= 0x80 }
        var found: Int?
        for node in Self.keys(of: object, in: decoder.source.map)
        where try decoder.key(node, is: bytes, ascii: ascii) {
          found = node + 1
        }
        return found
      }
    }

    func contains(_ key: Key) -> Bool { (try? lookUp(key.stringValue)) != nil }

    private func value(_ key: Key) throws -> Int {
      guard let node = try lookUp(key.stringValue) else { throw decoder.undecided() }
      return node
    }

    private func place(_ key: Key) -> TreeDecoder.Place {
      TreeDecoder.Place(parent: path, step: .key(key))
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T {
      try decoder.integer(type, node: try value(key), at: place(key))
    }

    func decodeNil(forKey key: Key) throws -> Bool { decoder.isNull(try value(key)) }
    func decode(_: Bool.Type, forKey key: Key) throws -> Bool {
      try decoder.bool(node: try value(key), at: place(key))
    }
    func decode(_: String.Type, forKey key: Key) throws -> String {
      try decoder.string(node: try value(key), at: place(key))
    }
    func decode(_: Double.Type, forKey key: Key) throws -> Double {
      try decoder.double(node: try value(key), at: place(key))
    }
    func decode(_: Float.Type, forKey key: Key) throws -> Float {
      try decoder.float(node: try value(key), at: place(key))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_: Int128.Type, forKey _: Key) throws -> Int128 { throw decoder.undecided() }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_: UInt128.Type, forKey _: Key) throws -> UInt128 { throw decoder.undecided() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try decoder.decodeValue(type, node: try value(key), at: place(key))
    }

    /// `nil` for a missing key or `null`, else the value under `key` read by `read` (one
    /// look-up, where the protocol's own way takes three).
    private func present<T>(_ key: Key, _ read: (Int) throws -> T) throws -> T? {
      guard let node = try lookUp(key.stringValue), !decoder.isNull(node) else { return nil }
      return try read(node)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
      try present(key) { try decoder.bool(node: $0, at: place(key)) }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
      try present(key) { try decoder.string(node: $0, at: place(key)) }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
      try present(key) { try decoder.double(node: $0, at: place(key)) }
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
      try present(key) { try decoder.float(node: $0, at: place(key)) }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
      try present(key) { try decoder.integer(type, node: $0, at: place(key)) }
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
      try present(key) { try decoder.integer(type, node: $0, at: place(key)) }
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
      try present(key) { try decoder.integer(type, node: $0, at: place(key)) }
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
      try present(key) { try decoder.integer(type, node: $0, at: place(key)) }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
      try present(key) { try decoder.integer(type, node: $0, at: place(key)) }
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
      try present(key) { try decoder.integer(type, node: $0, at: place(key)) }
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
      try present(key) { try decoder.integer(type, node: $0, at: place(key)) }
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
      try present(key) { try decoder.integer(type, node: $0, at: place(key)) }
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
      try present(key) { try decoder.integer(type, node: $0, at: place(key)) }
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
      try present(key) { try decoder.integer(type, node: $0, at: place(key)) }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
      try present(key) { try decoder.decodeValue(type, node: $0, at: place(key)) }
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try decoder.nested(try value(key), at: place(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try decoder.nested(try value(key), at: place(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
      let key = AnyCodingKey(stringValue: "super")
      return decoder.nested(
        try lookUp(key.stringValue) ?? Map.null,
        at: TreeDecoder.Place(parent: path, step: .key(key)))
    }

    /// A decoder of the value at `key`, or of `null` when there is none.
    func superDecoder(forKey key: Key) throws -> any Decoder {
      decoder.nested(try lookUp(key.stringValue) ?? Map.null, at: place(key))
    }
  }

  /// An array's elements, as the tree decoder's unkeyed container reads them.
  struct Unkeyed: UnkeyedDecodingContainer {
    let decoder: TextDecoder
    let path: [any CodingKey]
    /// How many elements the array has.
    let total: Int
    var currentIndex = 0
    /// The node of the element at `currentIndex`.
    private var cursor: Int

    init(decoder: TextDecoder, array: Int, path: [any CodingKey]) {
      self.decoder = decoder
      self.path = path
      self.total = decoder.source.map.nodes[array].count
      self.cursor = array + 1
    }

    var codingPath: [any CodingKey] { path }
    var count: Int? { total }
    var isAtEnd: Bool { currentIndex >= total }

    private var place: TreeDecoder.Place {
      TreeDecoder.Place(parent: path, step: .index(currentIndex))
    }

    /// The next element's node (undecided at the end).
    private func next() throws -> Int {
      guard currentIndex < total else { throw decoder.undecided() }
      return cursor
    }

    /// Moves to the next element.
    private mutating func advance() {
      currentIndex += 1
      if currentIndex <= total { cursor = decoder.source.map.after(cursor) }
    }

    mutating func decodeNil() throws -> Bool {
      guard decoder.isNull(try next()) else { return false }
      advance()
      return true
    }

    private mutating func decoded<T: Decodable>(_ type: T.Type) throws -> T {
      let value = try decoder.decodeValue(type, node: try next(), at: place)
      advance()
      return value
    }

    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
      let value = try decoder.integer(type, node: try next(), at: place)
      advance()
      return value
    }

    /// `nil` at the end or for `null`, and the index moves on either way (as the tree
    /// decoder's does).
    private mutating func decodedIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
      let result: T?
      if currentIndex >= total || decoder.isNull(cursor) {
        result = nil
      } else {
        result = try decoder.decodeValue(type, node: cursor, at: place)
      }
      advance()
      return result
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decoded(type) }
    mutating func decode(_ type: String.Type) throws -> String { try decoded(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decoded(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decoded(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_: Int128.Type) throws -> Int128 { throw decoder.undecided() }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_: UInt128.Type) throws -> UInt128 { throw decoder.undecided() }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoded(type) }

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try decodedIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
      try decodedIfPresent(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
      let container = try decoder.nested(try next(), at: place).container(keyedBy: type)
      advance()
      return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      let container = try decoder.nested(try next(), at: place).unkeyedContainer()
      advance()
      return container
    }

    mutating func superDecoder() throws -> any Decoder {
      let nested = decoder.nested(try next(), at: place)
      advance()
      return nested
    }
  }

  /// A single value, as the tree decoder reads one.
  struct Single: SingleValueDecodingContainer {
    let decoder: TextDecoder
    let node: Int

    var codingPath: [any CodingKey] { decoder.codingPath }
    private var place: TreeDecoder.Place {
      TreeDecoder.Place(parent: decoder.codingPath, step: .none)
    }

    func decodeNil() -> Bool { decoder.isNull(node) }

    private func decoded<T: Decodable>(_ type: T.Type) throws -> T {
      try decoder.decodeValue(type, node: node, at: place)
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
      try decoder.integer(type, node: node, at: place)
    }

    func decode(_ type: Bool.Type) throws -> Bool { try decoded(type) }
    func decode(_ type: String.Type) throws -> String { try decoded(type) }
    func decode(_ type: Double.Type) throws -> Double { try decoded(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoded(type) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_: Int128.Type) throws -> Int128 { throw decoder.undecided() }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_: UInt128.Type) throws -> UInt128 { throw decoder.undecided() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoded(type) }
  }
}
