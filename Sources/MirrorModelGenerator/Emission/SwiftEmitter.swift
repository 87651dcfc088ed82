/// Writes the Swift source of the generated classes.
struct SwiftEmitter {
  /// The widest line the emitter writes on its own (a long name or key may still exceed it).
  static let lineLimit = 100

  let registry: ClassRegistry
  /// Whether classes are `@Observable` (with the key paths their updates notify through).
  var observable = false
  /// Whether classes are declared `nonisolated`, so that they compile in a module whose
  /// default isolation is the main actor (Xcode 26 app targets); Swift 6.1 or later.
  var nonisolated = true

  /// The whole file: imports, then each class, the root first.
  func source() -> String {
    let classes = registry.entries.map { classSource(name: $0.name, schema: $0.schema) }
    let imports =
      "import Foundation\nimport MirrorModel\n" + (observable ? "import Observation\n" : "")
    return ([imports] + classes).joined(separator: "\n")
  }

  /// What comes before `final class`.
  private var attributes: String {
    (observable ? "@Observable " : "") + (nonisolated ? "nonisolated " : "")
  }

  /// One `final class` declaration.
  func classSource(name: String, schema: InferredClass) -> String {
    let slots = PropertyNaming.slots(forKeys: schema.properties.map(\.key))
    guard !slots.isEmpty else { return "\(attributes)final class \(name): ModelBase {}\n" }
    var lines = ["\(attributes)final class \(name): ModelBase {"]
    var mapping: [(name: String, key: String)] = []
    var names: [String] = []
    for (property, (key, slot)) in zip(schema.properties, slots) {
      switch slot {
      case .property(let propertyName):
        lines.append("  " + declaration(of: property, named: propertyName))
        names.append(propertyName)
        if propertyName != key {
          mapping.append((propertyName, key))
        }
      case .skipped(let reason):
        lines.append("  // skipped key \(SwiftLiteral.string(key)): \(reason)")
      }
    }
    if !mapping.isEmpty {
      lines.append("")
      lines.append("  override class var propertyMapping: [String: String] {")
      lines += literal(
        mapping.map { "\(SwiftLiteral.string($0.name)): \(SwiftLiteral.string($0.key))" })
      lines.append("  }")
    }
    if observable, !names.isEmpty {
      lines.append("")
      lines.append("  override class var propertyKeyPaths: [String: AnyKeyPath] {")
      lines += literal(names.map { "\(SwiftLiteral.string($0)): \\\(name).\($0)" })
      lines.append("  }")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `var name: Type = initial` or `var name: Type?`.
  func declaration(of property: PropertySchema, named name: String) -> String {
    guard let type = property.type else { return "var \(name): Any?" }
    let spelled = spelling(of: type)
    if property.isOptional {
      return "var \(name): \(spelled)?"
    }
    switch type {
    case .string: return "var \(name): String = \"\""
    case .int, .double: return "var \(name): \(spelled) = 0"
    case .bool: return "var \(name): Bool = false"
    case .date: return "var \(name): Date = Date(timeIntervalSince1970: 0)"
    case .any: return "var \(name): Any = NSNull()"
    case .dictionary, .map: return "var \(name): \(spelled) = [:]"
    case .array: return "var \(name): \(spelled) = []"
    case .model: return "var \(name): \(spelled)?"
    }
  }

  /// How a type is written in Swift.
  func spelling(of type: PropertyType) -> String {
    switch type {
    case .string: return "String"
    case .int: return "Int"
    case .double: return "Double"
    case .bool: return "Bool"
    case .date: return "Date"
    case .any: return "Any"
    case .dictionary: return "[String: Any]"
    case .map(let value): return "[String: " + spelling(of: value) + "]"
    case .model(let reference): return registry.name(of: reference)
    case .array(let element, let elementIsOptional):
      return "[" + spelling(of: element) + (elementIsOptional ? "?" : "") + "]"
    }
  }

  /// A dictionary literal's body: one line when it fits, else one entry per line.
  private func literal(_ entries: [String]) -> [String] {
    let oneLine = "    [" + entries.joined(separator: ", ") + "]"
    if oneLine.count <= Self.lineLimit {
      return [oneLine]
    }
    return ["    ["] + entries.map { "      \($0)," } + ["    ]"]
  }
}

/// Swift literal spellings.
enum SwiftLiteral {
  /// A string literal whose value is `value`; control and invisible format characters are
  /// escaped so that the literal stays on one line and reads as what it holds.
  static func string(_ value: String) -> String {
    var literal = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case "\n": literal += "\\n"
      case "\r": literal += "\\r"
      case "\t": literal += "\\t"
      case "\0": literal += "\\0"
      default:
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned:
          literal += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default:
          literal.unicodeScalars.append(scalar)
        }
      }
    }
    return literal + "\""
  }
}
