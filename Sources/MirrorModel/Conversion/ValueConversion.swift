import Foundation

/// A conversion between raw values and one declared type, built once per class from the type
/// alone, for types that are not ``MappableValue``.
///
/// Non-conforming enums, Foundation reference types, `Codable` types and the optionals,
/// arrays, sets and dictionaries of them all map through one of these: the type is taken
/// apart when the schema is built (an array's element type, an enum's raw type) and the
/// pieces are put together as closures, so the per-value path does no lookup on `Any.Type`.
/// `decode` returns a value whose dynamic type is exactly the declared type.
struct ValueConversion {
  typealias Decode = (Any, MappingContext) throws -> Any
  typealias Encode = (Any, MappingContext) -> Any?

  let decode: Decode
  let encode: Encode
  /// How a present value of the type is decoded straight from a caller's `Decoder`
  /// (``GuardedDecoder``) and encoded straight into a caller's `Encoder`, by its own `Codable`
  /// conformance; `nil` for a type whose conversion does more than that (every type but a
  /// `Codable` type that is not otherwise mappable, an optional of one and arrays of those).
  var selfCoded: SelfCoded?

  /// A type decoded by its own conformance: `type`, of which the declared type is an optional
  /// when `optional` (the optional's `null` and null strings are the accessor's).
  struct SelfCoded {
    let type: any Decodable.Type
    let optional: Bool
  }

  init(decode: @escaping Decode, encode: @escaping Encode, selfCoded: SelfCoded? = nil) {
    self.decode = decode
    self.encode = encode
    self.selfCoded = selfCoded
  }

  /// Why a type has no conversion: the text a configuration issue quotes.
  struct Unmappable: Error {
    let reason: String
  }

  /// The conversion for `type`, or why there is none.
  ///
  /// In order: a ``MappableValue`` conformance (yours wins over everything below); `Any`
  /// (JSON values and models); optionals, arrays, sets and `String`-keyed dictionaries of a
  /// convertible type; the Foundation reference types; `RawRepresentable` types whose raw
  /// value converts; `Codable` types.
  static func make(for type: Any.Type) -> Result<ValueConversion, Unmappable> {
    if let mappable = type as? any MappableValue.Type {
      return .success(mappableConversion(mappable))
    }
    if type == Any.self {
      return .success(
        ValueConversion(
          decode: { raw, context in try JSONCompatibility.checked(raw, context: context) },
          encode: { value, context in JSONCompatibility.jsonValue(value, context: context) }))
    }
    if let container = type as? any StructuralContainer.Type {
      return make(for: container.containedType).map(container.conversion(containing:))
    }
    if let foundation = FoundationConversions.conversion(for: type, elementModel: nil) {
      return .success(foundation)
    }
    if let raw = type as? any RawRepresentable.Type {
      return rawRepresentableConversion(raw)
    }
    if let codable = type as? any Codable.Type {
      return .success(CodableConversion.conversion(for: codable))
    }
    return .failure(Unmappable(reason: unmappableReason(type)))
  }

  private static func mappableConversion(_ type: any MappableValue.Type) -> ValueConversion {
    ValueConversion(
      decode: { raw, context in try type.fromMappedValue(raw, context: context) },
      encode: { value, context in (value as? any MappableValue)?.toMappedValue(context: context) }
    )
  }

  private static func rawRepresentableConversion<R: RawRepresentable>(
    _ type: R.Type
  ) -> Result<ValueConversion, Unmappable> {
    let raw: ValueConversion
    switch make(for: R.RawValue.self) {
    case .success(let conversion): raw = conversion
    case .failure:
      return .failure(
        Unmappable(
          reason: "its raw value type \(typeName(R.RawValue.self)) cannot be converted"))
    }
    return .success(
      ValueConversion(
        decode: { value, context in
          if let same = exactly(R.self, value) { return same }
          let rawValue: Any
          do {
            rawValue = try raw.decode(value, context)
          } catch var error as ConversionError {
            error.expectedType = typeName(R.self)
            throw error
          }
          guard let typed = rawValue as? R.RawValue, let result = R(rawValue: typed) else {
            throw ConversionError(
              expectedType: typeName(R.self),
              reason: "\(describeValue(rawValue)) is not a raw value of \(typeName(R.self))")
          }
          return result
        },
        encode: { value, context in
          guard let typed = value as? R else { return nil }
          return raw.encode(typed.rawValue, context)
        }))
  }

  /// The words of a configuration issue for a type that has no conversion.
  private static func unmappableReason(_ type: Any.Type) -> String {
    switch MetadataKind(of: type) {
    case .tuple: return "a tuple has no keys to map"
    case .existential: return "an existential says nothing about what to create"
    case .metatype: return "a metatype is not data"
    case .function: return "a closure is not data"
    default:
      if type is AnyClass {
        return "it is a class that is neither a ModelBase subclass nor a Foundation type "
          + "MirrorModel knows"
      }
      return "it is neither MappableValue, RawRepresentable nor Codable"
    }
  }
}

/// Whether `value` was boxed as exactly `T`: for a value type (a `String`, an array, a
/// dictionary), whether it is a `T`.
///
/// Read from the existential as it is opened, without asking the runtime for the dynamic type
/// (`type(of:)` on an `Any` is a call that looks through a class instance to its class). A
/// class instance may be boxed as a superclass of its class: this says `false` for it where
/// `type(of:)` would say `T`.
@inline(__always)
func isBoxed<T>(_ value: Any, as _: T.Type) -> Bool {
  isOpened(value, T.self)
}

@inline(__always)
private func isOpened<Opened, T>(_: Opened, _: T.Type) -> Bool {
  Opened.self == T.self
}

/// `value` as `T` when its dynamic type is exactly `T`: an already-built value in a dictionary
/// made in code (an enum case where the enum is declared, a `Date` where a `Date` is).
@inline(__always)
func exactly<T>(_: T.Type, _ value: Any) -> T? {
  guard ObjectIdentifier(type(of: value)) == ObjectIdentifier(T.self) else { return nil }
  return unboxed(value, as: T.self)
}

/// `value` as `T`: unboxed when its dynamic type is exactly `T` (a `[String: Any]` or `[Any]` a
/// Foundation tree holds), otherwise through the runtime's cast (bridging, say).
@inline(__always)
func castIfPossible<T>(_ value: Any, to _: T.Type) -> T? {
  exactly(T.self, value) ?? value as? T
}
