import Foundation

/// The accessor of a property reached through a getter and a setter rather than a field of its
/// type: a wrapper adopting ``MappablePropertyWrapper``, or a key path from
/// ``ModelBase/propertyKeyPaths`` (`@Published`).
///
/// The value is converted by the accessor its declared type would have (`inner`), working on
/// a ``ValueBox`` that holds the current value, and stored back with the setter: every rule of
/// the declared type (null, defaults, nested updates in place, issues) applies unchanged.
final class WrappedValueAccessor<Value>: PropertyAccessor {
  private let inner: PropertyAccessor
  private let load: (ModelBase) -> Value
  private let store: (ModelBase, Value) -> Void

  init(
    offset: Int, settings: AccessorSettings, inner: PropertyAccessor,
    load: @escaping (ModelBase) -> Value, store: @escaping (ModelBase, Value) -> Void
  ) {
    self.inner = inner
    self.load = load
    self.store = store
    super.init(offset: offset, settings: settings)
  }

  override var hasDefaultValue: Bool { inner.hasDefaultValue }

  override var declaredTypeName: String { inner.declaredTypeName }

  override func map(
    _ raw: Any?, into object: ModelBase, context: MappingContext, updating: Bool
  ) {
    // A missing key with no default changes nothing: the setter is not called.
    if raw == nil, !inner.hasDefaultValue { return }
    let box = ValueBox(load(object))
    let issuesBefore = context.totalIssueCount
    inner.map(raw, into: box, context: context, updating: updating)
    var value = box.value
    if settings.callsValidate, context.totalIssueCount == issuesBefore, let raw,
      !context.isNull(raw)
    {
      do {
        let checked = try object.validate(value, forProperty: settings.name)
        guard let typed = checked as? Value else {
          throw ConversionError(
            kind: .hookFailed, expectedType: typeName(Value.self),
            reason: "validate(_:forProperty:) returned \(describeValue(checked)) for "
              + "\(settings.name), not a \(typeName(Value.self))")
        }
        value = typed
      } catch {
        context.record(error, for: raw, expected: typeName(Value.self))
        return
      }
    }
    store(object, value)
  }

  override func mappedValue(of object: ModelBase, context: MappingContext) -> Any? {
    inner.mappedValue(of: ValueBox(load(object)), context: context)
  }

  override func value(of object: ModelBase) -> Any { load(object) }

  override func store(_ value: Any, into object: ModelBase) {
    if let typed = value as? Value { store(object, typed) }
  }

  override func copy(from source: ModelBase, to target: ModelBase, session: DeepCopy.Session) {
    let copied = ValueBox(load(target))
    inner.copy(from: ValueBox(load(source)), to: copied, session: session)
    store(target, copied.value)
  }

  override func setDefault(_ value: Any) -> Bool { inner.setDefault(value) }

  override func canonicalValue(of raw: Any, mode: MappingMode) -> Any? {
    inner.canonicalValue(of: raw, mode: mode)
  }
}

/// Builds the accessors of wrapped properties.
enum WrappedAccessors {
  /// The accessor of a wrapper field of type `wrapper` at `field.offset`, through the
  /// wrapper's own `wrappedValue`.
  static func throughWrapper(
    _ wrapper: any MappablePropertyWrapper.Type, field: RuntimeField,
    elementType: ModelBase.Type?, settings: AccessorSettings
  ) -> AccessorFactory.Built {
    func open<Wrapper: MappablePropertyWrapper>(_: Wrapper.Type) -> AccessorFactory.Built {
      let offset = field.offset
      return make(
        Wrapper.WrappedValue.self, offset: offset, elementType: elementType, settings: settings,
        load: { fieldPointer(in: $0, offset: offset, as: Wrapper.self).pointee.wrappedValue },
        store: { fieldPointer(in: $0, offset: offset, as: Wrapper.self).pointee.wrappedValue = $1 })
    }
    return open(wrapper)
  }

