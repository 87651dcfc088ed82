import Foundation

/// An `Encoder` that writes a `Codable` type that is not otherwise mappable
/// (``ValueConversion/SelfCoded``) straight into JSON text as its `encode(to:)` encodes it,
/// instead of making its tree (``TreeEncoder``) for the writer to write.
///
/// Every scalar is converted by the tree encoder's own rules and written by the writer's own
/// code, compact or pretty, so a value comes out as the writer writes the tree the tree encoder
/// makes of it; an object's members in the order they were encoded (a dictionary's order
/// before), or, with sorted keys, moved into their keys' order as the object closes.
///
/// Text is written as the value is encoded, so a container is closed once its encoder writes
/// something else into a container around it; a type that goes back to a container closed so,
/// and anything the tree encoder leaves to `JSONEncoder` (a non-finite number, a super
/// encoder, a key set twice, a top-level value that encodes nothing), a value nested more than
/// ``maximumNesting`` levels or a stack without room makes the encode *undecided*:
/// ``write(_:into:)`` takes back what it wrote and gives `false`, and the caller writes the
/// value the ordinary way.
final class TextEncoder: Encoder {
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  private let state: State
  /// What this encoder encoded: nothing yet, a container (its frame), or a single value.
  private var content: Content = .nothing

  /// How deeply a value written so may nest (deeper ones are written the ordinary way).
  static let maximumNesting = 16

  private enum Content {
    case nothing
    case container(id: Int, position: Int, isObject: Bool)
    case single
  }

  /// An object or array whose text is open, innermost last.
  struct Frame {
    let id: Int
    let isObject: Bool
    /// Where an object's keys (and, with sorted keys, its members' starts) begin in the
    /// state's lists, which hold the open objects' one after another.
    let keysStart: Int
    /// How many members or elements were written into it.
    var count = 0
  }

  /// One encode's writer, open containers and outcome, shared by its encoders and containers.
  final class State {
    /// The caller's writer, for the length of the encode (`nil` after it: an encoder or
    /// container a type keeps and uses after its `encode(to:)` has returned writes nothing).
    private var target: UnsafeMutablePointer<JSONWriter.Writer>?
    /// The tree encoder whose rules convert each number, and whose outcome is this encode's.
    let rules = TreeEncoder.rules()
    @exclusivity(unchecked) var frames: [Frame] = []
    /// The open objects' keys, each set once, innermost last.
    @exclusivity(unchecked) private var keys: [String] = []
    /// With sorted keys, where each of those members' text starts (its comma included).
    @exclusivity(unchecked) private var starts: [Int] = []
    private var lastID = 0

    /// The caller's writer; undecided once the encode has returned.
    var writer: UnsafeMutablePointer<JSONWriter.Writer> {
      get throws {
        guard let target else { throw undecided() }
        return target
      }
    }

    init(writer: UnsafeMutablePointer<JSONWriter.Writer>) {
      self.target = writer
      frames.reserveCapacity(4)
    }

    func undecided() -> TreeDecoder.Undecided { rules.undecided() }

    /// Makes the frame at `position` (of `id`) the innermost, closing those inside it; undecided
    /// when it was closed already.
    func enter(_ id: Int, at position: Int) throws {
      guard position < frames.count, frames[position].id == id else { throw undecided() }
      while frames.count > position + 1 { try closeInnermost() }
    }

    /// Opens an object or array and gives its frame's id and position.
    func open(isObject: Bool) throws -> (id: Int, position: Int) {
      guard frames.count < TextEncoder.maximumNesting else { throw undecided() }
      lastID += 1
      frames.append(Frame(id: lastID, isObject: isObject, keysStart: keys.count))
      if isObject { try writer.pointee.openObject() } else { try writer.pointee.openArray() }
      return (lastID, frames.count - 1)
    }

