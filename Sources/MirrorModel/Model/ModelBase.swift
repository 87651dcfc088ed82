import Foundation

/// The base class of every model: subclass it, declare stored `var` properties, and map
/// dictionaries into instances and back.
///
/// ```swift
/// final class Room: ModelBase {
///   var price: Double = 0
///   var kind: String = ""
/// }
///
/// final class Hotel: ModelBase {
///   var hotelId: Int = 0
///   var name: String = ""
///   var recommendedRoom: Room?
///   var rooms: [Room] = []
///   var address: String = ""
///
///   override class var propertyMapping: [String: String] {
///     ["hotelId": "hotel_id", "recommendedRoom": "recommended_room", "rooms": "room_list"]
///   }
///   override class var defaultValues: [String: Any] { ["address": "unknown"] }
/// }
///
/// let hotel = try Hotel(dictionary: json)
/// let upload = hotel.toDictionary()
/// ```
///
/// Properties are found by the Swift runtime's reflection and written through pointers of
/// their exact declared type. `let` constants, `weak` and `unowned` references, `lazy` and
/// property-wrapper storage are never written. Writes bypass `didSet` and `willSet`
/// observers. The class hooks (``propertyMapping``, ``arrayElementTypes``, ``defaultValues``,
/// ``nullStrings``, ``ignoredProperties``) are merged along the class hierarchy, base class
/// first, so a subclass lists only what it adds or changes.
///
/// `ModelBase` adds no stored properties of its own to your class.
open class ModelBase: CustomStringConvertible, CustomDebugStringConvertible {
  /// Creates a model whose properties hold their declared initial values.
  ///
  /// Subclasses with designated initializers of their own must implement this one too.
  public required init() {}

  /// Creates a model and fills it from a dictionary, such as the result of `JSONSerialization`.
  ///
  /// Every stored `var` property is looked up under its key (its name, or the key
  /// ``propertyMapping`` gives) and converted to its declared type. A missing key leaves the
  /// declared initial value (or takes the ``defaultValues`` entry); `null` makes an optional
  /// `nil`. The whole input is visited before anything is thrown.
  ///
  /// - Parameter dictionary: The values to map.
  /// - Throws: ``MappingError`` listing every value that could not be converted, with its key
  ///   path.
  public required convenience init(dictionary: [String: Any]) throws {
    self.init()
    let context = MappingContext()
    let schema = SchemaCache.shared.schema(for: self)
    fill(from: dictionary, schema: schema, context: context)
    if context.hasIssues {
      throw MappingError(issues: context.issues, modelType: typeName(type(of: self)))
    }
  }

  /// The model as a dictionary `JSONSerialization` accepts, under the same keys that
  /// ``init(dictionary:)`` reads.
  ///
  /// Nested models become dictionaries, dates ISO 8601 strings, URLs and UUIDs strings, data
  /// base64 strings; `nil` optionals are left out. Key paths (`"meta.hotel_id"`) rebuild the
  /// nested dictionaries. A reference back to a model that is already being written (a cycle,
  /// such as `room.hotel` pointing at the hotel that holds the room) is left out, so the
  /// result is always finite.
  ///
  /// - Returns: A JSON-compatible dictionary.
  public func toDictionary() -> [String: Any] {
    let context = MappingContext()
    _ = context.beginWriting(self)
    defer { context.endWriting(self) }
    return dictionaryValue(schema: SchemaCache.shared.schema(for: self), context: context)
  }

  /// The class name and every mapped property, nested models indented.
  ///
  /// A reference back to a model that is already being described prints as
  /// `<cycle: Hotel>`. Override to describe the model your own way.
  open var description: String { ModelDescription.describe(self) }

  /// The same text as ``description``.
  open var debugDescription: String { description }

  // MARK: Hooks

  /// Keys that differ from property names: property name to dictionary key.
  ///
  /// Read once per class, when its schema is built. A key with dots is a key path into
  /// nested dictionaries: `["hotelId": "meta.hotel_id"]` reads `dictionary["meta"]["hotel_id"]`
  /// and ``toDictionary()`` writes it back there. The default is empty: every key is the
  /// property's name. Merged along the class hierarchy (base first, subclass wins); do not
  /// call `super`.
  open class var propertyMapping: [String: String] { [:] }

  /// The model class of the elements of array and dictionary properties, by property name.
  ///
  /// Needed only where the declaration does not say it: a property declared `[Any]`,
  /// `[ModelBase]` or `[String: Any]`, or an array of a base class whose elements should be
  /// a given subclass. `[Room]` needs no entry. Read once per class; merged along the class
  /// hierarchy (base first, subclass wins). Naming a class that is not the declared element
  /// class or a subclass of it is reported as a configuration issue.
  open class var arrayElementTypes: [String: ModelBase.Type] { [:] }

