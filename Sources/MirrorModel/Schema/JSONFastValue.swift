import Foundation

/// A value type read straight from JSON text when the text is exactly what the type takes.
///
/// A number for `Int` and `Double`, `true` or `false` for `Bool`, a string for `String`,
/// arrays and optionals of these. Anything else (a numeric string, `null`, a null string, a
/// literal that needs rounding rules, nesting too deep) is not read, and the caller reads the
/// value as the tree reader does and converts it the ordinary way: so a value read fast is
/// always the value, and the issue-free result, the ordinary way gives.
///
/// The reads write into the field or append to the array themselves, with the concrete type
/// in hand: unspecialized generic code would look up `Optional<T>` metadata for every value.
protocol JSONFastValue: MappableValue {
  /// The value at the parser's position, or `nil` with nothing recorded. The caller restores
  /// the parser's position and depth after `nil`.
  static func readFast(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> Self?

  /// Reads the value into the field of this type at `field`; `false` when it was not read.
  static func readFast(
    into field: UnsafeMutableRawPointer, _ parser: inout JSONReader.Parser,
    context: MappingContext
  ) throws(JSONSyntaxError) -> Bool

  /// Reads the value as an array element into `slot`, which it initializes; `false`, with
  /// `slot` left uninitialized, when it was not read.
  static func readFastElement(
    _ parser: inout JSONReader.Parser, context: MappingContext,
    into slot: UnsafeMutablePointer<Self>
  ) throws(JSONSyntaxError) -> Bool

  /// The value under `key` of `container` when the decoder gives it as exactly this type (as
  /// ``readFast(_:context:)`` reads it from text), or `nil` with nothing recorded.
  static func decodeFast(
    _ container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    context: MappingContext
  ) -> Self?

  /// The next element of `container` as ``decodeFast(_:forKey:context:)`` decodes it; `nil`
  /// when it was not decoded (the container may then be past it: the caller reads the whole
  /// array again).
  static func decodeFastElement(
    _ container: inout any UnkeyedDecodingContainer, context: MappingContext
  ) -> Self?

  /// Decodes the value under `key` into the field of this type at `field`; `false` when it
  /// was not decoded.
  static func decodeFast(
    into field: UnsafeMutableRawPointer, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, context: MappingContext
  ) -> Bool

  /// Decodes the property's own value under `key` into the field of this type at `field`, as
  /// ``decodeFast(into:from:forKey:context:)`` does; an array converts the elements it does
  /// not decode fast where they stand (walked as the ordinary way walks them: `depth` is how
  /// many containers the object `container` is inside, counting itself). `false` when it was
  /// not decoded; `true` also where the ordinary way records issues and writes nothing.
  static func decodeProperty(
    into field: UnsafeMutableRawPointer, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, depth: Int, context: MappingContext
  ) -> Bool

  /// The property's own value at the parser's position, as
  /// ``readFast(into:_:context:)`` reads it into a field (an array converting the elements it
  /// does not read fast where they stand): what an optional property of this type reads. The
  /// caller restores the parser's position and depth after ``PropertyRead/notRead``.
  static func readProperty(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> PropertyRead<Self>

  /// The property's own value under `key`, as
  /// ``decodeProperty(into:from:forKey:depth:context:)`` decodes it into a field: what an
  /// optional property of this type decodes.
  static func decodeProperty(
    _ container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey, depth: Int,
    context: MappingContext
  ) -> PropertyRead<Self>

  /// Decodes the value under `key` into the field of this type at `field` with one question
  /// to the container, which also tells a missing key or `null` (`decodeIfPresent`);
  /// ``DecodedPresence/unasked`` for a type that asks whether the key is missing or `null`
  /// first (every type but the common optionals).
  static func decodeFastIfPresent(
    into field: UnsafeMutableRawPointer, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, context: MappingContext
  ) -> DecodedPresence

  /// Copies the field of this type at `source` into the field at `target`, as it is: what
  /// `copy()` does with a value that shares nothing mutable.
  static func copyField(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer)

  /// Writes `value` as `toMappedValue(context:)` followed by the JSON writer would; `false`,
  /// with nothing written, when `toMappedValue` leaves it out (a non-finite `Double`, an array
  /// nested too deeply).
  static func writeFast(
    _ value: Self, into writer: inout JSONWriter.Writer, context: MappingContext
  )
    -> Bool

  /// Writes the property value in the field of this type at `field` as
  /// ``ModelBase/toDictionary()`` followed by the JSON writer would; `false`, with nothing
  /// written, when the property is left out (`nil` too).
  static func writeFast(
    from field: UnsafeRawPointer, into writer: inout JSONWriter.Writer, context: MappingContext
  ) -> Bool

  /// The property value in the field of this type at `field` as ``ModelBase/toDictionary()``
  /// holds it; `nil` when the property is left out (`nil` too).
  static func dictionaryValue(from field: UnsafeRawPointer, context: MappingContext) -> Any?

  /// Whether the property values in the fields of this type at `lhs` and `rhs` are equal as
  /// ``ModelBase/toDictionary()`` holds them, by ``JSONValue/equal(_:_:)`` (two values left
  /// out are equal, one left out is not): what `==` on the models compares. Scalars need no
  /// `context`; an array counts its nesting in one (a new one when `nil`).
  static func mappedEqual(
    _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, context: MappingContext?
  ) -> Bool

  /// Feeds `hasher` with the property value in the field at `field` as ``JSONValue/hash``
  /// feeds it the value ``ModelBase/toDictionary()`` holds; `false`, with nothing fed, when
  /// the property is left out.
  static func hashMapped(
    _ field: UnsafeRawPointer, into hasher: inout Hasher, context: MappingContext
  ) -> Bool

  /// Whether two arrays of this type are equal as ``ModelBase/toDictionary()`` holds them,
  /// compared as they are; `nil` where their written values must decide (the default).
  static func arraysEqual(_ lhs: [Self], _ rhs: [Self]) -> Bool?

  /// Converts `raw` (neither missing nor null) into the field of this type at `field`, as the
  /// property's ordinary conversion does (``MappableValue/fromMappedValue(_:context:)``), with
  /// the concrete type in hand; throws what that conversion throws, with nothing written.
  static func mapFast(
    _ raw: Any, into field: UnsafeMutableRawPointer, context: MappingContext
  ) throws
}

/// A decoder's integer, read only where its number is written as an integer.
///
/// `JSONDecoder` reads a fraction whose `Double` is whole (`1.0000000000000001`,
/// `1447644073709500.010057827`) into an `Int`, where the text reader and the walk keep the
/// fraction (and an `Int` property reports it): the literal's `Decimal`, exact, tells. A number
/// a decoder gives no `Decimal` for (property lists; `1e-400`) is taken as the decoder reads it,
/// as the walk takes it.
///
/// The value is read as this type (a `Decodable` of its own), whose single-value container is
/// asked for the `Decimal` and then the integer: one look-up of a key, and an array's element
/// asked for once (a keyed or unkeyed container cannot be asked twice for one element).
///
/// Not generic: the metadata of a generic instance (`DecodedInteger<Int>`) is looked up in the
/// runtime's cache, under its lock, each time it is passed to the decoder (a fifth of the
/// difference between decoding a GitHub user into a model and into a `Codable` class). An
/// `Int` is read as an `Int64` and narrowed (the same integers on 64-bit platforms).
struct DecodedInteger: Decodable {
  let value: Int64

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let decimal = try? container.decode(Decimal.self), decimal.exponent < 0 {
      throw NotAnInteger()
    }
    // The container's requirement for the type: the generic `decode(_:)` goes through
    // `Int64.init(from:)` and a nested decoder (twice the instructions in `JSONDecoder`).
    value = try container.decode(Int64.self)
  }

  /// The value is a fraction: not read fast (the walk reads it, and the conversion reports it).
  private struct NotAnInteger: Error {}

  /// The integer under `key`; `nil`, with nothing recorded, where it is not one.
  @inline(__always)
  static func decode<Value: FixedWidthInteger>(
    _: Value.Type, _ container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey
  ) -> Value? {
    (try? container.decode(Self.self, forKey: key)).flatMap { Value(exactly: $0.value) }
  }

  /// The next element as an integer; `nil` where it is not one (the container stays before
  /// it for `JSONDecoder`, and the caller reads the whole array again in any case).
  @inline(__always)
  static func decodeElement<Value: FixedWidthInteger>(
    _: Value.Type, _ container: inout any UnkeyedDecodingContainer
  ) -> Value? {
    (try? container.decode(Self.self)).flatMap { Value(exactly: $0.value) }
  }
}

/// What ``JSONFastValue/decodeFastIfPresent(into:from:forKey:context:)`` found.
enum DecodedPresence {
  /// The value, decoded into the field.
  case decoded
  /// A missing key or `null`: the decoder's `decodeIfPresent` gave `nil`.
  case absentOrNull
  /// A value this type does not decode fast (of another kind, or a null string): nothing
  /// written.
  case notDecoded
  /// Not asked: the type has no such decoding.
  case unasked
}

/// What reading or decoding a property's own value gave
/// (``JSONFastValue/readProperty(_:context:)``), as ``ArrayRead`` says it for an array.
enum PropertyRead<Value> {
  /// The value (in lenient mode, an array of the elements that convert).
  case value(Value)
  /// The value was read and its issues recorded (an array's element did not convert, outside
  /// lenient mode); it is not written.
  case recorded
  /// Nothing was read or recorded: the caller reads the value the ordinary way.
  case notRead
}

extension JSONFastValue {
  static func decodeProperty(
    into field: UnsafeMutableRawPointer, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, depth: Int, context: MappingContext
  ) -> Bool {
    decodeFast(into: field, from: container, forKey: key, context: context)
  }

