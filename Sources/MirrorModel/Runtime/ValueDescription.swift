import Foundation

/// A short description of a raw input value for issue messages: its kind and, for scalars, the
/// value (long strings are cut).
func describeValue(_ value: Any) -> String {
  if isNSNull(value) { return "null" }
  if let string = stringValue(value) { return quoted(string, after: "String ") }
  if let number = numberValue(value) {
    if let decimal = number as? NSDecimalNumber { return "Number " + decimal.stringValue }
    if isBoolean(number) { return number.boolValue ? "Bool true" : "Bool false" }
    return "Number " + NumberText.text(of: number)
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

/// `Array of N elements`, as issues describe an array.
func elementCount(_ count: Int) -> String {
  count == 1 ? "Array of 1 element" : "Array of " + String(count) + " elements"
}

/// `Dictionary with N keys`, as issues describe a dictionary.
func keyCount(_ count: Int) -> String {
  count == 1 ? "Dictionary with 1 key" : "Dictionary with " + String(count) + " keys"
}

/// The string in quotes, cut after 40 characters (the length is said then).
func quoted(_ string: String) -> String {
  quoted(string, after: "")
}

/// `lead` followed by the string in quotes, cut after 40 characters (the length is said then).
///
/// Issues quote a value or a key for each problem they report; put together piece by piece
/// (no interpolation) in one allocation when the string is short.
func quoted(_ string: String, after lead: String) -> String {
  let limit = 40
  let utf8 = string.utf8
  // No more bytes than the limit: no more characters either.
  if utf8.count <= limit {
    var text = lead
    text.reserveCapacity(lead.utf8.count + utf8.count + 2)
    text += "\""
    text += string
    text += "\""
    return text
  }
  // ASCII without a carriage return (`\r\n` is one character): a character per byte.
  if utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
    let prefix = String(decoding: utf8.prefix(limit), as: UTF8.self)
    return lead + "\"\(prefix)…\" (\(utf8.count) characters)"
  }
  var prefix = ""
  var count = 0
  for character in string {
    if count == limit {
      return lead + "\"\(prefix)…\" (\(string.count) characters)"
    }
    prefix.append(character)
    count += 1
  }
  return lead + "\"\(prefix)\""
}
