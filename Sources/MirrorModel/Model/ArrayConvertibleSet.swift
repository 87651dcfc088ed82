import Foundation

/// Sets made from the array `PropertyTransformer.forEachElement(_:)` decodes.
protocol ArrayConvertibleSet {
  static func fromElements(_ value: Any) -> Any?
  var elementArray: [Any] { get }
}

extension Set: ArrayConvertibleSet {
  static func fromElements(_ value: Any) -> Any? {
    guard let array = value as? [Any] else { return nil }
    var result = Set()
    for element in array {
      guard let typed = element as? Element else { return nil }
      result.insert(typed)
    }
    return result
  }

  var elementArray: [Any] { map { $0 } }
}
