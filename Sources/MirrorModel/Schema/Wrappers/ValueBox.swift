/// A one-field model that holds a wrapped value while the value's own accessor converts it.
///
/// A wrapped property reached through its wrapper's getter and setter (or a key path) has no
/// field of its declared type to point at; the accessor for that type works on this box
/// instead, and the value is then stored through the wrapper. Internal, never mapped itself.
final class ValueBox<Value>: ModelBase {
  var value: Value

  init(_ value: Value) {
    self.value = value
    super.init()
  }

  required init() {
    preconditionFailure("a ValueBox is made with its value, never by init()")
  }

  /// The byte offset of ``value`` in a box, asked of the runtime as for any model field.
  static var valueOffset: Int? {
    RuntimeReflection.fields(of: ValueBox<Value>.self).last { $0.name == "value" }?.offset
  }
}

/// The field of type `T` at `offset` in `object`.
@inline(__always)
func fieldPointer<T>(in object: ModelBase, offset: Int, as type: T.Type) -> UnsafeMutablePointer<T>
{
  // The object outlives the access: callers hold a strong reference to it.
  UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
    .advanced(by: offset)
    .assumingMemoryBound(to: T.self)
}
