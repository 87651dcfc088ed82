import Foundation

/// Reads and writes one stored property of a model object.
///
/// The ``FieldAccessor`` for the property's exact declared type is chosen once, when the
/// class's schema is built, so the per-object path does no dispatch on `Any.Type`.
class PropertyAccessor {
  /// Byte offset of the field from the start of the object.
  let offset: Int
  let settings: AccessorSettings

  init(offset: Int, settings: AccessorSettings) {
    self.offset = offset
    self.settings = settings
  }

  /// Converts `raw` (`nil` when the key is missing) and writes the result into `object`, or
  /// records an issue and leaves the property as it is.
  func map(_ raw: Any?, into object: ModelBase, context: MappingContext) {
    fatalError("abstract")
  }

  /// The property's value as a JSON-compatible value, or `nil` to leave it out.
  func mappedValue(of object: ModelBase, context: MappingContext) -> Any? {
    fatalError("abstract")
  }

  /// The property's value as it is.
  func value(of object: ModelBase) -> Any {
    fatalError("abstract")
  }

  /// Writes a deep copy of the property of `source` into `target`.
  func copy(from source: ModelBase, to target: ModelBase, context: MappingContext) {
    fatalError("abstract")
  }

  /// Adopts `value` as the default; `false` if it does not fit the property's type.
  func setDefault(_ value: Any) -> Bool {
    fatalError("abstract")
  }

  @inline(__always)
  final func pointer<T>(in object: ModelBase, as type: T.Type) -> UnsafeMutablePointer<T> {
    // The object outlives the access: callers hold a strong reference to it.
    UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
      .advanced(by: offset)
      .assumingMemoryBound(to: T.self)
  }
}

/// The accessor for a field of declared type `T`, with the conversions chosen for `T`.
final class FieldAccessor<T>: PropertyAccessor {
  typealias Decode = (Any, MappingContext) throws -> T
  typealias Encode = (T, MappingContext) -> Any?

  private let decode: Decode
  private let encode: Encode
  private let nilValue: T?
  private var defaultValue: T?
  /// The model subclass `arrayElementTypes` asks for.
  private let modelOverride: ModelBase.Type?
  private let holdsModels: Bool

  init(
    offset: Int, settings: AccessorSettings, modelOverride: ModelBase.Type?,
    decode: @escaping Decode, encode: @escaping Encode
  ) {
    self.decode = decode
    self.encode = encode
    self.nilValue = MirrorModel.nilValue(of: T.self)
    self.modelOverride = modelOverride
    self.holdsModels = T.self is any ModelContainer.Type || modelOverride != nil
    super.init(offset: offset, settings: settings)
  }

  @inline(__always)
  private func write(_ value: T, into object: ModelBase) {
    // Assignment through a typed pointer releases the old value and retains the new one.
    pointer(in: object, as: T.self).pointee = value
  }

  override func map(_ raw: Any?, into object: ModelBase, context: MappingContext) {
    guard let raw, !context.isNull(raw) else {
      mapAbsent(isNull: raw != nil, into: object, context: context)
      return
    }
    if context.isUpdating, holdsModels, updateInPlace(raw, object: object, context: context) {
      return
    }
    if let modelOverride { context.modelTypeOverride = modelOverride }
    defer { if modelOverride != nil { context.modelTypeOverride = nil } }
    do {
      var value: T
      if let transformer = settings.transformer {
        let transformed = try transformer.decode(raw)
        value = try transformed as? T ?? decode(transformed, context)
      } else {
        value = try decode(raw, context)
      }
      let validated = try object.validate(value, forProperty: settings.name)
      guard let typed = validated as? T else {
        throw ConversionError(
          kind: .hookFailed, expectedType: typeName(T.self),
          reason: "validate(_:forProperty:) returned \(describeValue(validated)) for "
            + "\(settings.name), not a \(typeName(T.self))")
      }
      value = typed
      write(value, into: object)
    } catch {
      context.record(error, for: raw, expected: typeName(T.self))
      if context.mode == .lenient, let defaultValue { write(defaultValue, into: object) }
    }
  }

  private func mapAbsent(isNull: Bool, into object: ModelBase, context: MappingContext) {
    if settings.isRequired && (isNull || !context.isUpdating) {
      context.record(
        .missingValue, expected: typeName(T.self), found: isNull ? "null" : "nothing",
        reason: "\(settings.name) is required")
      return
    }
    if isNull, let nilValue {
      write(nilValue, into: object)
    } else if let defaultValue, isNull || !context.isUpdating {
      write(defaultValue, into: object)
    }
  }

  /// In `update(with:)`, fills a nested model that is already there instead of replacing it.
  private func updateInPlace(_ raw: Any, object: ModelBase, context: MappingContext) -> Bool {
    guard settings.transformer == nil, let dictionary = raw as? [String: Any],
      let existing = pointer(in: object, as: T.self).pointee as Any as? ModelBase
    else { return false }
    do {
      try context.enterNesting(expected: typeName(T.self))
    } catch {
      context.record(error, for: raw, expected: typeName(T.self))
      return true
    }
    defer { context.leaveNesting() }
    existing.fill(
      from: dictionary, schema: SchemaCache.shared.schema(for: existing), context: context)
    return true
  }

  override func mappedValue(of object: ModelBase, context: MappingContext) -> Any? {
    let value = pointer(in: object, as: T.self).pointee
    let result: Any?
    if let transformer = settings.transformer {
      if nilValue != nil, (value as? any OptionalValue)?.wrappedAny == nil { return nil }
      result = transformer.encode(value)
    } else {
      result = encode(value, context)
    }
    if nilValue != nil, let result, isNSNull(result) { return nil }
    return result
  }

  override func value(of object: ModelBase) -> Any {
    pointer(in: object, as: T.self).pointee
  }

  override func copy(from source: ModelBase, to target: ModelBase, context: MappingContext) {
    let value = pointer(in: source, as: T.self).pointee
    guard holdsModels || T.self == Any.self || T.self == Any?.self || T.self == [Any].self
    else {
      write(value, into: target)  // a value type: the copy shares nothing mutable
      return
    }
    write(DeepCopy.copy(value, context: context) as? T ?? value, into: target)
  }

  override func setDefault(_ value: Any) -> Bool {
    if let exact = value as? T {
      defaultValue = exact
      return true
    }
    let context = MappingContext()
    if let converted = try? decode(value, context), !context.hasIssues {
      defaultValue = converted
      return true
    }
    return false
  }
}

/// `nil` of `T` when `T` is an `Optional`, otherwise `nil`.
func nilValue<T>(of type: T.Type) -> T? {
  guard let optional = type as? any OptionalValue.Type else { return nil }
  return optional.makeNil() as? T
}

protocol OptionalValue {
  static func makeNil() -> Any
  var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
  static func makeNil() -> Any { Wrapped?.none as Any }
  var wrappedAny: Any? { self.map { $0 as Any } }
}
