/// Turns JSON keys into Swift property and class names.
///
/// A key is split into words at every character that is not an ASCII letter or digit
/// (`hotel_id`, `hotel-id` and `hotel id` are the words `hotel`, `id`); the case inside a word is
/// kept (`avatarURL` stays one word). Names that would not compile get a predictable suffix or
/// prefix: keywords and members of `ModelBase` get `Value` (`class` -> `classValue`), a leading
/// digit gets `value` / `Value` in front (`1st` -> `value1st`), and class names that would
/// shadow a type the generated code uses get `Model` (`data` -> `DataModel`).
enum Identifiers {
  /// The words of a key, in order.
  static func words(in key: String) -> [String] {
    var words: [String] = []
    var current = ""
    for scalar in key.unicodeScalars {
      if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        current.unicodeScalars.append(scalar)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty {
      words.append(current)
    }
    return words
  }

  /// The lowerCamelCase property name for a key, safe to declare in a `ModelBase` subclass.
  static func propertyName(forKey key: String) -> String {
    let words = words(in: key)
    guard let first = words.first else { return "value" }
    let name = lowercasingLeadingCapitals(first) + words.dropFirst().map(capitalizingFirst).joined()
    if name.first?.isNumber == true {
      return "value" + name
    }
    if SwiftNames.keywords.contains(name) || SwiftNames.modelBaseMembers.contains(name) {
      return name + "Value"
    }
    return name
  }

  /// The UpperCamelCase class name for the object found under a key.
  static func typeName(forKey key: String) -> String {
    typeName(words: words(in: key))
  }

  /// The class name for the elements of an array found under a key: its last word singular.
  ///
  /// `rooms` -> `Room`, `statuses` -> `Status`, `entities` -> `Entity`, `user_mentions` ->
  /// `UserMention`; a key whose last word does not look plural (`media`, `room_list`) keeps it.
  static func elementTypeName(forKey key: String) -> String {
    var words = words(in: key)
    if let last = words.popLast() {
      words.append(singular(of: last))
    }
    return typeName(words: words)
  }

  /// The singular of an English plural, by suffix rules simple enough to predict.
  ///
  /// `-ies` -> `-y`; `-sses`, `-shes`, `-ches`, `-xes`, `-zzes` and `-uses` (not `-ouses`,
  /// `-auses`) drop `es`; other words ending in `s` drop it, except `-ss`, `-us` and `-is`.
  static func singular(of word: String) -> String {
    let lower = word.lowercased()
    func dropping(_ count: Int) -> String { String(word.dropLast(count)) }
    guard word.count > 2 else { return word }
    if lower.hasSuffix("ies"), word.count > 3 {
      return dropping(3) + (word.last?.isUppercase == true ? "Y" : "y")
    }
    let dropsES = ["sses", "shes", "ches", "xes", "zzes"].contains { lower.hasSuffix($0) }
    let latinUS = lower.hasSuffix("uses") && !lower.hasSuffix("ouses") && !lower.hasSuffix("auses")
    if dropsES || latinUS {
      return dropping(2)
    }
    if lower.hasSuffix("s"), !["ss", "us", "is"].contains(where: { lower.hasSuffix($0) }) {
      return dropping(1)
    }
    return word
  }

  private static func typeName(words: [String]) -> String {
    guard !words.isEmpty else { return "Value" }
    let name = words.map(capitalizingFirst).joined()
    if name.first?.isNumber == true {
      return "Value" + name
    }
    return SwiftNames.reservedTypeNames.contains(name) ? name + "Model" : name
  }

  private static func capitalizingFirst(_ word: String) -> String {
    word.prefix(1).uppercased() + word.dropFirst()
  }

  /// Lowercases the leading capitals of a word: `Hotel` -> `hotel`, `ID` -> `id`,
  /// `URLString` -> `urlString` (the capital that starts the next part stays).
  private static func lowercasingLeadingCapitals(_ word: String) -> String {
    let characters = Array(word)
    var end = 0
    while end < characters.count, characters[end].isUppercase {
      end += 1
    }
    if end > 1, end < characters.count, characters[end].isLowercase {
      end -= 1
    }
    return String(characters[..<end]).lowercased() + String(characters[end...])
  }
}
