public import Foundation

/// The base class of every model: subclass it, declare stored `var` properties, and map
/// dictionaries into instances and back.
///
/// ```swift
/// nonisolated final class Room: ModelBase {
///   var price: Double = 0
///   var kind: String = ""
/// }
///
/// nonisolated final class Hotel: ModelBase {
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
/// observers. The dictionary and set hooks (``propertyMapping``, ``arrayElementTypes``,
/// ``defaultValues``, ``ignoredProperties``, ``transformers``, ``outputPropertyMapping``,
/// ``requiredProperties``) are merged along the class hierarchy, base class first, so a
/// subclass lists only what it adds or changes; for the single-valued hooks (``nullStrings``,
/// ``keyStrategy``, ``keepsUnknownKeys``, ``identifierProperty``) the most derived class wins.
///
/// `ModelBase` adds one stored property of its own to your class: 8 bytes holding the
/// unknown keys a class keeps when ``keepsUnknownKeys`` is `true` (`nil` otherwise).
open class ModelBase: CustomStringConvertible, CustomDebugStringConvertible, Codable {
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
    try self.init(dictionary: dictionary, mode: .standard)
  }

  /// Creates a model and fills it from a dictionary, converting as strictly as `mode` says.
  ///
  /// In ``MappingMode/strict`` and ``MappingMode/standard`` mode, throws ``MappingError`` with
  /// every issue. In ``MappingMode/lenient`` mode it does not throw for bad values: each bad
  /// property keeps its initial (or default) value. Use ``MappableValue/map(_:mode:)`` to get
  /// the lenient issues beside the model. A class whose mapping is broken (a property whose
  /// type cannot be mapped, a hook naming a property that does not exist: issues of kind
  /// ``MappingIssue/Kind/configuration``) throws in every mode.
  ///
  /// - Parameters:
  ///   - dictionary: The values to map.
  ///   - mode: How strictly to convert.
  /// - Throws: ``MappingError`` listing every issue (in lenient mode, only when the class's
  ///   configuration is broken).
  public required convenience init(dictionary: [String: Any], mode: MappingMode) throws {
    self.init()
    let outcome = mapRoot(
      dictionary, options: MappingOptions(mode: mode, readsIssuesOnlyWhenBroken: true))
    if MappingError.isThrown(outcome, mode: mode) {
      throw MappingError(issues: outcome.issues, modelType: typeName(type(of: self)))
    }
  }

  /// Creates a model from JSON text, without going through `JSONSerialization`.
  ///
  /// Gives the same model, and the same ``MappingError`` paths, as
  /// ``init(dictionary:)`` on the `JSONSerialization` result, and reads long number literals
  /// exactly. Malformed JSON is one issue of kind ``MappingIssue/Kind/invalidJSON`` whose
  /// reason gives the line and column.
  ///
  /// - Parameters:
  ///   - json: JSON text whose top level is an object: UTF-8, or UTF-16 or UTF-32 as
  ///     `JSONSerialization` reads them (told from a byte order mark or the zero bytes).
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  /// - Throws: ``MappingError`` with every issue.
  public required convenience init(json: Data, mode: MappingMode = .standard) throws {
    self.init()
    let outcome = try mapRoot(
      json: json, options: MappingOptions(mode: mode, readsIssuesOnlyWhenBroken: true))
    if MappingError.isThrown(outcome, mode: mode) {
      throw MappingError(issues: outcome.issues, modelType: typeName(type(of: self)))
    }
  }

  /// Creates a model from JSON text in a string.
  ///
  /// - Parameters:
  ///   - jsonString: JSON text whose top level is an object.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  /// - Throws: ``MappingError`` with every issue.
  public required convenience init(jsonString: String, mode: MappingMode = .standard) throws {
    try self.init(json: Data(jsonString.utf8), mode: mode)
  }

  /// Updates the model with the keys present in `dictionary`; missing keys change nothing.
  ///
  /// A nested model present on both sides is updated in place, so references to it stay
  /// valid (unless its class has an ``identifierProperty``: another identifier's data is never
  /// written into a model that may be shared); arrays are replaced. ``didMap(from:)`` runs
  /// again.
  ///
  /// An update that throws changes nothing: the update runs once, on the model, and what it
  /// writes into the models it fills in place (their mapped properties and kept unknown
  /// values) is put back if it throws; an `@Observable` model's observers are told only once
  /// the update is kept. Where a model filled in place has a ``didMap(from:)`` or
  /// ``validate(_:forProperty:)`` of its own, or a property written through a setter (a
  /// property wrapper's, `@Published`), which putting values back would not undo, the
  /// dictionary is first applied to a deep copy of the model instead, and the model is touched
  /// only when that succeeds (hooks therefore run twice). A model the update creates (a nested
  /// model or element that was not there) is mapped as a new one: its required properties and
  /// defaults apply.
  ///
  /// - Parameters:
  ///   - dictionary: The values to apply.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  /// - Throws: ``MappingError`` with every issue (in lenient mode, only for a broken class
  ///   configuration); the model is unchanged then.
  public func update(with dictionary: [String: Any], mode: MappingMode = .standard) throws {
    try update(with: dictionary, options: MappingOptions(mode: mode, isUpdating: true))
  }

  /// Creates a model from any `Decoder`, through the same schema as ``init(dictionary:)``.
  ///
  /// `JSONDecoder().decode(Hotel.self, from: data)` gives the same model as
  /// `Hotel(dictionary:)` on the `JSONSerialization` result, honouring every hook and the
  /// conversion table, with no code in the subclass. Works with `PropertyListDecoder` and any
  /// other `Decoder`.
  ///
  /// A model decoded inside a `Codable` value reports its issues at their whole path, from
  /// the decoder's `codingPath` on (`orders[1].order_id`).
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: The decoder's errors, or ``MappingError`` with every issue.
  public required convenience init(from decoder: any Decoder) throws {
    self.init()
    let schema = SchemaCache.shared.schema(for: self)
    let issues: [MappingIssue]
    if let keys = schema.decoderKeys,
      let container = try? decoder.container(keyedBy: AnyCodingKey.self),
      !container.contains(DecoderReader.decimalKey)
    {
      // Straight into the model, property by property.
      issues = try DecoderReader.map(
        self, schema: schema, keys: keys, from: container,
        options: MappingOptions(userInfo: CodableBridge.userInfo(of: decoder)))
    } else {
      let longLiterals = LongLiterals()
      // Only the keys the class reads are asked for, where it reads nothing else.
      let dictionary = try CodableBridge.dictionary(
        from: decoder, shape: schema.readShape, longLiterals: longLiterals)
      let options = MappingOptions(
        userInfo: CodableBridge.userInfo(of: decoder), longLiterals: longLiterals)
      issues = mapRoot(dictionary, options: options).issues
    }
    if !issues.isEmpty {
      // A model inside a `Codable` value: its issues' paths start where the decoder is.
      let base = CodableBridge.path(of: decoder.codingPath)
      throw MappingError(
        issues: issues.map { issue in
          var issue = issue
          issue.path = MappingContext.join(base, issue.path)
          return issue
        }, modelType: typeName(type(of: self)))
    }
  }

  /// Writes the model to any `Encoder`: the same keys and values as ``toDictionary()``,
  /// written from the fields (nested models into nested containers), not through the
  /// dictionary.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: The encoder's errors.
  open func encode(to encoder: any Encoder) throws {
    try ModelEncoding.encode(self, to: encoder)
  }

  /// The model as a dictionary `JSONSerialization` accepts, under the same keys that
  /// ``init(dictionary:)`` reads.
  ///
  /// Nested models become dictionaries, dates ISO 8601 strings, URLs and UUIDs strings, data
  /// base64 strings; `nil` optionals are left out. Key paths (`"meta.hotel_id"`) rebuild the
  /// nested dictionaries.
  ///
  /// It cannot throw, so it leaves out, exactly:
  /// - a reference back to a model that is already being written (a cycle, such as
  ///   `room.hotel` pointing at the hotel that holds the room), so the result is always finite;
  /// - a value (a model, a non-empty array or dictionary) nested deeper than
  ///   ``MappingContext/maximumDepth`` levels or than the thread's stack allows (a chain built
  ///   in code), so that writing never exhausts the stack and what is written reads back;
  /// - what JSON cannot hold in an `Any` property (NaN, an infinity, an arbitrary object);
  /// - a `nil` optional.
  ///
  /// ``toCheckedDictionary()`` gives the same dictionary, or throws for the depth it had to
  /// cut, with the path of each value left out.
  ///
  /// - Returns: A JSON-compatible dictionary.
  public func toDictionary() -> [String: Any] {
    dictionary(context: MappingContext())
  }

  /// ``toDictionary()``, or a ``MappingError`` for every value it would leave out for its
  /// depth (each a ``MappingIssue/Kind/tooDeep`` issue at its path).
  ///
  /// ```swift
  /// let upload = try hotel.toCheckedDictionary()
  /// ```
  ///
  /// - Returns: A JSON-compatible dictionary that maps back to an equal model.
  /// - Throws: ``MappingError`` with every value left out.
  public func toCheckedDictionary() throws -> [String: Any] {
    let context = MappingContext()
    let result = dictionary(context: context)
    try throwIssues(of: context)
    return result
  }

  /// The model's dictionary, written with `context`; empty when ``willWrite(to:)`` refused it.
  final func dictionary(context: MappingContext) -> [String: Any] {
    _ = context.beginWriting(self)
    defer { context.endWriting(self) }
    return dictionaryValue(schema: SchemaCache.shared.schema(for: self), context: context) ?? [:]
  }

  /// Throws the issues a write recorded in `context`, if any.
  final func throwIssues(of context: MappingContext) throws {
    if context.hasIssues {
      throw MappingError(issues: context.issues, modelType: typeName(type(of: self)))
    }
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
  /// Defaults to `"<null>"` and `"(null)"`: what Objective-C prints for `NSNull` and for a
  /// `nil` object, the two spellings that reach JSON from servers written in it and that are
  /// never anyone's data. `"Null"` and `"NIL"` are not in the default: they are real
  /// surnames and real words, and a mapper must not turn Mr Null's name into nothing. A class
  /// that wants IPHBaseModel's whole list opts in with ``extendedNullStrings``.
  ///
  /// Applies to the properties of this class (and to optional elements inside them); a null
  /// string is treated as `null` (an optional becomes `nil`, a default applies). Not merged:
  /// the most derived class's set is used as it is, so a subclass can remove strings. Extend
  /// the default with `super.nullStrings.union([...])`; return `[]` to accept every string as
  /// text. Strict mode never applies null strings.
  ///
  /// ```swift
  /// override class var nullStrings: Set<String> { ModelBase.extendedNullStrings }
  /// ```
  open class var nullStrings: Set<String> { ["<null>", "(null)"] }

  /// IPHBaseModel's list of strings that mean `null`, for classes that opt into it:
  /// `NIL Nil nil NULL Null null (NULL) (Null) (null) <NULL> <Null> <null>`.
  ///
  /// Not the default (see ``nullStrings``): it turns real text such as the surname `"Null"`
  /// into `null`.
  public static let extendedNullStrings: Set<String> = [
    "NIL", "Nil", "nil", "NULL", "Null", "null", "(NULL)", "(Null)", "(null)", "<NULL>",
    "<Null>", "<null>",
  ]

  /// Properties that are never read from a dictionary and never written to one.
  ///
  /// Read once per class; merged (united) along the class hierarchy.
  open class var ignoredProperties: Set<String> { [] }

  // MARK: More hooks

  /// Checks or replaces each converted value before it is written.
  ///
  /// Called once per property whose key is present (after conversion, before the write), with
  /// the value already of the property's type. Return it, or a replacement of the same type;
  /// throw to reject it: the error becomes a ``MappingIssue`` at the property's key path (a
  /// ``ConversionError`` keeps its kind, ``MappingIssue/Kind/invalidValue`` by default; any
  /// other error is ``MappingIssue/Kind/hookFailed``) and the property keeps its value. The
  /// default returns `value`. No need to call `super` unless a superclass
  /// validates too.
  ///
  /// ```swift
  /// override func validate(_ value: Any, forProperty property: String) throws -> Any {
  ///   if property == "price", let price = value as? Double, price < 0 {
  ///     throw ConversionError(expectedType: "Double", reason: "a price cannot be negative")
  ///   }
  ///   return value
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - value: The converted value, of the property's declared type.
  ///   - property: The property's name.
  /// - Returns: The value to write, of the property's declared type.
  /// - Throws: Any error, to reject the value.
  open func validate(_ value: Any, forProperty property: String) throws -> Any { value }

  /// Called after every property of this model was written from `dictionary`.
  ///
  /// The place for back references (`rooms.forEach { $0.hotel = self }`) and for anything a
  /// `didSet` observer would have done (writes bypass observers). Called for nested models
  /// too, innermost first, and by ``update(with:mode:)``. The default does nothing; call `super` if
  /// a superclass implements it. A thrown error becomes a ``MappingIssue`` at this model's path.
  ///
  /// - Parameter dictionary: The dictionary the model was filled from.
  /// - Throws: Any error, reported as an issue.
  open func didMap(from dictionary: [String: Any]) throws {}

  /// Called with the dictionary this model is written as, before it is returned or written:
  /// change it, or throw to refuse writing the model.
  ///
  /// YYModel's `modelCustomTransformToDictionary:` and KakaJSON's `kj_didConvertToJSON`, in
  /// the style of ``didMap(from:)``. Applies to every way a model is written:
  /// ``toDictionary()``, ``toJSON(prettyPrinted:)``, `Codable` encoding, `==` and `hash`
  /// (which compare the written values), and ``ModelStore``; to nested models too, innermost
  /// first. The default does nothing; call `super` if a superclass implements it.
  ///
  /// ```swift
  /// override func willWrite(to dictionary: inout [String: Any]) throws {
  ///   dictionary["password"] = nil                  // never uploaded
  ///   dictionary["schema_version"] = 2
  ///   guard !name.isEmpty else { throw ConversionError(expectedType: "Hotel", reason: "no name") }
  /// }
  /// ```
  ///
  /// A thrown error refuses the model: ``toJSON(prettyPrinted:)``, ``toCheckedDictionary()``
  /// and ``ModelStore/save(_:)`` throw it as an issue at the model's path (a ``ConversionError``
  /// keeps its kind, any other error is ``MappingIssue/Kind/hookFailed``);
  /// ``toDictionary()``, which cannot throw, leaves the model out (an empty dictionary at the
  /// top level).
  ///
  /// - Parameter dictionary: The model's dictionary, with its output keys, as written.
  /// - Throws: Any error, to refuse writing the model.
  open func willWrite(to dictionary: inout [String: Any]) throws {}

  /// Value transformers by property name, used in both directions instead of the conversion
  /// table.
  ///
  /// ```swift
  /// override class var transformers: [String: PropertyTransformer] {
  ///   ["releaseDate": .date(format: "MM-dd-yyyy")]
  /// }
  /// ```
  ///
  /// Read once per class; merged along the class hierarchy (base first, subclass wins).
  open class var transformers: [String: PropertyTransformer] { [:] }

  /// How keys are derived from property names that ``propertyMapping`` does not list.
  ///
  /// `.snakeCase` reads and writes `hotel_id` for `hotelId`. The default is
  /// `.useDefaultKeys`. The most derived class's value applies.
  open class var keyStrategy: KeyStrategy { .useDefaultKeys }

  /// More keys to try for a property, in order, when its own key is missing: property name to
  /// keys (HandyJSON's `<-- ["a", "b"]`, YYModel's `@[@"id", @"ID"]`).
  ///
  /// ```swift
  /// override class var alternativeKeys: [String: [String]] { ["bookId": ["id", "ID", "book_id"]] }
  /// ```
  ///
  /// The property's own key (its name, ``propertyMapping`` or ``keyStrategy``) is tried first,
  /// then these; a key may be a key path. ``toDictionary()`` writes the property's own key.
  /// Read once per class; merged along the class hierarchy (base first, subclass wins).
  open class var alternativeKeys: [String: [String]] { [:] }

  /// How dictionary keys are matched to the keys properties read: ``KeyMatching/exact`` (the
  /// default) or ``KeyMatching/caseInsensitive``.
  ///
  /// With `.caseInsensitive`, a plain key that is missing is looked for among the
  /// dictionary's keys without regard to case (`"UserName"` for `userName`); an exact match
  /// always wins. Two keys that match case-insensitively, neither exactly, are an issue in
  /// strict mode; otherwise the first in key order is taken. Key paths match exactly. The
  /// most derived class's value applies.
  open class var keyMatching: KeyMatching { .exact }

  /// Key paths to declared properties, by name, for properties MirrorModel reaches through
  /// their own accessors instead of their storage.
  ///
  /// Two kinds of class need them:
  ///
  /// - An `@Observable` class, for ``update(with:mode:)``. Its tracked properties are mapped
  ///   under their declared names through the macro's storage (`_name`); an update then tells
  ///   the class's observers (SwiftUI views, `withObservationTracking`) about each property
  ///   whose value it changed, through that property's key path. Reflection cannot build the
  ///   key path the observers are registered under (`\User.name`), so the class names it
  ///   here. An update of an observable class that lacks one throws a configuration issue
  ///   rather than leave a view stale; creating models needs no key paths.
  /// - A wrapped property whose wrapper MirrorModel cannot see through, such as Combine's
  ///   `@Published`: it is read and written through its key path, so the wrapper's own
  ///   setter runs (`objectWillChange` fires).
  ///
  /// ```swift
  /// @Observable nonisolated final class User: ModelBase {
  ///   var name = ""
  ///   var age = 0
  ///   override class var propertyKeyPaths: [String: AnyKeyPath] {
  ///     ["name": \User.name, "age": \User.age]
  ///   }
  /// }
  /// ```
  ///
  /// Each key path must be writable, start at this class (or a superclass) and lead to a
  /// value of the property's declared type; one that does not is a configuration issue. Read
  /// once per class; merged along the class hierarchy (base first, subclass wins).
  open class var propertyKeyPaths: [String: AnyKeyPath] { [:] }

  /// How this class's `Date` properties are read and written; `nil` (the default) for the
  /// call's strategy (`withDateStrategy(_:_:)`), ISO 8601 unless the call sets one.
  ///
  /// ```swift
  /// override class var dateStrategy: DateStrategy? { .millisecondsSince1970 }
  /// ```
  ///
  /// Read once per class. The most derived class that sets one wins, so a base class sets it
  /// for its whole hierarchy. Applies to the class's own properties (nested models follow
  /// their own class's strategy); a property's ``transformers`` entry takes precedence.
  open class var dateStrategy: DateStrategy? { nil }

  /// The key this class hierarchy's payloads carry to name their class, and the classes.
  ///
  /// `nil` (the default) for none. See ``ModelDiscriminator``.
  ///
  /// ```swift
  /// override class var discriminator: ModelDiscriminator? {
  ///   ModelDiscriminator(key: "type", classes: ["dog": Dog.self, "cat": Cat.self])
  /// }
  /// ```
  ///
  /// Declare it on the base class: subclasses inherit it (the most derived class that declares
  /// one wins). Read once per class.
  open class var discriminator: ModelDiscriminator? { nil }

  /// Keys for ``toDictionary()`` where they differ from the keys read.
  ///
  /// Property name to output key (dots make key paths). Properties not listed are written
  /// under the key they are read from. Merged along the class hierarchy.
  open class var outputPropertyMapping: [String: String] { [:] }

  /// The class to create for a nested dictionary, asked on the declared class.
  ///
  /// Called before a nested model or an array element of this class (or of the class
  /// ``arrayElementTypes`` names) is created. Return a subclass to create instead, such as
  /// `VideoPost` for `["type": "video"]`, or `nil` for the declared class. Returning a class
  /// that is not a subclass of the declared one is an issue at that path, not a crash. Not
  /// asked for the top-level model, whose class the caller chose.
  ///
  /// - Parameter dictionary: The nested dictionary about to be mapped.
  /// - Returns: The class to instantiate, or `nil` for the declared one.
  open class func modelType(for dictionary: [String: Any]) -> ModelBase.Type? { nil }

  /// Properties whose key must be present and not null; otherwise an issue of kind
  /// ``MappingIssue/Kind/missingValue``.
  ///
  /// Read once per class; merged (united) along the class hierarchy.
  open class var requiredProperties: Set<String> { [] }

  /// The property that identifies a model, such as `"gameId"`; `nil` (the default) for
  /// models without identity.
  ///
  /// With an identifier, an ``IdentityMap`` (``MappableValue/unique(dictionary:)`` uses the
  /// main actor's) keeps one live instance per class and identifier value: mapping the same
  /// identifier again updates that instance in place. Nested models of such a class mapped
  /// through the map go through it too, so two statuses by the same user share one `User`
  /// object; outside a map they are new instances, never another model updated in place. The
  /// map holds instances weakly. A dictionary without the identifier gives an unregistered
  /// instance, or
  /// an issue when the property is also in ``requiredProperties``. The most derived class's
  /// value applies.
  open class var identifierProperty: String? { nil }

  /// The store ``MappableValue/unique(dictionary:)`` reads from when no live instance has the
  /// identifier; `nil` (the default) for none.
  ///
  /// FDModel's "read from the store if a model with that identifier is created": a model
  /// saved with ``ModelStore/save(_:)`` in an earlier run comes back from `unique` (and from
  /// nested mapping) with its stored values, updated with the dictionary's. Nothing is saved
  /// automatically; call `save` when you want the store to change. Return the same store
  /// every time (keep it in a `static let`).
  ///
  /// ```swift
  /// nonisolated final class Game: ModelBase {
  ///   static let store = try? ModelStore(directory: gamesDirectory)
  ///   override class var modelStore: ModelStore? { store }
  ///   override class var identifierProperty: String? { "gameId" }
  /// }
  /// ```
  open class var modelStore: ModelStore? { nil }

  /// Whether keys no property maps are kept and written back by ``toDictionary()``.
  ///
  /// With `true`, a model read from a payload and written back loses nothing, even keys the
  /// class does not declare. The default is `false`. The most derived class's value applies.
  open class var keepsUnknownKeys: Bool { false }

  /// The keys of the last mapped dictionary that no property maps, with their values, kept
  /// when ``keepsUnknownKeys`` is `true`; empty otherwise.
  public final var unknownValues: [String: Any] { storedUnknownValues ?? [:] }

  /// Storage for ``unknownValues``: ModelBase's only stored property (8 bytes).
  final var storedUnknownValues: [String: Any]?
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
    try model(from: value, concrete: Self.self, context: context)
  }

  /// The model of class `concrete` (a subclass `arrayElementTypes` names, or `Self`) filled
  /// from `value`: what both conversions do, inlined into each even in a debug build
  /// (`@_transparent`), so that the recursive path of nested models has no extra frame.
  @_transparent
  fileprivate static func model(
    from value: Any, concrete: ModelBase.Type, context: MappingContext
  ) throws -> Self {
    guard let dictionary = objectDictionary(value) else {
      // A model built in code, where a model is declared, is taken as it is.
      if isObject(value), let model = value as? Self { return model }
      throw notADictionary(concrete)
    }
    try context.enterNesting(expected: typeName(Self.self))
    defer { context.leaveNesting() }
    // This function is on the recursive path of nested models: its frame is kept small (the
    // rest is in `prepare`), so that deep input fits on a 512 KB thread in a debug build.
    let (object, schema) = try prepare(Self.self, concrete: concrete, dictionary, context: context)
    // A new model, also during an update: its required properties and defaults apply.
    if let schema {
      object.fill(from: dictionary, schema: schema, context: context, updating: false)
    }
    return object
  }

  /// The dictionary in `value` (a nested object), told from its box first, without the
  /// runtime's dynamic type; `nil` for anything that is not one.
  @inline(never)
  private static func objectDictionary(_ value: Any) -> [String: Any]? {
    if isBoxed(value, as: [String: Any].self) { return unboxed(value, as: [String: Any].self) }
    return castIfPossible(value, to: [String: Any].self)
  }

  /// The model to fill and its schema; no schema when the identity registry already filled it.
  @inline(never)
  private static func prepare<Model: ModelBase>(
    _ declared: Model.Type, concrete named: ModelBase.Type, _ dictionary: [String: Any],
    context: MappingContext
  ) throws -> (Model, ClassSchema?) {
    var concrete: Model.Type = declared
    if ObjectIdentifier(named) != ObjectIdentifier(declared), let subclass = named as? Model.Type {
      concrete = subclass
    }
    var schema = context.schema(for: concrete)
    // The class the payload names: by the discriminator, else by modelType(for:).
    var chosen: (type: ModelBase.Type, by: String)?
    if let named = try schema.discriminatedClass(in: dictionary, context: context) {
      chosen = (named, "discriminator of \(typeName(concrete)) names")
    } else if schema.overriddenHooks.contains(.modelType),
      let named = concrete.modelType(for: dictionary)
    {
      chosen = (named, "modelType(for:) of \(typeName(concrete)) returned")
    }
    if let chosen {
      guard let subclass = chosen.type as? Model.Type else {
        throw ConversionError(
          kind: .configuration, expectedType: typeName(concrete),
          reason: "\(chosen.by) \(typeName(chosen.type)), which is not a subclass of "
            + typeName(declared))
      }
      concrete = subclass
      schema = context.schema(for: concrete)
    }
    if schema.identifier != nil, let map = context.identityMap {
      let unique = map.resolve(concrete, schema: schema, from: dictionary, context: context)
      guard let typed = unique as? Model else {
        preconditionFailure("the identity registry returned \(type(of: unique)) for \(concrete)")
      }
      return (typed, nil)
    }
    return (concrete.init(), schema)
  }

  @inline(never)
  private static func notADictionary(_ concrete: ModelBase.Type) -> ConversionError {
    ConversionError.typeMismatch(typeName(concrete), accepts: "a dictionary")
  }

  /// The model as a dictionary, or `nil` when it is already being written (a cycle).
  ///
  /// - Parameter context: The conversion in progress.
  /// - Returns: A `[String: Any]` dictionary, or `nil`.
  public func toMappedValue(context: MappingContext) -> Any? {
    // A model the store writes by reference (see `reference(context:)`).
    if context.writesIdentifiedModelsByReference, let reference = reference(context: context) {
      return reference
    }
    guard context.beginWriting(self) else { return nil }
    defer { context.endWriting(self) }
    guard context.enterOutputNesting() else { return nil }
    defer { context.leaveNesting() }
    return dictionaryValue(schema: SchemaCache.shared.schema(for: self), context: context)
  }

  /// The model written as a reference, its identifier alone (`["id": 2]`), recorded in
  /// `context`; `nil` for a class without an identifier, or a model whose identifier is nil.
  @inline(never)
  final func reference(context: MappingContext) -> [String: Any]? {
    let schema = context.schema(for: type(of: self))
    guard let identifier = schema.identifier,
      let value = identifier.accessor.mappedValue(of: self, context: context),
      IdentityMap.identifierText(value)?.isEmpty == false
    else { return nil }
    context.writtenReferences?.append(self)
    if let path = identifier.outputKeyPath, case .key(let first) = path.first {
      return [first: KeyPaths.inserting(value, at: path.dropFirst(), into: nil)]
    }
    return [identifier.outputKey: value]
  }
}

extension ModelBase: ModelContainer {
  static var containedModelType: ModelBase.Type { self }

  static func fromMappedValue(
    _ value: Any, concrete: ModelBase.Type, context: MappingContext
  ) throws -> Self {
    try model(from: value, concrete: concrete, context: context)
  }
}
