import Foundation

/// The walk over the elements of an array, or the entries of a dictionary, that a collection
/// value is read from.
///
/// Its rules, whatever the source:
///
/// - An empty container costs nothing; one that is not empty costs one level of
///   ``MappingContext/depth``, refused past the limit with a `tooDeep` issue at its path (or,
///   for a reader that can hand the value on, left to the reader that reports it).
/// - Each element is read at its own path: its index (`items[2]`), or its key.
/// - An element that does not convert is an issue at its path. Outside lenient mode it fails
///   the whole collection (its issues already recorded); in lenient mode it is left out and
///   the others are kept, in order (YYModel's and JSONModel's behaviour).
/// - A dictionary's entries' issues are kept in key order, whatever order the entries are met
///   in (``EntryWalk``, over ``MappingContext/IssueSpan``).
///
/// The readers of values held as `Any` (`CollectionMapping`: a dictionary's, a `Decoder`
/// walk's, text read whole), the JSON text reader's arrays and dictionaries of models, and an
/// update's `[String: Model]` refilled in place keep them through this type alone. (On the
/// way out, the same depth rule is ``MappingContext/enterOutputNesting()``, for a container
/// that is not empty.)
///
/// Not a closure-taking helper: the walks of nested models are on the recursive path of deep
/// input, where a debug build gives every closure and generic call a frame of its own. A walk
/// is begun, stepped and ended by its caller, in the caller's frame.
struct ElementWalk {
  let context: MappingContext
  /// Whether an element failed to convert (its issue recorded).
  private(set) var failed = false

  /// Enters a container that is not empty, on the way in: one level of nesting.
  ///
  /// - Throws: A `tooDeep` ``ConversionError`` for `expected` past the limit, or where the
  ///   thread's stack has no room.
  @inline(__always)
  init(entering context: MappingContext, expected: @autoclosure () -> String) throws {
    try context.enterNesting(expected: expected())
    self.context = context
  }

  /// Enters a container that is not empty, on the way in; `nil`, with nothing recorded, past
  /// the limit or where the thread's stack has no room (the caller leaves the value to a
  /// reader that reports it).
  @inline(__always)
  init?(tryEntering context: MappingContext) {
    guard context.tryEnterNesting() else { return nil }
    self.context = context
  }

  /// The walk of a container whose level the caller entered itself
  /// (``MappingContext/tryEnterNesting()``) and leaves: a fast reader that makes a walk only
  /// when an element needs one.
  @inline(__always)
  init(inLevelEnteredBy context: MappingContext) {
    self.context = context
  }

  /// Leaves the container's level; once, where the walk ends (thrown past or not).
  @inline(__always)
  func leave() {
    context.leaveNesting()
  }

  /// Enters the element at `index`: its path.
  @inline(__always)
  func enter(_ index: Int) {
    context.push(.index(index))
  }

  /// Leaves the element entered last.
  @inline(__always)
  func leaveElement() {
    context.pop()
  }

  /// Notes that the element being walked did not convert, its issue recorded already.
  @inline(__always)
  mutating func elementFailed() {
    failed = true
  }

  /// Takes the element a reader's own loop read straight (``ModelContainer``'s readers):
  /// appended to `result`, or, where the reader set `failed` (its issues recorded), noted as
  /// failed and `failed` cleared; `false` where it read nothing (the one loop is handed it).
  mutating func take<Element>(
    _ element: Element?, into result: inout [Element], failed: inout Bool
  ) -> Bool {
    if let element {
      result.append(element)
    } else if failed {
      failed = false
      elementFailed()
    } else {
      return false
    }
    return true
  }

  /// Records `error`, met converting the element `raw` at the current path, as an issue
  /// expecting `expected`, and notes that the element failed.
  mutating func record(_ error: any Error, for raw: Any, expected: @autoclosure () -> String) {
    context.record(error, for: raw, expected: expected())
    failed = true
  }

  /// Whether the collection fails as a whole: an element failed, outside lenient mode (in
  /// lenient mode the elements that converted are kept).
  var failsWhole: Bool {
    failed && context.mode != .lenient
  }

  /// Throws ``IssuesAlreadyRecorded`` where the collection fails as a whole.
  @inline(__always)
  func finish() throws {
    if failsWhole { throw IssuesAlreadyRecorded() }
  }
}

