import Foundation

/// Writes the values `toDictionary()` produces as UTF-8 JSON text, byte for byte as `JSONEncoder`
/// writes the same values on Linux.
///
/// Accepts `[String: Any]`, `[Any]`, `String`, every integer type, `Double`, `Float`, `Bool`,
/// `NSNull`, `NSNumber` (booleans told apart by class), `NSDecimalNumber`, `Decimal`, bridged
/// Foundation collections and strings, and `nil` (written as `null`). Integral doubles below
/// 1e15 are written without a fraction (`3`), others as Swift prints them (`0.1`, `1e+20`);
/// `/` is escaped as `\/`, control characters as `\n` or `\u001f`. Pretty printing indents by
/// two spaces and writes `"key" : value`; sorted keys are in UTF-8 byte order.
enum JSONWriter {
  /// Arrays and objects nested deeper than this are refused.
  ///
  /// It is what `init(json:)` reads back (the mapping limit, `MappingContext.maximumDepth`,
  /// and the two levels of a root array of models), so that no JSON text MirrorModel writes is
  /// one it then refuses to read. Written here as a number: the JSON layer knows nothing of
  /// mapping (`JSONWriterTests.nestingLimit` holds the two together).
  static let maximumDepth = 202

  /// The JSON text of `value`.
  ///
  /// - Throws: `JSONWriterError` for a type JSON cannot hold, a non-finite number or nesting
  ///   deeper than `maximumDepth`, with the path to the offending value.
  static func data(
    from value: Any, prettyPrinted: Bool = false, sortedKeys: Bool = false
  ) throws(JSONWriterError) -> Data {
    var writer = Writer(prettyPrinted: prettyPrinted, sortedKeys: sortedKeys)
    try writer.write(value, depth: 0)
    return writer.output.takeData()
  }

  /// The output buffer and the options.
  ///
  /// Every container is written through the same few steps (``openObject()``,
  /// ``beginMember(first:)`` and ``writeKey(_:)``, ``closeObject(empty:)``,
  /// ``writeElements(_:_:)``) whoever writes it: a model's members straight from its fields,
  /// or a dictionary value. So compact and pretty text, sorted keys or not, come from one
  /// writer.
  struct Writer {
    let prettyPrinted: Bool
    let sortedKeys: Bool
    var output = JSONBytes(capacity: 1024)
    /// The number of containers open around the next byte: the indentation of pretty text.
    private(set) var level = 0
    /// The bounds of this thread's stack, read once for the whole text.
    private let stack = StackBounds.current()
    /// The containers a flat walk has open inside the value it writes, innermost last, each
    /// with what its parent's walk resumes with when it closes (``OpenContainer``): kept by
    /// the writer so that walking a model's containers allocates nothing once the first
    /// model is written.
    var openContainers: [OpenContainer] = []

    /// A container opened by a walk that does not recurse: where its text starts (with what
    /// was written before its first byte for it, to take it back whole when nothing is
    /// written inside), and the state of its parent: whether nothing was written in it yet,
    /// and how many elements it has when it is an array (-1 for an object).
    struct OpenContainer {
      let start: Int
      let parentFirst: Bool
      let parentCount: Int
    }

    init(prettyPrinted: Bool, sortedKeys: Bool) {
      self.prettyPrinted = prettyPrinted
      self.sortedKeys = sortedKeys
    }

    /// Writes `{` and enters the object.
    @inline(__always)
    mutating func openObject() {
      output.append(UInt8(ascii: "{"))
      level += 1
    }

    /// Leaves the object and writes `}`: after a line break pretty, or as
    /// ``closeEmpty(_:)`` writes it when no member was written.
    @inline(__always)
    mutating func closeObject(empty: Bool) {
      close(UInt8(ascii: "}"), empty: empty)
    }

    /// Leaves an object or array whose output from `start` on is taken back (a key path's
    /// object or array none of whose members was written).
    @inline(__always)
    mutating func dropContainer(from start: Int) {
      level -= 1
      output.removeSubrange(start...)
    }

    /// Takes back everything written from `start` on, the writer's nesting put back to
    /// `level` (a value whose writing was given up half way).
    mutating func takeBack(to start: Int, level: Int) {
      output.removeSubrange(start...)
      self.level = level
    }

    /// Writes what goes before a member's key: a comma unless it is the first, and pretty, a
    /// line break and the indentation.
    @inline(__always)
    mutating func beginMember(first: Bool) {
      beginElement(first: first)
    }

