import Foundation

extension CodableBridge {
  /// Writes any JSON-compatible value through `encoder`.
  ///
  /// What a value is comes from ``JSONKind``, as for the JSON writer: `String` (and
  /// `NSString`); `Int`, `UInt`, `Double`, `Float`, `Bool`, the fixed-width integers and
  /// `Decimal`; `NSNumber` by its exact kind (booleans as `Bool`, a `Float` as one,
  /// `NSDecimalNumber` as an exact `Decimal`); `NSNull` and `nil` as `nil`; `[String: Any]`
  /// (and `NSDictionary`) as a keyed container and `[Any]` (and `NSArray`) as an unkeyed one.
  ///
  /// - Parameters:
  ///   - value: The value to write.
  ///   - encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue`, with its coding path, for a value of any other
  ///   type, a NaN decimal, or nesting deeper than ``maximumDepth``; whatever the encoder
  ///   throws.
  static func encode(value: Any, to encoder: any Encoder) throws {
    var sink = EncoderValueSink(encoder: encoder)
    try EncodingWalk.write(value, into: &sink, depth: 0)
  }

  /// Writes `dictionary`'s values into `container`, `depth` containers deep.
  static func write(
    dictionary: [String: Any], into container: KeyedEncodingContainer<AnyCodingKey>, depth: Int
  ) throws {
    try EncodingWalk.write(dictionary: dictionary, into: container, depth: depth)
  }

  /// Writes a JSON-compatible value into `sink`, inside `depth` containers.
  static func write<Sink: CodableValueSink>(
    _ value: Any, into sink: inout Sink, depth: Int
  ) throws {
    try EncodingWalk.write(value, into: &sink, depth: depth)
  }

  /// The error for `value`, at `codingPath`, nested deeper than `limit` containers
  /// (``maximumDepth`` for a value tree; the text's ``ModelBase/maximumJSONDepth`` for a
  /// model's containers).
  static func tooDeep(
    _ value: Any, codingPath: [any CodingKey], limit: Int = CodableBridge.maximumDepth
  ) -> EncodingError {
    .invalidValue(
      value,
      EncodingError.Context(
        codingPath: codingPath,
        debugDescription:
          "The value nests containers more than \(limit) levels deep, or "
          + "deeper than this thread's stack allows."))
  }
}

private enum EncodingWalk {
  static func write(
    dictionary: [String: Any], into container: KeyedEncodingContainer<AnyCodingKey>, depth: Int
  ) throws {
    for (key, value) in dictionary {
      var sink = KeyedValueSink(container: container, key: AnyCodingKey(key))
      try write(value, into: &sink, depth: depth)
    }
  }

  static func write(
    array: [Any], into container: any UnkeyedEncodingContainer, depth: Int
  ) throws {
    var sink = UnkeyedValueSink(container: container)
    for element in array {
      try write(element, into: &sink, depth: depth)
    }
  }

  /// Writes one value, by its ``JSONKind``.
  static func write<Sink: CodableValueSink>(
    _ value: Any, into sink: inout Sink, depth: Int
  ) throws {
    switch JSONKind(value) {
    case .string(let string): try sink.encode(string)
    case .int(let integer): try sink.encode(integer)
    case .signed(let integer): try sink.encode(integer)
    case .bool(let flag): try sink.encode(flag)
    case .double(let double): try sink.encode(double)
    case .uint(let integer): try sink.encode(integer)
    case .unsigned(let integer): try sink.encode(integer)
    case .float(let float): try sink.encode(float)
    case .decimal(let decimal): try write(decimal: decimal, original: value, into: &sink)
    case .null, .absent: try sink.encodeNil()
    case .object(let object): try write(object: object, value, into: &sink, depth: depth)
    case .array(let array): try write(array: array, value, into: &sink, depth: depth)
    case let kind:
      // A Foundation container (an NSDictionary only with string keys); nothing else is JSON.
      if let members = kind.members {
        try write(object: members, value, into: &sink, depth: depth)
      } else if let elements = kind.elements {
        try write(array: elements, value, into: &sink, depth: depth)
      } else {
        throw EncodingError.invalidValue(
          value,
          EncodingError.Context(
            codingPath: sink.codingPath,
            debugDescription:
              "CodableBridge cannot encode a value of type \(typeName(type(of: value))); "
              + "it writes what JSONSerialization accepts: strings, numbers, booleans, "
              + "NSNull, [String: Any] and [Any]."))
      }
    }
  }

  /// Writes an object's members in a keyed container one level deeper.
  private static func write<Sink: CodableValueSink>(
    object: [String: Any], _ value: Any, into sink: inout Sink, depth: Int
  ) throws {
    guard depth < CodableBridge.maximumDepth, StackBounds.hasRoom() else {
      throw tooDeep(value, sink)
    }
    try write(dictionary: object, into: sink.keyedContainer(), depth: depth + 1)
  }

  /// Writes an array's elements in an unkeyed container one level deeper.
  private static func write<Sink: CodableValueSink>(
    array: [Any], _ value: Any, into sink: inout Sink, depth: Int
  ) throws {
    guard depth < CodableBridge.maximumDepth, StackBounds.hasRoom() else {
      throw tooDeep(value, sink)
    }
    try write(array: array, into: sink.unkeyedContainer(), depth: depth + 1)
  }

  private static func write<Sink: CodableValueSink>(
    decimal: Decimal, original: Any, into sink: inout Sink
  ) throws {
    guard !decimal.isNaN else {
      throw EncodingError.invalidValue(
        original,
        EncodingError.Context(
          codingPath: sink.codingPath,
          debugDescription: "CodableBridge cannot encode a NaN decimal: JSON has no NaN."))
    }
    try sink.encode(decimal)
  }

  private static func tooDeep<Sink: CodableValueSink>(_ value: Any, _ sink: Sink) -> EncodingError {
    CodableBridge.tooDeep(value, codingPath: sink.codingPath)
  }
}
