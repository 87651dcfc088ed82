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

  /// Whether mapping a value runs a conversion alone (no model, whose hooks would run; no
  /// transformer).
  ///
  /// A reader may then map a key's later value over an earlier one, the property put back to
  /// its initial value first, as if only the later had been there.
  var mapsValuesOnly: Bool { false }

  /// Converts `raw` (`nil` when the key is missing) and writes the result into `object`, or
  /// records an issue and leaves the property as it is.
  ///
  /// With `updating` (see ``ModelBase/fill(from:schema:context:updating:)``), a missing key
  /// leaves the property alone and a nested model already there is updated in place.
  func map(_ raw: Any?, into object: ModelBase, context: MappingContext, updating: Bool) {
    fatalError("abstract")
  }

  /// ``map(_:into:context:updating:)`` for a key that is there: `raw` is borrowed as it is,
  /// without the copy unwrapping an optional `Any` makes.
  func map(present raw: Any, into object: ModelBase, context: MappingContext, updating: Bool) {
    map(.some(raw), into: object, context: context, updating: updating)
  }

  /// Whether an object for the property is read as met: it holds one model (`Model`,
  /// `Model?`) that its class validates (``ModelBase/validate(_:forProperty:)``), of a class
  /// the text reader reads itself in a call with `context`'s options
  /// (``ClassSchema/readsObjectsStraight(in:)``).
  ///
  /// Such an object is read into its model where the reader meets it and written as read, not
  /// validated (``read(from:into:context:)``), and the reader, which reads a validating
  /// class's values in the properties' order, takes the model back out (``valueReadAsMet(in:)``)
  /// and validates it in its turn (``writeValidated(_:into:)``). Any other value, and an
  /// object of another class, is read and validated at once, in the properties' order.
  func readsObjectAsMet(in context: MappingContext) -> Bool { false }

  /// Whether an array for the property is read as met.
  ///
  /// It holds an array of models (`[Model]`, `[Model]?`) that its class validates: as
  /// ``readsObjectAsMet(in:)`` says for an object.
  var readsArrayAsMet: Bool { false }

  /// What a property read as met holds, by identity: its model, or its array of models.
  enum ValueReadAsMet {
    case model(ModelBase?)
    case models([ModelBase]?)

    /// Whether this, what the property holds once its value was read, is what it held before
    /// (`initial`): nothing was converted (the conversion's issue is recorded instead).
    ///
    /// An array read as met is stored in storage of its own, even empty
    /// (``PropertyAccessor/read(from:into:context:)``), so its storage tells it apart.
    func isUnchanged(from initial: ValueReadAsMet) -> Bool {
      switch (self, initial) {
      case (.model(let read), .model(let before)):
        return read === before
      case (.models(let read), .models(let before)):
        return Self.storage(of: read) == Self.storage(of: before)
      default:
        return false
      }
    }

    private static func storage(of models: [ModelBase]?) -> UnsafeRawPointer? {
      models?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
  }

  /// What the property holds (``readsObjectAsMet(in:)``, ``readsArrayAsMet``).
  func valueReadAsMet(in object: ModelBase) -> ValueReadAsMet {
    fatalError("abstract")
  }

  /// Puts `value` back into the property (``readsObjectAsMet(in:)``, ``readsArrayAsMet``): what
  /// it held before its value was read.
  func restore(_ value: ValueReadAsMet, in object: ModelBase) {
    fatalError("abstract")
  }

  /// Writes `value`, read for the property as met, as the class's
  /// ``ModelBase/validate(_:forProperty:)`` returns it; the error it throws, with nothing
  /// written, for ``recordFailure(_:raw:into:context:)``.
  func writeValidated(_ value: ValueReadAsMet, into object: ModelBase) -> (any Error)? {
    fatalError("abstract")
  }

  /// Records `error`, the conversion or validation of `raw` for the property failing, as
  /// ``map(_:into:context:updating:)`` does (in lenient mode, a default is then written).
  func recordFailure(
    _ error: any Error, raw: Any, into object: ModelBase, context: MappingContext
  ) {
    fatalError("abstract")
  }

  /// Reads the property's value from JSON text at the parser's position and writes it into
  /// `object` as ``map(_:into:context:)`` would write the tree reader's value (but for an
  /// object read as met, ``readsObjectAsMet(in:)``).
  func read(
    from parser: inout JSONReader.Parser, into object: ModelBase, context: MappingContext
  ) throws(JSONSyntaxError) {
    try mapParsedValue(from: &parser, into: object, context: context)
  }

  /// Maps the value at the parser's position, read by the tree reader (or records that it
  /// nests deeper than the thread's stack allows).
  @inline(never)
  final func mapParsedValue(
    from parser: inout JSONReader.Parser, into object: ModelBase, context: MappingContext
  ) throws(JSONSyntaxError) {
    if readItself(from: &parser, into: object, context: context) { return }
    guard let raw = try parser.parseValue(mappedBy: context, expected: declaredTypeName) else {
      return
    }
    map(raw, into: object, context: context, updating: false)
  }

  /// Reads the property's value from JSON text at the parser's position by its type's own
  /// `Codable` conformance (``TextDecoder``), and writes it.
  ///
  /// `false`, with the parser where it was, where the type does not decode so, or the value
  /// is not an object or an array, or its decode failed or was undecided: the value is then
  /// read the ordinary way (``mapParsedValue(from:into:context:)``).
  func readItself(
    from parser: inout JSONReader.Parser, into object: ModelBase, context: MappingContext
  ) -> Bool {
    false
  }

  /// Reads the property's value under `key` of `container` into `object`, as
  /// ``map(_:into:context:)`` would write the ``DecodingWalk``'s value (or `nil` for a missing
  /// key); `depth` is how many containers `container` is inside, counting itself.
  func decode(
    from container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    into object: ModelBase, reader: inout DecoderReader, depth: Int, context: MappingContext
  ) throws {
    try reader.mapWalked(
      self, from: container, forKey: key, into: object, depth: depth, context: context)
  }

  /// Decodes the property's value under `key` straight from the caller's decoder by its
  /// type's own `Codable` conformance, and writes it.
  ///
  /// `false` where the type does not decode so, or the value is `null`, or the decode failed
  /// or was refused (``GuardedDecoder``): the walk then maps the value. `depth` is how many
  /// containers `container` is inside, counting itself.
  func decodeItself(
    from container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    into object: ModelBase, depth: Int, context: MappingContext
  ) -> Bool {
    false
  }

  /// Writes `key` (JSON text with its colon, after a comma unless `first`) and the property's
  /// value as ``ModelBase/toDictionary()`` followed by the JSON writer would; nothing when the
  /// property is left out.
  func writeJSON(
    of object: ModelBase, key: [UInt8], into writer: inout JSONWriter.Writer, first: inout Bool,
    context: MappingContext
  ) throws(JSONWriterError) {
    guard let value = mappedValue(of: object, context: context) else { return }
    writer.beginMember(first: first)
    first = false
    writer.writeKey(key)
    try writer.write(value, depth: context.depth + 1)
  }

  /// Writes the property of `object` into its entry of a keyed container, `sink` (at `depth`
  /// containers), as its dictionary value would be written; nothing, and the entry's
  /// container left unopened, when it is left out.
  func encode(
    of object: ModelBase, into sink: inout KeyedValueSink, context: MappingContext, depth: Int
  ) throws {
    guard let value = mappedValue(of: object, context: context) else { return }
    try CodableBridge.write(value, into: &sink, depth: depth)
  }

  /// The property's value as a JSON-compatible value, or `nil` to leave it out.
  func mappedValue(of object: ModelBase, context: MappingContext) -> Any? {
    fatalError("abstract")
  }

  /// Whether ``mappedValue(of:context:)`` gives a value whatever the property holds, but for
  /// rare values (a NaN, a cycle): a non-optional property's (``OutputTemplate``).
  var isAlwaysWritten: Bool { false }

  /// The property's value as it is.
  func value(of object: ModelBase) -> Any {
    fatalError("abstract")
  }

  /// Writes a deep copy of the property of `source` into `target`, its models copied in
  /// `session`.
  func copy(from source: ModelBase, to target: ModelBase, session: DeepCopy.Session) {
    fatalError("abstract")
  }

  /// Whether ``copy(from:to:session:)`` may copy models or other references (and use its
  /// session); `false` when it copies the value as it is.
  var copiesDeeply: Bool { true }

  /// How `copy()` may copy the field without calling ``copy(from:to:session:)``: its bytes,
  /// or a string; ``CopyPlan/Kind/other`` for every other way.
  var copyKind: CopyPlan.Kind { .other }

  /// How `==` may compare the field without calling ``mappedValuesEqual(_:_:contexts:)``:
  /// ``EqualityPlan/Kind/bytes(_:)`` for a field whose values are equal exactly when their
  /// bytes are (integers, `Bool`), ``EqualityPlan/Kind/string`` for a `String`.
  var equalityKind: EqualityPlan.Kind { .other }

  /// Writes `value`, of the property's declared type, as it is (nothing when it is not).
  func store(_ value: Any, into object: ModelBase) {
    fatalError("abstract")
  }

  /// Whether the property's values in `lhs` and `rhs` are equal as
  /// ``ModelBase/toDictionary()`` holds them (both left out counts as equal): each written in
  /// its own context, as each model's dictionary is.
  ///
  /// `contexts` may be `nil` only when ``comparesWithoutContext``.
  func mappedValuesEqual(
    _ lhs: ModelBase, _ rhs: ModelBase, contexts: (MappingContext, MappingContext)?
  ) -> Bool {
    let contexts = contexts ?? (MappingContext(), MappingContext())
    switch (mappedValue(of: lhs, context: contexts.0), mappedValue(of: rhs, context: contexts.1)) {
    case (nil, nil): return true
    case (let left?, let right?): return JSONValue.equal(left, right)
    default: return false
    }
  }

  /// Whether ``mappedValuesEqual(_:_:contexts:)`` needs no writing contexts: a scalar's
  /// values compare on their own.
  var comparesWithoutContext: Bool { false }

  /// Feeds `hasher` with the property's value in `object` as ``JSONValue/hash`` feeds it the
  /// value ``ModelBase/toDictionary()`` holds; `false`, with nothing fed, when it is left out.
  func hashMappedValue(
    of object: ModelBase, into hasher: inout Hasher, context: MappingContext
  ) -> Bool {
    guard let value = mappedValue(of: object, context: context) else { return false }
    JSONValue.hash(value, into: &hasher)
    return true
  }

  /// What of the property's value the mapping reads from a `Decoder` (``ReadShape``): the
  /// whole value, unless it is read as models.
  var readMember: ReadShape.Member { .whole }

  /// Whether the property has a default (``ModelBase/defaultValues``).
  var hasDefaultValue: Bool { false }

  /// Whether mapping the property as absent in a new model (no key, no update) can change or
  /// report anything; `false` for a property that an absent key leaves as it is (neither
  /// required nor given a default), which the readers then skip.
  var mapsAbsence: Bool { true }

  /// The declared type's name, for issues.
  var declaredTypeName: String { fatalError("abstract") }

  /// Adopts `value` as the default; `false` if it does not fit the property's type.
  func setDefault(_ value: Any) -> Bool {
    fatalError("abstract")
  }

  /// `raw` converted to the property's type and written back as ``ModelBase/toDictionary()``
  /// would write it (`7` for `"07"` in an `Int` property); `nil` when it does not convert.
  func canonicalValue(of raw: Any, mode: MappingMode) -> Any? {
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
