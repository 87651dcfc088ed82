// The Swift runtime's own reflection entry points, the ones `Mirror` is built on. They are
// exported from the standard library on Linux and on Apple platforms. Binding them by name asks
// the runtime the questions `Mirror` asks, without parsing any metadata layout by hand.
//
// `swift_reflectionMirror_recursiveChildMetadata` takes one pointer to the four-field struct
// below from the Swift 5.4 runtime on; earlier runtimes declare it with separate `outName` and
// `outFreeFunc` parameters and no `isStrong`/`isVar`, so calling this form there would write the
// free function through a garbage pointer. `Package.swift` therefore requires the OS versions
// that ship the Swift 5.4 runtime (macOS 11.3, iOS 14.5, tvOS 14.5, watchOS 7.4); Linux always
// ships its own, newer runtime.

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func _mirrorRecursiveCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func _mirrorRecursiveChildMetadata(
  _ type: Any.Type,
  index: Int,
  fieldMetadata: UnsafeMutablePointer<FieldReflectionMetadata>
) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func _mirrorRecursiveChildOffset(_ type: Any.Type, index: Int) -> Int

enum RuntimeReflection {
  /// Every stored field of `type` and its superclasses, superclasses first.
  static func fields(of type: AnyClass) -> [RuntimeField] {
    let count = _mirrorRecursiveCount(type)
    guard count > 0 else { return [] }
    var result: [RuntimeField] = []
    result.reserveCapacity(count)
    for index in 0..<count {
      let (fieldType, metadata) = childMetadata(type, index: index)
      let name = metadata.name ?? ""
      result.append(
        RuntimeField(
          name: name,
          type: fieldType,
          offset: _mirrorRecursiveChildOffset(type, index: index),
          isVar: metadata.isVar,
          isStrong: metadata.isStrong
        )
      )
    }
    return result
  }

  /// The stored field named `name` of the struct or class `type`, with its offset from the
  /// start of a value (asked of the type alone; no value is read).
  static func storedField(named name: String, in type: Any.Type) -> RuntimeField? {
    switch MetadataKind(of: type) {
    case .structure, .classType: break
    default: return nil
    }
    let count = _mirrorRecursiveCount(type)
    guard count > 0 else { return nil }
    for index in 0..<count {
      let (fieldType, metadata) = childMetadata(type, index: index)
      guard metadata.name == name else { continue }
      return RuntimeField(
        name: name, type: fieldType, offset: _mirrorRecursiveChildOffset(type, index: index),
        isVar: metadata.isVar, isStrong: metadata.isStrong)
    }
    return nil
  }

  /// The declared type of field `index` of `type`, its name (freed as the runtime asks), and
  /// whether it is a `var` and a strong reference.
  private static func childMetadata(
    _ type: Any.Type, index: Int
  ) -> (type: Any.Type, metadata: (name: String?, isVar: Bool, isStrong: Bool)) {
    // The C struct is 24 bytes with its tail padding, the Swift one 18: the runtime gets a
    // buffer of the full stride, so a whole-struct store cannot write past it.
    withUnsafeTemporaryAllocation(of: FieldReflectionMetadata.self, capacity: 1) { buffer in
      guard let pointer = buffer.baseAddress else {
        preconditionFailure("a temporary allocation has no address")
      }
      pointer.initialize(to: FieldReflectionMetadata())
      defer { pointer.deinitialize(count: 1) }
      let fieldType = _mirrorRecursiveChildMetadata(type, index: index, fieldMetadata: pointer)
      let metadata = pointer.pointee
      let name = metadata.name.map { String(cString: $0) }
      if let free = metadata.freeFunc { free(metadata.name) }
      return (fieldType, (name, metadata.isVar, metadata.isStrong))
    }
  }

  /// The superclass of `type`, if any.
  static func superclass(of type: AnyClass) -> AnyClass? {
    _getSuperclass(type)
  }
}
