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
  private var issues: MappingContext.IssueSpan<String>
  /// Where the current entry's issues start.
  private var firstIssue = 0

  /// The walk of a dictionary that is not empty, whose level `elements` entered.
  @inline(__always)
  init(_ elements: ElementWalk) {
    self.elements = elements
    issues = elements.context.startIssueSpan(ordered: String.self)
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
    issues.endSegment(key, startedAt: firstIssue, context: elements.context)
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
