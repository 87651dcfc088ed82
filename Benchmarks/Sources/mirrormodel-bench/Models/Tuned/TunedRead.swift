import Foundation

/// The benchmark's expert baseline: plain classes mapped by hand with the fastest casts.
///
/// On Linux `as? Int` on an `NSNumber` goes through the bridging machinery; casting once to
/// `NSNumber` and reading the value its `objCType` announces is several times faster.
enum Tuned {}

/// Value readers for `JSONSerialization` output, used by the `Tuned` classes.
enum Read {
  private static let longLong = CChar(UInt8(ascii: "q"))
  private static let long = CChar(UInt8(ascii: "l"))
  private static let int = CChar(UInt8(ascii: "i"))
  private static let short = CChar(UInt8(ascii: "s"))
  private static let unsignedLongLong = CChar(UInt8(ascii: "Q"))
  private static let double = CChar(UInt8(ascii: "d"))
  private static let float = CChar(UInt8(ascii: "f"))
  /// A JSON `true`/`false` arrives as an `NSNumber` of type `c` (`__NSCFBoolean`).
  private static let bool = CChar(UInt8(ascii: "c"))

  @inline(__always)
  static func string(_ value: Any?) -> String? {
    value as? String
  }

  static func int64(_ value: Any?) -> Int64? {
    guard let number = value as? NSNumber else { return nil }
    switch number.objCType.pointee {
    case longLong, long, int, short: return number.int64Value
    case unsignedLongLong: return Int64(exactly: number.uint64Value)
    case double, float: return Int64(exactly: number.doubleValue)
    default: return nil
    }
  }

  @inline(__always)
  static func int(_ value: Any?) -> Int? {
    int64(value).map { Int(truncatingIfNeeded: $0) }
  }

  static func bool(_ value: Any?) -> Bool? {
    guard let number = value as? NSNumber, number.objCType.pointee == bool else { return nil }
    return number.boolValue
  }

  static func double(_ value: Any?) -> Double? {
    guard let number = value as? NSNumber else { return nil }
    switch number.objCType.pointee {
    case double, float: return number.doubleValue
    case longLong, long, int, short: return Double(number.int64Value)
    case unsignedLongLong: return Double(number.uint64Value)
    default: return nil
    }
  }

  /// An array of integers, or nil when the value is not an array or an element is not one.
  static func ints(_ value: Any?) -> [Int]? {
    guard let array = value as? [Any] else { return nil }
    var out: [Int] = []
    out.reserveCapacity(array.count)
    for element in array {
      guard let item = int(element) else { return nil }
      out.append(item)
    }
    return out
  }

  /// An array of strings, or nil when the value is not an array or an element is not one.
  static func strings(_ value: Any?) -> [String]? {
    guard let array = value as? [Any] else { return nil }
    var out: [String] = []
    out.reserveCapacity(array.count)
    for element in array {
      guard let item = element as? String else { return nil }
      out.append(item)
    }
    return out
  }

  /// A nested model, or nil when the value is not a dictionary.
  @inline(__always)
  static func model<T>(_ value: Any?, _ make: ([String: Any]) -> T) -> T? {
    (value as? [String: Any]).map(make)
  }

  /// An array of models, or nil when the value is not an array of dictionaries.
  static func models<T>(_ value: Any?, _ make: ([String: Any]) -> T) -> [T]? {
    guard let array = value as? [Any] else { return nil }
    var out: [T] = []
    out.reserveCapacity(array.count)
    for element in array {
      guard let dictionary = element as? [String: Any] else { return nil }
      out.append(make(dictionary))
    }
    return out
  }
}