/// The walk over a dictionary's entries on the way in: an ``ElementWalk`` whose elements are
/// entered by key, and whose issues are kept in key order (the entries are met in the
/// dictionary's or the document's order).
struct EntryWalk {
  private(set) var elements: ElementWalk
  private var issues: MappingContext.IssueSpan<KeyOrder>
  /// Where the current entry's issues start.
  private var firstIssue = 0

  /// The walk of a dictionary that is not empty, whose level `elements` entered.
  @inline(__always)
  init(_ elements: ElementWalk) {
    self.elements = elements
    issues = elements.context.startIssueSpan(ordered: KeyOrder.self)
  }

  /// Enters the entry under `key`: its path, and its segment of issues.
  @inline(__always)
  mutating func enter(_ key: String) {
    firstIssue = elements.context.startIssueSegment()
    elements.context.push(.key(key))
  }

  /// Leaves the entry under `key`, entered last.
  @inline(__always)
  mutating func leave(_ key: String) {
    elements.context.pop()
    // The key's order made only for an entry with issues (most have none).
    if elements.context.keptIssueCount != firstIssue {
      issues.endSegment(KeyOrder(key), startedAt: firstIssue, context: elements.context)
    }
  }

  /// Notes that the entry being walked did not convert, its issue recorded already.
  @inline(__always)
  mutating func elementFailed() {
    elements.elementFailed()
  }

  /// Records `error`, met converting the entry's value `raw`, as ``ElementWalk`` does.
  mutating func record(_ error: any Error, for raw: Any, expected: @autoclosure () -> String) {
    elements.record(error, for: raw, expected: expected())
  }

  /// Puts the entries' issues in key order (the first of that order kept); then whether the
  /// dictionary fails as a whole, as ``ElementWalk/failsWhole``.
  @inline(__always)
  func finishIssues() -> Bool {
    elements.context.finishIssueSpan(issues)
    return elements.failsWhole
  }

  /// ``finishIssues()``, throwing ``IssuesAlreadyRecorded`` where the dictionary fails as a
  /// whole.
  @inline(__always)
  func finish() throws {
    if finishIssues() { throw IssuesAlreadyRecorded() }
  }
}

/// A dictionary's key in the order the library keeps keys in: their UTF-8 bytes
/// (``utf8Precedes(_:_:)``, the order of sorted-keys JSON), equal only when their bytes are.
///
/// Not `String`'s own order, which compares by canonical equivalence and orders some keys
/// neither way (`café-` and `café` spelled with a combining accent): issues kept in that
/// order would follow the order the entries were met in, which differs between sources.
struct KeyOrder: Comparable {
  let key: String

  init(_ key: String) {
    self.key = key
  }

  static func < (lhs: KeyOrder, rhs: KeyOrder) -> Bool {
    utf8Precedes(lhs.key, rhs.key)
  }

  static func == (lhs: KeyOrder, rhs: KeyOrder) -> Bool {
    lhs.key.utf8.elementsEqual(rhs.key.utf8)
  }
}

/// The elements of one array, as a source hands them to the one loop that converts them
/// (``ElementWalk/convertElements(of:at:startingAt:into:pathForIssuesOnly:expected:convert:)``):
/// values held as `Any` (``TreeElements``), JSON text, a `Decoder`'s unkeyed container.
///
/// A source knows how to step through its array, kept in its ``Cursor`` (the reader the
/// caller owns: a JSON parser, a decoder's container), and how to hand over one element
/// (typed where it can read it so, else as `Any`); what happens to the element (its path, its
/// conversion, its issue, lenient mode, whether the array fails as a whole) is the walk's.
protocol ElementSource {
  /// The type the array's elements are converted to.
  associatedtype Element
  /// What the source reads from, at the element it hands over next.
  associatedtype Cursor
  /// What stepping through the source can throw (a syntax error of JSON text; `Never`).
  associatedtype Failure: Error

  /// The element at `cursor`, read straight into `Element` with nothing recorded; `nil` where
  /// it is not read so, `cursor` still at the element.
  mutating func fastElement(_ cursor: inout Cursor, context: MappingContext) throws(Failure)
    -> Element?

