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

  // `write(_:indent:)` and `write(value:indent:)` are the recursive path of nested models: the
  // work that does not recurse is in helpers, so that a model as deep as a mapping reads
  // (200 levels) is described on a 512 KB thread in a debug build.
  private mutating func write(_ model: ModelBase, indent: String) {
    guard let properties = begin(model) else { return }
    defer { end(model) }
    let inner = indent + "  "
    for property in properties {
      text += inner
      text += property.name
      text += ": "
      write(value: property.accessor.value(of: model), indent: inner)
      text += "\n"
    }
    text += indent
    text += ")"
  }

  /// Starts describing `model`; its properties, or `nil` when it is written already (too
  /// deep, a cycle, no properties).
  @inline(never)
  private mutating func begin(_ model: ModelBase) -> [ClassSchema.Property]? {
    let name = typeName(type(of: model))
    guard enter() else {
      text += "<too deep: \(name)>"
      return nil
    }
    guard inProgress.insert(ObjectIdentifier(model)).inserted else {
      depth -= 1
      text += "<cycle: \(name)>"
      return nil
    }
    let properties = SchemaCache.shared.schema(for: model).properties
    guard !properties.isEmpty else {
      end(model)
      text += "\(name)()"
      return nil
    }
    text += "\(name)(\n"
    return properties
  }

  /// Ends describing `model`.
  @inline(never)
  private mutating func end(_ model: ModelBase) {
    depth -= 1
    inProgress.remove(ObjectIdentifier(model))
  }

  /// One level deeper, for a model or a container; `false` when the value is too deep to
  /// describe.
  private mutating func enter() -> Bool {
    guard depth < MappingContext.maximumDepth, StackBounds.hasRoom() else { return false }
    depth += 1
    return true
  }

  private mutating func write(value: Any, indent: String) {
    if let model = modelValue(value) {
      write(model, indent: indent)
    } else {
      write(other: value, indent: indent)
    }
  }

  @inline(never)
  private mutating func write(other value: Any, indent: String) {
    if isObject(value) {
      if let model = value as? ModelBase {
        write(model, indent: indent)
      } else if value is NSArray || value is NSDictionary {
        // A Foundation container is described as it is: bridging one that contains itself
        // would never end.
        text += describeValue(value)
      } else if let string = stringValue(value) {
        // An NSString (what Darwin's JSONSerialization gives) is quoted as a String is.
        text += string.debugDescription
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
      for key in dictionary.keys.sorted(by: utf8Precedes) {
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
