import Foundation

/// What a model whose output keys are key paths is written as, straight to JSON text: its
/// properties and the objects key paths write them inside (`"entities":{"hashtags":…}`), in the
/// order the properties are declared, each object where its first property is.
///
/// The same content as ``ModelBase/toDictionary()`` followed by the JSON writer: an object none
/// of whose properties is written (all left out) is left out too, as the dictionary has no
/// such key.
final class JSONOutputGroup: Sendable {
  /// A property written under `key`, or an object written under `key` holding `group`'s
  /// members.
  ///
  /// A struct rather than an enum with payloads: an enum would keep its case in the spare
  /// bits of the group's reference, where LeakSanitizer no longer sees a pointer (and reports
  /// the nested groups as leaked).
  struct Member: Sendable {
    /// JSON text and colon.
    let key: [UInt8]
    /// The key itself (sorted keys order members by it).
    let name: String
    /// The property's position in the schema; -1 for an object.
    let position: Int
    /// The object's members; `nil` for a property.
    let group: JSONOutputGroup?
  }

  let members: [Member]

  private init(members: [Member]) {
    self.members = members
  }

  /// The group of `properties`' output keys; `nil` when none is a key path, a key path has an
  /// index or a key made of digits, or two properties write the same place or one inside the
  /// other (`x` and `x.y`, which the dictionary merges).
  static func make(_ properties: [ClassSchema.Property]) -> JSONOutputGroup? {
    guard properties.contains(where: { $0.outputKeyPath != nil }) else { return nil }
    var paths: [(keys: ArraySlice<String>, property: Int)] = []
    for (position, property) in properties.enumerated() {
      guard let path = property.outputKeyPath else {
        paths.append(([property.outputKey][...], position))
        continue
      }
      var keys: [String] = []
      for component in path {
        // Digits may stand for an array position on the way in: the dictionary decides.
        guard case .key(let key) = component, Int(key) == nil else { return nil }
        keys.append(key)
      }
      paths.append((keys[...], position))
    }
    return make(paths)
  }

  private static func make(
    _ paths: [(keys: ArraySlice<String>, property: Int)]
  ) -> JSONOutputGroup? {
    guard let groups = KeyPaths.groupedByFirstKey(paths) else { return nil }
    var members: [Member] = []
    for (key, group) in groups {
      switch group {
      case .property(let position):
        members.append(
          Member(key: JSONWriter.Writer.keyText(key), name: key, position: position, group: nil))
      case .paths(let inner):
        guard let nested = make(inner) else { return nil }
        members.append(
          Member(key: JSONWriter.Writer.keyText(key), name: key, position: -1, group: nested))
      }
    }
    return JSONOutputGroup(members: members)
  }
}
