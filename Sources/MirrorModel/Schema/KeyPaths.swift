import Foundation

/// Key paths in ``ModelBase/propertyMapping`` and ``ModelBase/alternativeKeys``: how they are
/// written, read and written back.
///
/// `"meta.hotel_id"` reads `dictionary["meta"]["hotel_id"]`. A component made of digits indexes
/// an array and names a key in a dictionary (`"nested.0.value"`, ObjectMapper), and `[n]` after
/// a key indexes an array (`"name.info[1].x"`, MJExtension). A backslash escapes a dot or a
/// bracket: `"first\\.layer.second"` reads key `first.layer`, then `second`.
enum KeyPaths {
  /// A key that is not a plain key, parsed; `nil` for a plain key (no unescaped dot, no
  /// bracket, no backslash).
  ///
  /// - Throws: ``Unparsable`` for an empty component (`"data.result."`, `".data"`, `"a..b"`),
  ///   a malformed index, or a path that starts with an index.
  static func parse(_ key: String) throws(Unparsable) -> [KeyComponent]? {
    guard
      key.utf8.contains(where: {
        $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "\\")
      })
    else { return nil }
    var components: [KeyComponent] = []
    var current = ""
    var afterIndex = false  // just after `]`: a dot or a bracket may follow, or the end
    var characters = Array(key)[...]
    func closeKey() throws(Unparsable) {
      guard !current.isEmpty else {
        throw Unparsable(reason: "\(quoted(key)) has an empty component")
      }
      components.append(.key(current))
      current = ""
    }
    while let character = characters.popFirst() {
      switch character {
      case "\\":
        if let next = characters.first, "\\.[]".contains(next) {
          current.append(next)
          characters.removeFirst()
        } else {
          current.append(character)
        }
      case "." where afterIndex && current.isEmpty:
        afterIndex = false
      case ".":
        try closeKey()
      case "[":
        if !current.isEmpty {
          try closeKey()
        } else if !afterIndex {
          throw Unparsable(reason: "\(quoted(key)) has an index with no key before it")
        }
        guard let close = characters.firstIndex(of: "]"),
          let index = Int(String(characters[..<close])), index >= 0
        else { throw Unparsable(reason: "\(quoted(key)) has a malformed index") }
        components.append(.index(index))
        characters = characters[characters.index(after: close)...]
        afterIndex = true
        if let next = characters.first, next != ".", next != "[" {
          throw Unparsable(reason: "\(quoted(key)) has text right after an index")
        }
      default:
        current.append(character)
      }
    }
    if !(afterIndex && current.isEmpty) { try closeKey() }
    return components
  }

  /// What the properties whose key paths start with one key have under it.
  enum FirstKeyGroup<Component> {
    /// One property, whose whole path is the key.
    case property(Int)
    /// The rest of the longer paths that start with the key, each with its property.
    case paths([(keys: ArraySlice<Component>, property: Int)])
  }

  /// Properties' key paths grouped by their first key, in the order the first keys first
  /// appear (the properties' order).
  ///
  /// `nil` when a path is empty, or, unless `keepingClashes`, two properties have the same
  /// path or a key is one property's whole path and the start of another's (`x` and `x.y`).
  /// Kept, such a key is a group of paths in which each property whose whole path it is has
  /// an empty rest (the readers' shared keys).
  ///
  /// The one way the readers' nested key tables and the writer's nested objects are built.
  static func groupedByFirstKey(
    _ paths: [(keys: ArraySlice<String>, property: Int)], keepingClashes: Bool = false
  ) -> [(key: String, group: FirstKeyGroup<String>)]? {
    groupedByFirstKey(paths, keepingClashes: keepingClashes) { $0 }
  }

  /// Key paths of any components grouped as ``groupedByFirstKey(_:keepingClashes:)``
  /// groups keys, each first component standing for the key `key` gives it (the writer's
  /// array positions: `[1]` and `.1` are one element).
  static func groupedByFirstKey<Component, Key: Hashable>(
    _ paths: [(keys: ArraySlice<Component>, property: Int)], keepingClashes: Bool = false,
    key: (Component) -> Key
  ) -> [(key: Key, group: FirstKeyGroup<Component>)]? {
    var order: [Key] = []
    var byKey: [Key: [(keys: ArraySlice<Component>, property: Int)]] = [:]
    for path in paths {
      guard let first = path.keys.first.map(key) else { return nil }
      if byKey[first] == nil { order.append(first) }
      byKey[first, default: []].append((path.keys.dropFirst(), path.property))
    }
    var groups: [(key: Key, group: FirstKeyGroup<Component>)] = []
    for first in order {
      let entries = byKey[first] ?? []
      if entries.count == 1, entries[0].keys.isEmpty {
        groups.append((first, .property(entries[0].property)))
      } else {
        guard keepingClashes || entries.allSatisfy({ !$0.keys.isEmpty }) else { return nil }
        groups.append((first, .paths(entries)))
      }
    }
    return groups
  }

  /// Why a key is not a valid key path.
  struct Unparsable: Error {
    let reason: String
  }

  /// The value at `path` in `dictionary`.
  ///
  /// `nil` when a key is missing, an index is past the end, or a value on the way is null. A
  /// value on the way that is neither a dictionary nor an array is an issue at the property's
  /// path.
  static func lookUp(
    _ path: [KeyComponent], in dictionary: [String: Any], context: MappingContext
  ) -> Any? {
    lookUp(path, from: 0, in: dictionary, context: context)
  }

  /// The value at `path[start...]` in `value`, the value at `path[..<start]` (what a
  /// `Decoder` met on a key path where no object is, ``DecoderReader``).
  ///
  /// A key (not digits) met at an array of dictionaries is looked up in each element, as
  /// Key-Value Coding's `valueForKeyPath:` does (JSONModel, KVCParsing):
  /// `"alternatives.items.data"` over an array of alternatives gives the array of their
  /// `items.data` values (an empty array of an empty one), `null` where an element has none.
  /// An array holding anything else there is an issue.
  static func lookUp(
    _ path: [KeyComponent], from start: Int, in value: Any, context: MappingContext
  ) -> Any? {
    var current: Any = value
    for position in start..<path.count {
      let component = path[position]
      if position > 0, context.isNull(current) { return nil }
      let next: Any?
      // What a container is, as every reader and writer of `Any` values tells it.
      let kind = JSONKind(current)
      switch component {
      case .key(let key):
        // Each asked once: a Foundation container is bridged for it.
        let object = kind.members
        let array = object == nil ? kind.elements : nil
        if let object {
          next = object[key]
        } else if let array, let index = Int(key), index >= 0 {
          next = index < array.count ? array[index] : nil
        } else if let array, position > 0,
          array.allSatisfy({ JSONKind($0).members != nil || context.isNull($0) })
        {
          return array.map { element in
            lookUp(path, from: position, in: element, context: context) ?? NSNull()
          }
        } else {
          mismatch(current, at: path, position, expected: "a dictionary", context: context)
          return nil
        }
      case .index(let index):
        guard let array = kind.elements else {
          mismatch(current, at: path, position, expected: "an array", context: context)
          return nil
        }
        next = index < array.count ? array[index] : nil
      }
      guard let next else { return nil }
      current = next
    }
    return current
  }

  private static func mismatch(
    _ value: Any, at path: [KeyComponent], _ position: Int, expected: String,
    context: MappingContext
  ) {
    context.record(
      .typeMismatch, expected: expected == "an array" ? "[Any]" : "[String: Any]",
      found: describeValue(value),
      reason: "key path needs \(expected) at \(KeyComponent.render(path[..<position]))")
  }

  /// `existing` with `value` written at `path`, creating the dictionaries and arrays it needs.
  ///
  /// An index, or a key made of digits where no dictionary is, makes an array (padded with
  /// `null`). A dictionary written where a dictionary is already (`x.1` after `x.1.value`) is
  /// merged into it, its own keys winning, unless `replacing` (a property's value over a kept
  /// unknown member, where no other property writes: ``ClassSchema/jsonOutputGroup``).
  static func inserting(
    _ value: Any, at path: ArraySlice<KeyComponent>, into existing: Any?, replacing: Bool = false
  ) -> Any {
    guard let first = path.first else {
      if !replacing, let object = value as? [String: Any], let old = existing as? [String: Any] {
        return old.merging(object) { _, new in new }
      }
      return value
    }
    let rest = path.dropFirst()
    var arrayIndex: Int?
    switch first {
    case .index(let index): arrayIndex = index
    case .key(let key):
      if !(existing.map { $0 is [String: Any] } ?? false), let index = Int(key), index >= 0 {
        arrayIndex = index
      } else {
        var object = existing as? [String: Any] ?? [:]
        object[key] = inserting(value, at: rest, into: object[key], replacing: replacing)
        return object
      }
    }
    guard let index = arrayIndex else { return value }
    var array = existing as? [Any] ?? []
    while array.count <= index { array.append(NSNull()) }
    let old: Any? = isNSNull(array[index]) ? nil : array[index]
    array[index] = inserting(value, at: rest, into: old, replacing: replacing)
    return array
  }
}
