import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// How much of the current thread's stack is left, so that every recursive path stops with an
/// issue (or a documented bounded result) before the stack runs out.
///
/// Apps map on secondary threads and GCD workers with 512 KB stacks, and a debug build spends
/// several kilobytes per level of nesting. A fixed level limit alone cannot be right for every
/// build and every thread, so each recursive step also asks whether a margin of stack is left.
/// The thread's stack bounds are read once per thread and kept in thread-specific storage.
enum StackBounds {
  /// The stack a recursive step leaves for the work at the bottom (conversions, Foundation
  /// calls, user hooks, building an error's description).
  static let margin = 96 * 1024

  /// Whether the current thread has more than ``margin`` bytes of stack left.
  ///
  /// A local that AddressSanitizer moved to its "fake stack" on the heap (to catch a use
  /// after return) is checked at the address of the real frame it stands for. A local found
  /// anywhere else off the thread's stack tells nothing: the check then passes, and the level
  /// limit alone applies.
  @inline(__always)
  static func hasRoom() -> Bool {
    var marker: UInt8 = 0
    let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    let (low, high) = bounds()
    guard low != 0 else { return true }
    return room(at: here, low: low, high: high) ?? true
  }

  /// Whether `address`, a local of the current frame, lies more than ``margin`` above `low`;
  /// `nil` when neither it nor the real frame of the fake frame it lies in (AddressSanitizer)
  /// is between `low` and `high`.
  @inline(__always)
  static func room(at address: UInt, low: UInt, high: UInt) -> Bool? {
    if address >= low, address <= high { return address - low > UInt(margin) }
    return roomOffTheStack(at: address, low: low, high: high)
  }

  @inline(never)
  private static func roomOffTheStack(at address: UInt, low: UInt, high: UInt) -> Bool? {
    guard let real = FakeStack.realFrame(of: address), real >= low, real <= high else {
      return nil
    }
    return real - low > UInt(margin)
  }

  /// The current thread's stack bounds, read once for a reader or a context that checks its
  /// stack at every level: ``Snapshot/hasRoom()`` then compares addresses only, where
  /// ``hasRoom()`` looks the bounds up in thread-specific storage each time.
  static func current() -> Snapshot {
    let (low, high) = bounds()
    return Snapshot(low: low, high: high)
  }

  /// A thread's stack bounds, as ``current()`` read them.
  struct Snapshot {
    let low: UInt
    let high: UInt

    /// Whether the current thread has more than ``StackBounds/margin`` bytes of stack left.
    ///
    /// On the thread the bounds were read on, a comparison of addresses (of the real frame,
    /// for a frame AddressSanitizer moved to the heap); anywhere else (a context made on one
    /// thread and used on another), ``StackBounds/hasRoom()``.
    @inline(__always)
    func hasRoom() -> Bool {
      var marker: UInt8 = 0
      let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
      return StackBounds.room(at: here, low: low, high: high) ?? StackBounds.hasRoom()
    }
  }

  private static let lowKey = makeKey()
  private static let highKey = makeKey()

  private static func makeKey() -> pthread_key_t {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }

  /// The lowest usable and the highest address of the current thread's stack (it grows down);
  /// `(0, 0)` when the platform cannot tell, and then no check is made.
  @inline(__always)
  private static func bounds() -> (low: UInt, high: UInt) {
    if let low = pthread_getspecific(lowKey), let high = pthread_getspecific(highKey) {
      return (UInt(bitPattern: low), UInt(bitPattern: high))
    }
    let measured = measureBounds()
    pthread_setspecific(lowKey, UnsafeRawPointer(bitPattern: measured.low))
    pthread_setspecific(highKey, UnsafeRawPointer(bitPattern: measured.high))
    return measured
  }

  private static func measureBounds() -> (low: UInt, high: UInt) {
    #if canImport(Darwin)
      let thread = pthread_self()
      let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
      return (top - UInt(pthread_get_stacksize_np(thread)), top)
    #elseif canImport(Glibc)
      // Allocated rather than made with `pthread_attr_t()`: the thread's attributes fill it.
      let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
      defer { attributes.deallocate() }
      guard let getAttributes = pthreadGetAttributes,
        getAttributes(pthread_self(), attributes) == 0
      else { return (0, 0) }
      defer { pthread_attr_destroy(attributes) }
      var address: UnsafeMutableRawPointer?
      var size = 0
      guard pthread_attr_getstack(attributes, &address, &size) == 0, let address else {
        return (0, 0)
      }
      // The guard page sits at the low end, inside the reported range.
      var guardSize = 0
      pthread_attr_getguardsize(attributes, &guardSize)
      let low = UInt(bitPattern: address)
      return (low + UInt(guardSize), low + UInt(size))
    #else
      return (0, 0)
    #endif
  }
}

/// AddressSanitizer's fake stack, through its runtime's interface (looked up by name, so
/// nothing is linked against it): where the frames it moves to the heap stand on the real
/// stack.
private enum FakeStack {
  private typealias Current = @convention(c) () -> UnsafeMutableRawPointer?
  private typealias Lookup =
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
      UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
      UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> UnsafeMutableRawPointer?

  /// `__asan_get_current_fake_stack` and `__asan_addr_is_in_fake_stack`, in a build with
  /// AddressSanitizer.
  private static let functions: (current: Current, lookup: Lookup)? = {
    #if canImport(Darwin)
      let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let everywhere = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
    #endif
    guard let current = dlsym(everywhere, "__asan_get_current_fake_stack"),
      let lookup = dlsym(everywhere, "__asan_addr_is_in_fake_stack")
    else { return nil }
    return (unsafeBitCast(current, to: Current.self), unsafeBitCast(lookup, to: Lookup.self))
  }()

  /// The address on the real stack of the frame that `address` lies in, when that is one of
  /// the current thread's fake frames; `nil` otherwise.
  static func realFrame(of address: UInt) -> UInt? {
    guard let functions, let stack = functions.current(),
      let real = functions.lookup(stack, UnsafeMutableRawPointer(bitPattern: address), nil, nil)
    else { return nil }
    return UInt(bitPattern: real)
  }
}

#if canImport(Glibc)
  /// glibc's `pthread_getattr_np`, a GNU extension the Glibc module does not export.
  private let pthreadGetAttributes:
    (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32)? = {
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else {
        return nil
      }
      return unsafeBitCast(
        symbol,
        to: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32).self)
    }()
#endif
