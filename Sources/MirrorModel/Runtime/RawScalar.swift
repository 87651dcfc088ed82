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
    if let scalar = RawScalar(exactly: value, type: ObjectIdentifier(type(of: value))) {
      self = scalar
    } else if let number = numberValue(value) {
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

  /// The scalar of a value whose dynamic type, `dynamicType`, is one of the common exact
  /// types (`Int`, `String`, `Double`, `Bool`, or one of the classes Foundation's numbers are
  /// made of); `nil` for any other type.
  ///
  /// Native Swift values by exact dynamic type: casting them to NSNumber would bridge
  /// (allocate), and casting an NSNumber to `Int` costs far more than to `NSNumber`. Each value
  /// is taken out of its existential as the type just compared (``unboxed(_:as:)``), not
  /// through the runtime's cast. ``JSONKind`` starts from this too. `value` is borrowed: taken
  /// as a copy, every conversion from a dictionary paid a retain and a release for it.
  @inline(__always) init?(exactly value: borrowing Any, type dynamicType: ObjectIdentifier) {
    switch dynamicType {
    case ObjectIdentifier(Int.self):
      guard let integer = unboxed(value, as: Int.self) else { return nil }
      self = .signed(Int64(integer))
    case ObjectIdentifier(String.self):
      guard let string = unboxed(value, as: String.self) else { return nil }
      self = .string(string)
    case ObjectIdentifier(Double.self):
      guard let double = unboxed(value, as: Double.self) else { return nil }
      self = .double(double)
    case ObjectIdentifier(Bool.self):
      guard let flag = unboxed(value, as: Bool.self) else { return nil }
      self = .bool(flag)
    default:
      // Foundation's numbers, told by their class: no test of whether the value is an object.
      guard isNumberClass(dynamicType), let number = unboxedObject(value, as: NSNumber.self)
      else { return nil }
      self.init(number: number)
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
