import Foundation

/// Conversions for the Foundation reference types Objective-C models declare: `NSString`,
/// `NSMutableString`, `NSNumber`, `NSDecimalNumber`, `NSArray`, `NSMutableArray`,
/// `NSDictionary`, `NSMutableDictionary`, `NSSet`, `NSMutableSet`, `NSDate`, `NSURL`, `NSData`
/// and `NSObject` (whatever Foundation value arrives, as an `Any` property takes it).
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
        "NSData", make: { NSData(data: $0) },
        back: { ($0 as? NSData).map { Data(referencing: $0) } })
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
    case ObjectIdentifier(NSSet.self):
      return set(elementModel: elementModel) { NSSet(array: $0) }
    case ObjectIdentifier(NSMutableSet.self):
      return set(elementModel: elementModel) { NSMutableSet(array: $0) }
    case ObjectIdentifier(NSObject.self):
      return ValueConversion(
        decode: { raw, context in try object(raw, context: context) },
        encode: { value, context in JSONCompatibility.jsonValue(value, context: context) })
    default:
      return nil
    }
  }

  /// Whether `type` is one of the Foundation containers, which `arrayElementTypes` applies to.
  static func isContainer(_ type: Any.Type) -> Bool {
    type == NSArray.self || type == NSMutableArray.self || type == NSDictionary.self
      || type == NSMutableDictionary.self || type == NSSet.self || type == NSMutableSet.self
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

  /// An untyped set, read from a JSON array (its elements as an `[Any]` property's, or models
  /// of the class `arrayElementTypes` names), written as an array in a stable order.
  private static func set(
    elementModel: ModelBase.Type?, make: @escaping ([Any]) -> NSSet
  ) -> ValueConversion {
    let array = container(array: true, elementModel: elementModel) { $0 as AnyObject }
    return ValueConversion(
      decode: { raw, context in make(try array.decode(raw, context) as? [Any] ?? []) },
      encode: { value, context in
        guard let set = value as? NSSet else { return nil }
        let elements = set.allObjects.compactMap {
          JSONCompatibility.jsonValue($0, context: context)
        }
        return CollectionMapping.sortedForOutput(elements)
      })
  }

  /// The Foundation object for a JSON value, for an `NSObject` property: strings as
  /// `NSString`, numbers and booleans as `NSNumber` (as given), arrays and dictionaries as
  /// `NSArray` and `NSDictionary`, `null` as `NSNull`.
  private static func object(_ raw: Any, context: MappingContext) throws -> NSObject {
    if isObject(raw), let object = raw as? NSObject { return object }
    let value = try JSONCompatibility.checked(raw, context: context)
    if let string = stringValue(value) { return NSString(string: string) }
    if let array = value as? [Any] { return NSArray(array: array) }
    if let dictionary = value as? [String: Any] { return NSDictionary(dictionary: dictionary) }
    switch RawScalar(value) {
    case .bool, .signed, .unsigned, .double, .decimal:
      return try number(value, context: context)
    case .string, .other:
      throw ConversionError.typeMismatch(
        "NSObject", accepts: "a JSON value (a string, a number, an array, a dictionary, null)")
    }
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
        let number = numberValue(value), JSONKind(number: number).isScalar
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
