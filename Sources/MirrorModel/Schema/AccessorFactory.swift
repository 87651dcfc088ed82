import Foundation

/// Chooses the accessor for a field's exact declared type, once per class.
enum AccessorFactory {
  struct Built {
    var accessor: PropertyAccessor?
    /// Why no accessor was built, or a configuration problem with the one that was.
    var problem: String?
  }

  static func make(
    for field: RuntimeField, elementType: ModelBase.Type?, settings: AccessorSettings
  ) -> Built {
    let type = field.type
    let offset = field.offset
    if let raw = rawAccessor(
      for: type, offset: offset, elementType: elementType, settings: settings)
    {
      return raw
    }
    if let elementType,
      let built = foundationContainer(
        type, offset: offset, elementType: elementType, settings: settings)
    {
      return built
    }
    if let mappable = type as? any MappableValue.Type {
      return typedWithElementType(
        mappable, offset: offset, elementType: elementType, settings: settings)
    }
    let conversion: ValueConversion?
    switch ValueConversion.make(for: type) {
    case .success(let built):
      conversion = built
    case .failure(let unmappable):
      // A transformer takes over whatever the type: its `decode` must give a value of it.
      guard settings.transformer != nil else {
        return Built(
          accessor: nil,
          problem: "its type \(typeName(type)) cannot be mapped: \(unmappable.reason)")
      }
      conversion = nil
    }
    let accessor = erased(type, conversion: conversion, offset: offset, settings: settings)
    return Built(
      accessor: accessor,
      problem: elementType == nil
        ? nil : "type \(typeName(type)) holds no models, so arrayElementTypes cannot apply")
  }

  private static func typedWithElementType(
    _ mappable: any MappableValue.Type, offset: Int, elementType: ModelBase.Type?,
    settings: AccessorSettings
  ) -> Built {
    let type: Any.Type = mappable
    guard let elementType else {
      return Built(
        accessor: typed(mappable, offset: offset, override: nil, settings: settings), problem: nil)
    }
    guard let container = type as? any ModelContainer.Type else {
      return Built(
        accessor: typed(mappable, offset: offset, override: nil, settings: settings),
        problem: "type \(typeName(type)) holds no models, so arrayElementTypes cannot apply")
    }
    let declared = container.containedModelType
    guard isSubclass(elementType, of: declared) else {
      return Built(
        accessor: typed(mappable, offset: offset, override: nil, settings: settings),
        problem: "arrayElementTypes names \(typeName(elementType)), which is not "
          + "\(typeName(declared)) or a subclass of it")
    }
    return Built(
      accessor: typed(mappable, offset: offset, override: elementType, settings: settings),
      problem: nil)
  }

  /// An `NSArray`, `NSDictionary` (or mutable, or optional one) whose elements
  /// `arrayElementTypes` names.
  private static func foundationContainer(
    _ type: Any.Type, offset: Int, elementType: ModelBase.Type, settings: AccessorSettings
  ) -> Built? {
    var inner = type
    let optional = MetadataKind(of: type) == .optional
    if optional, let wrapper = type as? any StructuralContainer.Type {
      inner = wrapper.containedType
    }
    guard FoundationConversions.isContainer(inner),
      var conversion = FoundationConversions.conversion(for: inner, elementModel: elementType)
    else { return nil }
    if optional, let wrapper = type as? any StructuralContainer.Type {
      conversion = wrapper.conversion(containing: conversion)
    }
    return Built(
      accessor: erased(type, conversion: conversion, offset: offset, settings: settings))
  }

  /// The accessor for a type that is not ``MappableValue``, through its ``ValueConversion``
  /// (`nil` when only a transformer can produce its values).
  private static func erased(
    _ type: Any.Type, conversion: ValueConversion?, offset: Int, settings: AccessorSettings
  ) -> PropertyAccessor {
    func make<T>(_: T.Type) -> PropertyAccessor {
      let decode: FieldAccessor<T>.Decode
      let encode: FieldAccessor<T>.Encode
      if let conversion {
        decode = { raw, context in try cast(conversion.decode(raw, context), to: T.self) }
        encode = { value, context in conversion.encode(value, context) }
      } else {
        decode = { raw, _ in
          throw ConversionError(
            kind: .typeMismatch, expectedType: typeName(T.self),
            reason: "the transformer of \(settings.name) gave \(describeValue(raw)), "
              + "not a \(typeName(T.self))")
        }
        encode = { _, _ in nil }
      }
      // A value a transformer or `validate` sees is converted the ordinary way.
      let selfCoded =
        settings.transformer == nil && !settings.callsValidate ? conversion?.selfCoded : nil
      return FieldAccessor<T>(
        offset: offset, settings: settings, modelOverride: nil, decode: decode, encode: encode,
        selfCoded: selfCoded)
    }
    return _openExistential(type, do: make)
  }

