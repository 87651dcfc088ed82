import Foundation

/// Conversions for untyped containers whose elements `arrayElementTypes` names.
enum RawModels {
  static func convert(
    _ raw: Any, elementModel: ModelBase.Type, context: MappingContext
  ) throws -> Any {
    context.modelTypeOverride = elementModel
    defer { context.modelTypeOverride = nil }
    if raw is [Any] {
      return try [ModelBase].fromMappedValue(raw, context: context) as [Any]
    }
    if raw is [String: Any] {
      return try [String: ModelBase].fromMappedValue(raw, context: context) as [String: Any]
    }
    throw ConversionError.typeMismatch(
      "[\(typeName(elementModel))]", accepts: "an array or a dictionary of dictionaries")
  }
}

/// Deep copies for `copy()`: models are copied once each (shared references and cycles stay
/// shared and cyclic in the copy), containers element by element, values as they are.
enum DeepCopy {
  static func copy(_ value: Any, context: MappingContext) -> Any {
    if isObject(value), let copied = mutableCopy(value, context: context) { return copied }
    switch value {
    case let model as ModelBase:
      return model.copyModel(context: context)
    case let array as [Any]:
      return array.map { copy($0, context: context) }
    case let dictionary as [String: Any]:
      return dictionary.mapValues { copy($0, context: context) }
    case let set as any DeepCopyableSet:
      return set.deepCopied(context: context)
    default:
      return value
    }
  }
}

/// A new Foundation container or mutable string holding what `value` holds (its elements
/// deeply copied), so that a copy or a default shares nothing mutable with the original.
private func mutableCopy(_ value: Any, context: MappingContext) -> Any? {
  switch value {
  case let string as NSMutableString:
    return NSMutableString(string: string as String)
  case let array as NSMutableArray:
    return NSMutableArray(array: array.map { DeepCopy.copy($0, context: context) })
  case let array as NSArray:
    return NSArray(array: array.map { DeepCopy.copy($0, context: context) })
  case let dictionary as NSMutableDictionary:
    return NSMutableDictionary(dictionary: copiedEntries(dictionary, context: context))
  case let dictionary as NSDictionary:
    return NSDictionary(dictionary: copiedEntries(dictionary, context: context))
  default:
    return nil
  }
}

private func copiedEntries(
  _ dictionary: NSDictionary, context: MappingContext
) -> [AnyHashable: Any] {
  var entries: [AnyHashable: Any] = [:]
  for (key, element) in dictionary {
    guard let key = key as? AnyHashable else { continue }
    entries[key] = DeepCopy.copy(element, context: context)
  }
  return entries
}

/// Sets, whose model elements `copy()` must copy too.
protocol DeepCopyableSet {
  func deepCopied(context: MappingContext) -> Any
}

extension Set: DeepCopyableSet {
  func deepCopied(context: MappingContext) -> Any {
    Set(map { DeepCopy.copy($0, context: context) as? Element ?? $0 })
  }
}
