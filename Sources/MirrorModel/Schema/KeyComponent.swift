import Foundation

/// One step of a key path: a key, or an array index.
enum KeyComponent: Hashable, Sendable {
  /// A key in a dictionary; a key made of digits (`"a.0.b"`) also indexes an array.
  case key(String)
  /// `[n]` in `"a[0].b"`: only indexes an array.
  case index(Int)
}
