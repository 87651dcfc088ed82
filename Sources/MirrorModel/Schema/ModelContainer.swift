import Foundation

/// Types that hold ``ModelBase`` instances.
///
/// A model, and optionals, arrays, sets and dictionaries of them. Tells `arrayElementTypes`
/// which model class a property declares, and converts with the class it names instead.
protocol ModelContainer {
  static var containedModelType: ModelBase.Type { get }

  /// `value` converted as ``MappableValue/fromMappedValue(_:context:)`` converts it, with its
  /// models created as `concrete` (the subclass `arrayElementTypes` names; the declared class
  /// when it is not a subclass): the class travels as a parameter, down every level.
  static func fromMappedValue(
    _ value: Any, concrete: ModelBase.Type, context: MappingContext
  ) throws -> Self

  /// The value at the parser's position read straight from JSON text, as
  /// ``fromMappedValue(_:concrete:context:)`` converts the tree reader's value of it (the same
  /// value, the same issues), its models created as `concrete`.
  ///
  /// `nil` with `failed` still `false` where the ordinary way must read the value: nothing
  /// read or recorded, the parser where it was. `nil` with `failed` set where the value was
  /// read and does not convert as a whole (an element failed, outside lenient mode), its
  /// issues recorded.
  static func readHeldModels(
    _ parser: inout JSONReader.Parser, concrete: ModelBase.Type, failed: inout Bool,
    context: MappingContext
  ) throws(JSONSyntaxError) -> Self?

  /// Whether a value of this type is read from a decoder's unkeyed container (an array, a
  /// set); else from a keyed one (a model, a dictionary).
  static var decodesHeldModelsFromArray: Bool { get }

  /// Whether a value of this type is one model (`Model`, `Model?`): its reader of a
  /// decoder's arrays reads it by ``DecoderReader/heldModel(_:from:depth:context:)`` and
  /// ``holding(_:)``, without this type's own generic layers on the recursive path.
  static var isOneModel: Bool { get }

  /// The value holding `model` (of this type's model class), for a type that ``isOneModel``;
  /// `nil` for another.
  static func holding(_ model: ModelBase) -> Self?

  /// The value in `container` (the nested container of its kind, opened, `depth` containers
  /// deep counting itself) read straight from a decoder, as
  /// ``fromMappedValue(_:concrete:context:)`` converts the decoder walk's value of it, its
  /// models created as `concrete`.
  ///
  /// `nil` with `failed` still `false` where the ordinary way must read the value (nothing
  /// recorded: the caller, whose container may be past the value, gives it to the walk or
  /// gives up itself); `nil` with `failed` set as for
  /// ``readHeldModels(_:concrete:failed:context:)``.
  static func decodeHeldModels(
    _ container: HeldContainer, reader: inout DecoderReader, concrete: ModelBase.Type,
    depth: Int, failed: inout Bool, context: MappingContext
  ) throws -> Self?
}

extension Optional: ModelContainer where Wrapped: ModelContainer {
  static var containedModelType: ModelBase.Type { Wrapped.containedModelType }

  static func fromMappedValue(
    _ value: Any, concrete: ModelBase.Type, context: MappingContext
  ) throws -> Wrapped? {
    if context.isNull(value) { return nil }
    return try Wrapped.fromMappedValue(value, concrete: concrete, context: context)
  }
}

extension Array: ModelContainer where Element: ModelContainer {
  static var containedModelType: ModelBase.Type { Element.containedModelType }

  static func fromMappedValue(
    _ value: Any, concrete: ModelBase.Type, context: MappingContext
  ) throws -> [Element] {
    try CollectionMapping.array(value, context: context, typeName: typeName(Self.self)) {
      try Element.fromMappedValue($0, concrete: concrete, context: $1)
    }
  }
}

extension Set: ModelContainer where Element: ModelContainer {
  static var containedModelType: ModelBase.Type { Element.containedModelType }

  static func fromMappedValue(
    _ value: Any, concrete: ModelBase.Type, context: MappingContext
  ) throws -> Set<Element> {
    guard value is [Any] else {
      throw ConversionError.typeMismatch(typeName(Self.self), accepts: "an array")
    }
    return Set(try [Element].fromMappedValue(value, concrete: concrete, context: context))
  }
}

extension Dictionary: ModelContainer where Key == String, Value: ModelContainer {
  static var containedModelType: ModelBase.Type { Value.containedModelType }

  static func fromMappedValue(
    _ value: Any, concrete: ModelBase.Type, context: MappingContext
  ) throws -> [String: Value] {
    try CollectionMapping.dictionary(value, context: context, typeName: typeName(Self.self)) {
      try Value.fromMappedValue($0, concrete: concrete, context: $1)
    }
  }
}
