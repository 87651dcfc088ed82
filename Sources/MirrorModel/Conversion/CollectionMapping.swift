import Foundation

/// The element-by-element walks every array and dictionary conversion shares: nesting depth,
/// one path component per element, every element's issue recorded.
///
/// An element that does not convert fails the whole collection in strict and standard mode; in
/// lenient mode it is left out and the others are kept, in order (YYModel's and JSONModel's
/// behaviour), each bad element still an issue at its path.
enum CollectionMapping {
  /// Whether a collection with bad elements fails as a whole (outside lenient mode).
  @inline(__always)
  static func failsWhole(_ failed: Bool, context: MappingContext) -> Bool {
    failed && context.mode != .lenient
  }

  /// The array `value` converted element by element; `elementName` names the element type in
  /// issues (when `Element` is a base class standing for the declared one), else `Element`:
  /// a function, called for an issue only (a type's name costs more than its element).
  ///
  /// `decodeRecordsNothing` when `decode` records no issue of its own and reads nothing of the
  /// path, only throws (the scalars'): the element's index is then pushed for its issue only.
  static func array<Element>(
    _ value: Any, context: MappingContext, typeName: @autoclosure () -> String,
    elementName: (() -> String)? = nil, decodeRecordsNothing: Bool = false,
    element decode: (Any, MappingContext) throws -> Element
  ) throws -> [Element] {
    guard let raw = castIfPossible(value, to: [Any].self) else {
      throw ConversionError.typeMismatch(typeName(), accepts: "an array")
    }
    if raw.isEmpty { return [] }  // nothing nested: no depth to spend
    try context.enterNesting(expected: typeName())
    defer { context.leaveNesting() }
    var result: [Element] = []
    result.reserveCapacity(raw.count)
    var failed = false
    for index in raw.indices {
      let element = raw[index]
      var pathPushed = !decodeRecordsNothing
      if pathPushed { context.push(.index(index)) }
      do {
        result.append(try decode(element, context))
      } catch {
        if !pathPushed {
          context.push(.index(index))
          pathPushed = true
        }
        context.record(
          error, for: element, expected: elementName?() ?? MirrorModel.typeName(Element.self))
        failed = true
      }
      if pathPushed { context.pop() }
    }
    if failsWhole(failed, context: context) { throw IssuesAlreadyRecorded() }
    return result
  }

  static func dictionary<Value>(
    _ value: Any, context: MappingContext, typeName: @autoclosure () -> String,
    value decode: (Any, MappingContext) throws -> Value
  ) throws -> [String: Value] {
    guard let raw = castIfPossible(value, to: [String: Any].self) else {
      throw ConversionError.typeMismatch(typeName(), accepts: "a dictionary")
    }
    if raw.isEmpty { return [:] }  // nothing nested: no depth to spend
    try context.enterNesting(expected: typeName())
    defer { context.leaveNesting() }
    var result: [String: Value] = [:]
    result.reserveCapacity(raw.count)
    var failed = false
    var issues = context.startIssueSpan(ordered: String.self)
    for (key, element) in raw {
      let firstIssue = context.startIssueSegment()
      context.push(.key(key))
      do {
        result[key] = try decode(element, context)
      } catch {
        context.record(error, for: element, expected: MirrorModel.typeName(Value.self))
        failed = true
      }
      context.pop()
      issues.endSegment(key, startedAt: firstIssue, context: context)
    }
    // Dictionary order is random; issue order is not: the entries' issues in key order (the
    // issues of one entry in the order they were met), the first of that order kept.
    context.finishIssueSpan(issues)
    if failsWhole(failed, context: context) { throw IssuesAlreadyRecorded() }
    return result
  }

  /// A set's converted elements in a stable order (sorted by their JSON text), so that equal
  /// sets give equal arrays whatever their insertion history.
  static func sortedForOutput(_ values: [Any]) -> [Any] {
    values.map { (key: JSONValue.sortKey($0), value: $0) }
      .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }  // a strict order
      .map(\.value)
  }
}
