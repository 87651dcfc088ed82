/// The runtime's `_FieldReflectionMetadata`, declared here rather than imported.
///
/// SwiftShims stays out of every client's view; a test pins this layout against the
/// toolchain's own declaration.
struct FieldReflectionMetadata {
  typealias NameFreeFunc = @convention(c) (UnsafePointer<CChar>?) -> Void

  var name: UnsafePointer<CChar>? = nil
  var freeFunc: NameFreeFunc? = nil
  var isStrong = false
  var isVar = false
}
