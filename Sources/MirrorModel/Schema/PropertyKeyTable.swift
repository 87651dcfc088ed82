import Foundation

/// A class's input keys, looked up from a key's UTF-8 bytes without making a `String`.
///
/// Open addressing over a hash of the key's length and first and last eight bytes (keys are
/// short: one or two word loads); a hit is confirmed word by word. Built once per class, for
/// the classes whose JSON text is read straight into their models.
///
/// Keys match as Swift strings do, by canonical equivalence (`"café"` written precomposed or
/// decomposed is one key), as in a `[String: Any]` dictionary: a key with bytes beyond ASCII
/// that matches no key byte for byte is looked up as a `String`. One rule on every path.
///
/// A class: the recursive readers hold it as one reference (their frames are kept small).
final class PropertyKeyTable: Sendable {
  /// Property indices by slot; -1 for an empty slot.
  private let slots: [Int32]
  /// Every key's bytes, one after another; key `i` is `bytes[starts[i]..<starts[i + 1]]`.
  private let bytes: [UInt8]
  private let starts: [Int]
  private let mask: Int
  /// Every key as a `String`, for keys beyond ASCII that differ in bytes only.
  private let byString: [String: Int]
  /// Whether a key has bytes beyond ASCII.
  private let hasKeysBeyondASCII: Bool
  /// What each key leads to when the table has nested tables.
  ///
  /// A property's index, or `-2 - n` for the key of an object whose members are read with
  /// `nested[n]`. Empty when every key is a property's, the one at the key's own index.
  private let targets: [Int]
  /// The tables of the objects key paths go through (`entities` of `entities.hashtags`), with
  /// the number that marks each object as read in ``MemberState``.
  let nested: [(table: PropertyKeyTable, serial: Int)]
  /// For a nested table, what each element of an array read with it leads to, by position.
  ///
  /// As ``target(of:)``, -1 for none: the table's keys are indices (`images.0`, `images[0]`,
  /// as ``KeyPaths/lookUp(_:in:context:)`` applies them to an array). `nil` when a key is no
  /// index (a key path collects such a key from an array of objects: the ordinary way reads
  /// it), or two keys are the same index.
  let elementTargets: [Int]?
  /// Whether an object found where the table is read is read with it: `false` when a key is
  /// an index written `[n]`, which only an array takes (the ordinary way reports the object).
  let readsObjects: Bool
  /// How many keys lead to the table: 0 at the root, 1 for `entities` of
  /// `entities.hashtags`.
  let depth: Int
  /// For a nested table, the paths that go through it, as
  /// ``make(paths:firstSerial:sharers:)`` numbers them (a property's index, then the
  /// alternative keys'); empty at the root.
  let pathsThrough: [Int]

  /// How an index written `[n]` in a key path is keyed in a table: `"\u{0}n"`, a key no key of
  /// an object is read as where it applies (``readsObjects`` is `false`).
  static func indexKey(_ index: Int) -> String { "\u{0}\(index)" }

  /// The table of `keys`, the property at index `i` read under `keys[i]`; `nil` when two
  /// properties read the same key.
  convenience init?(keys: [String]) {
    self.init(keys: keys, targets: [], nested: [], depth: 0, pathsThrough: [])
  }

  /// A key several properties read: the properties that read it whole, each in its turn,
  /// and the table of the object their other key paths go through, if any (`user` of a
  /// `user` property and of `user.name`).
  struct SharedKey: Sendable {
    /// The properties that read the key's whole value, in their order.
    let properties: [Int]
    /// The index in ``PropertyKeyTable/nested`` of the table the other key paths through the
    /// key are read with, in the table that holds the key; `nil` when none goes through it.
    let nested: Int?
  }

