import Foundation

/// Writes the values `toDictionary()` produces as UTF-8 JSON text, byte for byte as `JSONEncoder`
/// writes the same values on Linux.
///
/// Accepts `[String: Any]`, `[Any]`, `String`, every integer type, `Double`, `Float`, `Bool`,
/// `NSNull`, `NSNumber` (booleans told apart by class), `NSDecimalNumber`, `Decimal`, bridged
/// Foundation collections and strings, and `nil` (written as `null`). Integral doubles below
/// 1e15 are written without a fraction (`3`), others as Swift prints them (`0.1`, `1e+20`);
/// `/` is escaped as `\/`, control characters as `\n` or `\u001f`. Pretty printing indents by
/// two spaces and writes `"key" : value`; sorted keys are in UTF-8 byte order.
enum JSONWriter {
  /// Arrays and objects nested deeper than this are refused (a reference cycle through
  /// `NSMutableArray` or `NSMutableDictionary` would otherwise never end).
  static let maximumDepth = 512

  /// The JSON text of `value`.
  ///
  /// - Throws: `JSONWriterError` for a type JSON cannot hold, a non-finite number or nesting
  ///   deeper than `maximumDepth`, with the path to the offending value.
  static func data(
    from value: Any, prettyPrinted: Bool = false, sortedKeys: Bool = false
  ) throws(JSONWriterError) -> Data {
    var writer = Writer(prettyPrinted: prettyPrinted, sortedKeys: sortedKeys)
    try writer.write(value, depth: 0)
    return Data(writer.output)
  }

  /// The output buffer and the options.
  struct Writer {
    let prettyPrinted: Bool
    let sortedKeys: Bool
    var output: [UInt8] = []

    init(prettyPrinted: Bool, sortedKeys: Bool) {
      self.prettyPrinted = prettyPrinted
      self.sortedKeys = sortedKeys
      output.reserveCapacity(1024)
    }

    mutating func write(_ value: Any, depth: Int) throws(JSONWriterError) {
      // Exact type checks first: they are cheap, and they keep a Swift `Int` from being taken
      // for an `NSNumber` (or the reverse) by a bridging cast.
      let type = type(of: value)
      if type == String.self, let string = value as? String {
        writeString(string)
      } else if type == Int.self, let integer = value as? Int {
        writeInteger(integer.magnitude, negative: integer < 0)
      } else if type == Double.self, let double = value as? Double {
        try writeDouble(double)
      } else if type == Bool.self, let flag = value as? Bool {
        writeBool(flag)
      } else if type == [String: Any].self, let object = value as? [String: Any] {
        try writeObject(object, depth: depth)
      } else if type == [Any].self, let array = value as? [Any] {
        try writeArray(array, depth: depth)
      } else {
        try writeOther(value, type: type, depth: depth)
      }
    }

    /// Everything but the common exact types: Foundation objects, other numeric types, bridged
    /// or differently typed collections, optionals.
    private mutating func writeOther(
      _ value: Any, type: Any.Type, depth: Int
    ) throws(JSONWriterError) {
      if type == Decimal.self, let decimal = value as? Decimal {
        guard !decimal.isNaN else { throw JSONWriterError(.nonFiniteNumber("NaN")) }
        output.append(contentsOf: decimal.description.utf8)
      } else if type == UInt.self, let integer = value as? UInt {
        writeInteger(integer, negative: false)
      } else if type == Float.self, let float = value as? Float {
        try writeFloat(float)
      } else if let number = value as? NSNumber {
        // Also every other integer width, bridged (and unwrapped from an optional).
        try writeNumber(number)
      } else if value is NSNull {
        output.append(contentsOf: "null".utf8)
      } else if let string = value as? String {
        writeString(string)
      } else if let object = value as? [String: Any] {
        try writeObject(object, depth: depth)
      } else if let array = value as? [Any] {
        try writeArray(array, depth: depth)
      } else if let optional = value as? any JSONWriterOptional {
        guard let wrapped = optional.unwrappedForJSON else {
          output.append(contentsOf: "null".utf8)
          return
        }
        try write(wrapped, depth: depth)
      } else {
        throw JSONWriterError(.unsupportedType(String(reflecting: type)))
      }
    }

