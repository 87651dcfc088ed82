import Foundation

/// A scalar input value, classified once: JSON booleans apart from numbers, integers apart from
/// doubles, long literals (`NSDecimalNumber`) kept exact.
enum RawScalar {
  case bool(Bool)
  case signed(Int64)
  case unsigned(UInt64)
  case double(Double)
  /// A long literal, as its exact decimal text.
  case decimal(NSDecimalNumber)
  case string(String)
  case other

  @inline(__always) init(_ value: Any) {
    // Native Swift values first, by exact dynamic type: casting them to NSNumber would bridge
    // (allocate), and casting an NSNumber to `Int` costs far more than to `NSNumber`.
    let dynamicType = ObjectIdentifier(type(of: value))
    switch dynamicType {
    // Each value taken out of its existential as the type just compared (``unboxed(_:as:)``),
    // not through the runtime's cast.
    case ObjectIdentifier(Int.self):
      if let integer = unboxed(value, as: Int.self) {
        self = .signed(Int64(integer))
        return
      }
    case ObjectIdentifier(String.self):
      if let string = unboxed(value, as: String.self) {
        self = .string(string)
        return
      }
    case ObjectIdentifier(Double.self):
      if let double = unboxed(value, as: Double.self) {
        self = .double(double)
        return
      }
    case ObjectIdentifier(Bool.self):
      if let flag = unboxed(value, as: Bool.self) {
        self = .bool(flag)
        return
      }
    default:
      // Foundation's numbers, told by their class: no test of whether the value is an object.
      if isNumberClass(dynamicType), let number = unboxedObject(value, as: NSNumber.self) {
        self.init(number: number)
        return
      }
    }
    if let number = numberValue(value) {
      self.init(number: number)
    } else if let string = stringValue(value) {
      self = .string(string)
    } else if ObjectIdentifier(type(of: value)) == ObjectIdentifier(Decimal.self),
      let decimal = value as? Decimal
    {
      self = .decimal(NSDecimalNumber(decimal: decimal))
    } else {
      self = .other
    }
  }

  @inline(__always) init(number: NSNumber) {
    if isBoolean(number) {
      self = .bool(number.boolValue)
      return
    }
    switch UInt8(bitPattern: number.objCType.pointee) {
    case UInt8(ascii: "d"), UInt8(ascii: "f"):
      if let decimal = number as? NSDecimalNumber {
        self = .decimal(decimal)
      } else {
        self = .double(number.doubleValue)
      }
    case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"),
      UInt8(ascii: "C"):
      self = .unsigned(number.uint64Value)
    default:
      self = .signed(number.int64Value)
    }
  }
}
