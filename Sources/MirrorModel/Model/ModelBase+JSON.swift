import Foundation

extension MappingIssue.Kind {
  /// The input is not well-formed JSON text.
  public static let invalidJSON = MappingIssue.Kind(rawValue: "invalidJSON")
}

extension ModelBase {
  /// The model as UTF-8 JSON text: ``toDictionary()`` written directly, without
  /// `JSONSerialization`.
  ///
  /// - Parameter prettyPrinted: Indent by two spaces with sorted keys; compact by default.
  /// - Returns: The JSON text.
  /// - Throws: An error when a value cannot be written as JSON (a non-finite number in an
  ///   `Any` property, or a type JSON cannot hold).
  public func toJSON(prettyPrinted: Bool = false) throws -> Data {
    try JSONWriter.data(
      from: toDictionary(), prettyPrinted: prettyPrinted, sortedKeys: prettyPrinted)
  }

  /// The model as a JSON string.
  ///
  /// - Parameter prettyPrinted: Indent by two spaces with sorted keys; compact by default.
  /// - Returns: The JSON text.
  /// - Throws: An error when a value cannot be written as JSON.
  public func toJSONString(prettyPrinted: Bool = false) throws -> String {
    String(decoding: try toJSON(prettyPrinted: prettyPrinted), as: UTF8.self)
  }

  static func jsonValue(_ json: Data, modelType: Any.Type) throws -> Any {
    do {
      return try JSONReader.parse(json, maximumDepth: MappingContext.maximumDepth + 2)
    } catch {
      throw MappingError(
        issues: [
          MappingIssue(
            path: "", kind: .invalidJSON, expectedType: "JSON", found: "malformed JSON text",
            reason: error.description)
        ], modelType: typeName(modelType))
    }
  }

  static func jsonDictionary(_ json: Data, modelType: Any.Type) throws -> [String: Any] {
    let value = try jsonValue(json, modelType: modelType)
    guard let dictionary = value as? [String: Any] else {
      throw MappingError(
        issues: [
          MappingIssue(
            path: "", kind: .typeMismatch, expectedType: typeName(modelType),
            found: describeValue(value), reason: "expects a JSON object at the top level")
        ], modelType: typeName(modelType))
    }
    return dictionary
  }
}

extension Array where Element: ModelBase {
  /// Creates models from an array of dictionaries, such as a `JSONSerialization` result.
  ///
  /// ```swift
  /// let hotels = try [Hotel](dictionaries: list)
  /// ```
  ///
  /// - Parameters:
  ///   - dictionaries: The elements, each a `[String: Any]`.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  /// - Throws: ``MappingError`` with every issue, paths starting with the index (`[2].price`).
  public init(dictionaries: [Any], mode: MappingMode = .standard) throws {
    try self.init(list: dictionaries, root: nil, at: nil, mode: mode, userInfo: [:])
  }

  /// Creates models from an array of dictionaries, giving hooks `userInfo` through
  /// ``ModelBase/mappingUserInfo``.
  ///
  /// - Parameters:
  ///   - dictionaries: The elements, each a `[String: Any]`.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  ///   - userInfo: What hooks read from ``ModelBase/mappingUserInfo`` during this call.
  /// - Throws: ``MappingError`` with every issue, paths starting with the index (`[2].price`).
  public init(
    dictionaries: [Any], mode: MappingMode = .standard, userInfo: [String: any Sendable]
  ) throws {
    try self.init(list: dictionaries, root: nil, at: nil, mode: mode, userInfo: userInfo)
  }

  /// Creates models from JSON text whose top level is an array of objects.
  ///
  /// - Parameters:
  ///   - json: UTF-8 JSON text.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  /// - Throws: ``MappingError`` with every issue.
  public init(json: Data, mode: MappingMode = .standard) throws {
    try self.init(json: json, at: nil, mode: mode, userInfo: [:])
  }

  /// Creates models from JSON text whose top level is an array of objects, giving hooks
  /// `userInfo` through ``ModelBase/mappingUserInfo``.
  ///
  /// - Parameters:
  ///   - json: UTF-8 JSON text.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  ///   - userInfo: What hooks read from ``ModelBase/mappingUserInfo`` during this call.
  /// - Throws: ``MappingError`` with every issue.
  public init(json: Data, mode: MappingMode = .standard, userInfo: [String: any Sendable]) throws {
    try self.init(json: json, at: nil, mode: mode, userInfo: userInfo)
  }

  /// Creates models from the array at a designated path inside JSON text, such as an API
  /// envelope's `"data.hotels"`; issue paths start from the root (`data.hotels[2].price`).
  ///
  /// - Parameters:
  ///   - json: UTF-8 JSON text.
  ///   - path: The key path of the array; `nil` for a top-level array.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  ///   - userInfo: What hooks read from ``ModelBase/mappingUserInfo`` during this call.
  /// - Throws: ``MappingError`` with every issue.
  public init(
    json: Data, at path: String?, mode: MappingMode = .standard,
    userInfo: [String: any Sendable] = [:]
  ) throws {
    let value = try ModelBase.jsonValue(json, modelType: [Element].self)
    if let path {
      guard let root = value as? [String: Any] else {
        throw MappingError(
          issues: [
            MappingIssue(
              path: "", kind: .typeMismatch, expectedType: "[String: Any]",
              found: describeValue(value),
              reason: "expects a JSON object at the top level, to find \(quoted(path)) in")
          ], modelType: typeName([Element].self))
      }
      try self.init(list: nil, root: root, at: path, mode: mode, userInfo: userInfo)
      return
    }
    guard let list = value as? [Any] else {
      throw MappingError(
        issues: [
          MappingIssue(
            path: "", kind: .typeMismatch, expectedType: typeName([Element].self),
            found: describeValue(value), reason: "expects a JSON array at the top level")
        ], modelType: typeName([Element].self))
    }
    try self.init(list: list, root: nil, at: nil, mode: mode, userInfo: userInfo)
  }

  /// Maps `list`, or the array at `path` in `root`.
  private init(
    list: [Any]?, root: [String: Any]?, at path: String?, mode: MappingMode,
    userInfo: [String: any Sendable]
  ) throws {
    var result: [Element] = []
    let issues = MappingOptions(mode: mode, userInfo: userInfo, path: path).run { context in
      guard
        let list = list
          ?? root.flatMap({
            context.designated(path, in: $0, expected: typeName([Element].self), as: [Any].self)
          })
      else { return }
      do {
        result = try [Element].fromMappedValue(list, context: context)
      } catch {
        context.record(error, for: list, expected: typeName([Element].self))
      }
    }
    if MappingError.isThrown(issues, mode: mode) {
      throw MappingError(issues: issues.issues, modelType: typeName([Element].self))
    }
    self = result
  }

  /// The models as dictionaries, each as ``ModelBase/toDictionary()`` writes it.
  ///
  /// - Returns: One dictionary per model.
  public func toDictionaries() -> [[String: Any]] {
    map { $0.toDictionary() }
  }
}
