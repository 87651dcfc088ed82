import Foundation

/// Types that hold ``ModelBase`` instances.
///
/// A model, and optionals, arrays and dictionaries of them. Tells `arrayElementTypes` which
/// model class a property declares.
protocol ModelContainer {
  static var containedModelType: ModelBase.Type { get }
}