  private static func typed<T: MappableValue>(
    _ type: T.Type, offset: Int, override: ModelBase.Type?, settings: AccessorSettings
  ) -> PropertyAccessor {
    // For an optional property the accessor has already handled null, so its decoder goes
    // straight to the wrapped type's conversion (built by the optional's own extension, with
    // exact closure types: no reabstraction thunks on the recursive path).
    if let override, let container = T.self as? any ModelContainer.Type {
      // The class arrayElementTypes names goes down to the models as a parameter.
      return FieldAccessor<T>(
        offset: offset, settings: settings, modelOverride: override,
        decode: { raw, context in
          try cast(container.fromMappedValue(raw, concrete: override, context: context), to: T.self)
        },
        encode: { $0.toMappedValue(context: $1) })
    }
    // The metadata's kind first: most fields are not optional (see `nilValue(of:)`).
    if MetadataKind(of: T.self) == .optional, let optional = T.self as? any PresentOptional.Type {
      return optional.presentAccessor(offset: offset, override: override, settings: settings)
    }
    return FieldAccessor<T>(
      offset: offset, settings: settings, modelOverride: override,
      decode: T.fromMappedValue(_:context:), encode: { $0.toMappedValue(context: $1) })
  }

  private static func rawAccessor(
    for type: Any.Type, offset: Int, elementType: ModelBase.Type?, settings: AccessorSettings
  ) -> Built? {
    func make<T>(_: T.Type, allowsModels: Bool, objectElements: Bool = false) -> Built {
      let elementModel = allowsModels ? elementType : nil
      let accessor = FieldAccessor<T>(
        offset: offset, settings: settings, modelOverride: nil,
        decode: { raw, context in
          var value = try JSONCompatibility.checked(raw, context: context)
          if objectElements, !(value is T) {
            // `[[String: Any]]`: an array's element that is no object is the element's issue
            // (lenient mode keeps the others), as in any other array.
            value = try objectsArray(value, typeName: typeName(T.self), context: context)
          }
          // The declared container first (an array for `[Any]`, a dictionary for
          // `[String: Any]`): a value of another kind is the property's mismatch, its
          // elements never converted (in every mode alike).
          guard value is T else {
            throw ConversionError.typeMismatch(typeName(T.self), accepts: typeName(T.self))
          }
          if let elementModel {
            value = try RawModels.convert(raw, elementModel: elementModel, context: context)
          }
          guard let typed = value as? T else {
            throw ConversionError.typeMismatch(typeName(T.self), accepts: typeName(T.self))
          }
          return typed
        },
        encode: { value, context in
          if let optional = value as? any OptionalValue {
            return optional.wrappedAny.flatMap { JSONCompatibility.jsonValue($0, context: context) }
          }
          return JSONCompatibility.jsonValue(value, context: context)
        })
      if elementType != nil && !allowsModels {
        return Built(
          accessor: accessor,
          problem: "type \(typeName(type)) cannot hold models, so arrayElementTypes cannot apply")
      }
      return Built(accessor: accessor)
    }
    switch ObjectIdentifier(type) {
    case ObjectIdentifier(Any.self): return make(Any.self, allowsModels: false)
    case ObjectIdentifier(Any?.self): return make(Any?.self, allowsModels: false)
    case ObjectIdentifier([Any].self): return make([Any].self, allowsModels: true)
    case ObjectIdentifier([Any]?.self): return make([Any]?.self, allowsModels: true)
    case ObjectIdentifier([String: Any].self): return make([String: Any].self, allowsModels: true)
    case ObjectIdentifier([String: Any]?.self):
      return make([String: Any]?.self, allowsModels: true)
    case ObjectIdentifier([[String: Any]].self):
      return make([[String: Any]].self, allowsModels: false, objectElements: true)
    case ObjectIdentifier([[String: Any]]?.self):
      return make([[String: Any]]?.self, allowsModels: false, objectElements: true)
    default: return nil
    }
  }

  /// The objects of the array `value` (checked as JSON), each element that is not one an
  /// issue at its index, by the rules of every array (`CollectionMapping.array`); `value`
  /// itself when it is no array (the property's mismatch).
  @inline(never)
  private static func objectsArray(
    _ value: Any, typeName: String, context: MappingContext
  ) throws -> Any {
    guard value is [Any] else { return value }
    return try CollectionMapping.array(
      value, context: context, typeName: typeName, decodeRecordsNothing: true
    ) { element, _ -> [String: Any] in
      guard let object = castIfPossible(element, to: [String: Any].self) else {
        throw ConversionError.typeMismatch("[String: Any]", accepts: "a JSON object")
      }
      return object
    }
  }

  static func isSubclass(_ candidate: AnyClass, of base: AnyClass) -> Bool {
    var current: AnyClass? = candidate
    while let type = current {
      if ObjectIdentifier(type) == ObjectIdentifier(base) { return true }
      current = RuntimeReflection.superclass(of: type)
    }
    return false
  }
}

extension Optional: PresentOptional where Wrapped: MappableValue {
  static func presentAccessor(
    offset: Int, override: ModelBase.Type?, settings: AccessorSettings
  ) -> PropertyAccessor {
    FieldAccessor<Wrapped?>(
      offset: offset, settings: settings, modelOverride: override,
      decode: { .some(try Wrapped.fromMappedValue($0, context: $1)) },
      // `nil` is left out directly, instead of making an `NSNull` to drop.
      encode: { value, context in value.flatMap { $0.toMappedValue(context: context) } })
  }
}
