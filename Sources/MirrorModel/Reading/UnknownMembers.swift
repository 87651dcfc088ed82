import Foundation

/// The members of one object that no property reads, gathered by whichever reader met them
/// (a dictionary's keys, or JSON text read straight into the model), and what the mapping does
/// with them: keep them (``ModelBase/keepsUnknownKeys``) and report them (lenient mode).
///
/// Inside an object that key paths read only in part (`entities` of `entities.hashtags`), the
/// keys they do not name are unknown, under that object's key.
struct UnknownMembers {
  /// One unknown member: the keys leading to it (key-path prefixes, shared by the members
  /// met under them, then its own key), its value when it is kept, and what an issue says of
  /// it (built only for an issue kept).
  struct Member {
    let prefix: [String]
    let key: String
    let value: Any?
    /// The value an issue describes, when reported (a scalar, or the whole value).
    let sample: Any?
    /// The members or elements of a container read without its value, and whether it is an
    /// object.
    let count: (isObject: Bool, members: Int)?

    var found: String {
      if let count { return count.isObject ? keyCount(count.members) : elementCount(count.members) }
      return sample.map(describeValue) ?? "nothing"
    }

    /// Whether the keys of `prefix`, `key` come before those of `otherPrefix`, `otherKey`,
    /// compared key by key (a prefix first).
    static func precedes(
      _ prefix: [String], _ key: String, _ otherPrefix: [String], _ otherKey: String
    ) -> Bool {
      // Most members share their prefix's array (an object's own members: the empty one).
      if prefix == otherPrefix { return key < otherKey }
      let count = prefix.count + 1
      let otherCount = otherPrefix.count + 1
      for position in 0..<min(count, otherCount) {
        let mine = position < prefix.count ? prefix[position] : key
        let theirs = position < otherPrefix.count ? otherPrefix[position] : otherKey
        if mine != theirs { return mine < theirs }
      }
      return count < otherCount
    }
  }

  private(set) var members: [Member] = []
  /// Whether the members' values are kept (and read whole, from JSON text).
  let keepsValues: Bool
  /// Whether each member is an issue.
  let reports: Bool

  /// What a model of `schema` does with its unknown members in `context`; `nil` when it
  /// ignores them.
  ///
  /// Inlined: called for every model, and out of line its caller retained both arguments
  /// for it (an initializer takes them owned), two reference counts a model.
  @inline(__always)
  init?(schema: ClassSchema, context: MappingContext) {
    keepsValues = schema.keepsUnknownKeys || context.keepsUnknownKeys
    // A call that keeps no issue (a lenient call whose caller reads them only for a broken
    // configuration) has none to report: the members are stepped over, not counted.
    reports = context.mode == .lenient && context.keepsIssues
    guard keepsValues || reports else { return nil }
  }

  /// Adds the member `key` under `prefix`, whose value is at hand.
  mutating func append(_ key: String, under prefix: [String], value: Any) {
    members.append(
      Member(
        prefix: prefix, key: key, value: keepsValues ? value : nil,
        sample: reports ? value : nil, count: nil))
  }

  /// Adds the container member `key` under `prefix`, not kept, of which only the size was
  /// read.
  mutating func append(_ key: String, under prefix: [String], isObject: Bool, count: Int) {
    members.append(
      Member(prefix: prefix, key: key, value: nil, sample: nil, count: (isObject, count)))
  }

  /// Adds the keys of `dictionary` that no property of `schema`'s class reads
  /// (``ClassSchema/inputKey(_:under:)``'s rule), and inside an object that key paths read in
  /// part, the keys they do not name.
  ///
  /// Only counted, as issues left out, when they are not kept and `context` is past its cap.
  mutating func collect(
    from dictionary: [String: Any], schema: ClassSchema, context: MappingContext
  ) {
    collect(
      from: dictionary, reading: schema.inputKeys, lowercased: schema.matchesCaseInsensitively,
      discriminator: schema.discriminator?.key,
      counting: !keepsValues && !context.keepsNextIssue ? context : nil, under: [])
  }

