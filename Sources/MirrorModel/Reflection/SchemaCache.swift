import Foundation

/// The per-class schemas, built on first use and shared by every thread.
final class SchemaCache: @unchecked Sendable {
  // `schemas` is only touched with `lock` held.
  static let shared = SchemaCache()

  private let lock = NSLock()
  private var schemas: [ObjectIdentifier: ClassSchema] = [:]
  private var crossChecksLeft = 16

  /// The schema of `object`'s concrete class (generic subclasses differ per specialization).
  @inline(__always)
  func schema(for object: ModelBase) -> ClassSchema {
    let key = ObjectIdentifier(type(of: object))
    lock.lock()
    let cached = schemas[key]
    lock.unlock()
    if let cached { return cached }
    // Built outside the lock: a class's hooks may map other models. Two threads may build the
    // same schema at once; the first one stored wins and both are identical.
    let built = ClassSchema(for: object)
    lock.lock()
    defer { lock.unlock() }
    if let winner = schemas[key] { return winner }
    schemas[key] = built
    return built
  }

  /// The schema of `type`, building it from a fresh instance on first use.
  func schema(for type: ModelBase.Type) -> ClassSchema {
    let key = ObjectIdentifier(type)
    lock.lock()
    let cached = schemas[key]
    lock.unlock()
    return cached ?? schema(for: type.init())
  }

  /// Whether the schema being built should be cross-checked against `Mirror`.
  ///
  /// The cross-check (the runtime's field names against `Mirror`'s, offsets ascending and not
  /// overlapping) costs about 35 µs, more than the rest of a schema build. It guards against
  /// a runtime whose reflection entry points disagree with `Mirror`, which would show on the
  /// first classes of a process as much as on any: release builds check the first 16
  /// classes, debug builds (and so the test suite) every class.
  func claimMirrorCrossCheck() -> Bool {
    #if DEBUG
      return true
    #else
      lock.lock()
      defer { lock.unlock() }
      guard crossChecksLeft > 0 else { return false }
      crossChecksLeft -= 1
      return true
    #endif
  }

  /// The number of cached schemas (for tests).
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
