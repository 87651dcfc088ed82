import Foundation

/// Reads and writes one stored property of a model object.
///
/// The subclass for the property's
/// exact declared type is chosen once, when the class's schema is built, so the per-object
/// path does no dispatch on `Any.Type`.
class PropertyAccessor {
  /// Byte offset of the field from the start of the object.
  let offset: Int
  /// The field's exact declared type.
  var declaredType: Any.Type { fatalError("abstract") }

  init(offset: Int) {
    self.offset = offset
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

  /// Adopts `value` as the default; `false` if it does not fit the property's type.
  func setDefault(_ value: Any) -> Bool {
    fatalError("abstract")
  }

  /// Writes the default, if there is one; `true` if it did.
  @discardableResult
  func applyDefault(to object: ModelBase) -> Bool {
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

/// The accessor for a property whose type is ``MappableValue``.
final class TypedAccessor<T: MappableValue>: PropertyAccessor {
  private let nilValue: T?
  private var defaultValue: T?
  /// The model subclass `arrayElementTypes` asks for.
  let modelOverride: ModelBase.Type?

  init(offset: Int, modelOverride: ModelBase.Type?) {
    self.nilValue = MirrorModel.nilValue(of: T.self)
    self.modelOverride = modelOverride
    super.init(offset: offset)
  }

  override var declaredType: Any.Type { T.self }

  @inline(__always)
  private func write(_ value: T, into object: ModelBase) {
    // Assignment through a typed pointer releases the old value and retains the new one.
    pointer(in: object, as: T.self).pointee = value
  }

  override func map(_ raw: Any?, into object: ModelBase, context: MappingContext) {
    guard let raw else {
      if let defaultValue { write(defaultValue, into: object) }
      return
    }
    if context.isNull(raw) {
      if let nilValue {
        write(nilValue, into: object)
      } else if let defaultValue {
        write(defaultValue, into: object)
      }
      return
    }
    if let modelOverride { context.modelTypeOverride = modelOverride }
    defer { if modelOverride != nil { context.modelTypeOverride = nil } }
    do {
      write(try T.fromMappedValue(raw, context: context), into: object)
    } catch {
      context.record(error, for: raw, expected: typeName(T.self))
    }
  }

  override func mappedValue(of object: ModelBase, context: MappingContext) -> Any? {
    let result = pointer(in: object, as: T.self).pointee.toMappedValue(context: context)
    if nilValue != nil, result is NSNull { return nil }
    return result
  }

  override func value(of object: ModelBase) -> Any {
    pointer(in: object, as: T.self).pointee
  }

  override func setDefault(_ value: Any) -> Bool {
    if let exact = value as? T {
      defaultValue = exact
      return true
    }
    let context = MappingContext()
    if let converted = try? T.fromMappedValue(value, context: context), !context.hasIssues {
      defaultValue = converted
      return true
    }
    return false
  }

  override func applyDefault(to object: ModelBase) -> Bool {
    guard let defaultValue else { return false }
    write(defaultValue, into: object)
    return true
  }
}

/// The accessor for `Any`, `[Any]`, `[String: Any]`, `[[String: Any]]` and their optionals:
/// the value is written as it is (or, with `arrayElementTypes`, dictionaries inside become
/// models).
final class RawAccessor<T>: PropertyAccessor {
  private let nilValue: T?
  private var defaultValue: T?
  let elementModel: ModelBase.Type?

  init(offset: Int, elementModel: ModelBase.Type?) {
    self.nilValue = MirrorModel.nilValue(of: T.self)
    self.elementModel = elementModel
    super.init(offset: offset)
  }

  override var declaredType: Any.Type { T.self }

  private func write(_ value: T, into object: ModelBase) {
    pointer(in: object, as: T.self).pointee = value
  }

  override func map(_ raw: Any?, into object: ModelBase, context: MappingContext) {
    guard let raw else {
      if let defaultValue { write(defaultValue, into: object) }
      return
    }
    if context.isNull(raw) {
      if let nilValue {
        write(nilValue, into: object)
      } else if let defaultValue {
        write(defaultValue, into: object)
      }
      return
    }
    var value: Any = raw
    if let elementModel {
      do {
        value = try RawModels.convert(raw, elementModel: elementModel, context: context)
      } catch {
        context.record(error, for: raw, expected: typeName(T.self))
        return
      }
    }
    guard let typed = value as? T else {
      context.record(
        .typeMismatch, expected: typeName(T.self), found: describeValue(raw),
        reason: "expects \(typeName(T.self))")
      return
    }
    write(typed, into: object)
  }

  override func mappedValue(of object: ModelBase, context: MappingContext) -> Any? {
    let value = pointer(in: object, as: T.self).pointee
    if nilValue != nil {
      guard let wrapped = (value as? any OptionalValue)?.wrappedAny else { return nil }
      return RawModels.jsonValue(wrapped, context: context)
    }
    return RawModels.jsonValue(value, context: context)
  }

  override func value(of object: ModelBase) -> Any {
    pointer(in: object, as: T.self).pointee
  }

  override func setDefault(_ value: Any) -> Bool {
    guard let exact = value as? T else { return false }
    defaultValue = exact
    return true
  }

  override func applyDefault(to object: ModelBase) -> Bool {
    guard let defaultValue else { return false }
    write(defaultValue, into: object)
    return true
  }
}

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
