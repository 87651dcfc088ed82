/// A property wrapper MirrorModel maps through its own `wrappedValue`.
///
/// A wrapped property `@Trimmed var title: String` is stored as `_title: Trimmed`. MirrorModel
/// maps it under the declared name, `title`, by itself when the wrapper stores its value in a
/// `var wrappedValue`. A wrapper whose `wrappedValue` is computed (it normalizes, clamps or
/// stores the value under another name) says how to reach it by adopting this protocol, which
/// its `wrappedValue` already satisfies:
///
/// ```swift
/// @propertyWrapper struct Trimmed: MappablePropertyWrapper {
///   private var value = ""
///   var wrappedValue: String {
///     get { value }
///     set { value = newValue.trimmingCharacters(in: .whitespaces) }
///   }
///   init(wrappedValue: String) { self.wrappedValue = wrappedValue }
/// }
///
/// nonisolated final class Post: ModelBase {
///   @Trimmed var title = ""   // read and written under "title", trimmed by the wrapper
/// }
/// ```
///
/// The wrapped value is converted as a property of type `WrappedValue` would be (keys, hooks,
/// null, defaults, issues and their paths), then stored with the wrapper's own setter, in
/// place: the wrapper keeps its configuration (a range, a format) and its invariants.
/// ``ModelBase/toDictionary()``, `==`, `hash`, ``ModelBase/copy()`` and `description` read it
/// with the wrapper's getter.
public protocol MappablePropertyWrapper {
  /// The type of the wrapped property, as declared (`String` for `@Trimmed var title: String`).
  associatedtype WrappedValue

  /// The wrapped value: read for output, set with each mapped value.
  var wrappedValue: WrappedValue { get set }
}
