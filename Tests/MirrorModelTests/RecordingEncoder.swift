import Foundation

@testable import MirrorModel

// An encoder that logs what it is given, to pin the order and the containers of what the
// library writes through an `Encoder`.

/// The keys and values an encoder was given, in order, each under its whole coding path
/// (`user.counts.followers=3`), and each container as it is opened (`user{`, `entities.hashtags[`).
final class EncodingLog {
  var lines: [String] = []

  static func render(_ path: [any CodingKey]) -> String {
    path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
  }

  func write(_ path: [any CodingKey], _ value: Any) {
    lines.append("\(Self.render(path))=\(value)")
  }
}

struct RecordingEncoder: Encoder {
  let log: EncodingLog
  var codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    log.lines.append(EncodingLog.render(codingPath) + "{")
    return KeyedEncodingContainer(RecordingKeyed<Key>(log: log, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    log.lines.append(EncodingLog.render(codingPath) + "[")
    return RecordingUnkeyed(log: log, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    RecordingSingle(log: log, codingPath: codingPath)
  }
}

struct RecordingKeyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let log: EncodingLog
  var codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws { log.write(codingPath + [key], "nil") }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    switch value {
    case is String, is Int, is Int64, is Bool, is Double, is UInt64:
      log.write(codingPath + [key], value)
    default:
      try value.encode(to: RecordingEncoder(log: log, codingPath: codingPath + [key]))
    }
  }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    RecordingEncoder(log: log, codingPath: codingPath + [key]).container(keyedBy: keyType)
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    RecordingEncoder(log: log, codingPath: codingPath + [key]).unkeyedContainer()
  }
  mutating func superEncoder() -> any Encoder { RecordingEncoder(log: log, codingPath: codingPath) }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    RecordingEncoder(log: log, codingPath: codingPath + [key])
  }
}

struct RecordingUnkeyed: UnkeyedEncodingContainer {
  let log: EncodingLog
  var codingPath: [any CodingKey]
  var count = 0

  private mutating func next() -> [any CodingKey] {
    defer { count += 1 }
    return codingPath + [AnyCodingKey(intValue: count)]
  }

  mutating func encodeNil() throws { log.write(next(), "nil") }
  mutating func encode<T: Encodable>(_ value: T) throws {
    try value.encode(to: RecordingEncoder(log: log, codingPath: next()))
  }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    RecordingEncoder(log: log, codingPath: next()).container(keyedBy: keyType)
  }
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    RecordingEncoder(log: log, codingPath: next()).unkeyedContainer()
  }
  mutating func superEncoder() -> any Encoder { RecordingEncoder(log: log, codingPath: next()) }
}

struct RecordingSingle: SingleValueEncodingContainer {
  let log: EncodingLog
  var codingPath: [any CodingKey]

  mutating func encodeNil() throws { log.write(codingPath, "nil") }
  mutating func encode<T: Encodable>(_ value: T) throws {
    switch value {
    case is String, is Int, is Int64, is Bool, is Double, is UInt64:
      log.write(codingPath, value)
    default:
      try value.encode(to: RecordingEncoder(log: log, codingPath: codingPath))
    }
  }
}
