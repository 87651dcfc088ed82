import Foundation

/// A `Decoder` over a JSON value tree (the kinds ``JSONKind`` tells apart), for the `Codable`
/// types that are not otherwise mappable: it gives a type exactly what `JSONDecoder`, with its
/// default strategies, gives it from the text ``JSONWriter`` writes for the same tree, without
/// writing or scanning that text.
///
/// `JSONDecoder` reads numbers from their text, so a number is converted here as its text
/// would be: an integer to any integer type that holds it, a double written as an integer
/// (`34.0` is `34`) to an integer type below 2^53, any number to `Double` and `Float` rounded
/// once from its shortest digits. `Data` is base64 text, `URL` a string, `Date` its own
/// coding (`JSONDecoder`'s default strategies).
///
/// A long literal (an `NSDecimalNumber`) is read from its decimal text, as the writer writes it.
/// What the decoder cannot settle as surely as `JSONDecoder` (a `Decimal`, a value that is not
/// JSON, a number that rounds away, base64 `Data(base64Encoded:)` refuses)
/// makes the whole decode *undecided*: ``decode(_:from:)`` gives `nil` and the caller asks
/// `JSONDecoder` instead, which also words every error. The mark stays set even when the
/// type's own `init(from:)` catches the error thrown with it, so a type that tries one
/// decode and then another never takes a branch `JSONDecoder` would not have taken.
final class TreeDecoder: Decoder {
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// The value this decoder decodes.
  let value: Any

  /// Whether the decode met something only `JSONDecoder` may answer (shared by every decoder
  /// and container of one decode).
  private let outcome: Outcome

  /// Whether a decode or encode met something only Foundation's coder may answer: a mark
  /// that stays set (shared by the tree decoder, the tree encoder and the guarded decoder).
  final class Outcome {
    var undecided = false

    /// Sets the mark and gives the error to throw.
    func mark() -> Undecided {
      undecided = true
      return Undecided()
    }
  }

  /// Thrown where the decode becomes undecided.
  struct Undecided: Error {}

  private init(value: Any, codingPath: [any CodingKey], outcome: Outcome) {
    self.value = value
    self.codingPath = codingPath
    self.outcome = outcome
  }

  /// A tree decoder for its rules alone (and its outcome), over no value: ``TextDecoder``
  /// converts each scalar it reads by them.
  static func rules() -> TreeDecoder {
    TreeDecoder(value: NSNull(), codingPath: [], outcome: Outcome())
  }

  /// Whether the decode this decoder belongs to is undecided.
  var isUndecided: Bool { outcome.undecided }

  /// `raw` decoded as `Value`, or `nil` when it fails or is undecided (the caller then asks
  /// `JSONDecoder`, for the value or the error).
  static func decode<Value: Decodable>(_: Value.Type, from raw: Any) -> Value? {
    let outcome = Outcome()
    let root = TreeDecoder(value: raw, codingPath: [], outcome: outcome)
    guard
      let value = try? root.decodeValue(Value.self, from: raw, at: Place(parent: [], step: .none)),
      !outcome.undecided
    else { return nil }
    return value
  }

  // MARK: Values

  /// Marks the decode undecided and gives the error to throw.
  func undecided() -> Undecided { outcome.mark() }

  /// The kind of `raw`, with a value that is not JSON (or a Foundation dictionary whose keys
  /// are not all strings) undecided.
  func kind(of raw: Any) throws -> JSONKind {
    let kind = JSONKind(raw)
    switch kind {
    case .absent, .other: throw undecided()
    case .double(let double) where !double.isFinite: throw undecided()
    case .float(let float) where !float.isFinite: throw undecided()
    case .foundationObject:
      guard let members = kind.members else { throw undecided() }
      return .object(members)
    case .foundationArray:
      guard let elements = kind.elements else { throw undecided() }
      return .array(elements)
    default: return kind
    }
  }

