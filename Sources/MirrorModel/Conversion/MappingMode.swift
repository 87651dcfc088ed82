/// How strictly a mapping call converts values.
public enum MappingMode: Sendable, Hashable, CaseIterable {
  /// Exact types only, as `Codable` decodes: no numbers from strings, no strings from numbers,
  /// no booleans from 0 and 1, no null strings. Throws with every issue.
  case strict
  /// The conversion table (numbers from numeric strings, strings from numbers, and so on).
  /// Throws with every issue. What ``ModelBase/init(dictionary:)`` uses.
  case standard
  /// The conversion table, and never throws for a bad value: the property keeps its initial
  /// or default value and the issue is returned beside the model. Also reports unknown keys.
  case lenient
}