  /// The accessor of the property `keyPath` names, read and written through it.
  static func throughKeyPath(
    _ keyPath: KeyPathAccess, offset: Int, elementType: ModelBase.Type?,
    settings: AccessorSettings
  ) -> AccessorFactory.Built {
    keyPath.makeAccessor(offset, elementType, settings)
  }

  /// The accessor for `Value` working on a box, loaded and stored by `load` and `store`.
  static func make<Value>(
    _: Value.Type, offset: Int, elementType: ModelBase.Type?, settings: AccessorSettings,
    load: @escaping (ModelBase) -> Value, store: @escaping (ModelBase, Value) -> Void
  ) -> AccessorFactory.Built {
    guard let boxOffset = ValueBox<Value>.valueOffset else {
      return AccessorFactory.Built(
        accessor: nil, problem: "the runtime reports no field for its wrapped value")
    }
    var innerSettings = settings
    // `validate` gets the model, not the box: the outer accessor calls it.
    innerSettings.callsValidate = false
    let built = AccessorFactory.make(
      for: RuntimeField(
        name: settings.name, type: Value.self, offset: boxOffset, isVar: true, isStrong: true),
      elementType: elementType, settings: innerSettings)
    guard let inner = built.accessor else { return built }
    return AccessorFactory.Built(
      accessor: WrappedValueAccessor<Value>(
        offset: offset, settings: settings, inner: inner, load: load, store: store),
      problem: built.problem)
  }
}

/// A declared property reached through a key path (``ModelBase/propertyKeyPaths``): its value
/// type, a setter for values of that type, and the accessor that maps through it.
struct KeyPathAccess {
  /// The key path's value type: the property's declared type.
  let valueType: Any.Type
  /// Sets the property of a model (of the key path's root class) through the key path, so its
  /// setter runs (`@Observable`'s and `@Published`'s notify observers).
  let set: (ModelBase, Any) -> Void
  let makeAccessor: (Int, ModelBase.Type?, AccessorSettings) -> AccessorFactory.Built

  /// The access `keyPath` gives to models of `modelType`, or why it gives none.
  static func make(_ keyPath: AnyKeyPath, for modelType: ModelBase.Type) -> Result<
    KeyPathAccess, ConversionError
  > {
    let keyPathType = type(of: keyPath)
    guard let root = keyPathType.rootType as? AnyClass,
      AccessorFactory.isSubclass(modelType, of: root)
    else {
      return .failure(
        ConversionError(
          kind: .configuration, expectedType: typeName(modelType),
          reason: "its key path starts at \(typeName(keyPathType.rootType)), not at "
            + "\(typeName(modelType)) or a superclass of it"))
    }
    func openRoot<Root>(_: Root.Type) -> Result<KeyPathAccess, ConversionError> {
      func openValue<Value>(_: Value.Type) -> Result<KeyPathAccess, ConversionError> {
        guard let writable = keyPath as? ReferenceWritableKeyPath<Root, Value> else {
          return .failure(
            ConversionError(
              kind: .configuration, expectedType: typeName(Value.self),
              reason: "its key path is not writable (a let, or a get-only property)"))
        }
        // The schema is built for `modelType`, a subclass of `Root`: every model the accessor
        // meets is a `Root`.
        func root(_ object: ModelBase) -> Root {
          guard let typed = object as? Root else {
            preconditionFailure("\(type(of: object)) is not a \(Root.self)")
          }
          return typed
        }
        return .success(
          KeyPathAccess(
            valueType: Value.self,
            set: { object, value in
              if let typed = value as? Value { root(object)[keyPath: writable] = typed }
            },
            makeAccessor: { offset, elementType, settings in
              WrappedAccessors.make(
                Value.self, offset: offset, elementType: elementType, settings: settings,
                load: { root($0)[keyPath: writable] },
                store: { root($0)[keyPath: writable] = $1 })
            }))
      }
      return _openExistential(keyPathType.valueType, do: openValue)
    }
    return _openExistential(keyPathType.rootType, do: openRoot)
  }
}