    /// `key` as JSON text with its colon (`"name":`): what ``writeKey(_:)`` takes, made once
    /// per key when a schema is built.
    static func keyText(_ key: String) -> [UInt8] {
      var writer = Writer(prettyPrinted: false, sortedKeys: false)
      writer.writeString(key)
      return writer.output.bytes + [UInt8(ascii: ":")]
    }

    /// Writes a key given as JSON text and its colon (`"name":`), as `"name" : ` pretty;
    /// nothing for an empty key (an array's element written as a member is).
    @inline(__always)
    mutating func writeKey(_ key: [UInt8]) {
      if prettyPrinted {
        guard !key.isEmpty else { return }
        output.append(contentsOf: key.dropLast())
        output.append(contentsOf: " : ".utf8)
      } else {
        output.append(contentsOf: key)
      }
    }

    /// Writes `key` quoted and its colon (`"name":`, `"name" : ` pretty), for a key known only
    /// as the writer meets it.
    @inline(__always)
    mutating func writeKey(_ key: String) {
      writeString(key)
      if prettyPrinted {
        output.append(contentsOf: " : ".utf8)
      } else {
        output.append(UInt8(ascii: ":"))
      }
    }

    /// Writes `null`.
    mutating func writeNull() {
      output.append(contentsOf: "null".utf8)
    }

    /// Writes an empty array.
    mutating func writeEmptyArray() {
      openArray()
      closeArray(empty: true)
    }

    /// Writes `[`, each element `write` writes with a comma between them, and `]`.
    ///
    /// An element for which `write` returns `false` (left out, as `toMappedValue` leaves out a
    /// cycle) must have written nothing.
    mutating func writeElements<Element, Failure: Error>(
      _ elements: some Sequence<Element>,
      _ write: (Element, inout Writer) throws(Failure) -> Bool
    ) throws(Failure) {
      openArray()
      var first = true
      for element in elements {
        let start = output.count
        beginElement(first: first)
        if try write(element, &self) {
          first = false
        } else {
          output.removeSubrange(start...)
        }
      }
      closeArray(empty: first)
    }

    /// Writes `[` and enters the array.
    @inline(__always)
    mutating func openArray() {
      output.append(UInt8(ascii: "["))
      level += 1
    }

    /// Writes what goes before an element: a comma unless it is the first, and pretty, a line
    /// break and the indentation.
    @inline(__always)
    private mutating func beginElement(first: Bool) {
      if !first { output.append(UInt8(ascii: ",")) }
      if prettyPrinted { newline(indent: level) }
    }

    /// Leaves the array and writes `]`, as ``closeObject(empty:)`` writes `}`.
    @inline(__always)
    mutating func closeArray(empty: Bool) {
      close(UInt8(ascii: "]"), empty: empty)
    }

    /// Leaves a container and writes its closing `bracket`.
    @inline(__always)
    private mutating func close(_ bracket: UInt8, empty: Bool) {
      level -= 1
      if empty {
        closeEmpty(bracket)
      } else {
        if prettyPrinted { newline(indent: level) }
        output.append(bracket)
      }
    }

    /// Writes `value`.
    ///
    /// On the recursive path of nested containers: containers go straight to their writers and
    /// everything else to `writeLeaf`, so that this frame stays small (a debug build writes 200
    /// levels on a 512 KB thread).
    mutating func write(_ value: Any, depth: Int) throws(JSONWriterError) {
      let type = type(of: value)
      if type == [String: Any].self {
        try writeObject(value, depth: depth)
      } else if type == [Any].self {
        try writeArray(value, depth: depth)
      } else {
        try writeLeaf(value, depth: depth)
      }
    }

    /// Writes any value but a `[String: Any]` or `[Any]`, by its ``JSONKind``.
    @inline(never)
    private mutating func writeLeaf(_ value: Any, depth: Int) throws(JSONWriterError) {
      let kind = JSONKind(value)
      switch kind {
      case .string(let string): writeString(string)
      case .int(let integer): writeInteger(integer.magnitude, negative: integer < 0)
      case .signed(let integer): writeInteger(integer.magnitude, negative: integer < 0)
      case .uint(let integer): writeInteger(integer, negative: false)
      case .unsigned(let integer): writeInteger(integer, negative: false)
      case .double(let double): try writeDouble(double)
      case .bool(let flag): writeBool(flag)
      case .float(let float): try writeFloat(float)
      case .decimal(let decimal):
        guard !decimal.isNaN else { throw JSONWriterError(.nonFiniteNumber("NaN")) }
        writeDecimal(decimal.description, decimal)
      case .null, .absent: output.append(contentsOf: "null".utf8)
      case .object(let object): try writeObject(object, depth: depth)
      case .array(let array): try writeArray(array, depth: depth)
      case .foundationObject, .foundationArray, .other:
        // A Foundation container (an NSDictionary only with string keys); nothing else is JSON.
        if let members = kind.members {
          try writeObject(members, depth: depth)
        } else if let elements = kind.elements {
          try writeArray(elements, depth: depth)
        } else {
          throw JSONWriterError(.unsupportedType(String(reflecting: type(of: value))))
        }
      }
    }

