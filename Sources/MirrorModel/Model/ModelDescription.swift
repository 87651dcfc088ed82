import Foundation

/// Writes a model's `description`: class name, properties, nested models indented, cycles cut,
/// and values nested deeper than ``MappingContext/maximumDepth`` levels (or than the thread's
/// stack allows) cut as `<too deep>`.
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

  private mutating func write(value: Any, indent: String) {
    guard depth < MappingContext.maximumDepth, StackBounds.hasRoom() else {
      text += "<too deep>"
      return
    }
    depth += 1
    defer { depth -= 1 }
    if isObject(value), value is NSArray || value is NSDictionary {
      // A Foundation container is described as it is: bridging one that contains itself
      // would never end.
      text += describeValue(value)
      return
    }
    switch value {
    case let optional as any OptionalValue:
      if let wrapped = optional.wrappedAny {
        write(value: wrapped, indent: indent)
      } else {
        text += "nil"
      }
    case let model as ModelBase:
      write(model, indent: indent)
    case let string as String:
      text += string.debugDescription
    case let array as [Any]:
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
