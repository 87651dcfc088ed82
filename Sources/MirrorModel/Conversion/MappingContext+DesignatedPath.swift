import Foundation

extension MappingContext {
  /// The value at the designated `path` in `root` (the root itself for `nil`), with the path's
  /// components pushed so that every issue's path starts from the root; `nil` (an issue
  /// recorded) when it is missing, null, or not what `expected` needs.
  func designated<Value>(
    _ path: String?, in root: [String: Any], expected: @autoclosure () -> String,
    as type: Value.Type = [String: Any].self
  ) -> Value? {
    guard let path else { return root as? Value }
    let expected = expected()
    let components: [KeyComponent]
    do {
      components = try KeyPaths.parse(path) ?? [.key(path)]
    } catch {
      markBrokenConfiguration()
      record(
        .configuration, expected: expected, found: "designated path \(quoted(path))",
        reason: "the designated path is not a valid key path: \(error.reason)")
      return nil
    }
    let value = KeyPaths.lookUp(components, in: root, context: self)
    for component in components {
      switch component {
      case .key(let key): push(.key(key))
      case .index(let index): push(.index(index))
      }
    }
    guard let value, !isNull(value) else {
      record(
        .missingValue, expected: expected, found: value == nil ? "nothing" : "null",
        reason: "the designated path \(quoted(path)) holds no value")
      return nil
    }
    guard let typed = value as? Value else {
      record(
        .typeMismatch, expected: expected, found: describeValue(value),
        reason:
          "expects \(Value.self == [String: Any].self ? "a JSON object" : "a JSON array") "
          + "at the designated path"
      )
      return nil
    }
    return typed
  }
}