    func closeInnermost() throws {
      let writer = try writer
      let frame = frames.removeLast()
      guard frame.isObject else { return writer.pointee.closeArray(empty: frame.count == 0) }
      if frame.count > 1 && writer.pointee.sortedKeys {
        sortMembers(from: frame.keysStart, in: writer)
      }
      keys.removeSubrange(frame.keysStart...)
      if writer.pointee.sortedKeys { starts.removeSubrange(frame.keysStart...) }
      writer.pointee.closeObject(empty: frame.count == 0)
    }

    /// Closes what is open and lets go of the writer.
    func finish() throws {
      defer { target = nil }
      while !frames.isEmpty { try closeInnermost() }
    }

    /// Puts the members of the innermost object, whose keys start at `first` in ``keys``, in
    /// the order of their keys' UTF-8 bytes (the writer's sorted order): the same text, the
    /// members moved, a comma between each two.
    private func sortMembers(from first: Int, in writer: UnsafeMutablePointer<JSONWriter.Writer>) {
      let members = first..<keys.count
      let order = members.sorted { utf8Precedes(keys[$0], keys[$1]) }
      guard !order.elementsEqual(members) else { return }
      let base = starts[first]
      writer.pointee.output.withTail(from: base) { tail in
        let text = Array(tail)
        var at = 0
        for (index, member) in order.enumerated() {
          // Each member's text but the first's starts with its comma.
          let start = starts[member] - base + (member > first ? 1 : 0)
          let end = member + 1 < keys.count ? starts[member + 1] - base : text.count
          if index > 0 {
            tail[at] = UInt8(ascii: ",")
            at += 1
          }
          for byte in text[start..<end] {
            tail[at] = byte
            at += 1
          }
        }
      }
    }

    /// Begins the next member under `key` of the object at `position`; undecided for a key
    /// set twice.
    func beginMember(_ key: String, at position: Int) throws {
      guard !keys[frames[position].keysStart...].contains(key) else { throw undecided() }
      let writer = try writer
      keys.append(key)
      if writer.pointee.sortedKeys { starts.append(writer.pointee.output.count) }
      writer.pointee.beginMember(first: frames[position].count == 0)
      frames[position].count += 1
      writer.pointee.writeKey(key)
    }

    /// Begins the next element of the array at `position`.
    func beginElement(at position: Int) throws {
      try writer.pointee.beginMember(first: frames[position].count == 0)
      frames[position].count += 1
    }
  }

  private init(codingPath: [any CodingKey], state: State) {
    self.codingPath = codingPath
    self.state = state
  }

  /// Writes `value` at the writer's position as the writer writes JSON text (compact or
  /// pretty, sorted keys or not); `false`, with nothing written, when it fails or is
  /// undecided.
  static func write(_ value: any Encodable, into writer: inout JSONWriter.Writer) -> Bool {
    let start = writer.output.count
    let level = writer.level
    let written = withUnsafeMutablePointer(to: &writer) { pointer in
      let state = State(writer: pointer)
      let root = TextEncoder(codingPath: [], state: state)
      func encode<T: Encodable>(_ value: T) -> Bool {
        (try? root.write(value, at: [])) != nil
      }
      let encoded = encode(value)
      // Whatever happened, the pointer is not kept past this closure.
      let closed = (try? state.finish()) != nil
      return encoded && closed && !state.rules.isUndecided
    }
    if !written { writer.takeBack(to: start, level: level) }
    return written
  }

