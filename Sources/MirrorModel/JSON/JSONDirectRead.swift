/// How a property's value is read from JSON text when its model is read straight from the
/// text (see ``JSONReader/Parser/readModel(_:schema:keys:context:)``); chosen once per
/// property, from its declared type.
enum JSONDirectRead {
  /// Read as the tree reader reads it, then converted the ordinary way.
  case ordinary
  /// A model (or an optional one) of the class given.
  case model(ModelBase.Type)
  /// An array (or an optional one) of models of the declared class, read as `concrete`.
  case models(declared: ModelBase.Type, concrete: ModelBase.Type)
  /// A `[String: Model]` (or an optional one).
  case modelsByKey(declared: ModelBase.Type, concrete: ModelBase.Type)
  /// Numbers, booleans, strings inside arrays, and arrays of them.
  case fast(any JSONFastValue.Type)

  /// The way to read a property of `type`; `elementType` is what `arrayElementTypes` asks for.
  init(for type: Any.Type, elementType: ModelBase.Type?, hasTransformer: Bool) {
    if hasTransformer {
      self = .ordinary
    } else if let holder = type as? any JSONModelHolder.Type {
      switch holder.heldModels {
      case .one(let declared): self = .model(elementType ?? declared)
      case .array(let declared):
        self = .models(declared: declared, concrete: elementType ?? declared)
      case .byKey(let declared):
        self = .modelsByKey(declared: declared, concrete: elementType ?? declared)
      }
    } else if type != String.self, type != String?.self,
      let fast = type as? any JSONFastValue.Type
    {
      // A `String` property's value goes the ordinary way: a null string makes it a default.
      self = .fast(fast)
    } else {
      self = .ordinary
    }
  }
}