  /// The element at `cursor` as a value held as `Any`, read at its path.
  mutating func rawElement(_ cursor: inout Cursor, context: MappingContext) throws(Failure)
    -> RawElement

  /// Steps `cursor` past the element it is at; whether another one follows.
  mutating func advance(_ cursor: inout Cursor) throws(Failure) -> Bool

  /// Whether ``fastElement(_:context:)`` reads at the element's path (a model, whose issues
  /// are at its properties' paths below it); else the path is entered only for an element
  /// handed over as `Any`.
  static var readsFastAtItsPath: Bool { get }
}

extension ElementSource {
  static var readsFastAtItsPath: Bool { false }
}

/// An element an ``ElementSource`` hands over as `Any`.
enum RawElement {
  /// The element's value, for the conversion.
  case value(Any)
  /// None: the source recorded the element's issue (nested too deeply for the thread's
  /// stack), and the element is left out as one that does not convert.
  case recorded
  /// None, and nothing recorded: the source cannot give it (a decoder that moved past it).
  /// The array is then not converted here: the caller takes back what was recorded and
  /// hands the whole value on.
  case unavailable
}

extension ElementWalk {
  /// Converts the elements of `source`, from the one `cursor` is at to the last, into
  /// `result`, by the walk's rules.
  ///
  /// Each element is read fast where the source can, else handed over as `Any` at its path
  /// (its index: `position` for the first) and converted by `convert`, its issue recorded
  /// there (expecting `expected()`) where it does not convert. The caller entered the array's
  /// level and leaves it, and asks ``failsWhole`` afterwards.
  ///
  /// `pathForIssuesOnly` where `convert` records nothing and reads nothing of the path, only
  /// throws (the scalars'): the element's index is then pushed for its issue only.
  ///
  /// - Returns: `false` where the source had no value to give for an element (see
  ///   ``RawElement/unavailable``), the elements after it not read.
  @_transparent
  mutating func convertElements<Source: ElementSource>(
    of source: inout Source, at cursor: inout Source.Cursor, startingAt position: Int,
    into result: inout [Source.Element], pathForIssuesOnly: Bool = false,
    expected: () -> String, convert: (Any, MappingContext) throws -> Source.Element
  ) throws(Source.Failure) -> Bool {
    var position = position
    // Where the element's path is entered: around the whole element, around the element
    // handed over as `Any`, or only for its issue.
    let wholeAtPath = Source.readsFastAtItsPath
    let issueOnly = pathForIssuesOnly && !wholeAtPath
    let rawAtPath = !wholeAtPath && !issueOnly
    repeat {
      if wholeAtPath { enter(position) }
      if let element = try source.fastElement(&cursor, context: context) {
        result.append(element)
      } else {
        if rawAtPath { enter(position) }
        switch try source.rawElement(&cursor, context: context) {
        case .value(let raw):
          do {
            result.append(try convert(raw, context))
          } catch {
            if issueOnly { enter(position) }
            record(error, for: raw, expected: expected())
            if issueOnly { leaveElement() }
          }
        case .recorded:
          elementFailed()
        case .unavailable:
          if !issueOnly { leaveElement() }
          return false
        }
        if rawAtPath { leaveElement() }
      }
      if wholeAtPath { leaveElement() }
      position += 1
    } while try source.advance(&cursor)
    return true
  }
}

/// The elements of an array held as `[Any]` (a dictionary's, a `Decoder` walk's, text read
/// whole), its cursor an index: none read fast, each handed over as it is.
struct TreeElements<Element>: ElementSource {
  private let elements: [Any]

  /// The source of `elements`, not empty.
  init(_ elements: [Any]) {
    self.elements = elements
  }

  func fastElement(_ index: inout Int, context: MappingContext) -> Element? { nil }

  /// The element at `index`, which ``advance(_:)`` keeps inside the array: read without
  /// checking it again (the check was 1% of mapping an array-heavy dictionary).
  func rawElement(_ index: inout Int, context: MappingContext) -> RawElement {
    .value(elements.withUnsafeBufferPointer { buffer -> Any in buffer[index] })
  }

  func advance(_ index: inout Int) -> Bool {
    index += 1
    return index < elements.count
  }
}

