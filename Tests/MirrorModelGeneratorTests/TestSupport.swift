import Foundation
import Testing

@testable import MirrorModelGenerator

/// Generates the source for a JSON text, as `mirrormodel-gen --root <root>` would print it.
func generate(_ json: String, root: String = "Root") throws -> String {
  try ModelGenerator(rootName: root).generate(fromJSON: Data(json.utf8))
}

/// The lines of the generated source that declare properties or skipped keys, trimmed.
func memberLines(_ source: String, ofClass name: String) -> [String] {
  let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  guard let start = lines.firstIndex(of: "nonisolated final class \(name): ModelBase {") else {
    return []
  }
  return lines[(start + 1)...].prefix { $0 != "}" && !$0.isEmpty }
    .map { $0.trimmingCharacters(in: .whitespaces) }
}

/// The names of the generated classes, in output order.
func classNames(_ source: String) -> [String] {
  source.split(separator: "\n").compactMap { line in
    guard line.hasPrefix("nonisolated final class ") else { return nil }
    return line.dropFirst("nonisolated final class ".count).split(separator: ":").first
      .map(String.init)
  }
}
