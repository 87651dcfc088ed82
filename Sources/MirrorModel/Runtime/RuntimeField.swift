/// One stored field of a class, as the runtime reports it.
struct RuntimeField {
  /// The field's name as declared (`$__lazy_storage_$_x` for lazy storage, `_x` for wrappers).
  var name: String
  /// The exact declared type of the field.
  var type: Any.Type
  /// Byte offset of the field from the start of the object.
  var offset: Int
  /// `true` for `var`, `false` for `let`.
  var isVar: Bool
  /// `false` for `weak`, `unowned` and `unowned(unsafe)` fields.
  var isStrong: Bool
}
