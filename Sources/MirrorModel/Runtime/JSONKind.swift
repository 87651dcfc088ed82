import Foundation

/// What a value held as `Any` is as JSON: the one answer to that question, which every layer
/// meeting such a value takes (the JSON writer, the `Encoder` walk, the check and conversion of
/// `Any`, `[Any]` and `[String: Any]` properties, equality and hashing of value trees).
///
/// Scalars are told apart as ``RawScalar`` tells them (a JSON boolean by its class, never the
/// number 0 or 1; integers apart from doubles; long literals exact), a `Float` (or an
/// `NSNumber` holding one) keeps its own shortest digits, an `Optional` is looked through, and
/// containers come as Swift collections or, for Foundation ones, as the objects they are (a
/// Foundation container can contain itself: the callers that convert one check).
enum JSONKind {
  /// `NSNull`.
  case null
  /// An `Optional` holding nothing.
  case absent
  /// A `String` or an `NSString`.
  case string(String)
  /// A `Bool`, or a JSON boolean (`NSNumber(value: true)`).
  case bool(Bool)
  /// A Swift `Int` (kept apart so that an `Encoder` is told the type it was).
  case int(Int)
  /// A Swift `UInt`.
  case uint(UInt)
  /// A signed integer of another width, or an `NSNumber` holding one.
  case signed(Int64)
  /// An unsigned integer of another width, or an `NSNumber` holding one.
  case unsigned(UInt64)
  /// A `Double` (any value: the callers decide what a non-finite one is).
  case double(Double)
  /// A `Float`, or an `NSNumber` holding one.
  case float(Float)
  /// A `Decimal`, or an `NSDecimalNumber` (a long literal): exact, possibly NaN.
  case decimal(Decimal)
  /// A Swift dictionary with `String` keys.
  case object([String: Any])
  /// A Swift array.
  case array([Any])
  /// An `NSDictionary`, its keys not yet checked.
  case foundationObject(NSDictionary)
  /// An `NSArray`.
  case foundationArray(NSArray)
  /// Anything else: a model, a `Date`, a `Set`, an arbitrary object or value.
  case other

  /// The kind of `value`, the common exact types told by their dynamic type alone (the
  /// scalars as ``RawScalar/init(exactly:type:)`` tells them).
  @inline(__always)
  init(_ value: Any) {
    let dynamicType = ObjectIdentifier(type(of: value))
    switch dynamicType {
    case ObjectIdentifier([String: Any].self):
      if let object = unboxed(value, as: [String: Any].self) {
        self = .object(object)
        return
      }
    case ObjectIdentifier([Any].self):
      if let array = unboxed(value, as: [Any].self) {
        self = .array(array)
        return
      }
    default:
      if let scalar = RawScalar(exactly: value, type: dynamicType) {
        self.init(scalar, isInt: dynamicType == ObjectIdentifier(Int.self)) {
          isNumberClass(dynamicType) ? unboxedObject(value, as: NSNumber.self) : nil
        }
        return
      }
    }
    self.init(other: value)
  }

  /// The kind of a value that is none of the common exact types.
  @inline(never)
  private init(other value: Any) {
    if isObject(value) {
      self.init(object: value)
      return
    }
    if let optional = value as? any OptionalValue {
      guard let wrapped = optional.wrappedAny else {
        self = .absent
        return
      }
      self.init(wrapped)
      return
    }
    let dynamicType = ObjectIdentifier(type(of: value))
    if dynamicType == ObjectIdentifier(Float.self), let float = value as? Float {
      self = .float(float)
    } else if dynamicType == ObjectIdentifier(Decimal.self), let decimal = value as? Decimal {
      self = .decimal(decimal)
    } else if dynamicType == ObjectIdentifier(UInt.self), let integer = value as? UInt {
      self = .uint(integer)
    } else if let number = numberValue(value) {
      // Every other integer width and `Bool`-like or floating-point value, by what it bridges
      // to (`UInt64` as unsigned, `Int8` as signed, `CGFloat` as a double).
      self.init(number: number)
    } else if let object = value as? [String: Any] {
      // A dictionary of other values (`[String: Int]`), its values boxed.
      self = .object(object)
    } else if let array = value as? [Any] {
      self = .array(array)
    } else {
      self = .other
    }
  }

  /// The kind of a class instance: never cast to a Swift type (that would bridge it).
  private init(object value: Any) {
    if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
      self.init(number: number)
    } else if let string = stringValue(value) {
      self = .string(string)
    } else if value is NSNull {
      self = .null
    } else if let array = value as? NSArray {
      self = .foundationArray(array)
    } else if let dictionary = value as? NSDictionary {
      self = .foundationObject(dictionary)
    } else {
      self = .other
    }
  }

  /// The kind of `number`: a boolean by its class, a long literal exact, a `Float` as one,
  /// otherwise by the C type it holds (``RawScalar``).
  init(number: NSNumber) {
    self.init(RawScalar(number: number), isInt: false) { number }
  }

  /// The kind of a value whose scalar is `scalar`: a Swift `Int` (`isInt`) kept apart, and a
  /// double that is an `NSNumber` holding a `Float` (`number`, asked for doubles only) as one.
  @inline(__always)
  private init(_ scalar: RawScalar, isInt: Bool, number: () -> NSNumber?) {
    switch scalar {
    case .bool(let flag): self = .bool(flag)
    case .signed(let integer):
      self = isInt ? .int(Int(truncatingIfNeeded: integer)) : .signed(integer)
    case .unsigned(let integer): self = .unsigned(integer)
    case .double(let double):
      // Neither a boolean nor a long literal (``RawScalar`` told those apart).
      if let number = number(), UInt8(bitPattern: number.objCType.pointee) == UInt8(ascii: "f") {
        self = .float(number.floatValue)
      } else {
        self = .double(double)
      }
    case .decimal(let decimal): self = .decimal(decimal.decimalValue)
    case .string(let string): self = .string(string)
    case .other: self = .other
    }
  }

  /// Whether the value is a scalar JSON can hold: null, a string, a boolean, an integer, a
  /// finite floating-point number or a decimal that is not NaN.
  var isScalar: Bool {
    switch self {
    case .null, .string, .bool, .int, .uint, .signed, .unsigned: true
    case .double(let double): double.isFinite
    case .float(let float): float.isFinite
    case .decimal(let decimal): !decimal.isNaN
    case .absent, .object, .array, .foundationObject, .foundationArray, .other: false
    }
  }

  /// The members of an object, Swift or Foundation; `nil` for any other kind, or for a
  /// Foundation dictionary with a key that is not a string.
  ///
  /// A Foundation container is bridged as it is: lazily on Apple platforms (its values stay
  /// the objects they are, so a container holding itself is met again as the same object),
  /// and on Linux with each nested container converted, as Foundation converts any value read
  /// out of it.
  var members: [String: Any]? {
    switch self {
    case .object(let object): object
    case .foundationObject(let dictionary): Self.bridged(dictionary, to: [String: Any].self)
    default: nil
    }
  }

  /// The elements of an array, Swift or Foundation (bridged as ``members`` says); `nil` for
  /// any other kind.
  var elements: [Any]? {
    switch self {
    case .array(let array): array
    case .foundationArray(let array): Self.bridged(array, to: [Any].self)
    default: nil
    }
  }

  private static func bridged<T>(_ object: AnyObject, to _: T.Type) -> T? {
    let value: Any = object
    return value as? T
  }
}
