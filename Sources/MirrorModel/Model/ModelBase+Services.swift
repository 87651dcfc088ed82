import Foundation

extension ModelBase: Hashable {
  /// Two models are equal when they are of the same class and every mapped property is equal
  /// (compared by the values ``toDictionary()`` writes, so nested models compare deeply).
  ///
  /// - Parameters:
  ///   - lhs: A model.
  ///   - rhs: Another model.
  /// - Returns: `true` when class and mapped values are equal.
  public static func == (lhs: ModelBase, rhs: ModelBase) -> Bool {
    if lhs === rhs { return true }
    guard type(of: lhs) == type(of: rhs) else { return false }
    return JSONValue.equal(lhs.toDictionary(), rhs.toDictionary())
  }

  /// Hashes the class and the mapped values, consistently with `==`.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: self)))
    JSONValue.hash(toDictionary(), into: &hasher)
  }

  /// A deep copy: nested models and their containers are copied, so the copy shares nothing
  /// mutable with the original.
  ///
  /// Mapped properties are copied; a model referenced twice is copied once and stays shared
  /// in the copy, and cycles stay cycles. Properties MirrorModel does not map (`let`, `weak`,
  /// `unowned`, lazy, wrapped) keep the values `init()` gives them.
  ///
  /// - Returns: A new instance of the same class.
  public func copy() -> Self {
    let copied = copyModel(context: MappingContext())
    guard let typed = copied as? Self else {
      preconditionFailure("copyModel created \(type(of: copied)), not \(type(of: self))")
    }
    return typed
  }

  final func copyModel(context: MappingContext) -> ModelBase {
    if let done = context.copies[ObjectIdentifier(self)] { return done }
    let target = type(of: self).init()
    context.copies[ObjectIdentifier(self)] = target
    for property in SchemaCache.shared.schema(for: self).properties {
      property.accessor.copy(from: self, to: target, context: context)
    }
    target.storedUnknownValues = storedUnknownValues
    return target
  }
}

/// A model and the issues met while mapping it, from ``MappableValue/map(_:mode:)``.
public struct MappingResult<Model: ModelBase> {
  /// The model; each property with an issue keeps its initial (or default) value.
  public var model: Model
  /// Every issue met, in order (in lenient mode, unknown keys too).
  public var issues: [MappingIssue]

  /// The model, or a ``MappingError`` with the issues when there are any.
  ///
  /// - Returns: The model.
  /// - Throws: ``MappingError`` when ``issues`` is not empty.
  public func get() throws -> Model {
    guard issues.isEmpty else {
      throw MappingError(issues: issues, modelType: typeName(Model.self))
    }
    return model
  }
}

extension MappableValue where Self: ModelBase {
  /// Maps a dictionary and returns the model together with every issue, without throwing.
  ///
  /// The lenient way to map: `Hotel.map(json, mode: .lenient)` fills every property it can,
  /// reports the rest (unknown keys included) and never throws.
  ///
  /// ```swift
  /// let result = Hotel.map(json, mode: .lenient)
  /// for issue in result.issues { log(issue) }
  /// show(result.model)
  /// ```
  ///
  /// - Parameters:
  ///   - dictionary: The values to map.
  ///   - mode: How strictly to convert; ``MappingMode/lenient`` by default.
  /// - Returns: The model and the issues.
  public static func map(
    _ dictionary: [String: Any], mode: MappingMode = .lenient
  ) -> MappingResult<Self> {
    let model = Self()
    let issues = model.mapRoot(dictionary, mode: mode, isUpdating: false)
    return MappingResult(model: model, issues: issues)
  }
}

/// Equality and hashing of JSON-compatible value trees.
enum JSONValue {
  static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
    switch (lhs, rhs) {
    case (let left as [String: Any], let right as [String: Any]):
      guard left.count == right.count else { return false }
      for (key, value) in left {
        guard let other = right[key], equal(value, other) else { return false }
      }
      return true
    case (let left as [Any], let right as [Any]):
      return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
    case (let left as String, let right as String):
      return left == right
    case (let left as Bool, let right as Bool):
      return left == right
    case (let left as Int, let right as Int):
      return left == right
    case (let left as UInt, let right as UInt):
      return left == right
    case (let left as Double, let right as Double):
      return left == right || (left.isNaN && right.isNaN)
    case (let left as NSDecimalNumber, let right as NSDecimalNumber):
      return left.decimalValue == right.decimalValue
    case _ where isNSNull(lhs) && isNSNull(rhs):
      return true
    default:
      return String(describing: lhs) == String(describing: rhs)
        && type(of: lhs) == type(of: rhs)
    }
  }

  /// A text that orders JSON values deterministically (for sets): dictionaries by sorted
  /// keys, so that equal values always give equal texts.
  static func sortKey(_ value: Any) -> String {
    switch value {
    case let string as String: return "s" + string
    case let integer as Int: return "i" + String(integer)
    case let double as Double: return "d" + String(double)
    case let flag as Bool: return "b" + String(flag)
    case let array as [Any]: return "[" + array.map(sortKey).joined(separator: ",") + "]"
    case let dictionary as [String: Any]:
      let entries = dictionary.keys.sorted().map { key in
        key.debugDescription + ":" + (dictionary[key].map(sortKey) ?? "")
      }
      return "{" + entries.joined(separator: ",") + "}"
    default: return "o" + String(describing: value)
    }
  }

  static func hash(_ value: Any, into hasher: inout Hasher) {
    switch value {
    case let dictionary as [String: Any]:
      // Order-independent: combine the entries' own hashes with a commutative sum.
      var sum = 0
      for (key, element) in dictionary {
        var entry = Hasher()
        entry.combine(key)
        hash(element, into: &entry)
        sum = sum &+ entry.finalize()
      }
      hasher.combine(dictionary.count)
      hasher.combine(sum)
    case let array as [Any]:
      hasher.combine(array.count)
      for element in array { hash(element, into: &hasher) }
    case let string as String: hasher.combine(string)
    case let flag as Bool: hasher.combine(flag)
    case let integer as Int: hasher.combine(integer)
    case let integer as UInt: hasher.combine(integer)
    case let double as Double: hasher.combine(double)
    case let decimal as NSDecimalNumber: hasher.combine(decimal.decimalValue)
    default: hasher.combine(String(describing: value))
    }
  }
}
