import Foundation

/// Checks that an issue's path names a place in the input.
///
/// Paths are rendered as `MappingContext` renders them: a plain key as `key` (after a `.` unless
/// first), any other key as `["key"]`, an index as `[3]`. A path resolves when it walks the
/// input from the top, where the last component may be absent (a missing key), or the rest of a
/// property's key path (`meta.info.name` where `meta` is not a dictionary).
enum IssuePaths {
  static func resolves(_ path: String, in input: Any) -> Bool {
    match(Array(path.utf8)[...], input, first: true)
  }

  private static func match(_ rest: ArraySlice<UInt8>, _ value: Any, first: Bool) -> Bool {
    if rest.isEmpty { return true }
    if let dictionary = value as? [String: Any] {
      for (key, child) in dictionary {
        let rendered = render(key, first: first)
        if rest.starts(with: rendered),
          match(rest.dropFirst(rendered.count), child, first: false)
        {
          return true
        }
      }
    } else if let array = value as? [Any], rest.first == UInt8(ascii: "["),
      let close = rest.firstIndex(of: UInt8(ascii: "]")),
      let index = Int(String(decoding: rest[(rest.startIndex + 1)..<close], as: UTF8.self)),
      array.indices.contains(index),
      match(rest[(close + 1)...], array[index], first: false)
    {
      return true
    }
    return isOneComponent(rest, first: first)
  }

  private static func render(_ key: String, first: Bool) -> [UInt8] {
    if isPlainKey(key) { return Array(((first ? "" : ".") + key).utf8) }
    return Array("[\"\(key)\"]".utf8)
  }

  private static func isPlainKey(_ key: String) -> Bool {
    !key.isEmpty && !key.utf8.contains { Self.special.contains($0) }
  }

  private static let special: Set<UInt8> = [
    UInt8(ascii: "."), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\""),
  ]

  /// Whether `rest` is one more key (a missing key), or the rest of a property's key path
  /// (`.info.name` of `meta.info.name` where `meta` is missing or not a dictionary).
  private static func isOneComponent(_ rest: ArraySlice<UInt8>, first: Bool) -> Bool {
    if rest.starts(with: Array("[\"".utf8)) {
      return rest.count >= 4 && rest.suffix(2).elementsEqual(Array("\"]".utf8))
    }
    var keyPath = rest
    if !first {
      guard keyPath.first == UInt8(ascii: ".") else { return false }
      keyPath = keyPath.dropFirst()
    }
    return keyPath.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
      .allSatisfy { key in !key.isEmpty && !key.contains { special.contains($0) } }
  }
}
