import Foundation

/// An `Optional` seen through `Any`: every layer that meets a value of unknown type (the JSON
/// writer, the `Codable` walks, the accessors, copies, descriptions) unwraps it through this one
/// conformance, and a field's `nil` is made by it.
protocol OptionalValue {
  /// `nil` of this optional type, as `Any`.
  static func makeNil() -> Any
  /// The wrapped value as `Any`; `nil` for `nil`.
  var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
  static func makeNil() -> Any { Wrapped?.none as Any }
  var wrappedAny: Any? { self.map { $0 as Any } }
}