  /// The table of key paths made of keys alone, the property at index `i` read at
  /// `paths[i]`.
  ///
  /// Each first key leads to a property or to the table of the object it names; a key several
  /// of the paths in `sharers` read (two that read the same key or key path, one that reads
  /// an object others read inside: `user` and `user.name`) leads to the ``SharedKey`` at
  /// `paths.count + n`, the `n`th of the list returned.
  ///
  /// - Parameters:
  ///   - paths: Each property's key path, one key for a plain key.
  ///   - firstSerial: The number the first nested object gets (the property count at the
  ///     root, so objects and properties share one ``PropertySet``).
  ///   - sharers: The paths that may share a key (the properties without alternative keys).
  /// - Returns: The table, the number after the last nested object's, and the shared keys;
  ///   `nil` when two paths read the same path, or one reads an object another reads inside
  ///   (`entities` and `entities.urls`), and one of them is not in `sharers` (or the shared
  ///   key is an array's index): the ordinary way reads those.
  static func make(
    paths: [[String]], firstSerial: Int, sharers: Set<Int> = []
  ) -> (table: PropertyKeyTable, marks: Int, shared: [SharedKey])? {
    var serial = firstSerial
    var builder = Builder(firstShared: paths.count, sharers: sharers)
    return builder.make(
      entries: paths.enumerated().map { (keys: $0.element[...], property: $0.offset) },
      depth: 0, serial: &serial
    ).map { ($0, serial, builder.shared) }
  }

  /// Builds the tables of ``make(paths:firstSerial:sharers:)``, gathering the shared keys.
  private struct Builder {
    let firstShared: Int
    let sharers: Set<Int>
    var shared: [SharedKey] = []

    mutating func make(
      entries: [(keys: ArraySlice<String>, property: Int)], depth: Int, serial: inout Int
    ) -> PropertyKeyTable? {
      guard let groups = KeyPaths.groupedByFirstKey(entries, keepingClashes: true) else {
        return nil
      }
      var targets: [Int] = []
      var nested: [(table: PropertyKeyTable, serial: Int)] = []
      for (_, group) in groups {
        switch group {
        case .property(let property):
          targets.append(property)
        case .paths(let paths):
          // The properties that read the key whole share it with each other and with the
          // paths that go through it.
          let whole = paths.filter(\.keys.isEmpty).map(\.property)
          let through = paths.filter { !$0.keys.isEmpty }
          var table: Int?
          if !through.isEmpty {
            let mark = serial
            serial += 1
            guard let inner = make(entries: through, depth: depth + 1, serial: &serial) else {
              return nil
            }
            table = nested.count
            nested.append((inner, mark))
          }
          if whole.isEmpty, let table {
            targets.append(-2 - table)
          } else {
            guard paths.allSatisfy({ sharers.contains($0.property) }) else { return nil }
            targets.append(firstShared + shared.count)
            shared.append(SharedKey(properties: whole, nested: table))
          }
        }
      }
      let keys = groups.map(\.key)
      if depth == 0 && nested.isEmpty && targets == Array(targets.indices) {
        return PropertyKeyTable(keys: keys)
      }
      let table = PropertyKeyTable(
        keys: keys, targets: targets, nested: nested, depth: depth,
        pathsThrough: depth == 0 ? [] : entries.map(\.property))
      // An array's elements are read by position, each standing for a key: a shared key
      // among them is the ordinary way's.
      if let elements = table?.elementTargets, elements.contains(where: { $0 >= firstShared }) {
        return nil
      }
      return table
    }

  }

  /// The targets of `keys` by the array positions they index (see ``elementTargets``).
  private static func elementTargets(keys: [String], targets: [Int]) -> [Int]? {
    guard !keys.isEmpty else { return nil }
    var byPosition: [Int] = []
    for (ordinal, key) in keys.enumerated() {
      let digits = key.hasPrefix("\u{0}") ? String(key.dropFirst()) : key
      // As written by `Int.description` (a key path reads `"007"` as index 7 too: the
      // ordinary way reads such a one), and not far past what payloads hold.
      guard let position = Int(digits), position >= 0, position < 4_096,
        String(position) == digits
      else { return nil }
      if byPosition.count <= position {
        byPosition += repeatElement(-1, count: position + 1 - byPosition.count)
      }
      guard byPosition[position] == -1 else { return nil }
      byPosition[position] = targets.isEmpty ? ordinal : targets[ordinal]
    }
    return byPosition
  }