  /// `raw` decoded as `T` at `place`: the types `JSONDecoder` treats itself first, then the
  /// type's own `init(from:)`.
  func decodeValue<T: Decodable>(_ type: T.Type, from raw: Any, at place: Place) throws -> T {
    if T.self == String.self { return try settled(string(raw, at: place)) }
    if T.self == Int.self { return try settled(integer(Int.self, raw, at: place)) }
    if T.self == Double.self { return try settled(double(raw, at: place)) }
    if T.self == Bool.self { return try settled(bool(raw, at: place)) }
    if T.self == Float.self { return try settled(float(raw, at: place)) }
    if T.self == Data.self {
      try checkNotNull(raw, Data.self, at: place)
      guard case .string(let text) = try kind(of: raw) else {
        throw try mismatch(String.self, raw, at: place)
      }
      guard let data = Data(base64Encoded: text) else { throw undecided() }
      return try settled(data)
    }
    if T.self == URL.self {
      try checkNotNull(raw, URL.self, at: place)
      guard let url = URL(string: try string(raw, at: place)) else { throw undecided() }
      return try settled(url)
    }
    if T.self == Decimal.self { throw undecided() }
    if T.self == Date.self { try checkNotNull(raw, Date.self, at: place) }
    // A value nested deeper than this thread's stack allows is left to `JSONDecoder`.
    guard StackBounds.hasRoom() else { throw undecided() }
    return try T(from: nested(raw, at: place))
  }

  /// `value` as `T`, the type the caller has just found it is.
  private func settled<T, Value>(_ value: Value) throws -> T {
    guard let typed = unboxed(value, as: T.self) else { throw undecided() }
    return typed
  }

  func isNull(_ raw: Any) throws -> Bool {
    if case .null = try kind(of: raw) { return true }
    return false
  }

  func checkNotNull<T>(_ raw: Any, _ type: T.Type, at place: Place) throws {
    guard try isNull(raw) else { return }
    throw DecodingError.valueNotFound(
      type,
      DecodingError.Context(
        codingPath: place.path,
        debugDescription: "Cannot get value of type \(type) -- found null value instead"))
  }

  /// The error for `raw` where a `type` was expected, in `JSONDecoder`'s words.
  func mismatch(_ type: Any.Type, _ raw: Any, at place: Place) throws -> DecodingError {
    let found: String
    switch try kind(of: raw) {
    case .string: found = "a string"
    case .bool: found = "bool"
    case .null: found = "null"
    case .object: found = "a dictionary"
    case .array: found = "an array"
    default: found = "number"
    }
    return DecodingError.typeMismatch(
      type,
      DecodingError.Context(
        codingPath: place.path,
        debugDescription: "Expected to decode \(type) but found \(found) instead."))
  }

  func string(_ raw: Any, at place: Place) throws -> String {
    if let string = unboxed(raw, as: String.self) { return string }
    try checkNotNull(raw, String.self, at: place)
    guard case .string(let string) = try kind(of: raw) else {
      throw try mismatch(String.self, raw, at: place)
    }
    return string
  }

  func bool(_ raw: Any, at place: Place) throws -> Bool {
    guard case .bool(let flag) = try kind(of: raw) else {
      throw try mismatch(Bool.self, raw, at: place)
    }
    return flag
  }

  /// An integer as `JSONDecoder` reads one from the number's text: exactly, or from a double
  /// written without a fraction below 2^53 (beyond, or out of range, undecided).
  func integer<T: FixedWidthInteger>(_: T.Type, _ raw: Any, at place: Place) throws -> T {
    try checkNotNull(raw, T.self, at: place)
    let result: T?
    switch try kind(of: raw) {
    case .int(let integer): result = T(exactly: integer)
    case .uint(let integer): result = T(exactly: integer)
    case .signed(let integer): result = T(exactly: integer)
    case .unsigned(let integer): result = T(exactly: integer)
    case .double(let double): result = Self.integral(T.self, double)
    case .float(let float): result = Self.integral(T.self, Double(float))
    // A long literal's text, when it is all digits.
    case .decimal(let decimal): result = decimal.isNaN ? nil : T(decimal.description)
    default: throw try mismatch(T.self, raw, at: place)
    }
    guard let result else { throw undecided() }
    return result
  }

  private static func integral<T: FixedWidthInteger>(_: T.Type, _ double: Double) -> T? {
    guard double.magnitude < 0x1p53 else { return nil }
    return T(exactly: double)
  }

  /// A `Double` as `JSONDecoder` reads one: rounded once from the number's text.
  func double(_ raw: Any, at place: Place) throws -> Double {
    try checkNotNull(raw, Double.self, at: place)
    switch try kind(of: raw) {
    case .int(let integer): return Double(integer)
    case .uint(let integer): return Double(integer)
    case .signed(let integer): return Double(integer)
    case .unsigned(let integer): return Double(integer)
    case .double(let double): return double
    // A `Float` is written as its own shortest digits, which a `Double` reads as written.
    case .float(let float): return try parsed(Double.self, float.description, isZero: float == 0)
    case .decimal(let decimal):
      guard !decimal.isNaN else { throw undecided() }
      return try parsed(Double.self, decimal.description, isZero: decimal.isZero)
    default: throw try mismatch(Double.self, raw, at: place)
    }
  }

