/// The fixed header of a Swift class's metadata, and its words.
///
/// The layout is the one `docs/ABI/TypeMetadata.rst` documents and the Swift 5 ABI keeps
/// stable: after the kind and the superclass (and, with Objective-C interoperability, the
/// cache and data words) come the flags, the instance address point, the instance size and
/// alignment mask, the class's size and its address point. A subclass's metadata starts with
/// its superclass's, so a method's vtable slot is at the same word in both.
///
/// Read for two things MirrorModel would otherwise need an instance for: the size of an
/// instance (to tell a class without fields from one whose reflection metadata was stripped),
/// and which ``ModelBase`` hooks a class overrides (``HookOverrides``). The reader checks
/// itself against `ModelBase`, whose instance size it knows; where the check fails, it is not
/// used, and MirrorModel takes the safe answer (a hook counts as overridden).
struct ClassMetadata: @unchecked Sendable {
  // Points at metadata, which the runtime never frees or moves; the words read are immutable
  // once a class is initialized.

  private let start: UnsafeRawPointer

  /// The metadata of `type`, or `nil` when the header does not read as expected.
  init?(_ type: AnyClass) {
    start = unsafeBitCast(type, to: UnsafeRawPointer.self)
    guard Self.isUnderstood else { return nil }
  }

  private init(unchecked type: AnyClass) {
    start = unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  private static let word = MemoryLayout<UInt>.size

  /// Where the flags field starts: after kind and superclass, and the Objective-C words.
  private static var headerStart: Int {
    // The question is the runtime's, not the SDK's: class metadata has the Objective-C words
    // where the runtime interoperates with Objective-C.
    #if _runtime(_ObjC)
      return 5 * word
    #else
      return 2 * word
    #endif
  }

  /// The size in bytes of an instance, header included.
  var instanceSize: Int {
    Int(start.load(fromByteOffset: Self.headerStart + 8, as: UInt32.self))
  }

  private var alignmentMask: Int {
    Int(start.load(fromByteOffset: Self.headerStart + 12, as: UInt16.self))
  }

  /// How many words the metadata has from its address point on.
  var wordCount: Int {
    let classSize = Int(start.load(fromByteOffset: Self.headerStart + 16, as: UInt32.self))
    let addressPoint = Int(start.load(fromByteOffset: Self.headerStart + 20, as: UInt32.self))
    return (classSize - addressPoint) / Self.word
  }

  /// The word at `index` from the address point; `index` must be below ``wordCount``.
  func word(at index: Int) -> UInt {
    start.load(fromByteOffset: index * Self.word, as: UInt.self)
  }

  /// Whether `ModelBase`'s header reads as documented: an instance of two header words and
  /// one stored property (``ModelBase/storedUnknownValues``, one word), word-aligned, and a
  /// class size that holds at least the header.
  private static let isUnderstood: Bool = {
    let base = ClassMetadata(unchecked: ModelBase.self)
    let classSize = Int(base.start.load(fromByteOffset: headerStart + 16, as: UInt32.self))
    let addressPoint = Int(base.start.load(fromByteOffset: headerStart + 20, as: UInt32.self))
    return base.instanceSize == 3 * word && base.alignmentMask == word - 1
      && addressPoint <= classSize && classSize % word == 0 && addressPoint % word == 0
      && base.wordCount > headerStart / word + 4 && base.wordCount < 4096
  }()
}