    // MARK: Containers

    private mutating func writeObject(
      _ object: [String: Any], depth: Int
    ) throws(JSONWriterError) {
      guard depth < JSONWriter.maximumDepth else {
        throw JSONWriterError(.tooDeep(limit: JSONWriter.maximumDepth))
      }
      output.append(UInt8(ascii: "{"))
      if object.isEmpty {
        closeEmpty(UInt8(ascii: "}"), depth: depth)
        return
      }
      var first = true
      if sortedKeys {
        let members = object.sorted { utf8Precedes($0.key, $1.key) }
        for (key, value) in members {
          try writeMember(key, value, first: first, depth: depth)
          first = false
        }
      } else {
        for (key, value) in object {
          try writeMember(key, value, first: first, depth: depth)
          first = false
        }
      }
      if prettyPrinted { newline(indent: depth) }
      output.append(UInt8(ascii: "}"))
    }

    @inline(__always)
    private mutating func writeMember(
      _ key: String, _ value: Any, first: Bool, depth: Int
    ) throws(JSONWriterError) {
      if !first { output.append(UInt8(ascii: ",")) }
      if prettyPrinted { newline(indent: depth + 1) }
      writeString(key)
      if prettyPrinted {
        output.append(contentsOf: " : ".utf8)
      } else {
        output.append(UInt8(ascii: ":"))
      }
      do throws(JSONWriterError) {
        try write(value, depth: depth + 1)
      } catch {
        throw error.inside(.key(key))
      }
    }

    private mutating func writeArray(_ array: [Any], depth: Int) throws(JSONWriterError) {
      guard depth < JSONWriter.maximumDepth else {
        throw JSONWriterError(.tooDeep(limit: JSONWriter.maximumDepth))
      }
      output.append(UInt8(ascii: "["))
      if array.isEmpty {
        closeEmpty(UInt8(ascii: "]"), depth: depth)
        return
      }
      for (position, element) in array.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        if prettyPrinted { newline(indent: depth + 1) }
        do throws(JSONWriterError) {
          try write(element, depth: depth + 1)
        } catch {
          throw error.inside(.index(position))
        }
      }
      if prettyPrinted { newline(indent: depth) }
      output.append(UInt8(ascii: "]"))
    }

    /// Closes an empty container: `[]` compact, or `[`, a blank line, `]` pretty (as
    /// `JSONEncoder` and `JSONSerialization` write it).
    private mutating func closeEmpty(_ bracket: UInt8, depth: Int) {
      if prettyPrinted {
        output.append(UInt8(ascii: "\n"))
        newline(indent: depth)
      }
      output.append(bracket)
    }

    @inline(__always)
    private mutating func newline(indent depth: Int) {
      output.append(UInt8(ascii: "\n"))
      let spaces: StaticString = "                                "
      var remaining = depth * 2
      while remaining > 0 {
        let chunk = min(remaining, spaces.utf8CodeUnitCount)
        output.append(contentsOf: UnsafeBufferPointer(start: spaces.utf8Start, count: chunk))
        remaining -= chunk
      }
    }
  }
}

/// Whether `left` sorts before `right` in UTF-8 byte order (what `JSONEncoder` uses for
/// `.sortedKeys`; `<` on `String` orders by Unicode canonical equivalence instead).
private func utf8Precedes(_ left: String, _ right: String) -> Bool {
  var left = left
  var right = right
  return left.withUTF8 { leftBytes in
    right.withUTF8 { rightBytes in
      let common = min(leftBytes.count, rightBytes.count)
      if common > 0, let leftBase = leftBytes.baseAddress, let rightBase = rightBytes.baseAddress {
        let order = memcmp(leftBase, rightBase, common)
        if order != 0 { return order < 0 }
      }
      return leftBytes.count < rightBytes.count
    }
  }
}

/// Lets the writer look inside an `Optional` it receives as `Any`.
private protocol JSONWriterOptional {
  var unwrappedForJSON: Any? { get }
}

extension Optional: JSONWriterOptional {
  fileprivate var unwrappedForJSON: Any? { self.map { $0 as Any } }
}
