import Foundation

/// How a field of a common scalar type (or an optional one) is written into a keyed container
/// by ``ModelBase/encode(to:)``: straight from the field, with the call its dictionary value
/// would have been written with (`EncodingWalk`), without making that value.
///
/// Made in non-generic code, once per accessor: a field's accessor is generic over its type,
/// and reading a `String?` there would ask the runtime for `Optional`'s metadata each time.
enum ScalarEncoding {
  case string, optionalString
  case int, optionalInt
  /// An `Int64`: ``ModelBase/toDictionary()`` holds it as an `Int`, written as one.
  case int64, optionalInt64
  case bool, optionalBool
  /// A `Double`: left out when not finite, as its dictionary value is.
  case double, optionalDouble

  /// The encoding of fields of type `type`; `nil` for any other type.
  init?(_ type: Any.Type) {
    switch ObjectIdentifier(type) {
    case ObjectIdentifier(String.self): self = .string
    case ObjectIdentifier(String?.self): self = .optionalString
    case ObjectIdentifier(Int.self): self = .int
    case ObjectIdentifier(Int?.self): self = .optionalInt
    // Where `Int` is narrower, an `Int64` that does not fit one is an `NSNumber` instead.
    case ObjectIdentifier(Int64.self) where Int.bitWidth == 64: self = .int64
    case ObjectIdentifier(Int64?.self) where Int.bitWidth == 64: self = .optionalInt64
    case ObjectIdentifier(Bool.self): self = .bool
    case ObjectIdentifier(Bool?.self): self = .optionalBool
    case ObjectIdentifier(Double.self): self = .double
    case ObjectIdentifier(Double?.self): self = .optionalDouble
    default: return nil
    }
  }

  /// Writes the field at `field` into `sink`; nothing when its value is left out (`nil`, a
  /// number JSON cannot hold).
  @inline(never)
  func encode(_ field: UnsafeRawPointer, into sink: inout KeyedValueSink) throws {
    switch self {
    case .string:
      try sink.encode(field.assumingMemoryBound(to: String.self).pointee)
    case .optionalString:
      if let value = field.assumingMemoryBound(to: String?.self).pointee {
        try sink.encode(value)
      }
    case .int:
      try sink.encode(field.assumingMemoryBound(to: Int.self).pointee)
    case .optionalInt:
      if let value = field.assumingMemoryBound(to: Int?.self).pointee { try sink.encode(value) }
    case .int64:
      try sink.encode(Int(field.assumingMemoryBound(to: Int64.self).pointee))
    case .optionalInt64:
      if let value = field.assumingMemoryBound(to: Int64?.self).pointee {
        try sink.encode(Int(value))
      }
    case .bool:
      try sink.encode(field.assumingMemoryBound(to: Bool.self).pointee)
    case .optionalBool:
      if let value = field.assumingMemoryBound(to: Bool?.self).pointee { try sink.encode(value) }
    case .double:
      let value = field.assumingMemoryBound(to: Double.self).pointee
      if value.isFinite { try sink.encode(value) }
    case .optionalDouble:
      if let value = field.assumingMemoryBound(to: Double?.self).pointee, value.isFinite {
        try sink.encode(value)
      }
    }
  }
}
