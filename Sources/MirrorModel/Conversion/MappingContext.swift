import Foundation

/// The state of one mapping call: where it is in the input, and what it has found so far.
///
/// MirrorModel creates one context per call of ``ModelBase/init(dictionary:)`` or
/// ``ModelBase/toDictionary()`` and hands it to every conversion. Custom
/// ``MappableValue`` conformances pass it on to the conversions they call, and can read
/// ``path`` for their own messages.
public final class MappingContext {
  enum PathComponent {
    case key(String)
    /// A model's property: its key or key path. Unretained: the schema that owns the property
    /// outlives every mapping that uses it.
    case property(Unmanaged<ClassSchema.Property>)
    case index(Int)
  }

  /// How deep models, arrays and dictionaries may nest.
  ///
  /// Deeper input is rejected with a ``MappingIssue/Kind/tooDeep`` issue. Protects the stack
  /// from hostile input.
  public static let maximumDepth = 200

  /// How many issues one mapping call keeps.
  ///
  /// A payload with a million bad elements would otherwise build an error (and a description)
  /// larger than the payload. The issues past this many are counted, and one last issue of
  /// kind ``MappingIssue/Kind/tooManyIssues`` says how many were left out.
  public static let maximumIssueCount = 1000

  // A context belongs to one mapping call on one thread, so the dynamic exclusivity checks
  // on its hot fields (a third of the cost of pushing a path component) are switched off.
  @exclusivity(unchecked) private var collected: [MappingIssue] = []
  /// Issues met after ``maximumIssueCount`` were collected, counted but not kept.
  private var omittedIssueCount = 0
  /// How many issues `collected` may hold: the cap, or, while issues are recorded in another
  /// order than the one they are kept in, the current segment's start plus the cap (see
  /// ``IssueSpan``).
  @exclusivity(unchecked) private var issueLimit: Int
  @exclusivity(unchecked) private var components: [PathComponent] = []
  @exclusivity(unchecked) private(set) var depth = 0
  /// The null strings and date strategy of the model being mapped or written.
  @exclusivity(unchecked) private var settings: ModelSettings
  /// Classes whose configuration issues were already reported in this call.
  private var reportedConfigurations: Set<ObjectIdentifier> = []
  /// Objects being written by `toDictionary`, to cut reference cycles.
  ///
  /// A stack, searched linearly: models nest a few levels deep, where a scan beats hashing.
  @exclusivity(unchecked) private var objectsInProgress: [ObjectIdentifier] = []
  /// Where each property's value is in the dictionaries being filled by position; made on
  /// first use (most calls that read JSON text or a decoder fill no dictionary).
  private(set) lazy var dictionaryPositions = DictionaryPositions()
  /// The schemas this call looked up last (``schema(for:)``).
  ///
  /// A memo of the shared cache, which takes a lock for every lookup. It changes no result (a
  /// class's schema is one for the process).
  @exclusivity(unchecked) private var recentSchemas = RecentSchemas()

  /// Whether the call keeps its issues; when `false` (a lenient call whose caller reads them
  /// only for a broken configuration, ``MappingOptions/readsIssuesOnlyWhenBroken``), every
  /// issue is counted as past the cap: none is built, an unknown key's value is stepped over.
  let keepsIssues: Bool

  /// How strictly values are converted in this call.
  public let mode: MappingMode
  /// `true` when `null` and null strings leave properties as they are.
  let ignoresNulls: Bool
  /// The bounds of the stack of the thread the context was made on, which its mapping runs on.
  let stack = StackBounds.current()
  /// The identity map nested identified models go through; `nil` outside
  /// ``IdentityMap/model(_:dictionary:mode:userInfo:)`` (they are then new, unregistered models).
  let identityMap: IdentityMap?
  /// What an ``ModelBase/update(with:mode:)`` changes in the models it fills in place, to put
  /// back if it throws; `nil` outside one.
  let updateJournal: UpdateJournal?

