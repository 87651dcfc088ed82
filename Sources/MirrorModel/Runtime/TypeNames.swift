import Foundation

/// The readable name of a type: `Int?` for `Optional<Int>`, `[Room]` for `Array<Room>`,
/// `[String: Int]` for `Dictionary<String, Int>`.
func typeName(_ type: Any.Type) -> String {
  sugar(String(describing: type))
}

private func sugar(_ name: String) -> String {
  guard let open = name.firstIndex(of: "<"), name.hasSuffix(">") else { return name }
  let head = String(name[..<open])
  let inner = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
  let arguments = splitGenericArguments(inner).map(sugar)
  switch (head, arguments.count) {
  case ("Optional", 1): return arguments[0] + "?"
  case ("Array", 1): return "[\(arguments[0])]"
  case ("Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
  default: return "\(head)<\(arguments.joined(separator: ", "))>"
  }
}

private func splitGenericArguments(_ text: String) -> [String] {
  var result: [String] = []
  var level = 0
  var current = ""
  for character in text {
    switch character {
    case "<", "(", "[": level += 1
    case ">", ")", "]": level -= 1
    default: break
    }
    if character == "," && level == 0 {
      result.append(current)
      current = ""
    } else if character != " " || !current.isEmpty {
      current.append(character)  // the space after a comma left out
    }
  }
  result.append(current)
  return result
}