  /// A `Float` as `JSONDecoder` reads one: rounded once from the number's text.
  func float(_ raw: Any, at place: Place) throws -> Float {
    try checkNotNull(raw, Float.self, at: place)
    switch try kind(of: raw) {
    case .int(let integer): return Float(integer)
    case .uint(let integer): return Float(integer)
    case .signed(let integer): return Float(integer)
    case .unsigned(let integer): return Float(integer)
    case .double(let double):
      // The writer's text of a double: its integer digits, or its shortest digits.
      if double.isWrittenAsInteger { return Float(double) }
      return try parsed(Float.self, double.description, isZero: double == 0)
    case .float(let float): return float
    case .decimal(let decimal):
      guard !decimal.isNaN else { throw undecided() }
      return try parsed(Float.self, decimal.description, isZero: decimal.isZero)
    default: throw try mismatch(Float.self, raw, at: place)
    }
  }

  /// `text` read as `T`, rounded once; a number that rounds to infinity, or to a zero it is
  /// not, is undecided (`JSONDecoder` refuses it).
  private func parsed<T: LosslessStringConvertible & BinaryFloatingPoint>(
    _: T.Type, _ text: String, isZero: Bool
  ) throws -> T {
    guard let value = T(text), value.isFinite, value != 0 || isZero else { throw undecided() }
    return value
  }

  // MARK: Decoder

  func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
    switch try kind(of: value) {
    case .object(let members):
      return KeyedDecodingContainer(Keyed<Key>(decoder: self, members: members, path: codingPath))
    case .null:
      throw DecodingError.valueNotFound(
        [String: Any].self,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "Cannot get keyed decoding container -- found null value instead"))
    default:
      throw try mismatch([String: Any].self, value, at: Place(parent: codingPath, step: .none))
    }
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    switch try kind(of: value) {
    case .array(let elements):
      return Unkeyed(decoder: self, elements: elements, path: codingPath)
    case .null:
      throw DecodingError.valueNotFound(
        [Any].self,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
    default: throw try mismatch([Any].self, value, at: Place(parent: codingPath, step: .none))
    }
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    Single(decoder: self)
  }

  /// A decoder of `raw` at `place`, sharing this decode's outcome.
  func nested(_ raw: Any, at place: Place) -> TreeDecoder {
    TreeDecoder(value: raw, codingPath: place.path, outcome: outcome)
  }

  /// Where a value sits: its container's path and its key or index, made into a coding path
  /// only when an error or a nested decoder needs one.
  struct Place {
    let parent: [any CodingKey]
    let step: Step

    enum Step {
      case none
      case key(any CodingKey)
      case index(Int)
    }

    var path: [any CodingKey] {
      switch step {
      case .none: parent
      case .key(let key): parent + [key]
      case .index(let index): parent + [AnyCodingKey(index: index)]
      }
    }
  }
}

extension AnyCodingKey {
  /// The key of an array's element, as `JSONDecoder` names it (`Index 2`).
  init(index: Int) {
    self.init(stringValue: "Index \(index)")
    intValue = index
  }
}

extension TreeDecoder {
  /// An object's members, as `JSONDecoder`'s keyed container reads them.
  struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TreeDecoder
    let members: [String: Any]
    let path: [any CodingKey]