  /// Creates a context for one conversion, to test a ``MappableValue`` conformance of your
  /// own outside a model.
  ///
  /// ```swift
  /// let context = MappingContext(mode: .strict)
  /// let money = try Money.fromMappedValue(1250, context: context)
  /// ```
  ///
  /// - Parameter mode: How strictly values are converted.
  public convenience init(mode: MappingMode) {
    self.init(mode: mode, ignoresNulls: false)
  }

  init(
    mode: MappingMode = .standard, ignoresNulls: Bool = false,
    identityMap: IdentityMap? = nil, nullStrings: Set<String>? = nil,
    writtenReferences: WrittenReferences? = nil, keepsUnknownKeys: Bool = false,
    keepsIssues: Bool = true, callDateStrategy: DateStrategy = DateStrategy.callDefault,
    updateJournal: UpdateJournal? = nil, longLiterals: LongLiterals? = nil
  ) {
    self.updateJournal = updateJournal
    self.longLiterals = longLiterals
    self.keepsUnknownKeys = keepsUnknownKeys
    self.writtenReferences = writtenReferences
    self.keepsIssues = keepsIssues
    issueLimit = keepsIssues ? Self.maximumIssueCount : 0
    self.mode = mode
    self.ignoresNulls = ignoresNulls
    self.identityMap = identityMap
    // `ModelBase`'s own null strings unless others are given (made once: a context is made
    // for every call, and for every `==` that compares values needing one).
    settings =
      nullStrings.map { .make(nullStrings: NullStrings($0), dateStrategy: nil) } ?? .standard
    self.callDateStrategy = callDateStrategy
  }

  /// The date strategy of the model being mapped or written (``ModelBase/dateStrategy``, else
  /// ``callDateStrategy``).
  var dateStrategy: DateStrategy { settings.dateStrategy ?? callDateStrategy }

  /// The schema of `type`, as ``SchemaCache/schema(for:)`` gives it, from the classes this
  /// call looked up last when it is one of them (a call maps a few classes many times: the
  /// lock of the shared cache was a twentieth of mapping a small nested model).
  @inline(__always)
  func schema(for type: ModelBase.Type) -> ClassSchema {
    if let schema = recentSchemas.schema(for: type) { return schema }
    return rememberedSchema(for: type)
  }

  /// ``schema(for:)`` for a class the memo does not hold: looked up in the shared cache and
  /// kept (not a schema made while its own class's was being built, which stands in for it
  /// during that build only).
  @inline(never)
  private func rememberedSchema(for type: ModelBase.Type) -> ClassSchema {
    let schema = SchemaCache.shared.schema(for: type)
    if !schema.standsIn { recentSchemas.remember(schema, for: type) }
    return schema
  }
  /// The call's date strategy, for classes that set none
  /// (`ModelBase.withDateStrategy(_:_:)`).
  let callDateStrategy: DateStrategy

  /// The settings of the models being written around the current one, restored by
  /// ``leaveWritingModel()``: `nil` where entering changed nothing (kept here, not in the
  /// callers' frames, which are on the recursive path of nested models).
  private var outerSettings: [ModelSettings?] = []

  /// Switches to the settings of `schema`'s class (its date strategy) while one of its models
  /// is written.
  func enterWritingModel(_ schema: ClassSchema) {
    if settings === schema.modelSettings {
      outerSettings.append(nil)
    } else {
      outerSettings.append(settings)
      settings = schema.modelSettings
    }
  }

  func leaveWritingModel() {
    if case .some(.some(let outer)) = outerSettings.popLast() { settings = outer }
  }

  /// The list of nested identified models this call writes as references.
  ///
  /// Nested models of classes with an ``ModelBase/identifierProperty`` are written as a
  /// reference (their identifier alone) instead of their data, and listed here: how
  /// ``ModelStore`` writes a model, each identified model in a file of its own. The store makes
  /// the list and hands it to the call; `nil` (models written with their data) everywhere else.
  let writtenReferences: WrittenReferences?

