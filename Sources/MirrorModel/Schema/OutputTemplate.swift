/// The dictionary ``ModelBase/toDictionary()`` starts from for a class whose output keys are
/// plain keys, prepared once per class: the key of each property that is written whatever it
/// holds (a non-optional one) is there already, so that its value is set in its place by index
/// instead of hashing the key for every model (a fifth of writing a dictionary).
///
/// The template is never mutated: each model's dictionary is a copy of it (the copy keeps the
/// template's buckets, so the indices hold in it). A property of the template whose value is
/// left out after all (a NaN, a cycle) leaves its placeholder, which is removed at the end;
/// every other property is inserted by key, as without a template.
final class OutputTemplate: @unchecked Sendable {
  /// Stands in for the value of a property not written yet (a struct: copying the template
  /// retains nothing for it).
  private struct Placeholder {}

  /// The keys, each with the placeholder; room for every property's key.
  let dictionary: [String: Any]
  /// By property position: the index of its key in ``dictionary``, or `nil` for a property
  /// written by key.
  let indices: [Dictionary<String, Any>.Index?]

  /// The template for `properties` (output keys plain and distinct), with room for
  /// `capacity` keys; `nil` when no property is written whatever it holds.
  init?(properties: [ClassSchema.Property], capacity: Int) {
    var dictionary = [String: Any](minimumCapacity: capacity)
    for property in properties where property.accessor.isAlwaysWritten {
      dictionary[property.outputKey] = Placeholder()
    }
    guard !dictionary.isEmpty else { return nil }
    // Indices taken once every key is in: an insertion may move the keys already there.
    self.indices = properties.map { property in
      property.accessor.isAlwaysWritten ? dictionary.index(forKey: property.outputKey) : nil
    }
    self.dictionary = dictionary
  }

  /// Whether the property at `position` has its key in the template.
  func holds(_ position: Int) -> Bool {
    indices[position] != nil
  }

  /// Sets the value of the property at `position` in `dictionary` (a copy of the template)
  /// when the template holds its key; `false`, with nothing set, otherwise.
  ///
  /// What a debug build calls, out of the loop over the properties: that loop's frame is on
  /// the recursive path of nested models, with no room for the dictionary's accessors on a
  /// 512 KB thread. An optimized build sets the value in the loop (a call per property
  /// would cost a tenth of writing the dictionary).
  @inline(never)
  func set(_ value: Any, of position: Int, in dictionary: inout [String: Any]) -> Bool {
    guard let index = indices[position] else { return false }
    dictionary.values[index] = value
    return true
  }

  /// Removes the keys whose values were left out: those still holding the placeholder.
  @inline(never)
  static func removeLeftOut(from dictionary: inout [String: Any]) {
    dictionary = dictionary.filter { !($0.value is Placeholder) }
  }
}
