/// How one key of an object appears in its generated class.
enum PropertySlot: Equatable {
  /// A property with this name; the key goes into `propertyMapping` when it differs.
  case property(name: String)
  /// No property: the key cannot be mapped, for the reason given.
  case skipped(reason: String)
}

/// Chooses the property name of every key of one class.
enum PropertyNaming {
  /// Why a key that contains a dot is skipped.
  static let dottedKeyReason = "a \".\" in propertyMapping reads as a key path"

  /// A slot for each key, in the order given.
  ///
  /// Keys whose name needs no mapping (`name` -> `name`) are served first, so that `id` keeps
  /// `id` even when `_id` comes before it; other collisions number the later key (`id2`).
  static func slots(forKeys keys: [String]) -> [(key: String, slot: PropertySlot)] {
    let candidates = keys.map { Identifiers.propertyName(forKey: $0) }
    var names: [String?] = Array(repeating: nil, count: keys.count)
    var taken: Set<String> = []
    for (index, key) in keys.enumerated() where candidates[index] == key {
      names[index] = key
      taken.insert(key)
    }
    for (index, key) in keys.enumerated() where names[index] == nil && !key.contains(".") {
      var name = candidates[index]
      var number = 2
      while taken.contains(name) {
        name = candidates[index] + String(number)
        number += 1
      }
      names[index] = name
      taken.insert(name)
    }
    return keys.enumerated().map { index, key in
      if let name = names[index] {
        return (key, .property(name: name))
      }
      return (key, .skipped(reason: dottedKeyReason))
    }
  }
}
