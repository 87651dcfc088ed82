import Foundation

/// The per-class schemas, built on first use and shared by every thread.
final class SchemaCache: @unchecked Sendable {
  // `schemas` is only touched with `lock` held.
  static let shared = SchemaCache()

  private let lock = NSLock()
  private var schemas: [ObjectIdentifier: ClassSchema] = [:]
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
    let cached = schemas[key]
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
    if let winner = schemas[key] { return winner }
    schemas[key] = built
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
    schemas.removeAll()
  }
}
