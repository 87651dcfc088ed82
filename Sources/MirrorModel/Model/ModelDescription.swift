import Foundation

/// Writes a model's `description`: class name, properties, nested models indented, cycles cut,
/// and models and containers nested deeper than ``MappingContext/maximumDepth`` levels (or than
/// the thread's stack allows) cut as `<too deep>`.
struct ModelDescription {
  private var inProgress: Set<ObjectIdentifier> = []
  private var depth = 0
  private var text = ""

  static func describe(_ model: ModelBase) -> String {
    var writer = ModelDescription()
    writer.write(model, indent: "")
    return writer.text
  }

  private mutating func write(_ model: ModelBase, indent: String) {
    let name = typeName(type(of: model))
    guard enter() else {
      text += "<too deep: \(name)>"
      return
    }
    defer { depth -= 1 }
    guard inProgress.insert(ObjectIdentifier(model)).inserted else {
      text += "<cycle: \(name)>"
      return
    }
    defer { inProgress.remove(ObjectIdentifier(model)) }
    let properties = SchemaCache.shared.schema(for: model).properties
    guard !properties.isEmpty else {
      text += "\(name)()"
      return
    }
    text += "\(name)(\n"
    let inner = indent + "  "
    for property in properties {
      text += "\(inner)\(property.name): "
      write(value: property.accessor.value(of: model), indent: inner)
      text += "\n"
    }
    text += "\(indent))"
  }

  /// One level deeper, for a model or a container; `false` when the value is too deep to
  /// describe.
  private mutating func enter() -> Bool {
    guard depth < MappingContext.maximumDepth, StackBounds.hasRoom() else { return false }
    depth += 1
    return true
  }

  private mutating func write(value: Any, indent: String) {
    if isObject(value) {
      if let model = value as? ModelBase {
        write(model, indent: indent)
      } else if value is NSArray || value is NSDictionary {
        // A Foundation container is described as it is: bridging one that contains itself
        // would never end.
        text += describeValue(value)
      } else {
        text += String(describing: value)
      }
      return
    }
    switch value {
    case let optional as any OptionalValue:
      if let wrapped = optional.wrappedAny {
        write(value: wrapped, indent: indent)
      } else {
        text += "nil"
      }
    case let string as String:
      text += string.debugDescription
    case let array as [Any]:
      guard enter() else {
        text += "<too deep>"
        return
      }
      defer { depth -= 1 }
      guard !array.isEmpty else {
        text += "[]"
        return
      }
      text += "[\n"
      for element in array {
        text += indent + "  "
        write(value: element, indent: indent + "  ")
        text += ",\n"
      }
      text += "\(indent)]"
    case let dictionary as [String: Any]:
      guard enter() else {
        text += "<too deep>"
        return
      }
      defer { depth -= 1 }
      guard !dictionary.isEmpty else {
        text += "[:]"
        return
      }
      text += "[\n"
      for key in dictionary.keys.sorted() {
        text += "\(indent)  \(key.debugDescription): "
        write(value: dictionary[key] as Any, indent: indent + "  ")
        text += ",\n"
      }
      text += "\(indent)]"
    default:
      text += String(describing: value)
    }
  }
}
