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
/// (``CopyPlan/save(_:into:)``) to be put back by ``CopyPlan/restore(_:from:at:)``: the plain
/// fields' bytes, the strings, and the other properties' values, of every model saved, one
/// after the other (a few buffers for all, not a few for each).
struct FieldArena {
  /// Where one model's values start in each buffer.
  struct Position {
    fileprivate let bytes: Int
    fileprivate let strings: Int
    fileprivate let optionalStrings: Int
    fileprivate let others: Int
  }

  fileprivate var bytes: [UInt8] = []
  fileprivate var strings: [String] = []
  fileprivate var optionalStrings: [String?] = []
  fileprivate var others: [Any] = []
}

extension CopyPlan {
  /// Saves the values of `model`'s properties, as they are now, at the end of `arena`; returns
  /// where they start.
  func save(_ model: ModelBase, into arena: inout FieldArena) -> FieldArena.Position {
    let position = FieldArena.Position(
      bytes: arena.bytes.count, strings: arena.strings.count,
      optionalStrings: arena.optionalStrings.count, others: arena.others.count)
    if arena.bytes.capacity == 0 {
      // The first model saved (the bytes' buffer is made here, whatever the model holds):
      // room for its values (the one being updated, most often the largest) and a few more
      // models' of any kind. Growing from empty cost more than these allocations (measured
      // on nested GitHub events, callgrind).
      arena.bytes.reserveCapacity(128)
      arena.strings.reserveCapacity(max(32, 2 * strings.count))
      arena.optionalStrings.reserveCapacity(max(16, 2 * optionalStrings.count))
      arena.others.reserveCapacity(max(16, 2 * others.count))
    }
    // The model outlives the saving: the caller holds a strong reference to it.
    let from = UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque())
    for run in byteRuns {
      arena.bytes.append(
        contentsOf: UnsafeRawBufferPointer(start: from + run.offset, count: run.count))
    }
    for offset in strings {
      arena.strings.append((from + offset).assumingMemoryBound(to: String.self).pointee)
    }
    for offset in optionalStrings {
      arena.optionalStrings.append((from + offset).assumingMemoryBound(to: String?.self).pointee)
    }
    for accessor in others {
      arena.others.append(accessor._withUnsafeGuaranteedRef { $0.value(of: model) })
    }
    return position
  }

  /// Puts the values saved at `position` of `arena` (by ``save(_:into:)``, from `model`) back
  /// into `model`.
  func restore(_ model: ModelBase, from arena: FieldArena, at position: FieldArena.Position) {
    let to = UnsafeMutableRawPointer(Unmanaged.passUnretained(model).toOpaque())
    arena.bytes.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }  // no plain field was saved
      var start = position.bytes
      for run in byteRuns {
        (to + run.offset).copyMemory(from: base + start, byteCount: run.count)
        start += run.count
      }
    }
    for (index, offset) in strings.enumerated() {
      // Assignment through a typed pointer retains the new value and releases the old one.
      (to + offset).assumingMemoryBound(to: String.self).pointee =
        arena.strings[position.strings + index]
    }
    for (index, offset) in optionalStrings.enumerated() {
      (to + offset).assumingMemoryBound(to: String?.self).pointee =
        arena.optionalStrings[position.optionalStrings + index]
    }
    for (index, accessor) in others.enumerated() {
      let value = arena.others[position.others + index]
      accessor._withUnsafeGuaranteedRef { $0.store(value, into: model) }
    }
  }
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
