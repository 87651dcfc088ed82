import Foundation

private let boolNumberType: AnyClass = type(of: NSNumber(value: true))

/// The classes of the numbers Foundation makes (`JSONSerialization`'s integers, doubles,
/// booleans and long literals): values of these classes are never strings or null, which
/// ``isNumberClass(_:)`` tells from the dynamic type alone, without a cast.
private let numberClasses: [ObjectIdentifier] = {
  let numbers: [NSNumber] = [
    NSNumber(value: 1), NSNumber(value: true), NSNumber(value: 1.5), NSNumber(value: Int64.max),
    NSNumber(value: UInt64.max), NSDecimalNumber(string: "1.5"),
  ]
  var classes: [ObjectIdentifier] = []
  for number in numbers where !classes.contains(ObjectIdentifier(type(of: number))) {
    classes.append(ObjectIdentifier(type(of: number)))
  }
  return classes
}()

/// `true` when `dynamicType` is one of the classes Foundation's numbers are made of.
@inline(__always) func isNumberClass(_ dynamicType: ObjectIdentifier) -> Bool {
  numberClasses.contains(dynamicType)
}

/// `true` when `number` is a JSON boolean (`__NSCFBoolean`), not the number 0 or 1.
@inline(__always) func isBoolean(_ number: NSNumber) -> Bool {
  type(of: number) == boolNumberType
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
    return unboxed(value, as: String.self)
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

/// `value`, opened from its existential, as `T`, which is its dynamic type: the value copied
/// as it is, without the runtime's cast (a few hundred instructions through
/// `swift_dynamicCast`).
///
/// The existential keeps the type the value was boxed as, which for a class instance can be a
/// superclass of its dynamic class (an `NSMutableSet` boxed as an `NSSet`): such a value is
/// cast, which succeeds, the dynamic type being `T`. `nil` only when it is not.
///
/// The callers compare the dynamic type with `T` first.
@inline(__always)
func unboxed<T, Opened>(_ value: Opened, as _: T.Type) -> T? {
  guard Opened.self == T.self else { return value as? T }
  return unsafeBitCast(value, to: T.self)
}

/// `value`, opened from its existential, as the class `T` it is an instance of (of `T` or a
/// subclass), without the runtime's cast when it was boxed as a class (one reference): the
/// class it was boxed as may be any superclass of its dynamic one.
///
/// - Precondition: the dynamic class of `value` is `T` or a subclass (the callers check it);
///   a value not boxed as a class is cast (`nil` if it is not a `T`).
@inline(__always)
func unboxedObject<T: AnyObject, Opened>(_ value: Opened, as _: T.Type) -> T? {
  guard Opened.self is AnyClass else { return value as? T }
  return unsafeDowncast(unsafeBitCast(value, to: AnyObject.self), to: T.self)
}
