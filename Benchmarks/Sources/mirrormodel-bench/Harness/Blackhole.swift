/// A sink that keeps benchmark results alive so the optimizer cannot delete the work.
///
/// Every contender hands its result (a model, an array of models, a dictionary or `Data`) to
/// `consume`, which stores it where the compiler must assume someone reads it later. Storing into
/// a global is what forces the result to escape: without that, the optimizer may promote a
/// hand-written model to the stack and drop stores to fields nobody reads.
enum Blackhole {
  // The benchmark runs on one thread and only ever overwrites this value; it exists to make the
  // results escape, so the race checker has nothing to protect here. This is the one piece of
  // global mutable state in the executable.
  nonisolated(unsafe) private static var sink: Any?
  nonisolated(unsafe) private static var count = 0

  /// Keeps `value` reachable from a global until the next call.
  @inline(never)
  static func consume(_ value: Any) {
    sink = value
    count &+= 1
  }

  /// Releases the value kept last, so its deallocation is charged to whoever calls this.
  ///
  /// `Measurer` calls it inside each timed round: a round then pays for creating and for
  /// destroying exactly its own results, never for the previous contender's.
  @inline(never)
  static func release() {
    sink = nil
  }

  /// How many values were consumed, printed at the end so the counter itself is observable.
  static var consumedCount: Int { count }
}
