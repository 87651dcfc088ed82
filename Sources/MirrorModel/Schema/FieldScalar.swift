/// The integer types `==` and `hash(into:)` compare and hash straight from the fields of two
/// models (those read fast, `Int` among them, are ``JSONFastValue``s): as ``JSONValue`` compares
/// and hashes the values ``ModelBase/toDictionary()`` holds, without writing them.
protocol FieldScalar {
  /// Whether the values at `lhs` and `rhs` are equal as their dictionary values are (two
  /// `nil`s, left out, are equal).
  static func fieldsEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool

  /// Feeds `hasher` as ``JSONValue/hash(_:into:)`` feeds it the dictionary value; `false`,
  /// with nothing fed, for `nil` (left out).
  static func hashField(_ field: UnsafeRawPointer, into hasher: inout Hasher) -> Bool
}

extension FieldScalar where Self: FixedWidthInteger {
  static func fieldsEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
    lhs.assumingMemoryBound(to: Self.self).pointee == rhs.assumingMemoryBound(to: Self.self).pointee
  }

  static func hashField(_ field: UnsafeRawPointer, into hasher: inout Hasher) -> Bool {
    let value = field.assumingMemoryBound(to: Self.self).pointee
    // JSONValue's scalar: a signed integer when it fits one, else an unsigned one.
    if let signed = Int64(exactly: value) {
      hasher.combine(JSONValue.Scalar.integer(signed))
    } else {
      hasher.combine(JSONValue.Scalar.unsigned(UInt64(truncatingIfNeeded: value)))
    }
    return true
  }
}

extension Int64: FieldScalar {}
extension Int32: FieldScalar {}
extension Int16: FieldScalar {}
extension Int8: FieldScalar {}
extension UInt: FieldScalar {}
extension UInt64: FieldScalar {}
extension UInt32: FieldScalar {}
extension UInt16: FieldScalar {}
extension UInt8: FieldScalar {}

/// The comparison and hash of one field scalar type, made for the concrete type where the
/// types are registered (``FieldScalars``): a call through `any FieldScalar.Type` runs
/// `Optional`'s conformance unspecialized (about 750 instructions to compare two `Int64?`).
struct FieldScalarFunctions {
  /// ``FieldScalar/fieldsEqual(_:_:)``.
  let equal: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
  /// ``FieldScalar/hashField(_:into:)``.
  let hash: (UnsafeRawPointer, inout Hasher) -> Bool
}

enum FieldScalars {
  /// The functions of the field scalar type `type` is, found by identity (a failed
  /// conformance lookup scans every conformance in the process); `nil` for any other type.
  static func of(_ type: Any.Type) -> FieldScalarFunctions? {
    functions[ObjectIdentifier(type)]
  }

  // Immutable after its initialization; the functions capture nothing but metatypes.
  nonisolated(unsafe) private static let functions: [ObjectIdentifier: FieldScalarFunctions] = {
    var functions: [ObjectIdentifier: FieldScalarFunctions] = [:]
    func add<Value: FieldScalar>(_: Value.Type) {
      functions[ObjectIdentifier(Value.self)] = FieldScalarFunctions(
        equal: { Value.fieldsEqual($0, $1) }, hash: { Value.hashField($0, into: &$1) })
      functions[ObjectIdentifier(Value?.self)] = FieldScalarFunctions(
        equal: { lhs, rhs in
          let left = lhs.assumingMemoryBound(to: Value?.self).pointee
          let right = rhs.assumingMemoryBound(to: Value?.self).pointee
          guard let left else { return right == nil }
          guard let right else { return false }
          return withUnsafePointer(to: left) { left in
            withUnsafePointer(to: right) { Value.fieldsEqual(left, $0) }
          }
        },
        hash: { field, hasher in
          guard let value = field.assumingMemoryBound(to: Value?.self).pointee else {
            return false
          }
          return withUnsafePointer(to: value) { Value.hashField($0, into: &hasher) }
        })
    }
    add(Int64.self)
    add(Int32.self)
    add(Int16.self)
    add(Int8.self)
    add(UInt.self)
    add(UInt64.self)
    add(UInt32.self)
    add(UInt16.self)
    add(UInt8.self)
    return functions
  }()
}
