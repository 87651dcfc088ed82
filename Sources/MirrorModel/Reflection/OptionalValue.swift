import Foundation

protocol OptionalValue {
  static func makeNil() -> Any
  var wrappedAny: Any? { get }
}
