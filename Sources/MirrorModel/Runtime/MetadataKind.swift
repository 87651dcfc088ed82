import Foundation

/// The kind of a type's metadata, from the Swift ABI's stable metadata kinds (only the kinds
/// MirrorModel needs to name).
enum MetadataKind: Equatable {
  case structure, optional, tuple, function, existential, metatype, classType, other

  init(of type: Any.Type) {
    guard !(type is AnyClass) else {
      self = .classType
      return
    }
    // The first word of non-class metadata is its kind (docs/ABI/TypeMetadata.rst).
    let kind = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
    switch kind {
    case 0x200: self = .structure
    case 0x202: self = .optional
    case 0x301: self = .tuple
    case 0x302: self = .function
    case 0x303, 0x307: self = .existential
    case 0x304, 0x306: self = .metatype
    default: self = .other
    }
  }

  /// Whether `type` is a closure, or an optional, array, set or dictionary of closures
  /// (never mapped, by nature).
  static func isClosure(_ type: Any.Type) -> Bool {
    let kind = MetadataKind(of: type)
    if kind == .function { return true }
    // Containers are structures or optionals; a conformance check costs thousands of
    // instructions, a class or a tuple needs none.
    if kind == .structure || kind == .optional,
      let container = type as? any StructuralContainer.Type
    {
      return isClosure(container.containedType)
    }
    return false
  }
}
