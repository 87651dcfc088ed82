import Foundation

/// Conversions for the Foundation reference types Objective-C models declare: `NSString`,
/// `NSMutableString`, `NSNumber`, `NSDecimalNumber`, `NSArray`, `NSMutableArray`,
/// `NSDictionary`, `NSMutableDictionary`, `NSDate`, `NSURL` and `NSData`.
///
/// Each reads by the rules of its Swift counterpart (`NSString` as `String`, `NSDate` as
/// `Date`), except `NSNumber`, which keeps what it is given: a JSON boolean stays a boolean and
/// a long literal stays an exact `NSDecimalNumber`. The containers hold JSON values and models,
/// like `[Any]` and `[String: Any]`, and take their element class from `arrayElementTypes`.
enum FoundationConversions {
  /// The conversion for `type`, or `nil` when it is not one of the types above.
  static func conversion(for type: Any.Type, elementModel: ModelBase.Type?) -> ValueConversion? {
    switch ObjectIdentifier(type) {
    case ObjectIdentifier(NSString.self):
      return bridged(
        "NSString", make: { NSString(string: $0) }, back: { ($0 as? NSString).map(String.init) })
    case ObjectIdentifier(NSMutableString.self):
      return bridged(
        "NSMutableString", make: { NSMutableString(string: $0) },
        back: { ($0 as? NSString).map(String.init) })
    case ObjectIdentifier(NSNumber.self):
      return ValueConversion(
        decode: { raw, context in try number(raw, context: context) },
        encode: { value, context in JSONCompatibility.jsonValue(value, context: context) })
    case ObjectIdentifier(NSDecimalNumber.self):
      return bridged(
        "NSDecimalNumber", make: { NSDecimalNumber(decimal: $0) },
        back: { ($0 as? NSDecimalNumber).map(\.decimalValue) })
    case ObjectIdentifier(NSDate.self):
      return bridged(
        "NSDate", make: { NSDate(timeIntervalSince1970: $0.timeIntervalSince1970) },
        back: { ($0 as? NSDate).map { Date(timeIntervalSince1970: $0.timeIntervalSince1970) } })
    case ObjectIdentifier(NSURL.self):
      return bridged("NSURL", make: { $0 as NSURL }, back: { ($0 as? NSURL)?.absoluteURL })
    case ObjectIdentifier(NSData.self):
      return bridged(
        "NSData", make: { NSData(data: $0) }, back: { ($0 as? NSData).map { Data($0) } })
    case ObjectIdentifier(NSArray.self):
      return container(array: true, elementModel: elementModel) {
        NSArray(array: $0 as? [Any] ?? [])
      }
    case ObjectIdentifier(NSMutableArray.self):
      return container(array: true, elementModel: elementModel) {
        NSMutableArray(array: $0 as? [Any] ?? [])
      }
    case ObjectIdentifier(NSDictionary.self):
      return container(array: false, elementModel: elementModel) {
        NSDictionary(dictionary: $0 as? [String: Any] ?? [:])
      }
    case ObjectIdentifier(NSMutableDictionary.self):
      return container(array: false, elementModel: elementModel) {
        NSMutableDictionary(dictionary: $0 as? [String: Any] ?? [:])
      }
    default:
      return nil
    }
  }

  /// Whether `type` is one of the Foundation containers, which `arrayElementTypes` applies to.
  static func isContainer(_ type: Any.Type) -> Bool {
    type == NSArray.self || type == NSMutableArray.self || type == NSDictionary.self
      || type == NSMutableDictionary.self
  }

  /// A reference type read and written through its Swift counterpart's conversion.
  private static func bridged<Swift: MappableValue>(
    _ name: String, make object: @escaping (Swift) -> AnyObject,
    back: @escaping (Any) -> Swift?
  ) -> ValueConversion {
    ValueConversion(
      decode: { raw, context in
        if isObject(raw), let swift = back(raw) { return object(swift) }
        do {
          return object(try Swift.fromMappedValue(raw, context: context))
        } catch var error as ConversionError {
          error.expectedType = name
          throw error
        }
      },
      encode: { value, context in back(value)?.toMappedValue(context: context) })
  }

  private static func container(
    array: Bool, elementModel: ModelBase.Type?, make: @escaping (Any) -> AnyObject
  ) -> ValueConversion {
    ValueConversion(
      decode: { raw, context in
        var value = try JSONCompatibility.checked(raw, context: context)
        guard array ? value is [Any] : value is [String: Any] else {
          throw ConversionError.typeMismatch(
            array ? "NSArray" : "NSDictionary", accepts: array ? "an array" : "a dictionary")
        }
        if let elementModel {
          value = try RawModels.convert(value, elementModel: elementModel, context: context)
        }
        return make(value)
      },
      encode: { value, context in JSONCompatibility.jsonValue(value, context: context) })
  }

  /// An `NSNumber` as given: JSON booleans stay booleans, long literals stay exact; numeric
  /// strings are read as `JSONSerialization` would read the same literal (not in strict mode).
  private static func number(_ raw: Any, context: MappingContext) throws -> NSNumber {
    switch RawScalar(raw) {
    case .bool(let flag): return NSNumber(value: flag)
    case .signed(let integer): return NSNumber(value: integer)
    case .unsigned(let integer): return NSNumber(value: integer)
    case .double(let double):
      guard double.isFinite else {
        throw ConversionError(expectedType: "NSNumber", reason: "\(double) is not a finite number")
      }
      if let number = raw as? NSNumber, isObject(raw) { return number }
      return NSNumber(value: double)
    case .decimal(let decimal):
      guard !decimal.decimalValue.isNaN else {
        throw ConversionError(expectedType: "NSNumber", reason: "NaN is not a finite number")
      }
      return decimal
    case .string(let string):
      if context.isStrict { throw ConversionError.strict("NSNumber", raw) }
      // The literal as JSON text (JSON has no leading `+`), read as `init(json:)` reads it.
      let literal = string.hasPrefix("+") ? String(string.dropFirst()) : string
      guard NumberText.isDecimalNumber(string),
        let value = try? JSONReader.parse(Data(literal.utf8), maximumDepth: 1),
        let number = numberValue(value), JSONCompatibility.isFinite(number)
      else {
        throw ConversionError(
          expectedType: "NSNumber", reason: "\(quoted(string)) is not a number")
      }
      return number
    case .other:
      throw ConversionError.typeMismatch("NSNumber", accepts: "a number or a numeric string")
    }
  }
}