  /// Whether nested identified models are written as references (``writtenReferences``).
  var writesIdentifiedModelsByReference: Bool { writtenReferences != nil }

  /// Whether every model of the call keeps its unknown keys, as a class with
  /// ``ModelBase/keepsUnknownKeys`` does.
  ///
  /// A model read from a ``ModelStore`` keeps the keys a newer version of the app wrote, so
  /// that saving it again loses none: an option of a store's load, and of the context an
  /// ``IdentityMap`` fills a stored model in (``storedModelContext(longLiterals:)``).
  let keepsUnknownKeys: Bool

  /// A context to fill a stored model in, inside this one's call (an ``IdentityMap``'s model
  /// read from its ``ModelStore``): every model there keeps its unknown keys.
  ///
  /// It has this context's options, settings, path and depth (a hook sees the same path, the
  /// nesting limit counts on), the classes whose configuration was reported, and room for as
  /// many issues as this context has left; ``absorb(_:)`` takes back what was recorded in it.
  /// Its long literals are the stored file's (`longLiterals`), recorded as the file is read.
  func storedModelContext(longLiterals: LongLiterals) -> MappingContext {
    let stored = MappingContext(
      mode: mode, ignoresNulls: ignoresNulls, identityMap: identityMap,
      writtenReferences: writtenReferences, keepsUnknownKeys: true, keepsIssues: keepsIssues,
      callDateStrategy: callDateStrategy,
      longLiterals: longLiterals)
    stored.settings = settings
    stored.components = components
    stored.depth = depth
    stored.issueLimit = max(0, issueLimit - collected.count)
    stored.reportedConfigurations = reportedConfigurations
    stored.hasBrokenConfiguration = hasBrokenConfiguration
    return stored
  }

  /// Takes back what was recorded in `stored`, a ``storedModelContext(longLiterals:)`` of this
  /// context: its issues, as if recorded here (it had only the room this context had left), and
  /// the configurations it reported.
  func absorb(_ stored: MappingContext) {
    collected.append(contentsOf: stored.collected)
    omittedIssueCount += stored.omittedIssueCount
    reportedConfigurations = stored.reportedConfigurations
    hasBrokenConfiguration = hasBrokenConfiguration || stored.hasBrokenConfiguration
  }

  /// `true` in ``MappingMode/strict`` mode: only exact types are accepted.
  public var isStrict: Bool { mode == .strict }

  /// The key path of the value being converted, such as `"room_list[2].price"`.
  public var path: String { Self.render(components) }

  // MARK: Path

  @inline(__always) func push(_ component: PathComponent) { components.append(component) }
  /// Makes room for the path of a call that maps: one allocation, where the path growing one
  /// component at a time reallocated it at each doubling (three times for a GitHub event).
  func reservePath() { components.reserveCapacity(16) }
  @inline(__always) func pop() { components.removeLast() }
  /// Replaces the last component: the key actually read, when it is not the property's own.
  func replaceLast(_ component: PathComponent) { components[components.count - 1] = component }

  static func render(_ components: some Sequence<PathComponent>) -> String {
    var text = ""
    append(components, to: &text)
    return text
  }

  /// Appends `components` to the rendered path `text`.
  static func append(_ components: some Sequence<PathComponent>, to text: inout String) {
    for component in components {
      switch component {
      case .key(let key):
        append(key: key, to: &text)
      case .property(let reference):
        let property = reference.takeUnretainedValue()
        guard let keyPath = property.keyPath else {
          append(key: property.key, to: &text)
          continue
        }
        for component in keyPath {
          switch component {
          case .key(let key): append(key: key, to: &text)
          case .index(let index): append(index: index, to: &text)
          }
        }
      case .index(let index):
        append(index: index, to: &text)
      }
    }
  }

