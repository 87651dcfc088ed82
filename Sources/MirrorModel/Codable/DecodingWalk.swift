import Foundation

/// One walk over a decoder, reading values without a schema.
///
/// The kind of a value is found by trying one after another, and each failed try costs the
/// decoder an error (about a microsecond). So the walk remembers the kind last read under
/// each key, and the kind of the previous element of an array, and tries that first: in
/// payloads of repeated objects nearly every value is read at the first try. A hint changes
/// only the order of the tries, never the result, with decoders that keep the kinds apart
/// (`JSONDecoder` and `PropertyListDecoder` read neither `1` as `Bool` nor `true` as a
/// number).
struct DecodingWalk {
  /// Whether the decoder reads numbers as `Decimal` (JSON does, property lists do not).
  enum DecimalSupport {
    case unknown, yes, no
  }

  /// Dates are written as ISO 8601 text up to this many seconds from 1970 (31 million years).
  static let latestDate: TimeInterval = 1e15

  var decimalSupport = DecimalSupport.unknown
  /// Integers the decoder read but not as `Decimal`; three in a row mean it has no `Decimal`
  /// support (one alone may be a literal beyond `Decimal`'s range, such as `0e400`).
  var decimalFailures = 0
  private var kindsByKey: [String: DecodedKind] = [:]

  mutating func dictionary(
    from container: KeyedDecodingContainer<AnyCodingKey>, keys: [AnyCodingKey], depth: Int
  ) throws -> [String: Any] {
    var result: [String: Any] = [:]
    result.reserveCapacity(keys.count)
    for key in keys {
      var source = KeyedValueSource(container: container, key: key)
      let hint = kindsByKey[key.stringValue]
      let (value, kind) = try read(&source, hint: hint, depth: depth)
      if let kind, kind != hint { kindsByKey[key.stringValue] = kind }
      result[key.stringValue] = value
    }
    return result
  }

  mutating func array(from container: any UnkeyedDecodingContainer, depth: Int) throws -> [Any] {
    // Each element is read through a decoder of its own: probing an unkeyed container
    // directly would move past the element at the first probe that succeeds, and a number
    // takes two.
    var container = container
    var result: [Any] = []
    if let count = container.count { result.reserveCapacity(count) }
    var hint: DecodedKind?
    while !container.isAtEnd {
      var source = DecoderValueSource(decoder: try container.superDecoder())
      let (value, kind) = try read(&source, hint: hint, depth: depth)
      if let kind { hint = kind }
      result.append(value)
    }
    return result
  }

  /// Reads one value of any kind.
  mutating func value<Source: CodableValueSource>(
    from source: inout Source, depth: Int
  ) throws -> Any {
    try read(&source, hint: nil, depth: depth).value
  }

  /// Reads one value, trying the hinted kind first, and returns the kind it was (`nil` for
  /// dates and data, which are not worth a hint).
  ///
  /// Strings come before data and numbers before dates: JSON reads data from base64
  /// strings and dates from numbers.
  private mutating func read<Source: CodableValueSource>(
    _ source: inout Source, hint: DecodedKind?, depth: Int
  ) throws -> (value: Any, kind: DecodedKind?) {
    if let hint, let value = try read(hint, from: &source, depth: depth, firstTry: false) {
      return (value, hint)
    }
    for kind in DecodedKind.tryingOrder where kind != hint {
      if let value = try read(kind, from: &source, depth: depth, firstTry: true) {
        return (value, kind)
      }
    }
    return try readRare(&source, hint: hint)
  }

  /// The kinds tried last: numbers a first probe missed, dates and data.
  @inline(never)
  private mutating func readRare<Source: CodableValueSource>(
    _ source: inout Source, hint: DecodedKind?
  ) throws -> (value: Any, kind: DecodedKind?) {
    if hint != .number, let number = otherNumber(from: &source) {
      return (number, .number)
    }
    if let date = source.attempt(Date.self) {
      guard abs(date.timeIntervalSince1970) < Self.latestDate else {
        throw source.unreadable("The date \(date) is too far from 1970 to write as ISO 8601 text.")
      }
      return (ISO8601.string(from: date), nil)
    }
    if let data = source.attempt(Data.self) { return (data.base64EncodedString(), nil) }
    throw source.unreadable(
      "CodableBridge could not read the value as null, a string, a number, a boolean, "
        + "a dictionary, an array, a date or data.")
  }

  /// The value as `kind`, or `nil` when it is not one.
  ///
  /// - Parameters:
  ///   - kind: The kind to try.
  ///   - source: The value.
  ///   - depth: How deeply the value is nested.
  ///   - firstTry: For numbers, try only the cheap decisive probe (the rest comes after the
  ///     containers), because the value is likely of another kind.
  /// - Returns: The value, or `nil` when it is not of `kind`.
  /// - Throws: `DecodingError` from the containers inside the value.
  private mutating func read<Source: CodableValueSource>(
    _ kind: DecodedKind, from source: inout Source, depth: Int, firstTry: Bool
  ) throws -> Any? {
    switch kind {
    case .null:
      return source.isNull() ? NSNull() : nil
    case .string:
      return source.attempt(String.self)
    case .number:
      if let number = firstNumber(from: &source) { return number }
      return firstTry ? nil : otherNumber(from: &source)
    case .bool:
      return source.attempt(Bool.self)
    case .dictionary:
      return try readDictionary(from: &source, depth: depth)
    case .array:
      guard let container = source.unkeyedContainer() else { return nil }
      guard depth < CodableBridge.maximumDepth, StackBounds.hasRoom() else {
        throw tooDeep(source)
      }
      return try array(from: container, depth: depth + 1)
    }
  }

  private mutating func readDictionary<Source: CodableValueSource>(
    from source: inout Source, depth: Int
  ) throws -> Any? {
    guard let container = source.keyedContainer() else { return nil }
    let keys = container.allKeys
    if keys.count == Self.decimalKeys.count,
      let decimal = Self.decimal(fromEncodedForm: container, keys: keys)
    {
      return NSDecimalNumber(decimal: decimal)
    }
    guard depth < CodableBridge.maximumDepth, StackBounds.hasRoom() else {
      throw tooDeep(source)
    }
    return try dictionary(from: container, keys: keys, depth: depth + 1)
  }

  private func tooDeep<Source: CodableValueSource>(_ source: Source) -> DecodingError {
    source.unreadable(
      "The value nests containers more than \(CodableBridge.maximumDepth) levels deep, or "
        + "deeper than this thread's stack allows.")
  }
}
