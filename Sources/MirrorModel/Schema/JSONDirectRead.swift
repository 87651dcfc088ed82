/// How a property's value is read from JSON text when its model is read straight from the
/// text (see ``JSONReader/Parser/readModel(_:schema:keys:context:)``); chosen once per
/// property, from its declared type.
enum JSONDirectRead {
  /// Read as the tree reader reads it, then converted the ordinary way.
  case ordinary
  /// A model (or an optional one) of the class given; `isReference` when the property's type
  /// is laid out as one class reference (`Model` or `Model?`), so the model is stored as one.
  case model(ModelBase.Type, isReference: Bool)
  /// An array (or an optional one) of models of the declared class, read as `concrete`;
  /// `isReference` when the property's type is laid out as one array (`[Model]`,
  /// `[Model]?`), so the array of models is stored as one.
  case models(declared: ModelBase.Type, concrete: ModelBase.Type, isReference: Bool)
  /// A `[String: Model]` (or an optional one).
  case modelsByKey(declared: ModelBase.Type, concrete: ModelBase.Type)
  /// Another type that holds models (`[Model?]`, `Set<Model>`, `[[Model]]`,
  /// `[String: [Model]]`, ...), read by its own
  /// ``ModelContainer/readHeldModels(_:concrete:failed:context:)``, its models made as
  /// `concrete`. (The type is not a payload: this enum is copied on the recursive path of
  /// nested models, and an existential metatype would make every copy larger.)
  case heldModels(concrete: ModelBase.Type)
  /// Numbers, booleans, strings inside arrays, and arrays of them.
  case fast(any JSONFastValue.Type)
  /// A `[String: Value]` (or an optional one) of those: its object read into the dictionary.
  case fastByKey(any JSONFastDictionary.Type)

  /// The way to read a property of `type`; `elementType` is what `arrayElementTypes` asks for.
  init(for type: Any.Type, elementType: ModelBase.Type?, hasTransformer: Bool) {
    // Only `Model`, `Model?`, `[Model]` and `[Model]?` are one reference whose `nil` is zero.
    // `Model??` and `[Model]??` are one word too, but their outer `nil` is another bit
    // pattern (an extra inhabitant), never to be retained or released as a pointer: they are
    // stored through a cast, as every deeper nesting.
    let isReference = unwrappedOptionals(type).depth <= 1
    if hasTransformer {
      self = .ordinary
    } else if let container = type as? any ModelContainer.Type {
      guard let holder = type as? any JSONModelHolder.Type else {
        self = .heldModels(concrete: elementType ?? container.containedModelType)
        return
      }
      switch holder.heldModels {
      case .one(let declared): self = .model(elementType ?? declared, isReference: isReference)
      case .array(let declared):
        self = .models(
          declared: declared, concrete: elementType ?? declared, isReference: isReference)
      case .byKey(let declared):
        self = .modelsByKey(declared: declared, concrete: elementType ?? declared)
      }
    } else if let fast = Self.fastTypes[ObjectIdentifier(type)] {
      self = .fast(fast.type)
    } else if let dictionary = Self.fastDictionary(type) {
      self = .fastByKey(dictionary)
    } else {
      self = .ordinary
    }
  }

  /// `type` as a dictionary read fast, a `[String: Value]` (or an optional one) whose values
  /// are read fast; `nil` otherwise.
  ///
  /// Asked of the conformance, for a structure or an optional only (the other kinds are none,
  /// and a failed look-up scans every conformance in the process): a table of the types, as
  /// ``fastTypes`` is, would make their metadata at the first schema, and those the runtime's
  /// caches look up on every generic call after it (1% more instructions decoding GitHub
  /// events, which hold no dictionary).
  private static func fastDictionary(_ type: Any.Type) -> (any JSONFastDictionary.Type)? {
    let kind = MetadataKind(of: type)
    guard kind == .structure || kind == .optional else { return nil }
    return type as? any JSONFastDictionary.Type
  }

  /// The functions `==`, `hash(into:)` and `copy()` use on a field of `type`, when it is read
  /// fast; `nil` otherwise.
  static func fastField(for type: Any.Type) -> FastField? {
    fastTypes[ObjectIdentifier(type)]?.field
  }

  /// The types read fast, found by identity: a failed conformance lookup scans every
  /// conformance in the process, which would make a schema build several times slower.
  // Immutable after its initialization; metatypes and functions hold no state.
  nonisolated(unsafe) private static let fastTypes:
    [ObjectIdentifier: (type: any JSONFastValue.Type, field: FastField)] = {
      var types: [(type: any JSONFastValue.Type, field: FastField)] = []
      func add<Value: JSONFastValue>(_: Value.Type, asElement: Bool) {
        if asElement {
          types += [
            FastField.of([Value].self, isArray: true),
            FastField.of([Value]?.self, isArray: true),
            FastField.of([[Value]].self, isArray: true),
            FastField.of([[Value]]?.self, isArray: true),
            FastField.of([Value?].self, isArray: true),
          ]
        } else {
          types += [FastField.of(Value.self), FastField.of(Value?.self)]
        }
      }
      add(String.self, asElement: false)
      add(Int.self, asElement: false)
      add(Int64.self, asElement: false)
      add(Double.self, asElement: false)
      add(Bool.self, asElement: false)
      add(Int.self, asElement: true)
      add(Double.self, asElement: true)
      add(Bool.self, asElement: true)
      add(String.self, asElement: true)
      types += [
        FastField.of([[[Double]]].self, isArray: true),
        FastField.of([[[Double]]]?.self, isArray: true),
      ]
      return Dictionary(uniqueKeysWithValues: types.map { (ObjectIdentifier($0.type), $0) })
    }()
}

/// A fast type's field operations as functions made for the concrete type.
///
/// A property accessor runs unspecialized: calling the type's ``JSONFastValue`` requirements
/// through its metatype runs `Optional`'s and `Array`'s generic conformances unspecialized too
/// (a metadata lookup and value-witness copies per field). These functions are made where the
/// type is known (``of(_:)``, specialized for each registered type), so `==`, `hash(into:)` and
/// `copy()` run the concrete code.
struct FastField {
  let equal: (UnsafeRawPointer, UnsafeRawPointer, MappingContext?) -> Bool
  let hash: (UnsafeRawPointer, inout Hasher, MappingContext) -> Bool
  let copy: (UnsafeRawPointer, UnsafeMutableRawPointer) -> Void
  /// ``JSONFastValue/mapFast(_:into:context:)`` for an array type (for a scalar, calling the
  /// requirement costs less than calling a function).
  let mapArray: ((Any, UnsafeMutableRawPointer, MappingContext) throws -> Void)?

  @inline(__always)
  static func of<Value: JSONFastValue>(
    _: Value.Type, isArray: Bool = false
  ) -> (type: any JSONFastValue.Type, field: FastField) {
    (
      Value.self,
      FastField(
        equal: { Value.mappedEqual($0, $1, context: $2) },
        hash: { Value.hashMapped($0, into: &$1, context: $2) },
        copy: { Value.copyField(from: $0, to: $1) },
        mapArray: isArray ? { try Value.mapFast($0, into: $1, context: $2) } : nil)
    )
  }
}