  /// Appends `key` to the rendered path `text`: `.key`, or `["key"]` when it is not plain.
  static func append(key: String, to text: inout String) {
    if isPlainKey(key) {
      if !text.isEmpty { text += "." }
      text += key
    } else {
      text += "[\""
      text += key
      text += "\"]"
    }
  }

  /// Appends `[index]` to the rendered path `text`.
  static func append(index: Int, to text: inout String) {
    text += "["
    text += String(index)
    text += "]"
  }

  /// Whether `key` can be written in a path as it is (`a.b`), rather than quoted (`["a.b"]`).
  static func isPlainKey(_ key: String) -> Bool {
    !key.isEmpty && !key.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "[") }
      && !key.utf8.contains { $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "\"") }
  }

  // MARK: Nesting

  /// Enters one level of nesting; throws when the input is nested too deeply.
  func enterNesting(expected: @autoclosure () -> String) throws {
    guard depth < Self.maximumDepth else {
      throw ConversionError(
        kind: .tooDeep, expectedType: expected(),
        reason: "input nests deeper than \(Self.maximumDepth) levels")
    }
    guard stack.hasRoom() else {
      throw ConversionError(kind: .tooDeep, expectedType: expected(), reason: stackExhaustedReason)
    }
    depth += 1
  }

  /// The reason of a ``MappingIssue/Kind/tooDeep`` issue for input the thread's stack cannot
  /// read deeper into.
  var stackExhaustedReason: String {
    "input nests deeper than this thread's stack allows (\(depth) levels)"
  }

  func leaveNesting() { depth -= 1 }

  /// Runs `body`, which reads the top-level model of a call as a nested one, one level up.
  ///
  /// A `make` call reads its model so, to let its discriminator or `modelType(for:)` choose
  /// its class (``MappableValue/make(json:at:mode:userInfo:)``): that model costs no level, as the
  /// top-level model of `init(json:)` and `init(dictionary:)` does not, and the same depth of
  /// nesting is accepted.
  func readingTopLevelModel<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    depth -= 1
    defer { depth += 1 }
    return try body()
  }

  /// Enters one level of nesting on the way out, in ``ModelBase/toDictionary()``.
  ///
  /// `false` when the value would nest deeper than a mapping accepts, or than the thread's
  /// stack allows: it is then left out of ``ModelBase/toDictionary()`` (which cannot throw),
  /// and recorded as a ``MappingIssue/Kind/tooDeep`` issue at its path, which the throwing
  /// writers (``ModelBase/toJSON(prettyPrinted:)``, ``ModelBase/toCheckedDictionary()``,
  /// ``ModelStore``) throw: what they write reads back equal, or they fail. Models, and arrays
  /// and dictionaries that are not empty, count a level each, as they do on the way in.
  func enterOutputNesting() -> Bool {
    if tryEnterNesting() { return true }
    recordOmitted()
    return false
  }

  /// Records the value at the current path as left out for its depth.
  @inline(never)
  private func recordOmitted() {
    record(
      .tooDeep, expected: "a value nested at most \(Self.maximumDepth) levels deep",
      found: "a value \(depth + 1) levels deep",
      reason: depth < Self.maximumDepth
        ? "it nests deeper than this thread's stack allows (\(depth) levels); it cannot be "
          + "written so that it reads back"
        : "it nests deeper than \(Self.maximumDepth) levels, more than a mapping reads back")
  }

  /// Enters one level of nesting if the limit and the thread's stack allow; `false` otherwise
  /// (nothing recorded).
  func tryEnterNesting() -> Bool {
    guard depth < Self.maximumDepth, stack.hasRoom() else { return false }
    depth += 1
    return true
  }

  /// What a model's mapping changes in the context, restored when it is done: the settings
  /// it replaced, `nil` when they were its class's already.
  struct ModelState {
    fileprivate let previous: ModelSettings?
  }

  /// Switches to the model class being entered: its null strings and date strategy.
  ///
  /// Returns what ``leaveModel(_:)`` restores. The class's configuration issues are reported
  /// the first time the class is met in this call.
  @inline(never)
  func enterModel(_ schema: ClassSchema) -> ModelState {
    reportConfiguration(of: schema)
    guard settings !== schema.modelSettings else { return ModelState(previous: nil) }
    let previous = settings
    settings = schema.modelSettings
    return ModelState(previous: previous)
  }

  @inline(never)
  func leaveModel(_ saved: ModelState) {
    if let previous = saved.previous { settings = previous }
  }

  // MARK: Null

  /// `true` for `NSNull` and for the current class's null strings.
  @inline(__always) func isNull(_ value: Any) -> Bool {
    // A dictionary or an array (a nested object's value) is told from its box, without the
    // runtime's dynamic type: neither `null` nor a null string.
    if isBoxed(value, as: [String: Any].self) || isBoxed(value, as: [Any].self) { return false }
    return isNull(value, dynamicType: ObjectIdentifier(type(of: value)))
  }

  /// ``isNull(_:)`` for a value whose dynamic type the caller has looked up: a number (most
  /// values that are not strings) is then told apart without a cast.
  @inline(__always) func isNull(_ value: Any, dynamicType: ObjectIdentifier) -> Bool {
    if dynamicType == ObjectIdentifier(NSNull.self) { return true }
    guard !settings.nullStrings.isEmpty, mode != .strict, !isNumberClass(dynamicType) else {
      return false
    }
    let string: String?
    if dynamicType == ObjectIdentifier(String.self) {
      string = value as? String
    } else {
      string = stringValue(value)
    }
    guard let string else { return false }
    return isNullString(string)
  }

  /// `true` for the current class's null strings (none in strict mode).
  @inline(__always) func isNullString(_ string: String) -> Bool {
    mode != .strict && settings.nullStrings.contains(string)
  }

  // MARK: Issues

  /// Every issue kept, and, past ``maximumIssueCount``, one saying how many were left out.
  var issues: [MappingIssue] {
    guard omittedIssueCount > 0 else { return collected }
    let more = omittedIssueCount == 1 ? "1 more issue" : "\(omittedIssueCount) more issues"
    return collected + [
      MappingIssue(
        path: "", kind: .tooManyIssues, expectedType: "at most \(Self.maximumIssueCount) issues",
        found: more,
        reason: "\(more) left out: a mapping keeps the first \(Self.maximumIssueCount) issues")
    ]
  }

  private func append(_ issue: MappingIssue) {
    guard collected.count < issueLimit else {
      omittedIssueCount += 1
      return
    }
    collected.append(issue)
  }

  /// Whether an issue recorded now is kept (the cap is not reached).
  var keepsNextIssue: Bool { collected.count < issueLimit }

  /// Counts `count` issues past the cap, left out without being built.
  func omitIssues(_ count: Int) {
    omittedIssueCount += count
  }

  /// Records an issue at the current path; past the cap, without building its texts.
  func record(
    _ kind: MappingIssue.Kind, expected: @autoclosure () -> String,
    found: @autoclosure () -> String, reason: @autoclosure () -> String
  ) {
    guard collected.count < issueLimit else {
      omittedIssueCount += 1  // no path rendered, no description built
      return
    }
    append(
      MappingIssue(
        path: path, kind: kind, expectedType: expected(), found: found(), reason: reason()))
  }

  /// Records an issue at `path` (rendered by the caller, who records several under one
  /// base); past the cap, without building its texts.
  func record(
    _ kind: MappingIssue.Kind, at path: @autoclosure () -> String,
    expected: @autoclosure () -> String, found: @autoclosure () -> String,
    reason: @autoclosure () -> String
  ) {
    guard collected.count < issueLimit else {
      omittedIssueCount += 1
      return
    }
    append(
      MappingIssue(
        path: path(), kind: kind, expectedType: expected(), found: found(), reason: reason()))
  }

  /// Records what a conversion threw for `value`, unless the issues were already recorded.
  func record(_ error: any Error, for value: Any?, expected: @autoclosure () -> String) {
    if error is IssuesAlreadyRecorded { return }
    guard collected.count < issueLimit else {
      omittedIssueCount += (error as? MappingError)?.issues.count ?? 1
      return
    }
    let found = value.map(describeValue) ?? "nothing"
    switch error {
    case is IssuesAlreadyRecorded:
      return
    case let error as ConversionError:
      record(error.kind, expected: error.expectedType, found: found, reason: error.reason)
    case let error as MappingError:
      let prefix = components
      for issue in error.issues {
        var copy = issue
        let base = Self.render(prefix)
        copy.path = Self.join(base, issue.path)
        append(copy)
      }
    default:
      record(.hookFailed, expected: expected(), found: found, reason: String(describing: error))
    }
  }

  /// `inner`, a path relative to `base`, as a path from the root.
  static func join(_ base: String, _ inner: String) -> String {
    if inner.isEmpty { return base }
    if base.isEmpty || inner.hasPrefix("[") { return base + inner }
    return base + "." + inner
  }

  /// Whether a class met in this call has configuration issues (or the call's own
  /// configuration is broken): lenient mode throws then too.
  private(set) var hasBrokenConfiguration = false

  func markBrokenConfiguration() { hasBrokenConfiguration = true }

  /// Reports a class's configuration issues the first time the class is met in this call.
  func reportConfiguration(of schema: ClassSchema) {
    if !schema.configurationIssues.isEmpty { hasBrokenConfiguration = true }
    guard !schema.configurationIssues.isEmpty,
      reportedConfigurations.insert(ObjectIdentifier(schema.modelType)).inserted
    else { return }
    let here = path
    for var issue in schema.configurationIssues {
      issue.path = Self.join(here, issue.path)
      append(issue)
    }
  }

  /// What ``rollBack(to:)`` restores: the issues and the configurations reported so far.
  struct Checkpoint {
    fileprivate let keptIssues: Int
    fileprivate let omittedIssues: Int
    fileprivate let issueLimit: Int
    fileprivate let reportedConfigurations: Set<ObjectIdentifier>
    fileprivate let hasBrokenConfiguration: Bool
  }

  func checkpoint() -> Checkpoint {
    Checkpoint(
      keptIssues: collected.count, omittedIssues: omittedIssueCount, issueLimit: issueLimit,
      reportedConfigurations: reportedConfigurations,
      hasBrokenConfiguration: hasBrokenConfiguration)
  }

  /// Forgets what was recorded since `checkpoint`: a value read again another way.
  func rollBack(to checkpoint: Checkpoint) {
    collected.removeSubrange(checkpoint.keptIssues...)
    omittedIssueCount = checkpoint.omittedIssues
    issueLimit = checkpoint.issueLimit
    reportedConfigurations = checkpoint.reportedConfigurations
    hasBrokenConfiguration = checkpoint.hasBrokenConfiguration
  }

  // MARK: Long literals

  /// The long number literals of this call's input, with their correctly rounded `Double`s.
  ///
  /// The readers of the input (JSON text, a `Decoder`) record each literal longer than its
  /// `NSDecimalNumber` holds (more than 38 significant digits); `Double` and `Float` properties
  /// take the recorded `Double`, where the `NSDecimalNumber` (the first 38 or 39 digits, as
  /// `JSONSerialization` keeps them) could round differently. Made by the entry point
  /// (``MappingOptions/longLiterals``); `nil` for a dictionary's call.
  let longLiterals: LongLiterals?

  /// The `Double` of the literal `number` was read from, when it is one of this call's long
  /// literals.
  func longLiteralDouble(_ number: NSDecimalNumber) -> Double? {
    longLiterals?.double(of: number)
  }

  /// How many issues are kept so far: where the next one will be.
  var keptIssueCount: Int { collected.count }

  /// Every issue recorded so far, kept or past the cap.
  var totalIssueCount: Int { collected.count + omittedIssueCount }

  /// The issues of a span recorded in one order and kept in another (a model's members read
  /// in the input's key order and kept in declaration order, a dictionary's entries kept in
  /// key order): where each segment starts, and the limit to restore.
  ///
  /// The issues a call keeps are the first ``maximumIssueCount`` in the order they are kept
  /// in, whatever order they were met in, so every path keeps the same ones. No segment can
  /// give more than the cap, so each may keep that many while the span is read; once the span
  /// is in order, ``finishIssueSpan(_:)`` cuts it to what the span's place allows.
  struct IssueSpan<Order: Comparable> {
    /// The limit in force when the span started.
    fileprivate let limit: Int
    /// Each segment with issues, in the order recorded: its order and first issue.
    ///
    /// A segment runs to the next one's start (the last to the end).
    fileprivate var segments: [(order: Order, start: Int)] = []

    /// Ends the segment of `order` that started at `start` (``startIssueSegment()``).
    mutating func endSegment(_ order: Order, startedAt start: Int, context: MappingContext) {
      if context.collected.count != start { segments.append((order, start)) }
    }

    /// Whether a segment of `order` kept an issue.
    func hasIssues(of order: Order) -> Bool {
      segments.contains { $0.order == order }
    }
  }

  /// Starts a span of issues kept in another order than the one they are met in.
  func startIssueSpan<Order>(ordered: Order.Type) -> IssueSpan<Order> {
    IssueSpan(limit: issueLimit)
  }

  /// Whether the issues already kept fill what `span`'s place allows: an issue recorded
  /// in the span from now on is left out however the span is ordered.
  func isFull<Order>(_ span: IssueSpan<Order>) -> Bool {
    collected.count >= span.limit
  }

  /// Starts a segment of the current span, and returns where its issues start.
  @inline(__always)
  func startIssueSegment() -> Int {
    issueLimit = keepsIssues ? collected.count + Self.maximumIssueCount : 0
    return collected.count
  }

  /// Puts the issues of `span` in the order of its segments (stable), cuts what lies past
  /// its limit (counted as left out), and restores that limit.
  func finishIssueSpan<Order>(_ span: IssueSpan<Order>) {
    let segments = span.segments
    if segments.count > 1, let first = segments.first,
      !zip(segments, segments.dropFirst()).allSatisfy({ $0.order < $1.order })
    {
      let end = collected.count
      var pieces: [(order: Order, issues: ArraySlice<MappingIssue>)] = []
      for (position, segment) in segments.enumerated() {
        let stop = position + 1 < segments.count ? segments[position + 1].start : end
        pieces.append((segment.order, collected[segment.start..<stop]))
      }
      // `sorted` is not stable: the position breaks ties.
      let ordered = pieces.indices.sorted {
        pieces[$0].order < pieces[$1].order || (pieces[$0].order == pieces[$1].order && $0 < $1)
      }
      collected.replaceSubrange(
        first.start..<end, with: ordered.flatMap { Array(pieces[$0].issues) })
    }
    if collected.count > span.limit {
      omittedIssueCount += collected.count - span.limit
      collected.removeSubrange(span.limit...)
    }
    issueLimit = span.limit
  }

  var hasIssues: Bool { !collected.isEmpty || omittedIssueCount > 0 }
  var issueCount: Int { collected.count + omittedIssueCount }

  // MARK: Cycles

  /// Marks `object` as being written; `false` if it already is (a reference cycle, left out
  /// by design), or if it would nest deeper than ``maximumDepth`` or than the thread's stack
  /// allows (left out, and recorded as ``enterOutputNesting()`` records it).
  func beginWriting(_ object: AnyObject) -> Bool {
    let identifier = ObjectIdentifier(object)
    guard objectsInProgress.count <= Self.maximumDepth, stack.hasRoom() else {
      recordOmitted()
      return false
    }
    guard !objectsInProgress.contains(identifier) else { return false }
    objectsInProgress.append(identifier)
    return true
  }

  /// Ends `beginWriting` for the object most recently begun.
  func endWriting(_ object: AnyObject) {
    if objectsInProgress.last == ObjectIdentifier(object) { objectsInProgress.removeLast() }
  }
}

