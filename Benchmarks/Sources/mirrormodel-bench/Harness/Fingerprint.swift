import Foundation
import MirrorModel

/// Flattens a model graph into `path = value` lines with `Mirror`, so that the four flavours of a
/// model (which share property names and types) can be compared field by field.
///
/// A class is walked with its superclasses' fields first, up to `ModelBase`, whose own storage
/// (if any) does not count. `Mirror` is fine here: this runs once, before anything is timed.
enum Fingerprint {
  static func lines(of value: Any, path: String) -> [String] {
    var out: [String] = []
    append(value, path: path, into: &out)
    return out
  }

  private static func append(_ value: Any, path: String, into out: inout [String]) {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional?:
      if let child = mirror.children.first {
        append(child.value, path: path, into: &out)
      } else {
        out.append("\(path) = nil")
      }
    case .class?:
      var chain: [Mirror] = []
      var current: Mirror? = mirror
      while let level = current, level.subjectType != ModelBase.self {
        chain.append(level)
        current = level.superclassMirror
      }
      for level in chain.reversed() {
        for child in level.children {
          append(child.value, path: path + "." + (child.label ?? "?"), into: &out)
        }
      }
    case .dictionary?:
      // Entries in key order: dictionaries of the same contents iterate differently.
      let entries = mirror.children.compactMap { child -> (String, Any)? in
        let pair = Mirror(reflecting: child.value).children.map(\.value)
        guard pair.count == 2 else { return nil }
        return (String(describing: pair[0]), pair[1])
      }
      out.append("\(path).count = \(entries.count)")
      for (key, value) in entries.sorted(by: { $0.0 < $1.0 }) {
        append(value, path: "\(path)[\(key)]", into: &out)
      }
    case .collection?, .set?:
      out.append("\(path).count = \(mirror.children.count)")
      for (index, child) in mirror.children.enumerated() {
        append(child.value, path: "\(path)[\(index)]", into: &out)
      }
    default:
      out.append("\(path) = \(String(reflecting: value))")
    }
  }

  /// The first line where `lines` and `reference` differ, described for an error message.
  static func firstDifference(_ lines: [String], _ reference: [String]) -> String? {
    for (line, expected) in zip(lines, reference) where line != expected {
      return "\(line)  (expected \(expected))"
    }
    if lines.count != reference.count {
      return "\(lines.count) fields instead of \(reference.count)"
    }
    return nil
  }

  /// Every key path in a `toDictionary()` result, array indices included.
  static func keyPaths(of value: Any, path: String = "") -> Set<String> {
    var out: Set<String> = []
    if let dictionary = value as? [String: Any] {
      for (key, child) in dictionary {
        let childPath = path.isEmpty ? key : path + "." + key
        out.insert(childPath)
        out.formUnion(keyPaths(of: child, path: childPath))
      }
    } else if let array = value as? [Any] {
      for (index, child) in array.enumerated() {
        out.formUnion(keyPaths(of: child, path: "\(path)[\(index)]"))
      }
    }
    return out
  }

  /// A dictionary as JSON text with sorted keys, to compare values across producers.
  static func canonicalJSON(_ dictionary: [String: Any]) throws -> String {
    let data = try JSONSerialization.data(withJSONObject: dictionary, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }
}