/// The entries of one dictionary, as a source hands them to the one loop that converts them
/// (``EntryWalk/convertEntries(of:at:into:expected:convert:)``): values held as `Any`
/// (``TreeEntries``), JSON text, a `Decoder`'s keyed container.
///
/// As for ``ElementSource``: the source steps through its entries, kept in its ``Cursor``, and
/// hands over each value (read straight where it can, else as `Any`); the path, the
/// conversion, the issue (in key order) and lenient mode are the walk's.
protocol EntrySource {
  /// The type the dictionary's values are converted to.
  associatedtype Value
  /// What the source reads from.
  associatedtype Cursor
  /// What stepping through the source can throw.
  associatedtype Failure: Error

  /// Steps `cursor` to the next entry and reads its key; `nil` after the last.
  mutating func nextKey(_ cursor: inout Cursor) throws(Failure) -> String?

  /// The value of the entry whose key was read last, read straight into `Value` at its path
  /// (its own issues recorded there); `nil`, with nothing read or recorded, where it is not
  /// read so.
  mutating func fastValue(_ cursor: inout Cursor, context: MappingContext) throws(Failure)
    -> Value?

  /// The value of the entry whose key was read last, as a value held as `Any`.
  mutating func rawValue(_ cursor: inout Cursor, context: MappingContext) throws(Failure)
    -> RawElement
}

/// Where ``EntryWalk/convertEntries(of:at:into:expected:convert:)`` puts the entries it
/// converts.
protocol EntryStore {
  /// The type of the values stored.
  associatedtype Value

  /// Stores `value` under `key` (a key met again: its last value, as a dictionary keeps it).
  mutating func store(_ value: Value, under key: String)

  /// Notes that the entry under `key` did not convert, its issue recorded: it is left out.
  mutating func leaveOut(_ key: String)
}

extension EntryStore {
  func leaveOut(_ key: String) {}
}

extension Dictionary: EntryStore where Key == String {
  mutating func store(_ value: Value, under key: String) {
    self[key] = value
  }
}

extension EntryWalk {
  /// Converts the entries of `source`, from the next one `cursor` steps to, into `store`, by
  /// the walk's rules.
  ///
  /// Each value is read straight where the source can, else handed over as `Any` and
  /// converted by `convert`, its issue recorded at its key (expecting `expected()`) where it
  /// does not convert. The caller entered the dictionary's level and leaves it, and puts the
  /// issues in key order afterwards (``finishIssues()``).
  ///
  /// - Returns: `false` where the source had no value to give for an entry (see
  ///   ``RawElement/unavailable``), the entries after it not read.
  @_transparent
  mutating func convertEntries<Source: EntrySource, Store: EntryStore>(
    of source: inout Source, at cursor: inout Source.Cursor, into store: inout Store,
    expected: () -> String, convert: (Any, MappingContext) throws -> Source.Value
  ) throws(Source.Failure) -> Bool where Store.Value == Source.Value {
    let context = elements.context
    while let key = try source.nextKey(&cursor) {
      enter(key)
      if let value = try source.fastValue(&cursor, context: context) {
        store.store(value, under: key)
      } else {
        switch try source.rawValue(&cursor, context: context) {
        case .value(let raw):
          do {
            store.store(try convert(raw, context), under: key)
          } catch {
            record(error, for: raw, expected: expected())
            store.leaveOut(key)
          }
        case .recorded:
          elementFailed()
          store.leaveOut(key)
        case .unavailable:
          leave(key)
          return false
        }
      }
      leave(key)
    }
    return true
  }
}

/// The entries of a dictionary held as `[String: Any]`, its cursor the dictionary's iterator:
/// none read straight, each value handed over as it is.
struct TreeEntries<Value>: EntrySource {
  /// The value of the entry whose key was read last.
  private var current: Any = ()

  mutating func nextKey(_ entries: inout [String: Any].Iterator) -> String? {
    guard let (key, value) = entries.next() else { return nil }
    current = value
    return key
  }

  func fastValue(_ entries: inout [String: Any].Iterator, context: MappingContext) -> Value? {
    nil
  }

  func rawValue(_ entries: inout [String: Any].Iterator, context: MappingContext) -> RawElement {
    .value(current)
  }
}
