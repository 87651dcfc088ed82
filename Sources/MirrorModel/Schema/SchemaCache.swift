import Foundation

/// The per-class schemas, built on first use and shared by every thread.
final class SchemaCache: @unchecked Sendable {
  // `schemas` is only touched with `lock` held (which is why its accesses are not checked).
  static let shared = SchemaCache()

  private let lock = NSLock()
  @exclusivity(unchecked) private var schemas = SchemaTable()
  /// The classes whose schemas are being built, and the threads building them: a hook that
  /// maps its own class while its schema is built would otherwise recurse without end.
  private var building: [ObjectIdentifier: Set<ObjectIdentifier>] = [:]

  /// The schema of `object`'s concrete class (generic subclasses differ per specialization).
  @inline(__always)
  func schema(for object: ModelBase) -> ClassSchema {
    schema(for: type(of: object))
  }

  /// The schema of `type`, built on first use from its metadata (no instance is made).
  func schema(for type: ModelBase.Type) -> ClassSchema {
    let key = ObjectIdentifier(type)
    lock.lock()
    let cached = schemas.schema(for: key)
    lock.unlock()
    if let cached { return cached }
    // Built outside the lock: a class's hooks may map other models. Two threads may build the
    // same schema at once; the first one stored wins and both are identical.
    let thread = ObjectIdentifier(Thread.current)
    lock.lock()
    let reentered = !building[key, default: []].insert(thread).inserted
    lock.unlock()
    if reentered { return ClassSchema(reenteredBy: type) }
    let built = ClassSchema(for: type)
    lock.lock()
    defer { lock.unlock() }
    building[key]?.remove(thread)
    if building[key]?.isEmpty == true { building[key] = nil }
    if let winner = schemas.schema(for: key) { return winner }
    schemas.insert(built, for: key)
    return built
  }

  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return schemas.count
  }

  /// Forgets every schema (for tests and benchmarks of the first-use cost).
  func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    schemas = SchemaTable()
  }
}

/// The schemas by class: an open-addressing table keyed by the class's metadata address.
///
/// Looked up for every model mapped, written, compared or copied: a `Dictionary` hashes the
/// key with SipHash (about 300 instructions a lookup), where a metadata address, aligned and
/// unique, only needs its bits mixed.
struct SchemaTable {
  /// The keys (`0` for an empty slot) and their schemas; a power of two long.
  private var keys: [UInt]
  private var schemas: [ClassSchema?]
  private(set) var count = 0

  init(capacity: Int = 64) {
    keys = Array(repeating: 0, count: capacity)
    schemas = Array(repeating: nil, count: capacity)
  }

  /// The slot of `key`, or of the empty slot where it would go.
  @inline(__always)
  private func slot(of key: UInt) -> Int {
    let mask = keys.count - 1
    // Fibonacci hashing of the address without its alignment bits.
    var slot = Int(truncatingIfNeeded: ((key >> 4) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    while keys[slot] != key && keys[slot] != 0 {
      slot = (slot + 1) & mask
    }
    return slot
  }

  func schema(for type: ObjectIdentifier) -> ClassSchema? {
    schemas[slot(of: UInt(bitPattern: type))]
  }

  mutating func insert(_ schema: ClassSchema, for type: ObjectIdentifier) {
    insert(schema, key: UInt(bitPattern: type))
  }

  private mutating func insert(_ schema: ClassSchema, key: UInt) {
    let slot = slot(of: key)
    if keys[slot] == 0 {
      // At most half full, so that a probe stays short and always ends.
      if (count + 1) * 2 > keys.count {
        grow()
        return insert(schema, key: key)
      }
      keys[slot] = key
      count += 1
    }
    schemas[slot] = schema
  }

  private mutating func grow() {
    var larger = SchemaTable(capacity: keys.count * 2)
    for (key, schema) in zip(keys, schemas) where key != 0 {
      if let schema { larger.insert(schema, key: key) }
    }
    self = larger
  }
}
