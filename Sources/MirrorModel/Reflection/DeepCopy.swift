import Foundation

/// Deep copies for `copy()` and defaults: models are copied once each (shared references and
/// cycles stay shared and cyclic in the copy), containers element by element, values as they
/// are.
///
/// Models are made empty and filled from the session's work list (``finish(_:)``), so a chain
/// of models of any length is copied in constant stack. Containers nested deeper than
/// ``MappingContext/maximumDepth`` levels (or than the thread's stack allows) are shared, not
/// copied, beyond that depth.
enum DeepCopy {
  /// One deep copy's state: the models copied so far and those still to fill.
  ///
  /// Passed to every step of the copy, and to nothing else.
  final class Session {
    /// The copy of each model met, so shared references and cycles stay shared.
    var copies: [ObjectIdentifier: ModelBase] = [:]
    /// Copies made whose properties are still to be filled.
    var pending: [(source: ModelBase, target: ModelBase)] = []
  }

  /// A complete deep copy of `value`.
  static func copied<T>(_ value: T) -> T {
    let session = Session()
    let result = copy(value, session: session) as? T ?? value
    finish(session)
    return result
  }

  /// A deep copy of `model` for a dry run: returned with the session that knows every model
  /// of the copy, for ``dismantle(_:)``.
  static func scratchCopy(of model: ModelBase) -> (ModelBase, Session) {
    let session = Session()
    let copied = model.copyModel(session: session)
    finish(session)
    return (copied, session)
  }

  /// Puts every model copied in `session` back to its initial values, so that the reference
  /// cycles a copy of a cyclic graph holds are broken and the copy is freed.
  static func dismantle(_ session: Session) {
    for copy in session.copies.values {
      let fresh = type(of: copy).init()
      for property in SchemaCache.shared.schema(for: copy).properties {
        property.accessor.store(property.accessor.value(of: fresh), into: copy)
      }
    }
    session.copies = [:]
  }

  /// Fills every model copy still waiting in `session`.
  static func finish(_ session: Session) {
    while let (source, target) = session.pending.popLast() {
      copyProperties(
        from: source, to: target, schema: SchemaCache.shared.schema(for: source),
        session: session)
    }
  }

  /// Copies the properties (and kept unknown values) of `source` into `target`.
  static func copyProperties(
    from source: ModelBase, to target: ModelBase, schema: ClassSchema, session: Session
  ) {
    let plan = schema.copyPlan
    plan.copyFields(from: source, to: target)
    for accessor in plan.others {
      accessor._withUnsafeGuaranteedRef { $0.copy(from: source, to: target, session: session) }
    }
    target.storedUnknownValues = source.storedUnknownValues
  }

  static func copy(_ value: Any, session: Session, depth: Int = 0) -> Any {
    guard depth < MappingContext.maximumDepth, StackBounds.hasRoom() else { return value }
    if let optional = value as? any OptionalValue {
      // The copy of the wrapped value; `as? T` wraps it again.
      guard let wrapped = optional.wrappedAny else { return value }
      return copy(wrapped, session: session, depth: depth)
    }
    if isObject(value) {
      if let model = value as? ModelBase { return model.copyModel(session: session) }
      return mutableCopy(value, session: session) ?? value
    }
    switch value {
    case let array as [Any]:
      return array.map { copy($0, session: session, depth: depth + 1) }
    case let dictionary as [String: Any]:
      return dictionary.mapValues { copy($0, session: session, depth: depth + 1) }
    case let set as any DeepCopyableSet:
      return set.deepCopied(session: session)
    default:
      return value
    }
  }
}

/// How `copy()` copies a class's properties: the fields of plain bytes (integers, booleans,
/// dates, optionals of them) in runs of adjacent bytes, strings with their type in hand, and
/// only the other properties through their accessors (a dynamic call each, in code that runs
/// unspecialized: about 120 instructions a field).
struct CopyPlan {
  /// How one field may be copied.
  enum Kind: Equatable {
    /// As this many bytes.
    case bytes(Int)
    /// As a `String`.
    case string
    /// As a `String?`.
    case optionalString
    /// Through its accessor.
    case other
  }

  /// The byte ranges of the plain fields, adjacent ones merged.
  let byteRuns: [(offset: Int, count: Int)]
  /// The offsets of the `String` and of the `String?` fields.
  let strings: [Int]
  let optionalStrings: [Int]
  /// The accessors of the other properties, unretained (the schema keeps them alive).
  let others: [Unmanaged<PropertyAccessor>]

  init(_ accessors: [PropertyAccessor]) {
    var runs: [(offset: Int, count: Int)] = []
    var strings: [Int] = []
    var optionalStrings: [Int] = []
    var others: [Unmanaged<PropertyAccessor>] = []
    for accessor in accessors.sorted(by: { $0.offset < $1.offset }) {
      switch accessor.copyKind {
      case .bytes(let count):
        if let last = runs.last, last.offset + last.count == accessor.offset {
          runs[runs.count - 1].count += count
        } else if count > 0 {
          runs.append((accessor.offset, count))
        }
      case .string: strings.append(accessor.offset)
      case .optionalString: optionalStrings.append(accessor.offset)
      case .other: others.append(Unmanaged.passUnretained(accessor))
      }
    }
    byteRuns = runs
    self.strings = strings
    self.optionalStrings = optionalStrings
    self.others = others
  }

  /// Copies the plain and string fields of `source` into `target`, a model of the same class.
  func copyFields(from source: ModelBase, to target: ModelBase) {
    // Both objects outlive the copy: the caller holds strong references to them.
    let from = UnsafeRawPointer(Unmanaged.passUnretained(source).toOpaque())
    let to = UnsafeMutableRawPointer(Unmanaged.passUnretained(target).toOpaque())
    for run in byteRuns {
      (to + run.offset).copyMemory(from: from + run.offset, byteCount: run.count)
    }
    for offset in strings {
      // Assignment through a typed pointer retains the new value and releases the old one.
      (to + offset).assumingMemoryBound(to: String.self).pointee =
        (from + offset).assumingMemoryBound(to: String.self).pointee
    }
    for offset in optionalStrings {
      (to + offset).assumingMemoryBound(to: String?.self).pointee =
        (from + offset).assumingMemoryBound(to: String?.self).pointee
    }
  }
}
