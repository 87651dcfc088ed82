import Foundation

// A designated path (`init(json:at: "data.hotels")`) followed through JSON text: the objects on
// the way are read member by member, every other value stepped over, and the value at the path
// read straight into the models. Only where each step is an object that holds the key once: an
// array on the way (which key paths collect from), a missing or null value, a value of another
// kind at the end, or a key repeated on the way (where a dictionary keeps the last value) makes
// the caller read the text as a dictionary and follow the path there, which says what is wrong.
extension JSONReader.Parser {
  /// Follows `keys` from the value at `index` and reads the value at their end with `read`,
  /// which is called only on a value that starts with `opening`; the text is read to the end
  /// of the value at `index` either way.
  ///
  /// - Returns: Whether the value was read, and nothing on the way needs the dictionary.
  /// - Throws: The text's syntax errors.
  mutating func readDesignated(
    _ keys: ArraySlice<String>, opening: UInt8, context: MappingContext,
    _ read: (inout Self) throws(JSONSyntaxError) -> Void
  ) throws(JSONSyntaxError) -> Bool {
    guard let key = keys.first else {
      guard try peekValue() == opening else {
        try skipValue()
        return false
      }
      try read(&self)
      return true
    }
    guard try peekValue() == UInt8(ascii: "{") else {
      try skipValue()
      return false
    }
    var more = try enterCollection(closing: UInt8(ascii: "}"), checkingStack: false)
    var found = false
    var wasRead = false
    var repeated = false
    while more {
      let name = try readMemberName { parser throws(JSONSyntaxError) in try parser.parseString() }
      if name != key {
        try skipValue()
      } else if found {
        repeated = true
        try skipValue()
      } else {
        found = true
        context.push(.key(key))
        wasRead = try readDesignated(keys.dropFirst(), opening: opening, context: context, read)
        context.pop()
      }
      more = try nextInCollection(closing: UInt8(ascii: "}"))
    }
    return wasRead && !repeated
  }
}

extension KeyPaths {
  /// The keys of a designated path made of keys alone, which JSON text can be followed along;
  /// `nil` for a path with an index, or one that does not parse (the dictionary way reports
  /// it).
  static func designatedKeys(_ path: String) -> [String]? {
    let parsed: [KeyComponent]?
    do {
      parsed = try parse(path)
    } catch {
      return nil
    }
    guard let components = parsed else { return [path] }
    var keys: [String] = []
    for component in components {
      guard case .key(let key) = component else { return nil }
      keys.append(key)
    }
    return keys
  }
}