    var codingPath: [any CodingKey] { path }
    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func value(_ key: Key) throws -> Any {
      guard let value = members[key.stringValue] else {
        throw DecodingError.keyNotFound(
          key,
          DecodingError.Context(
            codingPath: path,
            debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
      }
      return value
    }

    private func place(_ key: Key) -> Place { Place(parent: path, step: .key(key)) }

    private func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T {
      try decoder.integer(type, try value(key), at: place(key))
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder.isNull(try value(key)) }
    func decode(_: Bool.Type, forKey key: Key) throws -> Bool {
      try decoder.bool(try value(key), at: place(key))
    }
    func decode(_: String.Type, forKey key: Key) throws -> String {
      try decoder.string(try value(key), at: place(key))
    }
    func decode(_: Double.Type, forKey key: Key) throws -> Double {
      try decoder.double(try value(key), at: place(key))
    }
    func decode(_: Float.Type, forKey key: Key) throws -> Float {
      try decoder.float(try value(key), at: place(key))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_: Int128.Type, forKey _: Key) throws -> Int128 { throw decoder.undecided() }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_: UInt128.Type, forKey _: Key) throws -> UInt128 { throw decoder.undecided() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try decoder.decodeValue(type, from: try value(key), at: place(key))
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try decoder.nested(try value(key), at: place(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try decoder.nested(try value(key), at: place(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
      let key = AnyCodingKey(stringValue: "super")
      return decoder.nested(
        members[key.stringValue] ?? NSNull(), at: Place(parent: path, step: .key(key)))
    }

    /// A decoder of the value at `key`, or of `null` when there is none.
    func superDecoder(forKey key: Key) throws -> any Decoder {
      decoder.nested(members[key.stringValue] ?? NSNull(), at: place(key))
    }
  }

  /// An array's elements, as `JSONDecoder`'s unkeyed container reads them.
  struct Unkeyed: UnkeyedDecodingContainer {
    let decoder: TreeDecoder
    let elements: [Any]
    let path: [any CodingKey]
    var currentIndex = 0

    init(decoder: TreeDecoder, elements: [Any], path: [any CodingKey]) {
      self.decoder = decoder
      self.elements = elements
      self.path = path
    }

    var codingPath: [any CodingKey] { path }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var place: Place { Place(parent: path, step: .index(currentIndex)) }

    /// The next element, or `JSONDecoder`'s error at the end.
    private func next<T>(_ type: T.Type, _ message: String = "Unkeyed container is at end.")
      throws -> Any
    {
      guard currentIndex < elements.count else {
        throw DecodingError.valueNotFound(
          type, DecodingError.Context(codingPath: place.path, debugDescription: message))
      }
      return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
      guard try decoder.isNull(try next(Never.self)) else { return false }
      currentIndex += 1
      return true
    }

    private mutating func decoded<T: Decodable>(_ type: T.Type) throws -> T {
      let value = try decoder.decodeValue(type, from: try next(type), at: place)
      currentIndex += 1
      return value
    }

    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
      let value = try decoder.integer(type, try next(type), at: place)
      currentIndex += 1
      return value
    }

    /// `nil` at the end or for `null`, and the index moves on either way (as in
    /// `JSONDecoder`).
    private mutating func decodedIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
      let result: T?
      if try currentIndex >= elements.count || decoder.isNull(elements[currentIndex]) {
        result = nil
      } else {
        result = try decoder.decodeValue(type, from: elements[currentIndex], at: place)
      }
      currentIndex += 1
      return result
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decoded(type) }
    mutating func decode(_ type: String.Type) throws -> String { try decoded(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decoded(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decoded(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_: Int128.Type) throws -> Int128 { throw decoder.undecided() }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_: UInt128.Type) throws -> UInt128 { throw decoder.undecided() }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoded(type) }

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try decodedIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? {
      try decodedIfPresent(type)
    }
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
      try decodedIfPresent(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
      let value = try next(KeyedDecodingContainer<NestedKey>.self)
      let container = try decoder.nested(value, at: place).container(keyedBy: type)
      currentIndex += 1
      return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      let value = try next(
        (any UnkeyedDecodingContainer).self,
        "Cannot get nested unkeyed container -- unkeyed container is at end.")
      let container = try decoder.nested(value, at: place).unkeyedContainer()
      currentIndex += 1
      return container
    }

    mutating func superDecoder() throws -> any Decoder {
      let value = try next(
        (any Decoder).self, "Cannot get superDecoder() -- unkeyed container is at end.")
      let nested = decoder.nested(value, at: place)
      currentIndex += 1
      return nested
    }
  }

  /// A single value, as `JSONDecoder` reads one.
  struct Single: SingleValueDecodingContainer {
    let decoder: TreeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    private var place: Place { Place(parent: decoder.codingPath, step: .none) }

    func decodeNil() -> Bool { (try? decoder.isNull(decoder.value)) ?? false }

    private func decoded<T: Decodable>(_ type: T.Type) throws -> T {
      try decoder.decodeValue(type, from: decoder.value, at: place)
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
      try decoder.integer(type, decoder.value, at: place)
    }

    func decode(_ type: Bool.Type) throws -> Bool { try decoded(type) }
    func decode(_ type: String.Type) throws -> String { try decoded(type) }
    func decode(_ type: Double.Type) throws -> Double { try decoded(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoded(type) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_: Int128.Type) throws -> Int128 { throw decoder.undecided() }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_: UInt128.Type) throws -> UInt128 { throw decoder.undecided() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoded(type) }
  }
}