  /// Writes `value` (at `path`, this encoder's or a member's or element's): the types
  /// `JSONEncoder` treats itself as the tree encoder converts them, any other by its own
  /// `encode(to:)`.
  func write<T: Encodable>(_ value: T, at path: @autoclosure () -> [any CodingKey]) throws {
    let writer = try state.writer
    if T.self == String.self, let string = unboxed(value, as: String.self) {
      return writer.pointee.writeString(string)
    }
    if T.self == Int.self, let integer = unboxed(value, as: Int.self) {
      return writer.pointee.writeInteger(integer.magnitude, negative: integer < 0)
    }
    if T.self == Bool.self, let flag = unboxed(value, as: Bool.self) {
      return writer.pointee.writeBool(flag)
    }
    if T.self == Double.self, let double = unboxed(value, as: Double.self) {
      return try scalar(try state.rules.number(double))
    }
    if T.self == URL.self || T.self == Data.self || T.self == Decimal.self {
      return try scalar(try state.rules.slot(of: value, at: []).tree)
    }
    guard StackBounds.hasRoom() else { throw state.undecided() }
    let nested = TextEncoder(codingPath: path(), state: state)
    try value.encode(to: nested)
    guard case .nothing = nested.content else { return }
    // A value that encodes nothing: an empty object, but at the top.
    guard !nested.codingPath.isEmpty else { throw state.undecided() }
    writer.pointee.openObject()
    writer.pointee.closeObject(empty: true)
  }

  /// Writes a scalar of the tree as the writer writes it.
  func scalar(_ value: Any) throws {
    do {
      try state.writer.pointee.write(value, depth: 0)
    } catch {
      throw state.undecided()
    }
  }

  func integer<T: BinaryInteger & CustomStringConvertible>(_ value: T) throws {
    if let fits = Int(exactly: value) {
      return try state.writer.pointee.writeInteger(fits.magnitude, negative: fits < 0)
    }
    try scalar(try state.rules.number(value))
  }

  // MARK: Encoder

  /// This encoder's container of the given kind: a new one, or the one it has (undecided for
  /// another kind, a single value, or a container closed already).
  private func frame(isObject: Bool) -> (id: Int, position: Int) {
    switch content {
    case .nothing:
      guard let (id, position) = try? state.open(isObject: isObject) else { return (-1, 0) }
      content = .container(id: id, position: position, isObject: isObject)
      return (id, position)
    case .container(let id, let position, let kind) where kind == isObject:
      return (id, position)
    default:
      _ = state.undecided()
      return (-1, 0)
    }
  }