/// Where each property's value is in the dictionaries of one call being filled by position,
/// innermost last (`ModelBase.fillByPosition`): a stack, each fill pushing one slot a property
/// on entry and popping them on leaving, so that a call allocates it once, not once a model
/// (which was a third of a nested model's allocations, GitHub events: the models the class's
/// initializers make, their default nested models, and this).
///
/// Its slots are read and written by index from the bottom (a nested fill may move them as
/// the stack grows).
final class DictionaryPositions {
  typealias Position = Dictionary<String, Any>.Index?

  private var slots: UnsafeMutablePointer<Position>
  private var capacity = 16
  private var top = 0

  init() {
    slots = .allocate(capacity: capacity)
  }

  deinit {
    slots.deinitialize(count: top)
    slots.deallocate()
  }

  /// Pushes `count` empty slots; returns the index of the first.
  @inline(__always)
  func push(_ count: Int) -> Int {
    let base = top
    if base + count > capacity { grow(toHold: base + count) }
    (slots + base).initialize(repeating: nil, count: count)
    top = base + count
    return base
  }

  /// Pops the slots from `base` on.
  @inline(__always)
  func pop(to base: Int) {
    (slots + base).deinitialize(count: top - base)
    top = base
  }

  @inline(__always)
  subscript(index: Int) -> Position {
    get { slots[index] }
    set { slots[index] = newValue }
  }