    // MARK: Containers

    /// Writes a `[String: Any]` (or, from `writeLeaf`, another object's members).
    private mutating func writeObject(_ value: Any, depth: Int) throws(JSONWriterError) {
      guard depth < JSONWriter.maximumDepth, stack.hasRoom() else {
        throw JSONWriterError(.tooDeep(limit: min(JSONWriter.maximumDepth, depth)))
      }
      let members = orderedMembers(value)
      openObject()
      for position in members.indices {
        try writeMember(
          members[position].key, members[position].value, first: position == 0, depth: depth)
      }
      closeObject(empty: members.isEmpty)
    }

    /// The members of an object, by key when `sortedKeys` is set.
    @inline(never)
    private func orderedMembers(_ value: Any) -> [(key: String, value: Any)] {
      guard let object = value as? [String: Any] else { return [] }
      if sortedKeys { return object.sorted { utf8Precedes($0.key, $1.key) } }
      return Array(object)
    }

    @inline(__always)
    private mutating func writeMember(
      _ key: String, _ value: Any, first: Bool, depth: Int
    ) throws(JSONWriterError) {
      beginMember(first: first)
      writeKey(key)
      do throws(JSONWriterError) {
        try write(value, depth: depth + 1)
      } catch {
        throw error.inside(.key(key))
      }
    }

    /// Writes an `[Any]` (or, from `writeLeaf`, another array's elements).
    private mutating func writeArray(_ value: Any, depth: Int) throws(JSONWriterError) {
      guard depth < JSONWriter.maximumDepth, stack.hasRoom() else {
        throw JSONWriterError(.tooDeep(limit: min(JSONWriter.maximumDepth, depth)))
      }
      let array = value as? [Any] ?? []
      openArray()
      for position in array.indices {
        beginElement(first: position == 0)
        do throws(JSONWriterError) {
          try write(array[position], depth: depth + 1)
        } catch {
          throw error.inside(.index(position))
        }
      }
      closeArray(empty: array.isEmpty)
    }

    /// Closes an empty container: `[]` compact, or `[`, a blank line, `]` pretty (as
    /// `JSONEncoder` and `JSONSerialization` write it).
    private mutating func closeEmpty(_ bracket: UInt8) {
      if prettyPrinted {
        output.append(UInt8(ascii: "\n"))
        newline(indent: level)
      }
      output.append(bracket)
    }

    @inline(__always)
    private mutating func newline(indent depth: Int) {
      output.append(UInt8(ascii: "\n"))
      let spaces: StaticString = "                                "
      var remaining = depth * 2
      while remaining > 0 {
        let chunk = min(remaining, spaces.utf8CodeUnitCount)
        output.append(contentsOf: UnsafeBufferPointer(start: spaces.utf8Start, count: chunk))
        remaining -= chunk
      }
    }
  }
}

/// The order a class's (or a key-path object's) members are written in with sorted keys: the
/// positions of `names` in their UTF-8 byte order, worked out on first use and kept with the
/// schema, for every later call (a model written alone sorted its keys again every time).
final class SortedMemberOrder: @unchecked Sendable {
  private let lock = NSLock()
  /// The members' keys; `nil` once the order is made.
  private var names: [String]?
  private var made: [Int] = []

  init(names: [String]) {
    self.names = names
  }

  /// The positions of the members, in their keys' UTF-8 byte order.
  var positions: [Int] {
    lock.withLock {
      if let names {
        made = Array(names.indices).sorted { utf8Precedes(names[$0], names[$1]) }
        self.names = nil
      }
      return made
    }
  }
}

/// Whether `left` sorts before `right` in UTF-8 byte order (what `JSONEncoder` uses for
/// `.sortedKeys`; `<` on `String` orders by Unicode canonical equivalence instead).
func utf8Precedes(_ left: String, _ right: String) -> Bool {
  var left = left
  var right = right
  return left.withUTF8 { leftBytes in
    right.withUTF8 { rightBytes in
      let common = min(leftBytes.count, rightBytes.count)
      if common > 0, let leftBase = leftBytes.baseAddress, let rightBase = rightBytes.baseAddress {
        let order = memcmp(leftBase, rightBase, common)
        if order != 0 { return order < 0 }
      }
      return leftBytes.count < rightBytes.count
    }
  }
}