  /// Values for properties whose key is missing, or `null` in a non-optional property.
  ///
  /// Each value must fit its property's type (an `Int` for a `Double` property is converted);
  /// one that does not is reported once per mapping call as a configuration issue naming the
  /// class and the property. Read once per class; merged along the class hierarchy.
  open class var defaultValues: [String: Any] { [:] }

  /// Strings that mean `null`, such as `"<null>"` from servers that print a null object.
  ///
  /// Defaults to `NIL Nil nil NULL Null null (NULL) (Null) (null) <NULL> <Null> <null>`.
  /// Applies to the properties of this class (and to optional elements inside them). Not
  /// merged: the most derived class's set is used as it is, so a subclass can remove strings.
  /// Extend the default with `super.nullStrings.union([...])`; return `[]` to accept every
  /// string as text.
  open class var nullStrings: Set<String> {
    [
      "NIL", "Nil", "nil", "NULL", "Null", "null", "(NULL)", "(Null)", "(null)", "<NULL>",
      "<Null>", "<null>",
    ]
  }

  /// Properties that are never read from a dictionary and never written to one.
  ///
  /// Read once per class; merged (united) along the class hierarchy.
  open class var ignoredProperties: Set<String> { [] }

  // MARK: Internals

  final func fill(from dictionary: [String: Any], schema: ClassSchema, context: MappingContext) {
    context.reportConfiguration(of: schema)
    let savedNullStrings = context.enterModel(
      nullStrings: schema.nullStrings, maximumLength: schema.maximumNullStringLength)
    let savedOverride = context.modelTypeOverride
    context.modelTypeOverride = nil
    defer {
      context.restoreNullStrings(savedNullStrings)
      context.modelTypeOverride = savedOverride
    }
    for property in schema.properties {
      context.push(property.pathComponent)
      if let keyPath = property.keyPath {
        property.accessor.map(
          Self.lookUp(keyPath, in: dictionary, context: context), into: self, context: context)
      } else {
        property.accessor.map(dictionary[property.key], into: self, context: context)
      }
      context.pop()
    }
  }

  private static func lookUp(
    _ keyPath: [String], in dictionary: [String: Any], context: MappingContext
  ) -> Any? {
    var current = dictionary
    for (index, key) in keyPath.enumerated() {
      guard let value = current[key] else { return nil }
      if index == keyPath.count - 1 { return value }
      if context.isNull(value) { return nil }
      guard let next = value as? [String: Any] else {
        context.record(
          .typeMismatch, expected: "[String: Any]", found: describeValue(value),
          reason: "key path needs a dictionary at \(keyPath[...index].joined(separator: "."))")
        return nil
      }
      current = next
    }
    return nil
  }

  final func dictionaryValue(schema: ClassSchema, context: MappingContext) -> [String: Any] {
    var result: [String: Any] = [:]
    result.reserveCapacity(schema.properties.count)
    for property in schema.properties {
      guard let value = property.accessor.mappedValue(of: self, context: context) else {
        continue
      }
      if let keyPath = property.keyPath {
        Self.insert(value, at: keyPath[...], into: &result)
      } else {
        result[property.key] = value
      }
    }
    return result
  }

  private static func insert(
    _ value: Any, at keyPath: ArraySlice<String>, into dictionary: inout [String: Any]
  ) {
    guard let first = keyPath.first else { return }
    if keyPath.count == 1 {
      dictionary[first] = value
      return
    }
    var nested = dictionary[first] as? [String: Any] ?? [:]
    insert(value, at: keyPath.dropFirst(), into: &nested)
    dictionary[first] = nested
  }
}

extension ModelBase: MappableValue {
  /// Creates a model (or the subclass `arrayElementTypes` names) and fills it from a
  /// dictionary; issues inside are recorded with their paths.
  ///
  /// - Parameters:
  ///   - value: A `[String: Any]` dictionary.
  ///   - context: The mapping in progress.
  /// - Returns: The filled model.
  /// - Throws: ``ConversionError`` when `value` is not a dictionary or the input nests too
  ///   deeply.
  public static func fromMappedValue(_ value: Any, context: MappingContext) throws -> Self {
    guard let dictionary = value as? [String: Any] else {
      throw ConversionError.typeMismatch(typeName(Self.self), accepts: "a dictionary")
    }
    try context.enterNesting(expected: typeName(Self.self))
    defer { context.leaveNesting() }
    var concrete: Self.Type = Self.self
    if let override = context.modelTypeOverride, let subclass = override as? Self.Type {
      concrete = subclass
    }
    let object = concrete.init()
    object.fill(
      from: dictionary, schema: SchemaCache.shared.schema(for: object), context: context)
    return object
  }

  /// The model as a dictionary, or `nil` when it is already being written (a cycle).
  ///
  /// - Parameter context: The conversion in progress.
  /// - Returns: A `[String: Any]` dictionary, or `nil`.
  public func toMappedValue(context: MappingContext) -> Any? {
    guard context.beginWriting(self) else { return nil }
    defer { context.endWriting(self) }
    return dictionaryValue(schema: SchemaCache.shared.schema(for: self), context: context)
  }
}
