import Foundation

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
  /// Where a model's values are in the record ``save(_:into:)`` makes of them: the plain
  /// bytes first, then the strings, the optional strings and the other values (`Any`).
  private let record: RecordLayout

  /// The layout of a record of saved values (see ``record``).
  private struct RecordLayout {
    let strings: Int
    let optionalStrings: Int
    let others: Int
    let size: Int

    init(bytes: Int, strings: Int, optionalStrings: Int, others: Int) {
      self.strings = roundedUp(bytes, to: MemoryLayout<String>.alignment)
      self.optionalStrings = roundedUp(
        self.strings + strings * MemoryLayout<String>.stride,
        to: MemoryLayout<String?>.alignment)
      self.others = roundedUp(
        self.optionalStrings + optionalStrings * MemoryLayout<String?>.stride,
        to: MemoryLayout<Any>.alignment)
      size = self.others + others * MemoryLayout<Any>.stride
    }
  }

  init(_ accessors: [PropertyAccessor]) {
    var runs: [(offset: Int, count: Int)] = []
    var strings: [Int] = []
    var optionalStrings: [Int] = []
    var others: [Unmanaged<PropertyAccessor>] = []
    for accessor in accessors.sorted(by: { $0.offset < $1.offset }) {
      switch accessor.copyKind {
      case .bytes(let count):
        addRun(offset: accessor.offset, count: count, to: &runs)
      case .string: strings.append(accessor.offset)
      case .optionalString: optionalStrings.append(accessor.offset)
      case .other: others.append(Unmanaged.passUnretained(accessor))
      }
    }
    byteRuns = runs
    self.strings = strings
    self.optionalStrings = optionalStrings
    self.others = others
    record = RecordLayout(
      bytes: runs.reduce(0) { $0 + $1.count }, strings: strings.count,
      optionalStrings: optionalStrings.count, others: others.count)
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

/// The values of models' properties, saved by their classes' ``CopyPlan``s
/// (``CopyPlan/save(_:into:)``) to be put back by ``CopyPlan/restore(_:at:)``: one record a
/// model (the plain fields' bytes, the strings, the other properties' values), carved one
/// after the other from a few chunks of memory, not a few arrays for each model or for all.
///
/// The owner deinitializes each record with the plan that saved it
/// (``CopyPlan/discard(_:)``) before it lets the arena go (``deallocate()``).
struct FieldArena {
  /// Where one model's record is.
  struct Position {
    fileprivate let record: UnsafeMutableRawPointer
  }

  /// The chunk records are carved from; its first word holds the chunk before it.
  private var chunk: UnsafeMutableRawPointer?
  private var used = 0
  private var capacity = 0

  /// A chunk's header: the chunk before it.
  private static let header = 16

  /// Room for a record of `size` bytes, aligned for any value a record holds.
  fileprivate mutating func allocate(_ size: Int) -> UnsafeMutableRawPointer {
    let size = roundedUp(size, to: Self.header)
    if chunk == nil || used + size > capacity {
      // The first chunk holds the first model saved (the one being updated, most often the
      // largest) and a few more; each next one twice the one before.
      let larger = max(Self.header + size, 2 * capacity, 1024)
      let new = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: Self.header)
      new.storeBytes(of: chunk, as: UnsafeMutableRawPointer?.self)
      chunk = new
      capacity = larger
      used = Self.header
    }
    defer { used += size }
    // swift-format-ignore: NeverForceUnwrap
    return chunk! + used
  }

  /// Frees the arena's memory (its records deinitialized before) and leaves it empty.
  mutating func deallocate() {
    while let current = chunk {
      chunk = current.load(as: UnsafeMutableRawPointer?.self)
      current.deallocate()
    }
    used = 0
    capacity = 0
  }
}