  private init?(
    keys: [String], targets: [Int], nested: [(table: PropertyKeyTable, serial: Int)],
    depth: Int, pathsThrough: [Int]
  ) {
    self.targets = targets
    self.nested = nested
    self.depth = depth
    self.pathsThrough = pathsThrough
    elementTargets = Self.elementTargets(keys: keys, targets: targets)
    readsObjects = !keys.contains { $0.hasPrefix("\u{0}") }
    var byString = [String: Int](minimumCapacity: keys.count)
    for (index, key) in keys.enumerated() {
      guard byString.updateValue(index, forKey: key) == nil else { return nil }
    }
    self.byString = byString
    hasKeysBeyondASCII = keys.contains { $0.utf8.contains { $0 >= 0x80 } }
    var bytes: [UInt8] = []
    var starts = [0]
    starts.reserveCapacity(keys.count + 1)
    for key in keys {
      bytes.append(contentsOf: key.utf8)
      starts.append(bytes.count)
    }
    var capacity = 8
    while capacity < keys.count * 2 { capacity *= 2 }
    var slots = [Int32](repeating: -1, count: capacity)
    let found: Bool = bytes.withUnsafeBufferPointer { all in
      for index in keys.indices {
        let key = UnsafeBufferPointer(rebasing: all[starts[index]..<starts[index + 1]])
        var slot = KeyBytes.hash(key) & (capacity - 1)
        while slots[slot] >= 0 {
          let other = Int(slots[slot])
          if KeyBytes.equal(
            UnsafeBufferPointer(rebasing: all[starts[other]..<starts[other + 1]]), key)
          {
            return false
          }
          slot = (slot + 1) & (capacity - 1)
        }
        slots[slot] = Int32(index)
      }
      return true
    }
    guard found else { return nil }
    self.slots = slots
    self.bytes = bytes
    self.starts = starts
    self.mask = capacity - 1
  }

  /// Whether every key is a property's, the one at the key's own index (no key paths).
  var isPlain: Bool { targets.isEmpty }

  /// What `key` leads to: a property's index, `-2 - n` for an object read with
  /// `nested[n]`, or `nil`.
  @inline(__always)
  func target(of key: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let ordinal = index(of: key) else { return nil }
    return targets.isEmpty ? ordinal : targets[ordinal]
  }

  /// What `key` (a key that contained escapes) leads to.
  func target(of key: String) -> Int? {
    Array(key.utf8).withUnsafeBufferPointer { target(of: $0) }
  }

  /// The index of the key equal to `key`, if any: the index of its property in a table of
  /// plain keys.
  @inline(__always)
  func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
    var slot = KeyBytes.hash(key) & mask
    return bytes.withUnsafeBufferPointer { all in
      while true {
        let candidate = Int(slots[slot])
        if candidate < 0 { return canonicalIndex(of: key) }
        let start = starts[candidate]
        let end = starts[candidate + 1]
        if end - start == key.count,
          KeyBytes.equal(UnsafeBufferPointer(rebasing: all[start..<end]), key)
        {
          return candidate
        }
        slot = (slot + 1) & mask
      }
    }
  }

  /// The index of the key equal to `key` as a `String` but not in bytes.
  ///
  /// Two strings can be only when one of them has bytes beyond ASCII (the Kelvin sign is a
  /// `K`), so an ASCII key of a class whose keys are all ASCII is not looked up again.
  @inline(never)
  private func canonicalIndex(of key: UnsafeBufferPointer<UInt8>) -> Int? {
    guard hasKeysBeyondASCII || key.contains(where: { $0 >= 0x80 }) else { return nil }
    return byString[String(decoding: key, as: UTF8.self)]
  }

  /// The index of the property whose key is `key` (a key that contained escapes).
  func index(of key: String) -> Int? {
    Array(key.utf8).withUnsafeBufferPointer { index(of: $0) }
  }
}
