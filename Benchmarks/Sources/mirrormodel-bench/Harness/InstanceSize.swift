import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Compares the heap size of a `ModelBase` subclass with the same class written without it.
enum InstanceSize {
  /// One model class measured against its plain twin.
  struct Result {
    let modelClass: String
    let plainClass: String
    /// `malloc_usable_size` of an instance of each class.
    let modelAllocated: Int
    let plainAllocated: Int
    /// The plain class's size from `MemoryLayout`: 16-byte object header plus its stored
    /// properties laid out in declaration order with their alignment.
    let plainLayout: Int
    let plainFieldCount: Int

    var overhead: Int { modelAllocated - plainAllocated }
  }

  /// Measures one live instance of each class; both must stay alive while measured.
  static func measure(model: AnyObject, plain: AnyObject) -> Result {
    withExtendedLifetime((model, plain)) {
      let fields = Mirror(reflecting: plain).children.map { type(of: $0.value) }
      return Result(
        modelClass: String(reflecting: type(of: model)),
        plainClass: String(reflecting: type(of: plain)),
        modelAllocated: allocatedSize(model), plainAllocated: allocatedSize(plain),
        plainLayout: layoutSize(header: 16, fields: fields), plainFieldCount: fields.count)
    }
  }

  /// The usable size of the heap block holding `object`, or -1 when it cannot be asked.
  static func allocatedSize(_ object: AnyObject) -> Int {
    let pointer = Unmanaged.passUnretained(object).toOpaque()
    #if canImport(Glibc)
      // `malloc_usable_size` is declared in <malloc.h>, which the Glibc module does not
      // export; look the C function up in the running process instead.
      typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
      guard let process = dlopen(nil, RTLD_NOW),
        let symbol = dlsym(process, "malloc_usable_size")
      else { return -1 }
      return unsafeBitCast(symbol, to: UsableSize.self)(pointer)
    #elseif canImport(Darwin)
      return malloc_size(pointer)
    #else
      return -1
    #endif
  }

  /// Header plus fields laid out in order, each at the next multiple of its alignment.
  ///
  /// The field types come from `Mirror` on an instance: for an optional the dynamic type of the
  /// child is the `Optional` itself, so this is exact for classes without existential fields.
  static func layoutSize(header: Int, fields: [Any.Type]) -> Int {
    var offset = header
    for field in fields {
      let (size, alignment) = layout(of: field)
      offset = (offset + alignment - 1) / alignment * alignment + size
    }
    return offset
  }

  private static func layout(of type: Any.Type) -> (size: Int, alignment: Int) {
    func open<T>(_: T.Type) -> (size: Int, alignment: Int) {
      (MemoryLayout<T>.size, MemoryLayout<T>.alignment)
    }
    return open(type)
  }

  /// The table row, with the target of at most 16 bytes of overhead per instance.
  static func row(_ result: Result) -> Row {
    let shortModel = result.modelClass.split(separator: ".").suffix(2).joined(separator: ".")
    let shortPlain = result.plainClass.split(separator: ".").suffix(2).joined(separator: ".")
    return Row(
      workload: "memory", operation: "bytes per instance", contender: shortModel + " (ModelBase)",
      nanosecondsPerObject: nil, ratio: nil, baseline: shortPlain + " (plain class)",
      target: "<= +16 B", met: result.overhead <= 16,
      note: "+\(result.overhead) B (\(result.modelAllocated) vs \(result.plainAllocated) B)")
  }

  /// The lines printed under the table.
  static func details(_ result: Result) -> String {
    """
    memory: \(result.modelClass): malloc_usable_size \(result.modelAllocated) B
    memory: \(result.plainClass): malloc_usable_size \(result.plainAllocated) B; \
    MemoryLayout: 16 B header + \(result.plainFieldCount) stored properties = \
    \(result.plainLayout) B
    """
  }
}
