import Foundation

/// Whether valid JSON text has an object with a repeated key.
///
/// Keys repeat when they are equal as Swift strings (so `"é"` and `"e\u0301"` repeat). RFC 8259
/// leaves the meaning of a repeated key open: MirrorModel's reader and `JSONSerialization` keep
/// the last value, `JSONDecoder` the first, so the fuzzer compares `JSONDecoder` with the others
/// only on text without them.
enum DuplicateKeys {
  static func present(in data: Data) -> Bool {
    let bytes = [UInt8](data)
    var index = 0
    var objects: [Set<String>] = []
    var containers: [UInt8] = []  // `{` or `[`, innermost last
    var expectingKey = false
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "{"):
        containers.append(byte)
        objects.append([])
        expectingKey = true
        index += 1
      case UInt8(ascii: "["):
        containers.append(byte)
        expectingKey = false
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if containers.popLast() == UInt8(ascii: "{") { objects.removeLast() }
        expectingKey = false
        index += 1
      case UInt8(ascii: ","):
        expectingKey = containers.last == UInt8(ascii: "{")
        index += 1
      case UInt8(ascii: "\""):
        let start = index
        index += 1
        while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index += 1
        if expectingKey {
          let literal = bytes[start..<min(index, bytes.count)]
          let key: String
          if literal.contains(UInt8(ascii: "\\")) {
            guard let decoded = try? JSONDecoder().decode(String.self, from: Data(literal)) else {
              return true
            }
            key = decoded
          } else {
            key = String(decoding: literal.dropFirst().dropLast(), as: UTF8.self)
          }
          if !objects[objects.count - 1].insert(key).inserted { return true }
          expectingKey = false
        }
      default:
        index += 1
      }
    }
    return false
  }
}