  /// `discriminator`: the class's discriminator key, at the top level.
  private mutating func collect(
    from dictionary: [String: Any], reading keys: [String: ClassSchema.InputKey],
    lowercased: Bool, discriminator: String? = nil, counting context: MappingContext?,
    under prefix: [String]
  ) {
    for (key, value) in dictionary {
      switch ClassSchema.InputKey.of(key, in: keys, lowercased, discriminator: discriminator) {
      case nil:
        if let context {
          context.omitIssues(1)
        } else {
          append(key, under: prefix, value: value)
        }
      case .whole:
        break
      case .nested(let inner):
        // An object as the key path's lookup tells it (`JSONKind`); anything else is reported
        // by the key path.
        guard let nested = JSONKind(value).members else { break }
        collect(
          from: nested, reading: inner, lowercased: lowercased, counting: context,
          under: prefix + [key])
      }
    }
  }

  /// The members' values, nested under the prefixes they were met in.
  var dictionary: [String: Any] {
    var result: [String: Any] = [:]
    for member in members {
      guard let value = member.value else { continue }
      Self.insert(value, at: member.key, under: member.prefix[...], into: &result)
    }
    return result
  }

  private static func insert(
    _ value: Any, at key: String, under prefix: ArraySlice<String>,
    into dictionary: inout [String: Any]
  ) {
    guard let outer = prefix.first else {
      dictionary[key] = value
      return
    }
    var inner = dictionary[outer] as? [String: Any] ?? [:]
    insert(value, at: key, under: prefix.dropFirst(), into: &inner)
    dictionary[outer] = inner
  }

  /// The positions of the members reported, in the order of their keys; a key met more than
  /// once in one object (JSON text may repeat a key) is reported once, with its last value, as
  /// the object's dictionary holds it.
  private var reportedOrder: [Int] {
    // Indices sorted, each comparison reading two fields: sorting the members themselves
    // would copy each one's values (hundreds of instructions a move).
    members.withUnsafeBufferPointer { members in
      let sorted = members.indices.sorted {
        let (first, second) = (members[$0], members[$1])
        if first.key == second.key && first.prefix == second.prefix { return $0 < $1 }
        return Member.precedes(first.prefix, first.key, second.prefix, second.key)
      }
      return sorted.indices.compactMap { place in
        guard place + 1 < sorted.count else { return sorted[place] }
        let (member, next) = (members[sorted[place]], members[sorted[place + 1]])
        return member.key == next.key && member.prefix == next.prefix ? nil : sorted[place]
      }
    }
  }

  /// Keeps the members in `model` and reports them, as the mapping's options say.
  ///
  /// Issues are one per member, at its full path, in the order of the keys at each level (the
  /// order does not depend on the reader or on the document's order).
  func finish(_ model: ModelBase, context: MappingContext, updating: Bool) {
    if keepsValues {
      let unknown = dictionary
      if updating {
        let merged = (model.storedUnknownValues ?? [:]).merging(unknown) { $1 }
        model.storedUnknownValues = merged.isEmpty ? nil : merged
      } else {
        model.storedUnknownValues = unknown.isEmpty ? nil : unknown
      }
    }
    guard reports else { return }
    let order = reportedOrder
    guard context.keepsNextIssue else {
      context.omitIssues(order.count)  // past the cap
      return
    }
    let reasonStart = "no property of " + typeName(type(of: model)) + " maps key "
    let base = context.path  // rendered once for every member
    for position in order {
      let member = members[position]
      context.record(
        .unknownKey,
        at: {
          var path = base
          for key in member.prefix { MappingContext.append(key: key, to: &path) }
          MappingContext.append(key: member.key, to: &path)
          return path
        }(), expected: "no value", found: member.found,
        reason: quoted(member.key, after: reasonStart))
    }
  }
}
