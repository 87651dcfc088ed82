import Foundation

/// The members of one object that no property reads, gathered by whichever reader met them
/// (a dictionary's keys, or JSON text read straight into the model), and what the mapping does
/// with them: keep them (``ModelBase/keepsUnknownKeys``) and report them (lenient mode).
///
/// Inside an object that key paths read only in part (`entities` of `entities.hashtags`), the
/// keys they do not name are unknown, under that object's key.
struct UnknownMembers {
  /// One unknown member: the keys leading to it (key-path prefixes, then its own key), its
  /// value when it is kept, and what an issue says of it (built only for an issue kept).
  struct Member {
    let keys: [String]
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
  }

  private(set) var members: [Member] = []
  /// Whether the members' values are kept (and read whole, from JSON text).
  let keepsValues: Bool
  /// Whether each member is an issue.
  let reports: Bool

  /// What a model of `schema` does with its unknown members in `context`; `nil` when it
  /// ignores them.
  init?(schema: ClassSchema, context: MappingContext) {
    keepsValues = schema.keepsUnknownKeys || context.keepsUnknownKeys
    reports = context.mode == .lenient
    guard keepsValues || reports else { return nil }
  }

  /// Adds a member whose value is at hand.
  mutating func append(keys: [String], value: Any) {
    members.append(
      Member(
        keys: keys, value: keepsValues ? value : nil, sample: reports ? value : nil, count: nil))
  }

  /// Adds a container member, not kept, of which only the size was read.
  mutating func append(keys: [String], isObject: Bool, count: Int) {
    members.append(Member(keys: keys, value: nil, sample: nil, count: (isObject, count)))
  }

  /// Adds the keys of `dictionary` that no property reads (``ClassSchema/inputKeys``), and
  /// inside an object that key paths read in part, the keys they do not name.
  ///
  /// Only counted, as issues left out, when they are not kept and `context` is past its cap.
  mutating func collect(
    from dictionary: [String: Any], reading keys: [String: ClassSchema.InputKey],
    lowercased: Bool, context: MappingContext
  ) {
    collect(
      from: dictionary, reading: keys, lowercased: lowercased,
      counting: !keepsValues && !context.keepsNextIssue ? context : nil, under: [])
  }

  private mutating func collect(
    from dictionary: [String: Any], reading keys: [String: ClassSchema.InputKey],
    lowercased: Bool, counting context: MappingContext?, under prefix: [String]
  ) {
    for (key, value) in dictionary {
      switch keys[lowercased ? key.lowercased() : key] {
      case nil:
        if let context {
          context.omitIssues(1)
        } else {
          append(keys: prefix + [key], value: value)
        }
      case .whole:
        break
      case .nested(let inner):
        guard let nested = value as? [String: Any] else { break }  // reported by the key path
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
      Self.insert(value, at: member.keys[...], into: &result)
    }
    return result
  }

  private static func insert(
    _ value: Any, at keys: ArraySlice<String>, into dictionary: inout [String: Any]
  ) {
    guard let key = keys.first else { return }
    if keys.count == 1 {
      dictionary[key] = value
      return
    }
    var inner = dictionary[key] as? [String: Any] ?? [:]
    insert(value, at: keys.dropFirst(), into: &inner)
    dictionary[key] = inner
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
    guard context.keepsNextIssue else {
      context.omitIssues(members.count)  // past the cap: not even put in order
      return
    }
    let className = typeName(type(of: model))
    let base = context.path  // rendered once for every member
    for member in members.sorted(by: { $0.keys.lexicographicallyPrecedes($1.keys) }) {
      let keys = member.keys
      context.record(
        .unknownKey,
        at: {
          var path = base
          MappingContext.append(keys.lazy.map { .key($0) }, to: &path)
          return path
        }(), expected: "no value", found: member.found,
        reason: "no property of \(className) maps key \(quoted(keys[keys.count - 1]))")
    }
  }
}
