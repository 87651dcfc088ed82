import Foundation
import Testing

@testable import MirrorModel

/// Every scalar type `encode(to:)` writes straight from its field (``ScalarEncoding``).
final class ScalarFields: ModelBase {
  var string = ""
  var maybeString: String?
  var int = 0
  var maybeInt: Int?
  var int64: Int64 = 0
  var maybeInt64: Int64?
  var bool = false
  var maybeBool: Bool?
  var double = 0.0
  var maybeDouble: Double?
}

/// An encoder that logs each keyed value with its type (`int64=Int(9223372036854775807)`), to
/// tell which `encode` call was made.
private final class TypedLog {
  var lines: [String] = []
}

private struct TypedEncoder: Encoder {
  let log: TypedLog
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(TypedKeyed<Key>(log: log))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    fatalError("not used: the model's fields are scalars")
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    fatalError("not used: the model's fields are scalars")
  }
}

private struct TypedKeyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let log: TypedLog
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) throws { log.lines.append("\(key.stringValue)=nil") }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    log.lines.append("\(key.stringValue)=\(T.self)(\(value))")
  }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    fatalError("not used: the model's fields are scalars")
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    fatalError("not used: the model's fields are scalars")
  }
  mutating func superEncoder() -> any Encoder { TypedEncoder(log: log) }
  mutating func superEncoder(forKey key: Key) -> any Encoder { TypedEncoder(log: log) }
}

@Suite("encode(to:) writes scalars straight from their fields")
struct ScalarEncodingTests {
  /// What `encode(to:)` gave the encoder, and what writing the model's dictionary gives it.
  private static func logs(of model: ScalarFields) throws -> (fields: [String], walk: [String]) {
    let fields = TypedLog()
    try model.encode(to: TypedEncoder(log: fields))
    let walk = TypedLog()
    try CodableBridge.encode(value: model.toDictionary(), to: TypedEncoder(log: walk))
    return (fields.lines, walk.lines.sorted())
  }

  @Test func theCallsAreTheDictionarysWhateverTheValues() throws {
    let values: [(Int64, Double, Double?)] = [
      (.max, 1.5, 2.25), (.min, -0.0, nil), (0, .nan, .nan), (-1, .infinity, -.infinity),
    ]
    for (index, (int64, double, maybeDouble)) in values.enumerated() {
      let model = ScalarFields()
      model.string = "s\(index)"
      model.maybeString = index.isMultiple(of: 2) ? "o" : nil
      model.int = -3 * index
      model.maybeInt = index.isMultiple(of: 2) ? nil : 7
      model.int64 = int64
      model.maybeInt64 = index.isMultiple(of: 2) ? int64 : nil
      model.bool = index.isMultiple(of: 2)
      model.maybeBool = index == 1 ? nil : index == 2
      model.double = double
      model.maybeDouble = maybeDouble
      let (fields, walk) = try Self.logs(of: model)
      #expect(fields.sorted() == walk, "values \(index)")
    }
  }

  @Test func theCallsArePinned() throws {
    let model = ScalarFields()
    model.string = "a"
    model.maybeInt = 7
    model.int64 = .max
    model.maybeInt64 = -2
    model.maybeBool = false
    model.double = .nan
    model.maybeDouble = 0.5
    let (fields, _) = try Self.logs(of: model)
    #expect(
      fields == [
        "string=String(a)", "int=Int(0)", "maybeInt=Int(7)", "int64=Int(9223372036854775807)",
        "maybeInt64=Int(-2)", "bool=Bool(false)", "maybeBool=Bool(false)",
        "maybeDouble=Double(0.5)",
      ])
  }
}
