/// What reading one object's members keeps: the properties met, where their issues start,
/// the members no property reads (when kept or reported), and the context's state to restore.
struct MemberState {
  let saved: MappingContext.ModelState
  var seen: PropertySet
  /// The members' issues, put in the properties' order when the object is read.
  var issues: MappingContext.IssueSpan<Int>
  /// The members no property reads, when the mapping keeps or reports them.
  var unknown: UnknownMembers?
  /// Whether a key that is none of the class's own or alternative keys is read (matched
  /// case-insensitively, kept or reported) rather than stepped over.
  let readsOtherKeys: Bool
  /// The byte that closes the container being read, as ``element`` tells (kept beside it, not
  /// computed from it: the loop that asks is on the recursive path of nested models, whose
  /// frame a debug build grows with each expression in it; and here, beside a `Bool`, it
  /// takes no room of its own).
  private(set) var closing = UInt8(ascii: "}")
  /// The keys of the objects key paths go through, around the member being read.
  var prefix: [String] = []
  /// The key tables of the objects and arrays key paths go through around the container
  /// being read, innermost last; empty at the model's own level (so no allocation for a class
  /// without key paths).
  var enclosing = EnclosingTables()
  /// Where the container being read is an array key paths index (`photos[0].url`), the
  /// position of its next element; -1 in an object (the model's own, or one key paths go
  /// through).
  var element = -1 {
    didSet { closing = element < 0 ? UInt8(ascii: "}") : UInt8(ascii: "]") }
  }
  /// Where the key starts whose value the members' loop reads again, for the next of the
  /// properties that share it (``ClassSchema/jsonSharedKeys``) or the key paths through it;
  /// -1 when none is.
  ///
  /// Kept in ``element`` as `-2 - start` (an object is being read then, where `element` is
  /// otherwise -1): no room of its own in this state, which a frame holds for every level of
  /// nested models (8 bytes more cost 100 levels of models by key on a 512 KB thread in a
  /// debug build).
  var shared: Int {
    get { element < -1 ? -2 - element : -1 }
    set { element = newValue < 0 ? -1 : -2 - newValue }
  }

  /// The key tables of the containers key paths go through around the one being read, each
  /// with ``MemberState/element`` as it stands in it: the outermost in a field of its own
  /// (most key paths go through one object, `entities.urls`: no allocation for them; the
  /// model's own object, so no element), the others in an array.
  struct EnclosingTables {
    /// A container around the one being read: its key table, and the position of its next
    /// element where it is an array (-1 for an object).
    typealias Parent = (table: PropertyKeyTable, element: Int)

    private var outermost: PropertyKeyTable?
    private var others: [Parent] = []

    /// Enters a container read with a nested table: `table` is the one around it, `element`
    /// the position of that one's next element (-1 for an object).
    mutating func append(_ table: PropertyKeyTable, element: Int) {
      if outermost == nil {
        assert(element < 0, "the outermost container is the model's own object")
        outermost = table
      } else {
        others.append((table, element))
      }
    }

    /// Leaves the innermost container: the one around it, `nil` at the model's own level.
    mutating func popLast() -> Parent? {
      if let parent = others.popLast() { return parent }
      defer { outermost = nil }
      return outermost.map { ($0, -1) }
    }
  }
  /// The priority of the key each property was read under (0 for its own key, `n` for its
  /// `n`th alternative key, ``ClassSchema/foldedPriority`` on for a key matched
  /// case-insensitively); empty for a class with neither.
  var priorities: [Int]
  /// For a class whose values are read in the properties' order
  /// (``ClassSchema/readsInDeclarationOrder``): where each property's value starts, by
  /// position (`nil` where the object has no key for it); empty for any other class.
  var deferred: [DeferredValue?] = []

  /// Where the value of a property read in the properties' order starts in the text (index and
  /// nesting depth), and the path component it is read under (its own, or the key read for it).
  ///
  /// For a single model or an array of models the class validates, an object or an array is
  /// read where it is met (``PropertyAccessor/readsObjectAsMet(in:)``,
  /// ``PropertyAccessor/readsArrayAsMet``): its property held `initial` before it was read,
  /// which ``JSONReader/Parser`` puts back until the value's turn comes.
  struct DeferredValue {
    let index: Int
    let depth: Int
    let component: MappingContext.PathComponent
    var initial: PropertyAccessor.ValueReadAsMet?

    /// Whether the value was read where it was met.
    var readsAsMet: Bool { initial != nil }
  }

  /// Maps the properties the object has no key for, as absent, and puts the issues in the
  /// properties' order (keeping the first ``MappingContext/maximumIssueCount`` of that order).
  @inline(never)
  mutating func finish(_ object: ModelBase, schema: ClassSchema, context: MappingContext) {
    for position in schema.properties.indices
    where !seen.contains(position) && schema.steps[position].mapsAbsence {
      mapAbsent(position, into: object, schema: schema, context: context)
    }
    context.finishIssueSpan(issues)
    unknown?.finish(object, context: context, updating: false)
  }

  /// Maps the property at `position`, for which the object has no key, as absent.
  mutating func mapAbsent(
    _ position: Int, into object: ModelBase, schema: ClassSchema, context: MappingContext
  ) {
    let before = context.startIssueSegment()
    let property = schema.properties[position]
    context.push(property.pathComponent)
    property.accessor.map(nil, into: object, context: context, updating: false)
    context.pop()
    issues.endSegment(position, startedAt: before, context: context)
  }
}

extension MemberState {
  /// The state of an object of `schema`'s class about to be read; the context switched to
  /// the class (``MappingContext/enterModel(_:)``).
  ///
  /// Made by the memberwise initializer from values in hand (an initializer assigning each
  /// property built the state, then copied it whole into the result, for every model read).
  @inline(never)
  init(schema: ClassSchema, context: MappingContext) {
    let saved = context.enterModel(schema)
    let issues = context.startIssueSpan(ordered: Int.self)
    let unknown = UnknownMembers(schema: schema, context: context)
    self.init(
      saved: saved, seen: PropertySet(count: schema.jsonKeyMarks), issues: issues,
      unknown: unknown, readsOtherKeys: unknown != nil || schema.jsonFoldedKeys != nil,
      priorities: schema.jsonAlternatives.isEmpty && schema.jsonFoldedKeys == nil
        ? [] : Array(repeating: 0, count: schema.properties.count),
      deferred: schema.readsInDeclarationOrder
        ? Array(repeating: nil, count: schema.properties.count) : [])
  }
}
