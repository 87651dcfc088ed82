import Foundation

/// Conversions for untyped containers whose elements `arrayElementTypes` names.
enum RawModels {
  static func convert(
    _ raw: Any, elementModel: ModelBase.Type, context: MappingContext
  ) throws -> Any {
    if raw is [Any] {
      return try [ModelBase].fromMappedValue(raw, concrete: elementModel, context: context)
        as [Any]
    }
    if raw is [String: Any] {
      return try [String: ModelBase].fromMappedValue(
        raw, concrete: elementModel, context: context) as [String: Any]
    }
    throw ConversionError.typeMismatch(
      "[\(typeName(elementModel))]", accepts: "an array or a dictionary of dictionaries")
  }
}

/// A new Foundation container or mutable string holding what `value` holds (its elements
/// deeply copied), so that a copy or a default shares nothing mutable with the original.
func mutableCopy(_ value: Any, session: DeepCopy.Session) -> Any? {
  switch value {
  case let string as NSMutableString:
    return NSMutableString(string: string as String)
  case let array as NSMutableArray:
    return NSMutableArray(array: array.map { DeepCopy.copy($0, session: session) })
  case let array as NSArray:
    return NSArray(array: array.map { DeepCopy.copy($0, session: session) })
  case let dictionary as NSMutableDictionary:
    return NSMutableDictionary(dictionary: copiedEntries(dictionary, session: session))
  case let dictionary as NSDictionary:
    return NSDictionary(dictionary: copiedEntries(dictionary, session: session))
  case let set as NSMutableSet:
    return NSMutableSet(array: set.allObjects.map { DeepCopy.copy($0, session: session) })
  case let set as NSSet:
    return NSSet(array: set.allObjects.map { DeepCopy.copy($0, session: session) })
  default:
    return nil
  }
}

private func copiedEntries(
  _ dictionary: NSDictionary, session: DeepCopy.Session
) -> [AnyHashable: Any] {
  var entries: [AnyHashable: Any] = [:]
  for (key, element) in dictionary {
    guard let key = key as? AnyHashable else { continue }
    entries[key] = DeepCopy.copy(element, session: session)
  }
  return entries
}

extension Set: DeepCopyableSet {
  func deepCopied(session: DeepCopy.Session) -> Any {
    let elements = map { DeepCopy.copy($0, session: session) }
    // Models hash by value: fill the copies before they are hashed into the set.
    DeepCopy.finish(session)
    return Set(zip(self, elements).map { original, copied in copied as? Element ?? original })
  }
}
