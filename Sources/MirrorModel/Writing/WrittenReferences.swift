/// The nested identified models one write put down as references (their identifier alone),
/// in the order met: what ``ModelStore`` saves next, each in a file of its own.
///
/// The store makes the list and hands it to the call's context
/// (``MappingContext/writtenReferences``); the writers append to it, the store reads it once
/// the call is done.
final class WrittenReferences {
  /// The models written as references, in the order met.
  private(set) var models: [ModelBase] = []

  /// Adds `model`, just written as a reference.
  func append(_ model: ModelBase) {
    models.append(model)
  }
}
