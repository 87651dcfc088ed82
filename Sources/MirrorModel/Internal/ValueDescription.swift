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
      result.append(current.trimmingCharacters(in: .whitespaces))
      current = ""
    } else {
      current.append(character)
    }
  }
  result.append(current.trimmingCharacters(in: .whitespaces))
  return result
}

private let boolNumberType: AnyClass = type(of: NSNumber(value: true))

/// `true` when `number` is a JSON boolean (`__NSCFBoolean`), not the number 0 or 1.
@inline(__always) func isBoolean(_ number: NSNumber) -> Bool {
  type(of: number) == boolNumberType
}

/// A short description of a raw input value for issue messages: its kind and, for scalars, the
/// value (long strings are cut).
func describeValue(_ value: Any) -> String {
  if isNSNull(value) { return "null" }
  if let string = stringValue(value) { return "String " + quoted(string) }
  if let number = numberValue(value) {
    if let decimal = number as? NSDecimalNumber { return "Number \(decimal.stringValue)" }
    if isBoolean(number) { return "Bool \(number.boolValue)" }
    return "Number \(NumberText.text(of: number))"
  }
  if isObject(value) {
    // Counted as they are: bridging a Foundation container that contains itself never ends.
    if let array = value as? NSArray { return elementCount(array.count) }
    if let dictionary = value as? NSDictionary { return keyCount(dictionary.count) }
  }
  switch value {
  case let flag as Bool:
    return "Bool \(flag)"
  case let integer as Int:
    return "Number \(integer)"
  case let double as Double:
    return "Number \(NumberText.text(of: double))"
  case let array as [Any]:
    return elementCount(array.count)
  case let dictionary as [String: Any]:
    return keyCount(dictionary.count)
  default:
    let text = String(describing: value)
    return typeName(type(of: value)) + " "
      + (text.count > 40 ? String(text.prefix(40)) + "…" : text)
  }
}

private func elementCount(_ count: Int) -> String {
  count == 1 ? "Array of 1 element" : "Array of \(count) elements"
}

private func keyCount(_ count: Int) -> String {
  count == 1 ? "Dictionary with 1 key" : "Dictionary with \(count) keys"
}

/// The string in quotes, cut after 40 characters (the length is said then).
func quoted(_ string: String) -> String {
  let limit = 40
  var prefix = ""
  var count = 0
  for character in string {
    if count == limit {
      return "\"\(prefix)…\" (\(string.count) characters)"
    }
    prefix.append(character)
    count += 1
  }
  return "\"\(prefix)\""
}

// Type tests that never bridge. On Linux, `value is NSNull`, `value as? NSNumber` and
// `value as? String` on an `Any` holding a Swift dictionary or array first convert the whole
// collection to an `NSDictionary` or `NSArray` (measured: 209 µs for one tweet), only to fail.
// These helpers look at the dynamic type first.

/// `true` when `value` is `NSNull`.
@inline(__always) func isNSNull(_ value: Any) -> Bool {
  ObjectIdentifier(type(of: value)) == ObjectIdentifier(NSNull.self)
}

/// `true` when `value` is an instance of a class (an `NSNumber`, `NSString`, `NSNull`, model).
@inline(__always) func isObject(_ value: Any) -> Bool {
  type(of: value) is AnyClass
}

/// The model in `value` (or in the optional `value` is); `nil` for anything else.
///
/// Never casts a Swift value to a class: that would bridge an array to `NSArray` first, element
/// by element and level by level.
func modelValue(_ value: Any) -> ModelBase? {
  if isObject(value) { return value as? ModelBase }
  if let optional = value as? any OptionalValue, let wrapped = optional.wrappedAny {
    return modelValue(wrapped)
  }
  return nil
}

/// The string in `value`: a Swift `String`, or an `NSString`; `nil` for anything else.
@inline(__always) func stringValue(_ value: Any) -> String? {
  if ObjectIdentifier(type(of: value)) == ObjectIdentifier(String.self) {
    return value as? String
  }
  guard type(of: value) is NSString.Type, let string = value as? NSString else { return nil }
  return string as String
}

/// The number in `value`: an `NSNumber` (of any subclass), or a Swift integer, floating-point
/// number or `Bool` bridged to one; never bridges a collection or a string.
@inline(__always) func numberValue(_ value: Any) -> NSNumber? {
  if isObject(value) { return value as? NSNumber }
  guard value is any BinaryInteger || value is any BinaryFloatingPoint || value is Bool else {
    return nil
  }
  return value as? NSNumber
}