extension CopyPlan {
  /// Saves the values of `model`'s properties, as they are now, in a record of `arena`;
  /// returns where it is.
  func save(_ model: ModelBase, into arena: inout FieldArena) -> FieldArena.Position {
    let saved = arena.allocate(record.size)
    // The model outlives the saving: the caller holds a strong reference to it.
    let from = UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque())
    var start = 0
    for run in byteRuns {
      (saved + start).copyMemory(from: from + run.offset, byteCount: run.count)
      start += run.count
    }
    let savedStrings = (saved + record.strings).bindMemory(to: String.self, capacity: strings.count)
    for (index, offset) in strings.enumerated() {
      (savedStrings + index).initialize(
        to: (from + offset).assumingMemoryBound(to: String.self).pointee)
    }
    let savedOptionals = (saved + record.optionalStrings).bindMemory(
      to: String?.self, capacity: optionalStrings.count)
    for (index, offset) in optionalStrings.enumerated() {
      (savedOptionals + index).initialize(
        to: (from + offset).assumingMemoryBound(to: String?.self).pointee)
    }
    let savedOthers = (saved + record.others).bindMemory(to: Any.self, capacity: others.count)
    for (index, accessor) in others.enumerated() {
      (savedOthers + index).initialize(
        to: accessor._withUnsafeGuaranteedRef { $0.value(of: model) })
    }
    return FieldArena.Position(record: saved)
  }

  /// Puts the values saved at `position` (by ``save(_:into:)``, from `model`) back into
  /// `model`; the record keeps its values until ``discard(_:)``.
  func restore(_ model: ModelBase, at position: FieldArena.Position) {
    let to = UnsafeMutableRawPointer(Unmanaged.passUnretained(model).toOpaque())
    let saved = position.record
    var start = 0
    for run in byteRuns {
      (to + run.offset).copyMemory(from: saved + start, byteCount: run.count)
      start += run.count
    }
    let savedStrings = (saved + record.strings).assumingMemoryBound(to: String.self)
    for (index, offset) in strings.enumerated() {
      // Assignment through a typed pointer retains the new value and releases the old one.
      (to + offset).assumingMemoryBound(to: String.self).pointee = savedStrings[index]
    }
    let savedOptionals = (saved + record.optionalStrings).assumingMemoryBound(to: String?.self)
    for (index, offset) in optionalStrings.enumerated() {
      (to + offset).assumingMemoryBound(to: String?.self).pointee = savedOptionals[index]
    }
    let savedOthers = (saved + record.others).assumingMemoryBound(to: Any.self)
    for (index, accessor) in others.enumerated() {
      let value = savedOthers[index]
      accessor._withUnsafeGuaranteedRef { $0.store(value, into: model) }
    }
  }

  /// Deinitializes the values of the record at `position`, which this plan saved.
  func discard(_ position: FieldArena.Position) {
    let saved = position.record
    (saved + record.strings).assumingMemoryBound(to: String.self)
      .deinitialize(count: strings.count)
    (saved + record.optionalStrings).assumingMemoryBound(to: String?.self)
      .deinitialize(count: optionalStrings.count)
    (saved + record.others).assumingMemoryBound(to: Any.self).deinitialize(count: others.count)
  }
}

/// `value` rounded up to a multiple of `alignment`, a power of two.
private func roundedUp(_ value: Int, to alignment: Int) -> Int {
  (value + alignment - 1) & ~(alignment - 1)
}

/// How `==` compares a class's properties.
///
/// The integer and `Bool` fields (equal exactly when their bytes are) in runs of adjacent
/// bytes, the `String` fields by offset, only the other properties through their accessors.
/// The answers are those of the accessors, which compare these types with `==`.
struct EqualityPlan {
  /// How one field may be compared.
  enum Kind: Equatable {
    /// As this many bytes.
    case bytes(Int)
    /// As a `String`.
    case string
    /// Through its accessor.
    case other
  }

  /// The byte ranges of the fields compared as bytes, adjacent ones merged.
  let byteRuns: [(offset: Int, count: Int)]
  /// The offsets of the `String` fields.
  let strings: [Int]
  /// The accessors of the other properties, in declaration order, unretained (the schema keeps
  /// them alive).
  let others: [Unmanaged<PropertyAccessor>]

  init(_ accessors: [PropertyAccessor]) {
    var runs: [(offset: Int, count: Int)] = []
    var strings: [Int] = []
    for accessor in accessors.sorted(by: { $0.offset < $1.offset }) {
      switch accessor.equalityKind {
      case .bytes(let count):
        addRun(offset: accessor.offset, count: count, to: &runs)
      case .string: strings.append(accessor.offset)
      case .other: break
      }
    }
    byteRuns = runs
    self.strings = strings
    others = accessors.filter { $0.equalityKind == .other }.map { Unmanaged.passUnretained($0) }
  }

  /// Whether the byte and string fields of `lhs` and `rhs`, models of the same class, are equal.
  func fieldsEqual(_ lhs: ModelBase, _ rhs: ModelBase) -> Bool {
    // Both objects outlive the comparison: the caller holds strong references to them.
    let left = UnsafeRawPointer(Unmanaged.passUnretained(lhs).toOpaque())
    let right = UnsafeRawPointer(Unmanaged.passUnretained(rhs).toOpaque())
    for run in byteRuns where memcmp(left + run.offset, right + run.offset, run.count) != 0 {
      return false
    }
    for offset in strings
    where (left + offset).assumingMemoryBound(to: String.self).pointee
      != (right + offset).assumingMemoryBound(to: String.self).pointee
    {
      return false
    }
    return true
  }
}

/// Adds the field of `count` bytes at `offset` to `runs` (fields met by increasing offset): to
/// the last run when it ends where the field starts, else as a run of its own.
private func addRun(offset: Int, count: Int, to runs: inout [(offset: Int, count: Int)]) {
  if let last = runs.last, last.offset + last.count == offset {
    runs[runs.count - 1].count += count
  } else if count > 0 {
    runs.append((offset, count))
  }
}
