import Foundation

/// Arrays and dictionaries converted from values held as `Any` (a dictionary's, a
/// `Decoder` walk's, JSON text read whole), element by element, by the rules of
/// ``ElementWalk``.
enum CollectionMapping {
  /// The array `value` converted element by element; `elementName` names the element type in
  /// issues (when `Element` is a base class standing for the declared one), else `Element`:
  /// a function, called for an issue only (a type's name costs more than its element).
  ///
  /// `decodeRecordsNothing` when `decode` records no issue of its own and reads nothing of the
  /// path, only throws (the scalars'): the element's index is then pushed for its issue only.
  @_transparent
  static func array<Element>(
    _ value: Any, context: MappingContext, typeName: @autoclosure () -> String,
    elementName: (() -> String)? = nil, decodeRecordsNothing: Bool = false,
    element decode: (Any, MappingContext) throws -> Element
  ) throws -> [Element] {
    guard let raw = castIfPossible(value, to: [Any].self) else {
      throw ConversionError.typeMismatch(typeName(), accepts: "an array")
    }
    if raw.isEmpty { return [] }
    var walk = try ElementWalk(entering: context, expected: typeName())
    defer { walk.leave() }
    var result: [Element] = []
    result.reserveCapacity(raw.count)
    var source = TreeElements<Element>(raw)
    var index = 0
    // Every element has its value: the walk reads them all.
    _ = walk.convertElements(
      of: &source, at: &index, startingAt: 0, into: &result,
      pathForIssuesOnly: decodeRecordsNothing,
      expected: { elementName?() ?? MirrorModel.typeName(Element.self) }, convert: decode)
    try walk.finish()
    return result
  }

  @_transparent
  static func dictionary<Value>(
    _ value: Any, context: MappingContext, typeName: @autoclosure () -> String,
    value decode: (Any, MappingContext) throws -> Value
  ) throws -> [String: Value] {
    guard let raw = castIfPossible(value, to: [String: Any].self) else {
      throw ConversionError.typeMismatch(typeName(), accepts: "a dictionary")
    }
    if raw.isEmpty { return [:] }
    var walk = EntryWalk(try ElementWalk(entering: context, expected: typeName()))
    defer { walk.elements.leave() }
    var result: [String: Value] = [:]
    result.reserveCapacity(raw.count)
    var source = TreeEntries<Value>()
    var entries = raw.makeIterator()
    // Every entry has its value: the walk reads them all.
    _ = walk.convertEntries(
      of: &source, at: &entries, into: &result,
      expected: { MirrorModel.typeName(Value.self) }, convert: decode)
    try walk.finish()
    return result
  }

  /// A set's converted elements in a stable order (sorted by their JSON text), so that equal
  /// sets give equal arrays whatever their insertion history.
  static func sortedForOutput(_ values: [Any]) -> [Any] {
    values.map { (key: JSONValue.sortKey($0), value: $0) }
      .sorted { utf8Precedes($0.key, $1.key) }  // a strict order
      .map(\.value)
  }
}
