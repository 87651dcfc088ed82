import Foundation

/// A `[String: Value]` property (or an optional one) whose values are of a type read straight
/// from JSON text (``JSONFastValue``): its object is read into the dictionary the field holds,
/// without the `[String: Any]` the ordinary way builds and converts.
///
/// Only where every value is exactly what `Value` takes (``JSONFastValue/readFast(_:context:)``:
/// no numeric string, `null`, null string, literal that needs rounding rules): anything else
/// leaves the object to the ordinary way, which reads it again from its start, so a dictionary
/// read this way is always the value, and the issue-free result, the ordinary way gives (a
/// repeated key keeps its first spelling and its last value, as the tree's dictionary does).
protocol JSONFastDictionary {
  /// The dictionary of the object at the parser's position; `nil`, with nothing recorded,
  /// when it is not read (the caller restores the parser's position and depth).
  static func readFastDictionary(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> Self?

  /// The dictionary of the object under `key`, each value decoded as
  /// ``JSONFastValue/decodeFast(_:forKey:context:)`` decodes it; `nil`, with nothing
  /// recorded, when it is not decoded so (the walk then reads it).
  static func decodeFastDictionary(
    _ container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    context: MappingContext
  ) -> Self?
}

extension JSONFastDictionary {
  /// Reads the object at the parser's position into the field of this type at `field`, as
  /// ``readFastDictionary(_:context:)`` reads it; `false`, with nothing written or recorded,
  /// when it is not read (the caller restores the parser's position and depth).
  static func readFastEntries(
    into field: UnsafeMutableRawPointer, _ parser: inout JSONReader.Parser,
    context: MappingContext
  ) throws(JSONSyntaxError) -> Bool {
    guard var entries = try readFastDictionary(&parser, context: context) else { return false }
    // Exchanged, not assigned: the dictionary moves into the field without a retain of its own.
    swap(&field.assumingMemoryBound(to: Self.self).pointee, &entries)
    return true
  }

  /// Decodes the object under `key` into the field of this type at `field`, as
  /// ``decodeFastDictionary(_:forKey:context:)`` decodes it; `false` when it was not.
  static func decodeFastEntries(
    into field: UnsafeMutableRawPointer, from container: KeyedDecodingContainer<AnyCodingKey>,
    forKey key: AnyCodingKey, context: MappingContext
  ) -> Bool {
    guard var entries = decodeFastDictionary(container, forKey: key, context: context) else {
      return false
    }
    swap(&field.assumingMemoryBound(to: Self.self).pointee, &entries)
    return true
  }
}

extension Dictionary: JSONFastDictionary where Key == String, Value: JSONFastValue {
  /// The entries of the object at the parser's position, each value read fast; `nil` at the
  /// first that is not (or where the value is no object, or nested too deeply).
  ///
  /// A non-empty object counts a level of nesting, as the ordinary way's walk of its entries
  /// does; its keys are made as the tree reader makes them (``JSONReader/Parser/parseKey()``).
  @_specialize(where Key == String, Value == String)
  @_specialize(where Key == String, Value == Int)
  @_specialize(where Key == String, Value == Int64)
  @_specialize(where Key == String, Value == Double)
  @_specialize(where Key == String, Value == Bool)
  @_specialize(where Key == String, Value == [String])
  @_specialize(where Key == String, Value == [Int])
  @_specialize(where Key == String, Value == [Double])
  static func readFastDictionary(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> [String: Value]? {
    guard parser.currentByte == UInt8(ascii: "{") else { return nil }
    guard try parser.enterCollection(closing: UInt8(ascii: "}"), checkingStack: false) else {
      return [:]
    }
    guard context.tryEnterNesting() else { return nil }
    defer { context.leaveNesting() }
    var entries: [String: Value] = [:]
    repeat {
      let key = try parser.readMemberName { parser throws(JSONSyntaxError) in
        try parser.parseKey()
      }
      _ = try parser.peekValue()
      guard let value = try Value.readFast(&parser, context: context) else { return nil }
      // A key met again keeps the spelling first met (equal as strings) and takes this value.
      entries[key] = value
    } while try parser.nextInCollection(closing: UInt8(ascii: "}"))
    return entries
  }

  /// The keys of the object in the decoder's order (`allKeys`), each value asked for in
  /// `Value`, as the walk reads the object into a dictionary (the same keys, a repeated one
  /// keeping its first spelling and last value); an object with exactly the keys `Decimal`
  /// encodes itself with is left to the walk, which may read it as one.
  @_specialize(where Key == String, Value == String)
  @_specialize(where Key == String, Value == Int)
  @_specialize(where Key == String, Value == Int64)
  @_specialize(where Key == String, Value == Double)
  @_specialize(where Key == String, Value == Bool)
  @_specialize(where Key == String, Value == [String])
  @_specialize(where Key == String, Value == [Int])
  @_specialize(where Key == String, Value == [Double])
  static func decodeFastDictionary(
    _ container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    context: MappingContext
  ) -> [String: Value]? {
    guard let object = try? container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
    else { return nil }
    let keys = object.allKeys
    if keys.isEmpty { return [:] }
    guard !DecodingWalk.mayBeDecimal(keys), context.tryEnterNesting() else {
      return nil
    }
    defer { context.leaveNesting() }
    var entries: [String: Value] = [:]
    entries.reserveCapacity(keys.count)
    for key in keys {
      guard let value = Value.decodeFast(object, forKey: key, context: context) else {
        return nil
      }
      entries[key.stringValue] = value
    }
    return entries
  }
}

extension Optional: JSONFastDictionary where Wrapped: JSONFastDictionary {
  /// `null` is left to the ordinary way (which makes it `nil`, or the default).
  static func readFastDictionary(
    _ parser: inout JSONReader.Parser, context: MappingContext
  ) throws(JSONSyntaxError) -> Wrapped?? {
    guard let entries = try Wrapped.readFastDictionary(&parser, context: context) else {
      return nil
    }
    return .some(entries)
  }

  /// `null` and a missing key are asked for before (``FieldAccessor``).
  static func decodeFastDictionary(
    _ container: KeyedDecodingContainer<AnyCodingKey>, forKey key: AnyCodingKey,
    context: MappingContext
  ) -> Wrapped?? {
    Wrapped.decodeFastDictionary(container, forKey: key, context: context).map { .some($0) }
  }
}
