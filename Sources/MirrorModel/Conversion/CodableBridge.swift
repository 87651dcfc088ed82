import Foundation

/// Moves the JSON-compatible value trees the mapping works on through any `Decoder` or
/// `Encoder`, so models can be `Codable` in every format.
///
/// Decoding walks the decoder without a schema and gives the value kinds `JSONSerialization`
/// gives, so `JSONDecoder().decode(Hotel.self, from: data)` fills a model exactly as
/// `Hotel(dictionary:)` does with `JSONSerialization`'s result:
///
/// - `null` is `NSNull()`, strings are `String`, `true` and `false` are `Bool` (never `1`/`0`).
/// - Integers are `Int`; integers above `Int.max` up to `UInt64.max` are an `NSNumber` of
///   `UInt64` (as `JSONSerialization` gives them); longer integers, and fractions with more
///   than 16 significant digits, are an exact `NSDecimalNumber`; other numbers are `Double`,
///   bit for bit.
/// - Dictionaries are `[String: Any]`, arrays `[Any]`; a dictionary in the shape `Decimal`
///   encodes itself into (as property lists hold it) is the `NSDecimalNumber` it stands for.
/// - Dates and data that a format holds natively (property lists) are the ISO 8601 and
///   base64 strings ``ModelBase/toDictionary()`` would write for them.
///
/// Encoding writes such a tree through any encoder: `NSDecimalNumber` as `Decimal` (exact in
/// JSON), other numbers by their exact type, `NSNull` as `nil`. Sorting keys is the
/// encoder's business (`JSONEncoder.outputFormatting`).
enum CodableBridge {
  /// How deeply containers may nest: what a model's mapping allows, plus a root array.
  ///
  /// (`JSONSerialization` and `JSONDecoder` allow 512.) The walk does not recurse, so the
  /// limit is the same on every thread.
  static let maximumDepth = MappingContext.maximumDepth + 2

  /// Reads the whole keyed container of `decoder` into the value kinds `JSONSerialization`
  /// gives.
  ///
  /// - Parameter decoder: A decoder whose value is a dictionary.
  /// - Returns: The dictionary, its values as described on ``CodableBridge``.
  /// - Throws: `DecodingError.typeMismatch` when the value is not a dictionary;
  ///   `DecodingError.dataCorrupted`, with its coding path, for a value of no kind above or
  ///   for nesting deeper than ``maximumDepth``.
  static func dictionary(from decoder: any Decoder) throws -> [String: Any] {
    try dictionary(from: decoder, shape: nil, longLiterals: nil)
  }

  /// Reads the keyed container of `decoder` as ``dictionary(from:)`` does, as far as `shape`
  /// reads it (whole when `nil`), and the literals too long for their `NSDecimalNumber` with
  /// the decoder's own `Double` of each.
  static func dictionary(
    from decoder: any Decoder, shape: ReadShape?,
    longLiterals: LongLiterals?
  ) throws -> [String: Any] {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    var walk = DecodingWalk(longLiterals: longLiterals)
    return try walk.dictionary(from: container, shape: shape)
  }

  /// Reads any single value of `decoder` (a scalar, an array or a dictionary).
  ///
  /// - Parameter decoder: The decoder to read.
  /// - Returns: The value, of a kind described on ``CodableBridge``.
  /// - Throws: `DecodingError.dataCorrupted`, with its coding path, for a value of no kind
  ///   above or for nesting deeper than ``maximumDepth``.
  static func value(from decoder: any Decoder) throws -> Any {
    var walk = DecodingWalk()
    var source = DecoderValueSource(decoder: decoder)
    return try walk.value(from: &source)
  }

  /// The decoder's `userInfo`, by the keys' raw values, for hooks
  /// (``ModelBase/mappingUserInfo``).
  static func userInfo(of decoder: any Decoder) -> [String: any Sendable] {
    var userInfo: [String: any Sendable] = [:]
    for (key, value) in decoder.userInfo {
      // `Decoder.userInfo` is typed `Any` (the coders' own properties take `any Sendable`).
      // The values are read only during the synchronous mapping call, on this thread; `Any`
      // and `any Sendable` have one layout (a marker protocol adds no witness table).
      let sendable: any Sendable = withUnsafePointer(to: value) {
        $0.withMemoryRebound(to: (any Sendable).self, capacity: 1) { $0.pointee }
      }
      userInfo[key.rawValue] = sendable
    }
    return userInfo
  }

  /// A decoder's `codingPath` as a MirrorModel path: `orders[1]`.
  ///
  /// Array positions are the keys unkeyed containers use (an integer value, named
  /// `"Index N"`); any other key is a key.
  static func path(of codingPath: [any CodingKey]) -> String {
    MappingContext.render(
      codingPath.map { key in
        if let index = key.intValue, key.stringValue == "Index \(index)" {
          return .index(index)
        }
        return .key(key.stringValue)
      })
  }
}