  static func readProperty(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> PropertyRead<Self> {
    guard let value = try readFast(&parser, context: context) else { return .notRead }
    return .value(value)
  }

  static func decodeProperty(
    _ container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey, depth: Int,
    context: MappingContext
  ) -> PropertyRead<Self> {
    guard let value = decodeFast(container, forKey: key, context: context) else { return .notRead }
    return .value(value)
  }

  static func decodeFastIfPresent(
    into field: UnsafeMutableRawPointer, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, context: MappingContext
  ) -> DecodedPresence {
    .unasked
  }

  @inline(__always)
  static func readFast(
    into field: UnsafeMutableRawPointer, _ parser: inout JSONReader.Parser,
    context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    guard let value = try readFast(&parser, context: context) else { return false }
    field.assumingMemoryBound(to: Self.self).pointee = value
    return true
  }

  @inline(__always)
  static func decodeFast(
    into field: UnsafeMutableRawPointer, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, context: MappingContext
  ) -> Bool {
    guard let value = decodeFast(container, forKey: key, context: context) else { return false }
    field.assumingMemoryBound(to: Self.self).pointee = value
    return true
  }

  @inline(__always)
  static func copyField(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer) {
    target.assumingMemoryBound(to: Self.self).pointee =
      source.assumingMemoryBound(
        to: Self.self
      ).pointee
  }

  @inline(__always)
  static func readFastElement(
    _ parser: inout JSONReader.Parser, context: MappingContext,
    into slot: UnsafeMutablePointer<Self>
  ) throws(JSONSyntaxError) -> Bool {
    guard let value = try readFast(&parser, context: context) else { return false }
    slot.initialize(to: value)
    return true
  }

  @inline(__always)
  static func writeFast(
    from field: UnsafeRawPointer, into writer: inout JSONWriter.Writer, context: MappingContext
  ) -> Bool {
    writeFast(field.assumingMemoryBound(to: Self.self).pointee, into: &writer, context: context)
  }

  static func arraysEqual(_ lhs: [Self], _ rhs: [Self]) -> Bool? { nil }

  static func mappedEqual(
    _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, context: MappingContext?
  ) -> Bool {
    writtenValuesEqual(lhs, rhs, context: context)
  }

  /// Whether the values in the fields at `lhs` and `rhs` are equal as written
  /// (``dictionaryValue(from:context:)``, compared by ``JSONValue/equal(_:_:)``).
  static func writtenValuesEqual(
    _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, context: MappingContext?
  ) -> Bool {
    let context = context ?? MappingContext()
    switch (
      dictionaryValue(from: lhs, context: context), dictionaryValue(from: rhs, context: context)
    ) {
    case (nil, nil): return true
    case (let left?, let right?): return JSONValue.equal(left, right)
    default: return false
    }
  }

  static func hashMapped(
    _ field: UnsafeRawPointer, into hasher: inout Hasher, context: MappingContext
  ) -> Bool {
    guard let value = dictionaryValue(from: field, context: context) else { return false }
    JSONValue.hash(value, into: &hasher)
    return true
  }

  @inline(__always)
  static func mapFast(
    _ raw: Any, into field: UnsafeMutableRawPointer, context: MappingContext
  ) throws {
    field.assumingMemoryBound(to: Self.self).pointee = try fromMappedValue(raw, context: context)
  }

  @inline(__always)
  static func dictionaryValue(from field: UnsafeRawPointer, context: MappingContext) -> Any? {
    field.assumingMemoryBound(to: Self.self).pointee.toMappedValue(context: context)
  }
}

/// A value read fast that ``ModelBase/toDictionary()`` holds as itself, one JSON scalar that
/// is never left out: its properties compare with `==` and hash as their scalar.
protocol JSONScalarFastValue: JSONFastValue, Equatable {
  /// The value as ``JSONValue`` compares and hashes it.
  var jsonScalar: JSONValue.Scalar { get }
}

extension JSONScalarFastValue {
  /// The elements are what the dictionary holds (one scalar each, never left out), so the
  /// arrays' `==` is `JSONValue.equal`'s answer.
  static func arraysEqual(_ lhs: [Self], _ rhs: [Self]) -> Bool? { lhs == rhs }