  @inline(never)
  private func grow(toHold needed: Int) {
    let larger = max(needed, capacity * 2)
    let moved = UnsafeMutablePointer<Position>.allocate(capacity: larger)
    moved.moveInitialize(from: slots, count: top)
    slots.deallocate()
    slots = moved
    capacity = larger
  }
}

/// The schemas of the last eight classes a call looked up (``MappingContext/schema(for:)``).
///
/// Held in the context itself: no allocation, a scan of eight words. Read and written in
/// place (its methods are `mutating`: nothing is copied, no reference counted).
struct RecentSchemas {
  private var classes: (UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt) = (0, 0, 0, 0, 0, 0, 0, 0)
  private var schemas:
    (
      ClassSchema?, ClassSchema?, ClassSchema?, ClassSchema?, ClassSchema?, ClassSchema?,
      ClassSchema?, ClassSchema?
    ) = (nil, nil, nil, nil, nil, nil, nil, nil)
  /// The entry the next class replaces (the one kept longest ago).
  private var next = 0

  /// The schema kept for `type`, if any.
  @inline(__always)
  mutating func schema(for type: ModelBase.Type) -> ClassSchema? {
    let key = UInt(bitPattern: ObjectIdentifier(type))
    let slot = withUnsafeBytes(of: &classes) { words in
      (0..<8).first { words.load(fromByteOffset: $0 &* 8, as: UInt.self) == key }
    }
    guard let slot else { return nil }
    return withUnsafeMutablePointer(to: &schemas) {
      UnsafeMutableRawPointer($0).assumingMemoryBound(to: ClassSchema?.self)[slot]
    }
  }

  /// Keeps `schema` for `type`, in place of the entry kept longest ago.
  mutating func remember(_ schema: ClassSchema, for type: ModelBase.Type) {
    let slot = next & 7
    next &+= 1
    withUnsafeMutablePointer(to: &classes) {
      UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt.self)[slot] = UInt(
        bitPattern: ObjectIdentifier(type))
    }
    withUnsafeMutablePointer(to: &schemas) {
      UnsafeMutableRawPointer($0).assumingMemoryBound(to: ClassSchema?.self)[slot] = schema
    }
  }
}
