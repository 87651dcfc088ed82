import Foundation

/// One step of a key path: a key, or an array index.
enum KeyComponent: Hashable, Sendable {
  /// A key in a dictionary; a key made of digits (`"a.0.b"`) also indexes an array.
  case key(String)
  /// `[n]` in `"a[0].b"`: only indexes an array.
  case index(Int)
}

extension KeyComponent {
  /// `path` as MirrorModel writes key paths and issue paths: keys joined by `.`, indexes as
  /// `[n]` (`photos[0].url`).
  static func render(_ path: ArraySlice<KeyComponent>) -> String {
    var text = ""
    for component in path {
      switch component {
      case .key(let key): text += text.isEmpty ? key : "." + key
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }
}
