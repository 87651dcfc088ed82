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

extension Optional: FieldScalar where Wrapped: FieldScalar {
  static func fieldsEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
    let left = lhs.assumingMemoryBound(to: Self.self).pointee
    let right = rhs.assumingMemoryBound(to: Self.self).pointee
    guard let leftValue = left else { return right == nil }
    guard let rightValue = right else { return false }
    return withUnsafePointer(to: leftValue) { leftValue in
      withUnsafePointer(to: rightValue) { Wrapped.fieldsEqual(leftValue, $0) }
    }
  }

  static func hashField(_ field: UnsafeRawPointer, into hasher: inout Hasher) -> Bool {
    guard let value = field.assumingMemoryBound(to: Self.self).pointee else { return false }
    return withUnsafePointer(to: value) { Wrapped.hashField($0, into: &hasher) }
  }
}

enum FieldScalars {
  /// The field scalar type `type` is, found by identity (a failed conformance lookup scans
  /// every conformance in the process); `nil` for any other type.
  static func of(_ type: Any.Type) -> (any FieldScalar.Type)? {
    types[ObjectIdentifier(type)]
  }

  // Immutable after its initialization; metatypes hold no state.
  nonisolated(unsafe) private static let types: [ObjectIdentifier: any FieldScalar.Type] = {
    var types: [any FieldScalar.Type] = []
    func add<Value: FieldScalar>(_: Value.Type) { types += [Value.self, Value?.self] }
    add(Int64.self)
    add(Int32.self)
    add(Int16.self)
    add(Int8.self)
    add(UInt.self)
    add(UInt64.self)
    add(UInt32.self)
    add(UInt16.self)
    add(UInt8.self)
    return Dictionary(uniqueKeysWithValues: types.map { (ObjectIdentifier($0), $0) })
  }()
}