  static func mappedEqual(
    _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, context: MappingContext?
  ) -> Bool {
    lhs.assumingMemoryBound(to: Self.self).pointee == rhs.assumingMemoryBound(to: Self.self).pointee
  }

  static func hashMapped(
    _ field: UnsafeRawPointer, into hasher: inout Hasher, context: MappingContext
  ) -> Bool {
    hasher.combine(field.assumingMemoryBound(to: Self.self).pointee.jsonScalar)
    return true
  }
}

extension Int: JSONScalarFastValue {
  var jsonScalar: JSONValue.Scalar { .integer(Int64(self)) }

  static func writeFast(_ value: Int, into writer: inout JSONWriter.Writer, context: MappingContext)
    -> Bool
  {
    writer.writeInteger(value.magnitude, negative: value < 0)
    return true
  }

  static func readFast(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> Int? {
    guard parser.isAtNumber else { return nil }
    if let integer = parser.scanInteger() { return integer }
    return try parser.scanNumber().integerValue
  }

  static func decodeFast(
    _ container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    context: MappingContext
  ) -> Int? {
    DecodedInteger.decode(Int.self, container, forKey: key)
  }

  static func decodeFastElement(
    _ container: inout any UnkeyedDecodingContainer, context: MappingContext
  ) -> Int? {
    DecodedInteger.decodeElement(Int.self, &container)
  }
}

/// An `Int64` is read and written as `Int` is: the same integers, the same rules.
extension Int64: JSONScalarFastValue {
  var jsonScalar: JSONValue.Scalar { .integer(self) }

  static func writeFast(
    _ value: Int64, into writer: inout JSONWriter.Writer, context: MappingContext
  ) -> Bool {
    writer.writeInteger(value.magnitude, negative: value < 0)
    return true
  }

  static func readFast(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> Int64? {
    try Int.readFast(&parser, context: context).map(Int64.init)
  }

  static func decodeFast(
    _ container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    context: MappingContext
  ) -> Int64? {
    DecodedInteger.decode(Int64.self, container, forKey: key)
  }

  static func decodeFastElement(
    _ container: inout any UnkeyedDecodingContainer, context: MappingContext
  ) -> Int64? {
    DecodedInteger.decodeElement(Int64.self, &container)
  }
}

extension Double: JSONFastValue {
  /// A NaN or an infinity is left out.
  static func mappedEqual(
    _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, context: MappingContext?
  ) -> Bool {
    let left = lhs.assumingMemoryBound(to: Double.self).pointee
    let right = rhs.assumingMemoryBound(to: Double.self).pointee
    guard left.isFinite, right.isFinite else { return !left.isFinite && !right.isFinite }
    return left == right
  }

  static func hashMapped(
    _ field: UnsafeRawPointer, into hasher: inout Hasher, context: MappingContext
  ) -> Bool {
    let value = field.assumingMemoryBound(to: Double.self).pointee
    guard value.isFinite else { return false }
    hasher.combine(JSONValue.Scalar(number: value))
    return true
  }

  static func writeFast(
    _ value: Double, into writer: inout JSONWriter.Writer, context: MappingContext
  ) -> Bool {
    guard value.isFinite else { return false }
    try? writer.writeDouble(value)  // throws only for a non-finite value
    return true
  }

  static func readFast(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> Double? {
    guard parser.isAtNumber else { return nil }
    let literal = try parser.scanNumber()
    return parser.doubleValue(of: literal)
  }

  static func decodeFast(
    _ container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    context: MappingContext
  ) -> Double? {
    try? container.decode(Double.self, forKey: key)
  }

  static func decodeFastElement(
    _ container: inout any UnkeyedDecodingContainer, context: MappingContext
  ) -> Double? {
    try? container.decode(Double.self)
  }
}

extension Bool: JSONScalarFastValue {
  var jsonScalar: JSONValue.Scalar { .bool(self) }

  static func writeFast(
    _ value: Bool, into writer: inout JSONWriter.Writer, context: MappingContext
  )
    -> Bool
  {
    writer.writeBool(value)
    return true
  }

  static func readFast(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> Bool? {
    switch parser.currentByte {
    case UInt8(ascii: "t"):
      try parser.expectLiteral("true")
      return true
    case UInt8(ascii: "f"):
      try parser.expectLiteral("false")
      return false
    default:
      return nil
    }
  }

  static func decodeFast(
    _ container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    context: MappingContext
  ) -> Bool? {
    try? container.decode(Bool.self, forKey: key)
  }

  static func decodeFastElement(
    _ container: inout any UnkeyedDecodingContainer, context: MappingContext
  ) -> Bool? {
    try? container.decode(Bool.self)
  }
}

extension String: JSONScalarFastValue {
  var jsonScalar: JSONValue.Scalar { .string(self) }

  static func writeFast(
    _ value: String, into writer: inout JSONWriter.Writer, context: MappingContext
  ) -> Bool {
    writer.writeString(value)
    return true
  }

