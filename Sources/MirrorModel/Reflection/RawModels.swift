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

  /// A JSON-compatible form of an untyped value: models and other ``MappableValue``s inside
  /// are converted, everything else is passed as it is.
  static func jsonValue(_ value: Any, context: MappingContext) -> Any? {
    switch value {
    case let mappable as any MappableValue:
      return mappable.toMappedValue(context: context)
    case let array as [Any]:
      return array.compactMap { jsonValue($0, context: context) }
    case let dictionary as [String: Any]:
      return dictionary.compactMapValues { jsonValue($0, context: context) }
    default:
      return value
    }
  }
}

/// Deep copies for `copy()`: models are copied once each (shared references and cycles stay
/// shared and cyclic in the copy), containers element by element, values as they are.
enum DeepCopy {
  static func copy(_ value: Any, context: MappingContext) -> Any {
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

/// Sets, whose model elements `copy()` must copy too.
protocol DeepCopyableSet {
  func deepCopied(context: MappingContext) -> Any
}

extension Set: DeepCopyableSet {
  func deepCopied(context: MappingContext) -> Any {
    Set(map { DeepCopy.copy($0, context: context) as? Element ?? $0 })
  }
}