  func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
    let (id, position) = frame(isObject: true)
    return KeyedEncodingContainer(
      Keyed<Key>(encoder: self, id: id, position: position, path: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let (id, position) = frame(isObject: false)
    return Unkeyed(encoder: self, id: id, position: position, path: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    Single(encoder: self)
  }

  /// Opens a nested object or array after `begin` wrote what goes before it (a key, a comma),
  /// and gives its frame; a frame no container is found at (the encode undecided) where
  /// either fails.
  fileprivate func nested(isObject: Bool, after begin: () throws -> Void) -> (
    id: Int, position: Int
  ) {
    do {
      try begin()
      return try state.open(isObject: isObject)
    } catch {
      _ = state.undecided()
      return (-1, 0)
    }
  }

  /// Claims this encoder for a single value: once, and only before anything else.
  fileprivate func claimSingle() throws {
    guard case .nothing = content else { throw state.undecided() }
    content = .single
  }

  /// An encoder nobody reads, for the requests that made the encode undecided.
  fileprivate func discarded() -> any Encoder {
    _ = state.undecided()
    return TextEncoder(codingPath: codingPath, state: state)
  }
}

extension TextEncoder {
  /// An object's members, written as they are encoded.
  struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TextEncoder
    let id: Int
    let position: Int
    let path: [any CodingKey]

    var codingPath: [any CodingKey] { path }

    /// Begins the member under `key`: this object made the innermost, the key set once.
    private func begin(_ key: Key) throws {
      try encoder.state.enter(id, at: position)
      try encoder.state.beginMember(key.stringValue, at: position)
    }

    mutating func encodeNil(forKey key: Key) throws {
      try begin(key)
      try encoder.state.writer.pointee.writeNull()
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
      try begin(key)
      try encoder.state.writer.pointee.writeBool(value)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
      try begin(key)
      try encoder.state.writer.pointee.writeString(value)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
      try begin(key)
      try encoder.scalar(try encoder.state.rules.number(value))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
      try begin(key)
      try encoder.scalar(try encoder.state.rules.number(value))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      try begin(key)
      try encoder.write(value, at: path + [key])
    }

    private func integer<T: BinaryInteger & CustomStringConvertible>(_ value: T, _ key: Key)
      throws
    {
      try begin(key)
      try encoder.integer(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy _: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      let (id, position) = encoder.nested(isObject: true) { try begin(key) }
      return KeyedEncodingContainer(
        Keyed<NestedKey>(encoder: encoder, id: id, position: position, path: path + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      let (id, position) = encoder.nested(isObject: false) { try begin(key) }
      return Unkeyed(encoder: encoder, id: id, position: position, path: path + [key])
    }

    mutating func superEncoder() -> any Encoder { encoder.discarded() }
    mutating func superEncoder(forKey _: Key) -> any Encoder { encoder.discarded() }
  }

  /// An array's elements, written as they are encoded.
  struct Unkeyed: UnkeyedEncodingContainer {
    let encoder: TextEncoder
    let id: Int
    let position: Int
    let path: [any CodingKey]
    private(set) var count = 0

    init(encoder: TextEncoder, id: Int, position: Int, path: [any CodingKey]) {
      self.encoder = encoder
      self.id = id
      self.position = position
      self.path = path
    }

    var codingPath: [any CodingKey] { path }

    /// Begins the next element: this array made the innermost.
    private mutating func begin() throws {
      try encoder.state.enter(id, at: position)
      try encoder.state.beginElement(at: position)
      count += 1
    }

    mutating func encodeNil() throws {
      try begin()
      try encoder.state.writer.pointee.writeNull()
    }
    mutating func encode(_ value: Bool) throws {
      try begin()
      try encoder.state.writer.pointee.writeBool(value)
    }
    mutating func encode(_ value: String) throws {
      try begin()
      try encoder.state.writer.pointee.writeString(value)
    }
    mutating func encode(_ value: Double) throws {
      try begin()
      try encoder.scalar(try encoder.state.rules.number(value))
    }
    mutating func encode(_ value: Float) throws {
      try begin()
      try encoder.scalar(try encoder.state.rules.number(value))
    }
    mutating func encode(_ value: Int) throws { try integer(value) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
      try begin()
      try encoder.write(value, at: path + [AnyCodingKey(index: count - 1)])
    }

    private mutating func integer<T: BinaryInteger & CustomStringConvertible>(_ value: T) throws {
      try begin()
      try encoder.integer(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy _: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
      let nestedPath = path + [AnyCodingKey(index: count)]
      let (id, position) = encoder.nested(isObject: true) { try begin() }
      return KeyedEncodingContainer(
        Keyed<NestedKey>(encoder: encoder, id: id, position: position, path: nestedPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let nestedPath = path + [AnyCodingKey(index: count)]
      let (id, position) = encoder.nested(isObject: false) { try begin() }
      return Unkeyed(encoder: encoder, id: id, position: position, path: nestedPath)
    }

    mutating func superEncoder() -> any Encoder { encoder.discarded() }
  }

  /// A single value, written where the encoder's value goes.
  struct Single: SingleValueEncodingContainer {
    let encoder: TextEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws {
      try encoder.claimSingle()
      try encoder.state.writer.pointee.writeNull()
    }
    mutating func encode(_ value: Bool) throws { try written(value) }
    mutating func encode(_ value: String) throws { try written(value) }
    mutating func encode(_ value: Double) throws { try written(value) }
    mutating func encode(_ value: Float) throws {
      try encoder.claimSingle()
      try encoder.scalar(try encoder.state.rules.number(value))
    }
    mutating func encode(_ value: Int) throws { try integer(value) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try written(value) }

    private func written<T: Encodable>(_ value: T) throws {
      try encoder.claimSingle()
      try encoder.write(value, at: encoder.codingPath)
    }

    private func integer<T: BinaryInteger & CustomStringConvertible>(_ value: T) throws {
      try encoder.claimSingle()
      try encoder.integer(value)
    }
  }
}