  /// A string as it is: what `String` takes in every mode.
  static func readFast(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> String? {
    guard parser.currentByte == UInt8(ascii: "\"") else { return nil }
    return try parser.parseString()
  }

  /// A property's string, unless it is one of the model's null strings.
  ///
  /// The ordinary way makes a null string a default, or `nil`. An array's strings are taken as
  /// they are.
  static func readFast(
    into field: UnsafeMutableRawPointer, _ parser: inout JSONReader.Parser,
    context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    guard let value = try readFast(&parser, context: context), !context.isNullString(value)
    else { return false }
    field.assumingMemoryBound(to: String.self).pointee = value
    return true
  }

  static func decodeFast(
    _ container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    context: MappingContext
  ) -> String? {
    try? container.decode(String.self, forKey: key)
  }

  static func decodeFastElement(
    _ container: inout any UnkeyedDecodingContainer, context: MappingContext
  ) -> String? {
    try? container.decode(String.self)
  }

  /// A property's string, unless it is one of the model's null strings (as from text).
  static func decodeFast(
    into field: UnsafeMutableRawPointer, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, context: MappingContext
  ) -> Bool {
    guard let value = decodeFast(container, forKey: key, context: context),
      !context.isNullString(value)
    else { return false }
    field.assumingMemoryBound(to: String.self).pointee = value
    return true
  }
}

extension Optional: JSONFastValue where Wrapped: JSONFastValue {
  /// `nil` is left out, as is a wrapped value its type leaves out.
  static func mappedEqual(
    _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, context: MappingContext?
  ) -> Bool {
    // `if let` rather than a switch over the pair: a tuple of optionals would look up its
    // metadata on every call in this unspecialized code.
    let left = lhs.assumingMemoryBound(to: Self.self)
    let right = rhs.assumingMemoryBound(to: Self.self)
    guard let leftValue = left.pointee else {
      guard let rightValue = right.pointee else { return true }
      return isLeftOut(rightValue, context: context)
    }
    guard let rightValue = right.pointee else { return isLeftOut(leftValue, context: context) }
    return withUnsafePointer(to: leftValue) { leftValue in
      withUnsafePointer(to: rightValue) { Wrapped.mappedEqual(leftValue, $0, context: context) }
    }
  }

  /// Whether `value` is left out of the dictionary (a NaN, say): then equal to `nil`.
  private static func isLeftOut(_ value: Wrapped, context: MappingContext?) -> Bool {
    withUnsafePointer(to: value) {
      Wrapped.dictionaryValue(from: $0, context: context ?? MappingContext()) == nil
    }
  }

  static func hashMapped(
    _ field: UnsafeRawPointer, into hasher: inout Hasher, context: MappingContext
  ) -> Bool {
    guard let value = field.assumingMemoryBound(to: Self.self).pointee else { return false }
    return withUnsafePointer(to: value) {
      Wrapped.hashMapped($0, into: &hasher, context: context)
    }
  }

  /// An array's `nil` element is `null`.
  static func writeFast(
    _ value: Wrapped?, into writer: inout JSONWriter.Writer, context: MappingContext
  ) -> Bool {
    guard let value else {
      writer.output.append(contentsOf: "null".utf8)
      return true
    }
    return Wrapped.writeFast(value, into: &writer, context: context)
  }

  /// A `nil` property is left out.
  ///
  /// The common optional fields by code for their type, as they are read: unspecialized, each
  /// call would look up the metadata of `Optional<Wrapped>` (more than the conversion costs).
  static func dictionaryValue(from field: UnsafeRawPointer, context: MappingContext) -> Any? {
    if Wrapped.self == String.self {
      return someMappedValue(String.self, from: field, context: context)
    } else if Wrapped.self == Int.self {
      return someMappedValue(Int.self, from: field, context: context)
    } else if Wrapped.self == Int64.self {
      return someMappedValue(Int64.self, from: field, context: context)
    } else if Wrapped.self == Bool.self {
      return someMappedValue(Bool.self, from: field, context: context)
    } else if Wrapped.self == Double.self {
      return someMappedValue(Double.self, from: field, context: context)
    }
    return someMappedValueWrapped(from: field, context: context)
  }

  /// ``dictionaryValue(from:context:)`` for any other wrapped type, apart.
  @inline(never)
  private static func someMappedValueWrapped(
    from field: UnsafeRawPointer, context: MappingContext
  ) -> Any? {
    someMappedValue(Wrapped.self, from: field, context: context)
  }

  /// A `Value?` field's mapped value; `nil` for `nil`.
  @inline(__always)
  private static func someMappedValue<Value: JSONFastValue>(
    _ type: Value.Type, from field: UnsafeRawPointer, context: MappingContext
  ) -> Any? {
    guard let value = field.assumingMemoryBound(to: Value?.self).pointee else { return nil }
    return value.toMappedValue(context: context)
  }

  /// A `nil` property is left out.
  ///
  /// The common optional fields are written by code for their type, as they are read
  /// (``readFast(into:_:context:)``).
  static func writeFast(
    from field: UnsafeRawPointer, into writer: inout JSONWriter.Writer, context: MappingContext
  ) -> Bool {
    if Wrapped.self == String.self {
      return writeSome(String.self, from: field, into: &writer, context: context)
    } else if Wrapped.self == Int.self {
      return writeSome(Int.self, from: field, into: &writer, context: context)
    } else if Wrapped.self == Int64.self {
      return writeSome(Int64.self, from: field, into: &writer, context: context)
    } else if Wrapped.self == Bool.self {
      return writeSome(Bool.self, from: field, into: &writer, context: context)
    } else if Wrapped.self == Double.self {
      return writeSome(Double.self, from: field, into: &writer, context: context)
    }
    return writeSomeWrapped(from: field, into: &writer, context: context)
  }

  /// ``writeFast(from:into:context:)`` for any other wrapped type, apart (as
  /// `readSomeWrapped(into:_:context:)` is).
  @inline(never)
  private static func writeSomeWrapped(
    from field: UnsafeRawPointer, into writer: inout JSONWriter.Writer, context: MappingContext
  ) -> Bool {
    writeSome(Wrapped.self, from: field, into: &writer, context: context)
  }

  /// Writes a `Value?` field's value; `false` for `nil`.
  @inline(__always)
  private static func writeSome<Value: JSONFastValue>(
    _ type: Value.Type, from field: UnsafeRawPointer, into writer: inout JSONWriter.Writer,
    context: MappingContext
  ) -> Bool {
    guard let value = field.assumingMemoryBound(to: Value?.self).pointee else { return false }
    return Value.writeFast(value, into: &writer, context: context)
  }

