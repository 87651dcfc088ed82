/// Chooses one class name per distinct nested shape, in the order classes are first reached.
///
/// A nested object asks for the name its key suggests. Identical shapes share one class when the
/// names agree: the same name, or one name ends with the other as a whole word (the properties
/// `recommended_room` and `rooms` share `Room`, the shorter name). A different shape asking for
/// a taken name gets a number (`User`, `User2`). Identical shapes under unrelated names stay
/// separate classes: `owner` and `category` may look alike today and differ tomorrow.
struct ClassRegistry {
  /// A class to generate.
  struct Entry {
    var name: String
    let schema: InferredClass
    /// The names the key of each reference suggested for this class.
    var proposedNames: Set<String>
  }

  private(set) var entries: [Entry] = []
  private var indexByReference: [ModelReference: Int] = [:]

  /// Registers the root class and every class it refers to, breadth first in property order.
  ///
  /// Breadth first, so that a shallow class keeps the plain name and a deeper one with the same
  /// name and another shape gets the number.
  init(root: InferredClass, name: String) {
    entries.append(Entry(name: name, schema: root, proposedNames: [name]))
    var queue = [root]
    var next = 0
    while next < queue.count {
      for property in queue[next].properties {
        for reference in property.type?.references ?? [] where register(reference) {
          queue.append(reference.schema)
        }
      }
      next += 1
    }
  }

  /// The generated name of the class a reference resolves to.
  func name(of reference: ModelReference) -> String {
    guard let index = indexByReference[reference] else { return reference.proposedName }
    return entries[index].name
  }

  /// Resolves a reference to a class; true when that made a new class.
  private mutating func register(_ reference: ModelReference) -> Bool {
    guard indexByReference[reference] == nil else { return false }
    let proposed = reference.proposedName
    if let index = entries.indices.dropFirst().first(where: { isShared(entries[$0], reference) }) {
      entries[index].proposedNames.insert(proposed)
      if proposed.count < entries[index].name.count,
        !entries.contains(where: { $0.name == proposed })
      {
        entries[index].name = proposed
      }
      indexByReference[reference] = index
      return false
    }
    var name = proposed
    var number = 2
    while entries.contains(where: { $0.name == name }) {
      name = proposed + String(number)
      number += 1
    }
    entries.append(Entry(name: name, schema: reference.schema, proposedNames: [proposed]))
    indexByReference[reference] = entries.count - 1
    return true
  }

  private func isShared(_ entry: Entry, _ reference: ModelReference) -> Bool {
    guard entry.schema == reference.schema else { return false }
    let proposed = reference.proposedName
    return entry.proposedNames.contains { name in
      name == proposed || Self.endsWithWord(name, proposed) || Self.endsWithWord(proposed, name)
    }
  }

  /// Whether `name` ends with `suffix` as a whole word (`RecommendedRoom` ends with `Room`).
  private static func endsWithWord(_ name: String, _ suffix: String) -> Bool {
    name.count > suffix.count && name.hasSuffix(suffix) && suffix.first?.isUppercase == true
  }
}
