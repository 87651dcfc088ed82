/// The property types whose models JSON text is read straight into: a model, an array of
/// models, a `[String: Model]`, and optionals of these.
protocol JSONModelHolder {
  static var heldModels: HeldModels { get }
}

extension ModelBase: JSONModelHolder {
  static var heldModels: HeldModels { .one(self) }
}

extension Optional: JSONModelHolder where Wrapped: JSONModelHolder {
  static var heldModels: HeldModels { Wrapped.heldModels }
}

extension Array: JSONModelHolder where Element: ModelBase {
  static var heldModels: HeldModels { .array(Element.self) }
}

extension Dictionary: JSONModelHolder where Key == String, Value: ModelBase {
  static var heldModels: HeldModels { .byKey(Value.self) }
}