  /// The wrapped value; `nil` for `null` and for the model's null strings, which the ordinary
  /// way makes `nil` (or a default).
  static func readFast(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> Wrapped?? {
    guard let value = try Wrapped.readFast(&parser, context: context) else { return nil }
    if isNullString(value, context: context) { return nil }
    return .some(value)
  }

  /// Whether `value` is one of the model's null strings: a `String` without a cast (which
  /// would box it), any other value that is a string through one.
  @inline(__always)
  private static func isNullString<Value>(_ value: Value, context: MappingContext) -> Bool {
    if Value.self == String.self {
      return context.isNullString(unsafeBitCast(value, to: String.self))
    }
    guard let string = value as? String else { return false }
    return context.isNullString(string)
  }

  /// The common optional fields (`String?`, `Int?`, `Int64?`, `Bool?`, `Double?`) are read
  /// by code written for their type: unspecialized, each read would look up the metadata of
  /// `Optional<Wrapped>` (a few hundred instructions, more than the read).
  static func readFast(
    into field: UnsafeMutableRawPointer, _ parser: inout JSONReader.Parser,
    context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    if Wrapped.self == String.self {
      return try readSome(String.self, into: field, &parser, context: context)
    } else if Wrapped.self == Int.self {
      return try readSome(Int.self, into: field, &parser, context: context)
    } else if Wrapped.self == Int64.self {
      return try readSome(Int64.self, into: field, &parser, context: context)
    } else if Wrapped.self == Bool.self {
      return try readSome(Bool.self, into: field, &parser, context: context)
    } else if Wrapped.self == Double.self {
      return try readSome(Double.self, into: field, &parser, context: context)
    }
    return try readSomeWrapped(into: field, &parser, context: context)
  }

  /// ``readFast(into:_:context:)`` for any other wrapped type, apart: the metadata it looks up
  /// would otherwise be looked up at the start of the function that dispatches.
  ///
  /// Read as the wrapped type's own property is (``readProperty(_:context:)``): an array
  /// converts the elements it does not read fast where they stand, as a property of the
  /// wrapped type does.
  @inline(never)
  private static func readSomeWrapped(
    into field: UnsafeMutableRawPointer, _ parser: inout JSONReader.Parser,
    context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    store(try Wrapped.readProperty(&parser, context: context), into: field, context: context)
  }

  /// Stores what reading or decoding the wrapped type's property value gave into a `Wrapped?`
  /// field.
  ///
  /// The value, where it is not one of the model's null strings (which the ordinary way
  /// makes `nil` or a default); nothing where its issues are recorded. `false` where the
  /// caller reads the value the ordinary way.
  @inline(__always)
  private static func store(
    _ read: PropertyRead<Wrapped>, into field: UnsafeMutableRawPointer, context: MappingContext
  ) -> Bool {
    switch read {
    case .value(let value):
      guard !isNullString(value, context: context) else { return false }
      field.assumingMemoryBound(to: Wrapped?.self).pointee = .some(value)
      return true
    case .recorded:
      return true
    case .notRead:
      return false
    }
  }

  /// Reads a `Value?` field's value: `false` for `null`, for a value of another kind and for
  /// the model's null strings (which the ordinary way makes `nil` or a default).
  @inline(__always)
  private static func readSome<Value: JSONFastValue>(
    _ type: Value.Type, into field: UnsafeMutableRawPointer, _ parser: inout JSONReader.Parser,
    context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    guard let value = try Value.readFast(&parser, context: context),
      !isNullString(value, context: context)
    else { return false }
    field.assumingMemoryBound(to: Value?.self).pointee = .some(value)
    return true
  }

  /// The wrapped value; `nil` for `null` (asked for before) and for the model's null strings.
  static func decodeFast(
    _ container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    context: MappingContext
  ) -> Wrapped?? {
    guard let value = Wrapped.decodeFast(container, forKey: key, context: context) else {
      return nil
    }
    if isNullString(value, context: context) { return nil }
    return .some(value)
  }

  static func decodeFastElement(
    _ container: inout any UnkeyedDecodingContainer, context: MappingContext
  ) -> Wrapped?? {
    guard let value = Wrapped.decodeFastElement(&container, context: context) else {
      return nil
    }
    if isNullString(value, context: context) { return nil }
    return .some(value)
  }

  /// The common optional fields are decoded by code for their type, as they are read
  /// (``readFast(into:_:context:)``).
  static func decodeFast(
    into field: UnsafeMutableRawPointer, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, context: MappingContext
  ) -> Bool {
    if Wrapped.self == String.self {
      return decodeSome(String.self, into: field, from: container, forKey: key, context: context)
    } else if Wrapped.self == Int.self {
      return decodeSome(Int.self, into: field, from: container, forKey: key, context: context)
    } else if Wrapped.self == Int64.self {
      return decodeSome(Int64.self, into: field, from: container, forKey: key, context: context)
    } else if Wrapped.self == Bool.self {
      return decodeSome(Bool.self, into: field, from: container, forKey: key, context: context)
    } else if Wrapped.self == Double.self {
      return decodeSome(Double.self, into: field, from: container, forKey: key, context: context)
    }
    return decodeSomeWrapped(into: field, from: container, forKey: key, context: context)
  }

  /// The common optional fields ask the decoder once (`decodeIfPresent`), where
  /// ``FieldAccessor`` would otherwise ask whether the key is there and whether it is `null`
  /// before the value: three look-ups of the key for a value present, as many as in a
  /// `Codable` type's `decodeIfPresent` for one.
  static func decodeFastIfPresent(
    into field: UnsafeMutableRawPointer, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, context: MappingContext
  ) -> DecodedPresence {
    do {
      if Wrapped.self == String.self {
        let value = try container.decodeIfPresent(String.self, forKey: key)
        return present(value, into: field, context: context)
      } else if Wrapped.self == Int.self {
        guard let value = try container.decodeIfPresent(DecodedInteger.self, forKey: key) else {
          return .absentOrNull
        }
        guard let integer = Int(exactly: value.value) else { return .notDecoded }
        return present(integer, into: field, context: context)
      } else if Wrapped.self == Int64.self {
        let value = try container.decodeIfPresent(DecodedInteger.self, forKey: key)
        return present(value?.value, into: field, context: context)
      } else if Wrapped.self == Bool.self {
        let value = try container.decodeIfPresent(Bool.self, forKey: key)
        return present(value, into: field, context: context)
      } else if Wrapped.self == Double.self {
        let value = try container.decodeIfPresent(Double.self, forKey: key)
        return present(value, into: field, context: context)
      }
    } catch {
      return .notDecoded
    }
    return .unasked
  }

  /// Writes a `Value?` field's decoded value, `nil` for a missing key or `null`; a null
  /// string is not written.
  @inline(__always)
  private static func present<Value: JSONFastValue>(
    _ value: Value?, into field: UnsafeMutableRawPointer, context: MappingContext
  ) -> DecodedPresence {
    guard let value else { return .absentOrNull }
    guard !isNullString(value, context: context) else { return .notDecoded }
    field.assumingMemoryBound(to: Value?.self).pointee = .some(value)
    return .decoded
  }

  /// The common optional fields as ``decodeFast(into:from:forKey:context:)`` decodes them;
  /// any other wrapped type as its own property is decoded
  /// (``decodeProperty(_:forKey:depth:context:)``: an array converts the elements it does not
  /// decode fast where they stand).
  static func decodeProperty(
    into field: UnsafeMutableRawPointer, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, depth: Int, context: MappingContext
  ) -> Bool {
    if Wrapped.self == String.self || Wrapped.self == Int.self || Wrapped.self == Int64.self
      || Wrapped.self == Bool.self || Wrapped.self == Double.self
    {
      return decodeFast(into: field, from: container, forKey: key, context: context)
    }
    return decodePropertyWrapped(
      into: field, from: container, forKey: key, depth: depth, context: context)
  }

  /// ``decodeProperty(into:from:forKey:depth:context:)`` for any other wrapped type, apart
  /// (as `readSomeWrapped(into:_:context:)` is).
  @inline(never)
  private static func decodePropertyWrapped(
    into field: UnsafeMutableRawPointer, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, depth: Int, context: MappingContext
  ) -> Bool {
    store(
      Wrapped.decodeProperty(container, forKey: key, depth: depth, context: context),
      into: field, context: context)
  }

  /// ``decodeFast(into:from:forKey:context:)`` for any other wrapped type, apart (as
  /// `readSomeWrapped(into:_:context:)` is).
  @inline(never)
  private static func decodeSomeWrapped(
    into field: UnsafeMutableRawPointer, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, context: MappingContext
  ) -> Bool {
    decodeSome(Wrapped.self, into: field, from: container, forKey: key, context: context)
  }

  /// Decodes a `Value?` field's value: `false` for a value of another kind and for the model's
  /// null strings (`null` is asked for before).
  @inline(__always)
  private static func decodeSome<Value: JSONFastValue>(
    _ type: Value.Type, into field: UnsafeMutableRawPointer,
    from container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    context: MappingContext
  ) -> Bool {
    guard let value = Value.decodeFast(container, forKey: key, context: context),
      !isNullString(value, context: context)
    else { return false }
    field.assumingMemoryBound(to: Value?.self).pointee = .some(value)
    return true
  }
}

// `writeFast`, `readFastElement` and `decodeFastElement` are specialized for the element types
// arrays of arrays hold most (coordinates, matrices, tables), with one list kept the same on
// the three: unspecialized, each inner array costs a runtime lookup of its own type's metadata
// (a third of a GeoJSON read, half of its `toJSON()`). An attribute list cannot be shared.
extension Array: JSONFastValue where Element: JSONFastValue {
  /// Arrays of scalars the dictionary holds as themselves compare as they are (a level of
  /// nesting counted only in a new context, where it never reaches the limit); others as
  /// written.
  static func mappedEqual(
    _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, context: MappingContext?
  ) -> Bool {
    if context == nil,
      let equal = Element.arraysEqual(
        lhs.assumingMemoryBound(to: Self.self).pointee,
        rhs.assumingMemoryBound(to: Self.self).pointee)
    {
      return equal
    }
    return writtenValuesEqual(lhs, rhs, context: context)
  }

