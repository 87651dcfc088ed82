import Foundation

/// The hooks of a class merged along its hierarchy: base class first, subclass wins.
struct MergedHooks {
  var propertyMapping: [String: String] = [:]
  var arrayElementTypes: [String: ModelBase.Type] = [:]
  var defaultValues: [String: Any] = [:]
  var ignoredProperties: Set<String> = []
  var transformers: [String: PropertyTransformer] = [:]
  var outputPropertyMapping: [String: String] = [:]
  var requiredProperties: Set<String> = []
  var nullStrings: Set<String>
  var keyStrategy: KeyStrategy
  var alternativeKeys: [String: [String]] = [:]
  var keyMatching: KeyMatching
  var propertyKeyPaths: [String: AnyKeyPath] = [:]

  init(for type: ModelBase.Type) {
    var chain: [ModelBase.Type] = []
    var current: AnyClass? = type
    while let next = current, let model = next as? ModelBase.Type {
      chain.append(model)
      current = RuntimeReflection.superclass(of: next)
    }
    for model in chain.reversed() {
      propertyMapping.merge(model.propertyMapping) { _, subclass in subclass }
      arrayElementTypes.merge(model.arrayElementTypes) { _, subclass in subclass }
      defaultValues.merge(model.defaultValues) { _, subclass in subclass }
      ignoredProperties.formUnion(model.ignoredProperties)
      transformers.merge(model.transformers) { _, subclass in subclass }
      outputPropertyMapping.merge(model.outputPropertyMapping) { _, subclass in subclass }
      requiredProperties.formUnion(model.requiredProperties)
      alternativeKeys.merge(model.alternativeKeys) { _, subclass in subclass }
      propertyKeyPaths.merge(model.propertyKeyPaths) { _, subclass in subclass }
    }
    nullStrings = type.nullStrings
    keyStrategy = type.keyStrategy
    keyMatching = type.keyMatching
  }
}
