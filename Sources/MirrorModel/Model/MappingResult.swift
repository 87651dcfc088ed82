import Foundation

/// A model and the issues met while mapping it, from ``MappableValue/map(_:mode:)``.
public struct MappingResult<Model: ModelBase> {
  /// The model; each property with an issue keeps its initial (or default) value.
  public var model: Model
  /// Every issue met, in order (in lenient mode, unknown keys too).
  public var issues: [MappingIssue]

  /// The model, or a ``MappingError`` with the issues when there are any.
  ///
  /// - Returns: The model.
  /// - Throws: ``MappingError`` when ``issues`` is not empty.
  public func get() throws -> Model {
    guard issues.isEmpty else {
      throw MappingError(issues: issues, modelType: typeName(Model.self))
    }
    return model
  }
}