  /// `[]` when empty; otherwise a level of nesting, and the elements that are not left out.
  @_specialize(where Element == Double)
  @_specialize(where Element == Int)
  @_specialize(where Element == Int64)
  @_specialize(where Element == Bool)
  @_specialize(where Element == String)
  @_specialize(where Element == [Double])
  @_specialize(where Element == [Int])
  static func writeFast(
    _ value: [Element], into writer: inout JSONWriter.Writer, context: MappingContext
  ) -> Bool {
    if value.isEmpty {
      writer.writeEmptyArray()
      return true
    }
    guard context.enterOutputNesting() else { return false }
    defer { context.leaveNesting() }
    writer.writeElements(value) { element, writer in
      Element.writeFast(element, into: &writer, context: context)
    }
    return true
  }

  @_specialize(where Element == Double)
  @_specialize(where Element == Int)
  @_specialize(where Element == Int64)
  @_specialize(where Element == Bool)
  @_specialize(where Element == String)
  @_specialize(where Element == [Double])
  @_specialize(where Element == [Int])
  static func readFast(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> [Element]? {
    var result: [Element] = []
    return try readElements(&parser, context: context, into: &result) == .read ? result : nil
  }

  @_specialize(where Element == Double)
  @_specialize(where Element == Int)
  @_specialize(where Element == Int64)
  @_specialize(where Element == Bool)
  @_specialize(where Element == String)
  @_specialize(where Element == [Double])
  @_specialize(where Element == [Int])
  static func readFast(
    into field: UnsafeMutableRawPointer, _ parser: inout JSONReader.Parser,
    context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    var result: [Element] = []
    let read = try readElements(&parser, context: context, into: &result, converting: true)
    return store(read, &result, into: field)
  }

  @_specialize(where Element == Double)
  @_specialize(where Element == Int)
  @_specialize(where Element == Int64)
  @_specialize(where Element == Bool)
  @_specialize(where Element == String)
  @_specialize(where Element == [Double])
  @_specialize(where Element == [Int])
  static func readFastElement(
    _ parser: inout JSONReader.Parser, context: MappingContext,
    into slot: UnsafeMutablePointer<Self>
  ) throws(JSONSyntaxError) -> Bool {
    var result: [Element] = []
    guard try readElements(&parser, context: context, into: &result) == .read else { return false }
    slot.initialize(to: result)
    return true
  }

  static func decodeFast(
    _ container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    context: MappingContext
  ) -> [Element]? {
    guard var elements = try? container.nestedUnkeyedContainer(forKey: key) else { return nil }
    return decodeElements(&elements, context: context)
  }

  static func decodeProperty(
    into field: UnsafeMutableRawPointer, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, depth: Int, context: MappingContext
  ) -> Bool {
    guard var elements = try? container.nestedUnkeyedContainer(forKey: key) else { return false }
    var result: [Element] = []
    // The elements are inside the array, itself inside what holds `container`'s members.
    let read = decodeElements(&elements, context: context, into: &result, depth: depth + 1)
    return store(read, &result, into: field)
  }

  static func readProperty(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> PropertyRead<[Element]> {
    var result: [Element] = []
    return property(
      try readElements(&parser, context: context, into: &result, converting: true), result)
  }

  static func decodeProperty(
    _ container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey, depth: Int,
    context: MappingContext
  ) -> PropertyRead<[Element]> {
    guard var elements = try? container.nestedUnkeyedContainer(forKey: key) else {
      return .notRead
    }
    var result: [Element] = []
    return property(
      decodeElements(&elements, context: context, into: &result, depth: depth + 1), result)
  }

  /// What reading the property's own array gave, as a ``PropertyRead``.
  @inline(__always)
  private static func property(_ read: ArrayRead, _ result: [Element]) -> PropertyRead<[Element]> {
    switch read {
    case .read: .value(result)
    case .recorded: .recorded
    case .notRead: .notRead
    }
  }

  /// Stores what reading the property's own array gave into its field: the array
  /// (``ArrayRead/read``), or nothing where its issues are recorded, as the ordinary way
  /// leaves it; `false` where the caller reads the value the ordinary way.
  @inline(__always)
  private static func store(
    _ read: ArrayRead, _ result: inout [Element], into field: UnsafeMutableRawPointer
  ) -> Bool {
    switch read {
    case .read:
      // Exchanged, not assigned: the array moves into the field without a retain of its own.
      swap(&field.assumingMemoryBound(to: Self.self).pointee, &result)
      return true
    case .recorded:
      return true
    case .notRead:
      return false
    }
  }

  @_specialize(where Element == Double)
  @_specialize(where Element == Int)
  @_specialize(where Element == Int64)
  @_specialize(where Element == Bool)
  @_specialize(where Element == String)
  @_specialize(where Element == [Double])
  @_specialize(where Element == [Int])
  static func decodeFastElement(
    _ container: inout any UnkeyedDecodingContainer, context: MappingContext
  ) -> [Element]? {
    guard var elements = try? container.nestedUnkeyedContainer() else { return nil }
    return decodeElements(&elements, context: context)
  }

  /// The elements of `container`, each decoded fast; `nil` at the first that is not.
  private static func decodeElements(
    _ container: inout any UnkeyedDecodingContainer, context: MappingContext
  ) -> [Element]? {
    var result: [Element] = []
    guard decodeElements(&container, context: context, into: &result) == .read else { return nil }
    return result
  }

  /// Decodes the elements of `container` into `result`.
  ///
  /// A non-empty array counts a level of nesting, as the ordinary way does (an
  /// ``ElementWalk``). An element that is not decoded fast ends the read with
  /// ``ArrayRead/notRead``: the caller reads the whole array again the ordinary way. Where
  /// `depth` is given (the property's own array: how many containers its elements are
  /// inside), that element is converted the ordinary way instead and the read goes on
  /// (``decodeRest(_:depth:context:into:)``), when the decoder left it there to be read.
  private static func decodeElements(
    _ container: inout any UnkeyedDecodingContainer, context: MappingContext,
    into result: inout [Element], depth: Int? = nil
  ) -> ArrayRead {
    if container.isAtEnd { return .read }
    // The level `ElementWalk` enters, entered here without making one: the walk is needed only
    // where an element is not decoded fast (`decodeRest`).
    guard context.tryEnterNesting() else { return .notRead }
    defer { context.leaveNesting() }
    if let count = container.count { result.reserveCapacity(count) }
    while !container.isAtEnd {
      let position = container.currentIndex
      guard let element = Element.decodeFastElement(&container, context: context) else {
        // A decoder whose failed question moved past the element cannot be asked again.
        guard let depth, container.currentIndex == position else { return .notRead }
        return decodeRest(&container, depth: depth, context: context, into: &result)
      }
      result.append(element)
    }
    return .read
  }

  /// Decodes the elements from the one `container` is at (not decoded fast; `result` holds
  /// those before it) to the end into `result`: each decoded fast where it can be, any other
  /// walked as the ordinary way walks it (``DecodingWalk``, `depth` the containers it is
  /// inside) and converted as `[Element].fromMappedValue` converts it (an issue at its index
  /// when it does not), by ``ElementWalk``'s rules, in the level the caller entered.
  ///
  /// ``ArrayRead/notRead`` (what was recorded taken back) where the decoder gives no element
  /// to walk, or the walk throws: the ordinary way then reads the whole value, and throws what
  /// it throws.
  @inline(never)
  private static func decodeRest(
    _ container: inout any UnkeyedDecodingContainer, depth: Int, context: MappingContext,
    into result: inout [Element]
  ) -> ArrayRead {
    var source = DecodedElements<Element>(depth: depth, longLiterals: context.longLiterals)
    return convertRest(&source, at: &container, context: context, into: &result)
  }

  /// Converts the elements of `source` from the one `cursor` is at to the end into `result`.
  ///
  /// `result` holds the elements before it; the caller entered the array's level. By the one
  /// loop of ``ElementWalk``: each element read fast where it can be, any other converted as
  /// `[Element].fromMappedValue` converts it. ``ArrayRead/notRead``, what was recorded taken
  /// back, where the source has an element it cannot give.
  @inline(__always)
  private static func convertRest<Source: ElementSource>(
    _ source: inout Source, at cursor: inout Source.Cursor, context: MappingContext,
    into result: inout [Element]
  ) throws(Source.Failure) -> ArrayRead where Source.Element == Element {
    let checkpoint = context.checkpoint()
    var walk = ElementWalk(inLevelEnteredBy: context)
    guard
      try walk.convertElements(
        of: &source, at: &cursor, startingAt: result.count, into: &result,
        expected: { MirrorModel.typeName(Element.self) },
        convert: { try Element.fromMappedValue($0, context: $1) })
    else {
      context.rollBack(to: checkpoint)
      return .notRead
    }
    return walk.failsWhole ? .recorded : .read
  }

  /// Reads the array at the parser's position into `result`.
  ///
  /// A non-empty array counts a level of nesting, as the ordinary way does (an
  /// ``ElementWalk``). The elements are read into a buffer on the stack first
  /// (``bufferedElements``) and moved into `result` when it is full and at the end: an array
  /// that fits is allocated once, at its size (a GeoJSON coordinate pair grown by appending is
  /// allocated twice).
  ///
  /// An element that is not read fast (a numeric string, `null`, a value that needs rounding
  /// rules) ends the read with ``ArrayRead/notRead``, the parser's position left anywhere:
  /// the caller reads the whole array again the ordinary way. Where `converting` (the
  /// property's own array, whose ordinary way is `[Element].fromMappedValue`), that element
  /// is converted the ordinary way instead and the read goes on (``readRest``): the array is
  /// read once, with the result and the issues of the ordinary way.
  private static func readElements(
    _ parser: inout JSONReader.Parser, context: MappingContext, into result: inout [Element],
    converting: Bool = false
  ) throws(JSONSyntaxError) -> ArrayRead {
    guard parser.currentByte == UInt8(ascii: "[") else { return .notRead }
    try parser.enterContainer(checkingStack: false)
    parser.skipWhitespace()
    if parser.currentByte == UInt8(ascii: "]") {
      parser.index += 1
      parser.depth -= 1
      return .read
    }
    // The level `ElementWalk` enters, entered here without making one: the walk is needed only
    // where an element is not read fast (`readRest`).
    guard context.tryEnterNesting() else { return .notRead }
    defer { context.leaveNesting() }
    let depth = parser.depth  // the elements'
    return try withUnsafeTemporaryAllocation(of: Element.self, capacity: bufferedElements) {
      buffer throws(JSONSyntaxError) -> ArrayRead in
      guard let base = buffer.baseAddress else { return .notRead }
      var buffered = ElementBuffer(base: base, capacity: buffer.count)
      defer { buffered.discard() }
      while true {
        parser.skipWhitespace()
        if buffered.isFull { buffered.move(into: &result) }
        let start = parser.index
        guard try Element.readFastElement(&parser, context: context, into: buffered.next) else {
          guard converting else { return .notRead }
          buffered.move(into: &result)  // `result` was empty: its count is the position
          parser.index = start
          parser.depth = depth
          return try readRest(&parser, depth: depth, context: context, into: &result)
        }
        buffered.count += 1
        parser.skipWhitespace()
        switch parser.currentByte {
        case UInt8(ascii: ","):
          parser.index += 1
        case UInt8(ascii: "]"):
          parser.index += 1
          parser.depth -= 1
          buffered.move(into: &result)
          return .read
        default:
          return .notRead
        }
      }
    }
  }

  /// Reads the elements from the one at the parser's position (at nesting `depth`, not read
  /// fast; `result` holds those before it) to the end of the array into `result`: each read
  /// fast where it can be, any other converted as `[Element].fromMappedValue` converts it
  /// (read as the tree reader reads it, an issue at its index when it does not convert), by
  /// ``ElementWalk``'s rules, in the level the caller entered.
  ///
  /// ``ArrayRead/notRead`` (what was recorded taken back) only where the thread's stack runs
  /// out inside an element: the ordinary way then reports the whole value, as it would have.
  @inline(never)
  private static func readRest(
    _ parser: inout JSONReader.Parser, depth: Int, context: MappingContext,
    into result: inout [Element]
  ) throws(JSONSyntaxError) -> ArrayRead {
    var source = TextElements<Element>(depth: depth)
    return try convertRest(&source, at: &parser, context: context, into: &result)
  }

  /// How many elements ``readElements(_:context:into:)`` reads before it moves them into the
  /// array: most arrays of scalars in JSON are shorter.
  private static var bufferedElements: Int { 16 }
}

/// What reading an array from JSON text gave (as ``DirectReadResult`` says it for models).
enum ArrayRead {
  /// The array, whole (in lenient mode, the elements that convert).
  case read
  /// The array was read and its issues recorded (an element did not convert, outside lenient
  /// mode); it is not written.
  case recorded
  /// Nothing was read or recorded: the caller reads the array the ordinary way.
  case notRead
}

/// Elements read into memory of the reader's own, moved into an array in one step.
private struct ElementBuffer<Element> {
  let base: UnsafeMutablePointer<Element>
  let capacity: Int
  /// How many elements, from `base` on, are initialized.
  var count = 0

  init(base: UnsafeMutablePointer<Element>, capacity: Int) {
    self.base = base
    self.capacity = capacity
  }

  var isFull: Bool { count == capacity }

  /// Where the next element goes.
  var next: UnsafeMutablePointer<Element> { base + count }

  /// Moves the elements to the end of `array`, which grows by doubling as appending does.
  mutating func move(into array: inout [Element]) {
    let moved = count
    count = 0
    let needed = array.count + moved
    if array.capacity < needed { array.reserveCapacity(Swift.max(needed, 2 * array.capacity)) }
    array.append(contentsOf: MovingElements(base: base, count: moved))
  }

  /// Deinitializes the elements not moved (a read that stopped half-way).
  mutating func discard() {
    base.deinitialize(count: count)
    count = 0
  }
}

/// Elements moved out of memory one at a time, as a sequence `append(contentsOf:)` takes.
private struct MovingElements<Element>: Sequence, IteratorProtocol {
  let base: UnsafeMutablePointer<Element>
  let count: Int
  var position = 0

  init(base: UnsafeMutablePointer<Element>, count: Int) {
    self.base = base
    self.count = count
  }

  var underestimatedCount: Int { count - position }

  mutating func next() -> Element? {
    guard position < count else { return nil }
    defer { position += 1 }
    return (base + position).move()
  }
}

/// The elements of an array in JSON text, from the parser's position on (the elements at
/// nesting `depth`): each read fast where it can be, else read as the tree reader reads it.
private struct TextElements<Element: JSONFastValue>: ElementSource {
  /// The elements' nesting depth, where a fast read that stopped half-way is put back.
  let depth: Int

  func fastElement(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> Element? {
    parser.skipWhitespace()
    let start = parser.index
    if let element = try Element.readFast(&parser, context: context) { return element }
    parser.index = start
    parser.depth = depth
    return nil
  }

  /// Unavailable only where the thread's stack runs out inside the element: the ordinary way
  /// then reports the whole value, as it would have.
  func rawElement(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> RawElement {
    guard
      let raw = try parser.parseValue(
        mappedBy: context, expected: MirrorModel.typeName(Element.self))
    else { return .unavailable }
    return .value(raw)
  }

  func advance(_ parser: inout JSONReader.Parser) throws(JSONSyntaxError) -> Bool {
    try parser.nextInCollection(closing: UInt8(ascii: "]"))
  }
}

/// The elements of a `Decoder`'s unkeyed container, from its position on: each decoded fast
/// where it can be, else walked as the ordinary way walks it (``DecodingWalk``, the elements
/// inside `depth` containers).
private struct DecodedElements<Element: JSONFastValue>: ElementSource {
  let depth: Int
  var reader: DecodingWalk
  /// The container's index before the fast question about the current element.
  var position = 0

  init(depth: Int, longLiterals: LongLiterals?) {
    self.depth = depth
    reader = DecodingWalk(longLiterals: longLiterals)
  }

  mutating func fastElement(
    _ container: inout any UnkeyedDecodingContainer, context: MappingContext
  ) -> Element? {
    position = container.currentIndex
    return Element.decodeFastElement(&container, context: context)
  }

  mutating func rawElement(
    _ container: inout any UnkeyedDecodingContainer, context: MappingContext
  ) -> RawElement {
    reader.element(of: &container, askedAt: position, depth: depth)
  }

  func advance(_ container: inout any UnkeyedDecodingContainer) -> Bool {
    !container.isAtEnd
  }
}
