import Foundation

extension CodableBridge {
  /// Writes any JSON-compatible value through `encoder`.
  ///
  /// `String` (and `NSString`); `Int`, `UInt`, `Double`, `Float`, `Bool`, the fixed-width
  /// integers and `Decimal`; `NSNumber` by its exact kind (booleans as `Bool`,
  /// `NSDecimalNumber` as an exact `Decimal`); `NSNull` and `nil` as `nil`;
  /// `[String: Any]` as a keyed container and `[Any]` as an unkeyed one.
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

  /// The error for `value`, at `codingPath`, nested deeper than ``maximumDepth``.
  static func tooDeep(_ value: Any, codingPath: [any CodingKey]) -> EncodingError {
    .invalidValue(
      value,
      EncodingError.Context(
        codingPath: codingPath,
        debugDescription:
          "The value nests containers more than \(CodableBridge.maximumDepth) levels deep, or "
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

  /// Writes one value, testing the kinds ``ModelBase/toDictionary()`` writes most first.
  ///
  /// Numbers are matched by their exact dynamic type: an `NSNumber` (a JSON `true` among
  /// them) casts to `Int`, `Bool` and `Double` alike, and so does an optional holding one.
  static func write<Sink: CodableValueSink>(
    _ value: Any, into sink: inout Sink, depth: Int
  ) throws {
    let dynamicType = type(of: value)
    if let string = value as? String {
      try sink.encode(string)
    } else if dynamicType is NSNumber.Type, let number = value as? NSNumber {
      try write(number: number, into: &sink)
    } else if dynamicType == Int.self, let integer = value as? Int {
      try sink.encode(integer)
    } else if dynamicType == Bool.self, let flag = value as? Bool {
      try sink.encode(flag)
    } else if value is NSNull {
      try sink.encodeNil()
    } else if let dictionary = value as? [String: Any] {
      guard depth < CodableBridge.maximumDepth, StackBounds.hasRoom() else {
        throw tooDeep(value, sink)
      }
      try write(dictionary: dictionary, into: sink.keyedContainer(), depth: depth + 1)
    } else if let array = value as? [Any] {
      guard depth < CodableBridge.maximumDepth, StackBounds.hasRoom() else {
        throw tooDeep(value, sink)
      }
      try write(array: array, into: sink.unkeyedContainer(), depth: depth + 1)
    } else if dynamicType == Double.self, let double = value as? Double {
      try sink.encode(double)
    } else if let optional = value as? any OptionalValue {
      guard let wrapped = optional.wrappedAny else { return try sink.encodeNil() }
      try write(wrapped, into: &sink, depth: depth)
    } else {
      try writeOther(value, into: &sink)
    }
  }

  /// The rarer kinds: other Swift numbers and `Decimal` (never optional, never `NSNumber`).
  private static func writeOther<Sink: CodableValueSink>(
    _ value: Any, into sink: inout Sink
  ) throws {
    switch value {
    case let integer as UInt: try sink.encode(integer)
    case let decimal as Decimal: try write(decimal: decimal, original: value, into: &sink)
    case let float as Float: try sink.encode(float)
    case let integer as Int64: try sink.encode(integer)
    case let integer as Int32: try sink.encode(Int64(integer))
    case let integer as Int16: try sink.encode(Int64(integer))
    case let integer as Int8: try sink.encode(Int64(integer))
    case let integer as UInt64: try sink.encode(integer)
    case let integer as UInt32: try sink.encode(UInt64(integer))
    case let integer as UInt16: try sink.encode(UInt64(integer))
    case let integer as UInt8: try sink.encode(UInt64(integer))
    case let number as NSNumber:
      // Other types that bridge to NSNumber, such as CGFloat.
      try write(number: number, into: &sink)
    default:
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

  private static func write<Sink: CodableValueSink>(
    number: NSNumber, into sink: inout Sink
  ) throws {
    switch RawScalar(number: number) {
    case .bool(let flag): try sink.encode(flag)
    case .signed(let integer): try sink.encode(integer)
    case .unsigned(let integer): try sink.encode(integer)
    case .double(let double): try sink.encode(double)
    case .decimal(let decimal):
      try write(decimal: decimal.decimalValue, original: number, into: &sink)
    case .string(let string): try sink.encode(string)
    case .other: try sink.encode(number.doubleValue)
    }
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
