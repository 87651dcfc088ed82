/// How a model class maps, as its schema says: every property mapped and its key, every
/// property skipped and why, and every problem in the class's configuration.
///
/// One unit test per model catches every typo in a hook and every property whose type cannot
/// be mapped:
///
/// ```swift
/// @Test func hotelMaps() throws {
///   try Hotel.validateMapping()
///   let report = Hotel.mappingReport()
///   #expect(report.properties.map(\.key) == ["name", "hotel_id", "room_list"])
/// }
/// ```
///
/// Every stored property of a class ends in one of three states: mapped (in ``properties``);
/// never mapped by nature (`let`, `weak`, `unowned`, `lazy` storage, property-wrapper storage,
/// closures) or ignored by ``ModelBase/ignoredProperties`` (in ``skipped``, with the reason);
/// or refused: a type that cannot be mapped is in ``skipped`` and also one of ``problems``,
/// and every mapping of the class throws it.
public struct MappingReport: Sendable, Hashable, CustomStringConvertible {
  /// A mapped property.
  public struct Property: Sendable, Hashable {
    /// The property's name in the class.
    public var name: String
    /// The dictionary key it is read from, or its key path (`"meta.hotel_id"`).
    public var key: String
    /// The key ``ModelBase/toDictionary()`` writes it under.
    public var outputKey: String
    /// The readable name of its declared type, such as `"[Room]"` or `"Int?"`.
    public var typeName: String
  }

  /// A stored property that is never read or written, and why.
  public struct SkippedProperty: Sendable, Hashable {
    /// The property's name in the class (`_x` for wrapper storage).
    public var name: String
    /// Why it is not mapped, in a few words.
    public var reason: String
  }

  /// The name of the class reported on.
  public var modelType: String
  /// The mapped properties, superclass properties first, in declaration order.
  public var properties: [Property]
  /// The stored properties that are not mapped, in declaration order.
  public var skipped: [SkippedProperty]
  /// The configuration issues every mapping of the class reports (and throws).
  public var problems: [MappingIssue]
  /// The configuration issues ``ModelBase/update(with:mode:)`` reports (and throws) on top of
  /// ``problems``: the tracked properties of an `@Observable` class whose key paths
  /// ``ModelBase/propertyKeyPaths`` does not give.
  public var updateProblems: [MappingIssue]

  /// One line per property, skipped property and problem.
  public var description: String {
    var lines = ["Mapping of \(modelType):"]
    lines += properties.map { "  \($0.name): \($0.typeName) <- \($0.key)" }
    lines += skipped.map { "  \($0.name): skipped, \($0.reason)" }
    lines += problems.map { "  problem: \($0)" }
    lines += updateProblems.map { "  update problem: \($0)" }
    return lines.joined(separator: "\n")
  }

  init(schema: ClassSchema) {
    modelType = typeName(schema.modelType)
    properties = schema.properties.map {
      Property(name: $0.name, key: $0.key, outputKey: $0.outputKey, typeName: $0.typeName)
    }
    skipped = schema.skipped.map { SkippedProperty(name: $0.name, reason: $0.reason) }
    problems = schema.configurationIssues
    updateProblems = schema.updateIssues
  }
}

extension ModelBase {
  /// How this class maps: its properties and keys, what it skips, and what is wrong.
  ///
  /// Builds the class's schema if no mapping has yet. Never throws; see ``validateMapping()``.
  ///
  /// - Returns: The class's ``MappingReport``.
  public static func mappingReport() -> MappingReport {
    MappingReport(schema: SchemaCache.shared.schema(for: self))
  }

  /// Throws the ``MappingError`` a first mapping or update of this class would throw for its
  /// configuration alone: a property whose type cannot be mapped, a hook that names a
  /// property that does not exist, a default that does not fit, an `@Observable` class whose
  /// updates could not notify observers.
  ///
  /// - Throws: ``MappingError`` with every configuration issue of the class.
  public static func validateMapping() throws {
    let report = mappingReport()
    let problems = report.problems + report.updateProblems
    guard problems.isEmpty else {
      throw MappingError(issues: problems, modelType: typeName(self))
    }
  }
}
