import Foundation

// Models nested in collections that are not one model, one array of models or one
// `[String: Model]` (`[Model?]`, `Set<Model>`, `[[Model]]`, `[String: [Model]]`, and so on,
// to any depth) read straight from JSON text: each container walked where it stands by the
// one element walk, each model read by the model reader, and a value that is neither (a
// scalar, `null`, a null string, an object a hook needs as a dictionary) handed to the
// element type's ordinary conversion. No dictionary of the whole value is made.

extension ModelContainer {
  /// Reads the value at the parser's position into the field of this type at `field`.
  ///
  /// Its models are made as `concrete`. `false` when nothing was read (the parser is where it
  /// was, nothing recorded): the caller reads it the ordinary way. `true` also where the
  /// value was read and does not convert, its issues recorded (nothing is written).
  static func readHeldModels(
    into field: UnsafeMutableRawPointer, _ parser: inout JSONReader.Parser,
    concrete: ModelBase.Type, context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    var failed = false
    guard
      let value = try readHeldModels(
        &parser, concrete: concrete, failed: &failed, context: context)
    else { return failed }
    field.assumingMemoryBound(to: Self.self).pointee = value
    return true
  }
}

extension ModelBase {
  /// The model read from the object at the parser's position, of class `concrete` (or the
  /// subclass its discriminator names).
  ///
  /// `nil` where the ordinary way reads the value (see
  /// ``JSONReader/Parser/readNestedModel(_:context:)``). A model is never `failed`: its
  /// properties' issues are its own.
  static func readHeldModels(
    _ parser: inout JSONReader.Parser, concrete: ModelBase.Type, failed: inout Bool,
    context: MappingContext
  ) throws(JSONSyntaxError) -> Self? {
    guard let model = try parser.readNestedModel(concrete, context: context) else { return nil }
    // `concrete` is this class or a subclass of it (`arrayElementTypes` is checked when the
    // schema is built), and the model is of that class or one its discriminator names.
    return unsafeDowncast(model, to: self)
  }
}

extension Optional where Wrapped: ModelContainer {
  /// The wrapped type's value read from text; `null` and null strings are the ordinary way's
  /// (they are not read here).
  static func readHeldModels(
    _ parser: inout JSONReader.Parser, concrete: ModelBase.Type, failed: inout Bool,
    context: MappingContext
  ) throws(JSONSyntaxError) -> Wrapped?? {
    guard
      let value = try Wrapped.readHeldModels(
        &parser, concrete: concrete, failed: &failed, context: context)
    else { return nil }
    return .some(value)
  }
}

extension Array where Element: ModelContainer {
  /// The array at the parser's position, element by element by the rules of ``ElementWalk``;
  /// `nil`, not read, for a value that is not an array, an empty one, or one nested too
  /// deeply (the ordinary way converts or reports it).
  static func readHeldModels(
    _ parser: inout JSONReader.Parser, concrete: ModelBase.Type, failed: inout Bool,
    context: MappingContext
  ) throws(JSONSyntaxError) -> [Element]? {
    guard var walk = try parser.enterModels(opening: UInt8(ascii: "["), context: context)?.walk
    else { return nil }
    defer { walk.leave() }
    var elements: [Element] = []
    var source = TextHeldModels<Element>(concrete: concrete)
    // The elements read straight are read in this frame, each at its path (the one loop's
    // generic frame is then not on the recursive path of models nested in these types, which
    // a 512 KB thread in a debug build has no room for), up to the first that is not: the
    // one loop converts it where it stands, and the rest.
    var index = 0
    var handsOver = false
    repeat {
      walk.enter(index)
      let element = try Element.readHeldModels(
        &parser, concrete: concrete, failed: &source.failed, context: context)
      walk.leaveElement()
      guard walk.take(element, into: &elements, failed: &source.failed) else {
        handsOver = true
        break
      }
      index += 1
    } while try parser.nextInCollection(closing: UInt8(ascii: "]"))
    if handsOver {
      source.skipsFastRead = true
      // The text has every element to give: the walk reads them all.
      _ = try walk.convertElements(
        of: &source, at: &parser, startingAt: index, into: &elements,
        expected: { MirrorModel.typeName(Element.self) },
        convert: { try Element.fromMappedValue($0, concrete: concrete, context: $1) })
    }
    if walk.failsWhole {
      failed = true
      return nil
    }
    return elements
  }
}

extension Set where Element: ModelContainer {
  /// The array at the parser's position read as `[Element]` is, into a set (duplicates
  /// collapse).
  static func readHeldModels(
    _ parser: inout JSONReader.Parser, concrete: ModelBase.Type, failed: inout Bool,
    context: MappingContext
  ) throws(JSONSyntaxError) -> Set<Element>? {
    guard
      let elements = try [Element].readHeldModels(
        &parser, concrete: concrete, failed: &failed, context: context)
    else { return nil }
    return Set(elements)
  }
}

