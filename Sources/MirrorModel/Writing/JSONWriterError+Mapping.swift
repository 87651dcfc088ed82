import Foundation

// The JSON writer's errors as public API reports them: the JSON layer knows nothing of
// mapping, so the writing layer, which calls the writer for models, makes the issue.
extension JSONWriterError {
  /// The error as public API reports it: a ``MappingError`` with one issue at the value's path
  /// (``MappingIssue/Kind/tooDeep`` or ``MappingIssue/Kind/invalidValue``).
  func mappingError(modelType: Any.Type) -> MappingError {
    let kind: MappingIssue.Kind
    let found: String
    switch reason {
    case .unsupportedType(let name):
      kind = .invalidValue
      found = "a value of type \(name)"
    case .nonFiniteNumber(let text):
      kind = .invalidValue
      found = "the number \(text)"
    case .tooDeep(let limit):
      kind = .tooDeep
      found = "nesting deeper than \(limit) levels"
    }
    return MappingError(
      issues: [
        MappingIssue(
          path: path.isEmpty ? "" : KeyComponent.render(path[...]), kind: kind,
          expectedType: "JSON",
          found: found, reason: description)
      ], modelType: typeName(modelType))
  }
}
