import Foundation

/// Infers shapes from the values `JSONSerialization` returns.
struct ShapeInference {
  /// The payload's key order, when it could be read from the payload's text.
  var keyOrder: KeyOrder

  /// The shape of one value found at `path`.
  func shape(of value: Any, at path: [PathComponent] = []) -> ValueShape {
    if value is NSNull {
      return .null
    }
    if let number = value as? NSNumber {
      return ValueShape(kind: Self.kind(of: number))
    }
    if let string = value as? String {
      if Self.nullStrings.contains(string) {
        return .null
      }
      return ValueShape(kind: DateTimeText.isDateTime(string) ? .date : .string)
    }
    if let object = value as? [String: Any] {
      return ValueShape(kind: .object(objectShape(of: object, at: path)))
    }
    if let array = value as? [Any] {
      let elementPath = path + [.element]
      let element = array.reduce(nil) { (merged: ValueShape?, element: Any) -> ValueShape? in
        let shape = self.shape(of: element, at: elementPath)
        return merged.map { $0.merged(with: shape) } ?? shape
      }
      return ValueShape(kind: .array(element))
    }
    return ValueShape(kind: .any)
  }

  private func objectShape(of object: [String: Any], at path: [PathComponent]) -> ObjectShape {
    var fields: [String: FieldShape] = [:]
    for (key, value) in object {
      fields[key] = FieldShape(value: shape(of: value, at: path + [.key(key)]), presenceCount: 1)
    }
    return ObjectShape(
      sampleCount: 1, fields: fields, keyOrder: keyOrder.ordered(object.keys, at: path))
  }

  /// Strings that `ModelBase` reads as `null` by default (its `nullStrings` hook).
  static let nullStrings: Set<String> = [
    "NIL", "Nil", "nil", "NULL", "Null", "null", "(NULL)", "(Null)", "(null)", "<NULL>", "<Null>",
    "<null>",
  ]

  /// The kind of a number, told apart the way `JSONSerialization` builds it.
  ///
  /// Booleans are `NSNumber`s whose `objCType` is `c` (`__NSCFBoolean`); integers use `q`, `i`,
  /// `l`, `s` or `Q`; doubles use `d`. Literals too long for a double arrive as
  /// `NSDecimalNumber`: integral ones that fit `Int` are integers, the rest doubles. An unsigned
  /// integer above `Int.max` is a double.
  static func kind(of number: NSNumber) -> Kind {
    if let decimal = number as? NSDecimalNumber {
      return isInt(decimal.decimalValue) ? .int : .double
    }
    switch String(cString: number.objCType) {
    case "c", "B":
      return .bool
    case "d", "f":
      return .double
    case "Q", "L", "I", "S", "C":
      return number.uint64Value <= UInt64(Int.max) ? .int : .double
    default:
      return .int
    }
  }

  private static func isInt(_ value: Decimal) -> Bool {
    var value = value
    var rounded = Decimal()
    NSDecimalRound(&rounded, &value, 0, .plain)
    return rounded == value && value >= Decimal(Int.min) && value <= Decimal(Int.max)
  }
}