extension Dictionary where Key == String, Value: ModelContainer {
  /// The object at the parser's position, entry by entry by the rules of ``EntryWalk``;
  /// `nil`, not read, for a value that is not an object, an empty one, one nested too deeply,
  /// or one with a key met twice (which value counts, and whose issues, is the ordinary
  /// way's to say: its dictionary keeps the last).
  static func readHeldModels(
    _ parser: inout JSONReader.Parser, concrete: ModelBase.Type, failed: inout Bool,
    context: MappingContext
  ) throws(JSONSyntaxError) -> [String: Value]? {
    let checkpoint = context.checkpoint()
    guard
      let (start, startDepth, elements) = try parser.enterModels(
        opening: UInt8(ascii: "{"), context: context)
    else { return nil }
    var walk = EntryWalk(elements)
    var entries = HeldModelEntries<Value>()
    var source = TextHeldModelEntries<Value>(concrete: concrete)
    // The text has every value to give: the walk reads them all.
    _ = try walk.convertEntries(
      of: &source, at: &parser, into: &entries,
      expected: { MirrorModel.typeName(Value.self) },
      convert: { try Value.fromMappedValue($0, concrete: concrete, context: $1) })
    walk.elements.leave()
    guard
      let values = entries.finish(
        walk, complete: true, checkpoint: checkpoint, failed: &failed, context: context)
    else {
      if !failed {
        parser.index = start
        parser.depth = startDepth
      }
      return nil
    }
    return values
  }
}

/// The elements of an array that holds models, in JSON text, for ``ElementWalk``: each
/// element read straight (``ModelContainer/readHeldModels(_:concrete:context:)``) where it
/// can be, any other value as the tree reader reads it, for the element type's ordinary
/// conversion.
private struct TextHeldModels<Element: ModelContainer>: ElementSource {
  let concrete: ModelBase.Type
  /// Whether the element read last was read and failed (its issues recorded): the walk is
  /// told so by ``rawElement(_:context:)``.
  var failed = false
  /// Whether the next element is not to be read straight (its caller tried already).
  var skipsFastRead = false

  init(concrete: ModelBase.Type) {
    self.concrete = concrete
  }

  static var readsFastAtItsPath: Bool { true }

  mutating func fastElement(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> Element? {
    if skipsFastRead {
      skipsFastRead = false
      return nil
    }
    return try Element.readHeldModels(
      &parser, concrete: concrete, failed: &failed, context: context)
  }

  mutating func rawElement(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> RawElement {
    try parser.rawHeldValue(expected: Element.self, failed: &failed, context: context)
  }

  func advance(_ parser: inout JSONReader.Parser) throws(JSONSyntaxError) -> Bool {
    try parser.nextInCollection(closing: UInt8(ascii: "]"))
  }
}

/// The entries of a dictionary that holds models, in JSON text, the parser inside its object
/// (not empty) at the first key, for ``EntryWalk``: each value read as
/// ``TextHeldModels`` reads an element.
private struct TextHeldModelEntries<Value: ModelContainer>: EntrySource {
  let concrete: ModelBase.Type
  /// Whether a key was read: the next one follows a comma.
  private var started = false
  /// Whether the value read last was read and failed (as in ``TextHeldModels``).
  private var failed = false

  init(concrete: ModelBase.Type) {
    self.concrete = concrete
  }

  mutating func nextKey(_ parser: inout JSONReader.Parser) throws(JSONSyntaxError) -> String? {
    try parser.nextEntryKey(started: &started)
  }

  mutating func fastValue(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> Value? {
    try Value.readHeldModels(&parser, concrete: concrete, failed: &failed, context: context)
  }

  mutating func rawValue(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> RawElement {
    try parser.rawHeldValue(expected: Value.self, failed: &failed, context: context)
  }
}

/// The entries of a dictionary that holds models as they are read, and whether a key came
/// twice.
struct HeldModelEntries<Value>: EntryStore {
  private(set) var values: [String: Value] = [:]
  /// How many values were stored (a key met twice counts twice).
  private var stored = 0
  /// The keys whose value did not convert (and is left out), rarely any.
  private var failedKeys: [String] = []

  mutating func store(_ value: Value, under key: String) {
    values[key] = value
    stored += 1
  }

  mutating func leaveOut(_ key: String) {
    failedKeys.append(key)
  }

  /// The dictionary of the values read, the entries' issues put in key order; `nil` where
  /// the ordinary way reads it again, what was recorded since `checkpoint` taken back (the
  /// walk did not read every entry, `complete` false, or a key was met twice), and where it
  /// does not convert as a whole, `failed` then set.
  func finish(
    _ walk: EntryWalk, complete: Bool, checkpoint: MappingContext.Checkpoint,
    failed: inout Bool, context: MappingContext
  ) -> [String: Value]? {
    guard complete, !repeatsAKey else {
      context.rollBack(to: checkpoint)
      return nil
    }
    if walk.finishIssues() {
      failed = true
      return nil
    }
    return values
  }

  /// Whether a key was met twice, whatever became of its values.
  private var repeatsAKey: Bool {
    if stored != values.count { return true }
    if failedKeys.isEmpty { return false }
    var failed = Set<String>()
    return failedKeys.contains { values[$0] != nil || !failed.insert($0).inserted }
  }
}

extension JSONReader.Parser {
  /// The value at `index`, an element or entry of a container that holds models not read
  /// straight, as the tree reader reads it for the ordinary conversion of `element`;
  /// ``RawElement/recorded`` where the thread's stack runs out inside it (its `tooDeep`
  /// issue recorded at the current path), or where the value was read straight and `failed`
  /// (then no longer set).
  fileprivate mutating func rawHeldValue(
    expected element: Any.Type, failed: inout Bool, context: MappingContext
  ) throws(JSONSyntaxError) -> RawElement {
    if failed {
      failed = false
      return .recorded
    }
    guard let raw = try parseValue(mappedBy: context, expected: MirrorModel.typeName(element))
    else { return .recorded }
    return .value(raw)
  }
}
