/// The Swift type of a generated property, before class names are chosen.
indirect enum PropertyType: Hashable {
  case string
  case int
  case double
  case bool
  case date
  case any
  /// `[String: Any]`: an object that never had a key.
  case dictionary
  /// `[String: Value]`: an object keyed by data (ids), not by names; see ``ObjectShape/mapValues``.
  case map(PropertyType)
  /// A nested class.
  case model(ModelReference)
  /// `[Element]`, or `[Element?]` when some element was `null`.
  case array(PropertyType, elementIsOptional: Bool)
}

/// A nested class a property refers to: its schema and the name its key suggests.
struct ModelReference: Hashable {
  let schema: InferredClass
  let proposedName: String
}

/// One key of a generated class.
struct PropertySchema: Hashable {
  let key: String
  /// The property's type; `nil` when the key was only ever `null`.
  let type: PropertyType?
  let isOptional: Bool
}

/// The properties of one generated class, in payload order.
///
/// Two schemas are equal when they hold the same keys with the same types, in any order: such
/// shapes become one class when their names agree. The hash is computed once, from the
/// children's hashes, so hashing a deep schema costs the same as hashing a flat one.
struct InferredClass: Hashable {
  let properties: [PropertySchema]
  /// The properties sorted by key: what equality compares.
  private let canonical: [PropertySchema]
  private let digest: Int

  init(properties: [PropertySchema]) {
    self.properties = properties
    canonical = properties.sorted { $0.key < $1.key }
    var hasher = Hasher()
    hasher.combine(canonical)
    digest = hasher.finalize()
  }

  static func == (lhs: InferredClass, rhs: InferredClass) -> Bool {
    lhs.digest == rhs.digest && lhs.canonical == rhs.canonical
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(digest)
  }
}

extension InferredClass {
  /// The schema of an object shape, naming nested classes after their keys.
  init(_ object: ObjectShape) {
    let properties = object.keyOrder.map { key in
      let value = object.fields[key]?.value ?? .null
      return PropertySchema(
        key: key,
        type: value.kind.map {
          PropertyType($0, typeName: Identifiers.typeName(forKey: key), key: key)
        },
        isOptional: object.isOptional(key))
    }
    self.init(properties: properties)
  }
}

extension PropertyType {
  /// The type for values of `kind`; a nested object becomes a class proposed as `typeName`.
  init(_ kind: Kind, typeName: String, key: String) {
    switch kind {
    case .bool: self = .bool
    case .int: self = .int
    case .double: self = .double
    case .string: self = .string
    case .date: self = .date
    case .any: self = .any
    case .object(let object):
      if object.fields.isEmpty {
        self = .dictionary
      } else if let values = object.mapValues {
        let valueName = Identifiers.elementTypeName(forKey: key)
        self = .map(PropertyType(.object(values), typeName: valueName, key: key))
      } else {
        self = .model(ModelReference(schema: InferredClass(object), proposedName: typeName))
      }
    case .array(let element):
      guard let element, let elementKind = element.kind, elementKind != .any else {
        self = .array(.any, elementIsOptional: false)
        return
      }
      let elementName = Identifiers.elementTypeName(forKey: key)
      self = .array(
        PropertyType(elementKind, typeName: elementName, key: key),
        elementIsOptional: element.isNullable)
    }
  }

  /// The nested classes this type refers to, outermost first.
  var references: [ModelReference] {
    switch self {
    case .model(let reference): return [reference]
    case .array(let element, _): return element.references
    case .map(let value): return value.references
    default: return []
    }
  }
}

extension ObjectShape {
  /// The merged values of an object that is a map from ids to records, else `nil`.
  ///
  /// An object is such a map when it has at least two keys, every key holds a digit (`"1001"`,
  /// `"eb8fce65jw1e"`: data, not names), and every value is a non-empty object. Its values then
  /// share one class and the property is `[String: Value]`.
  var mapValues: ObjectShape? {
    guard fields.count >= 2, fields.keys.allSatisfy({ $0.contains(where: \.isNumber) }) else {
      return nil
    }
    var merged: ObjectShape?
    for key in keyOrder {
      guard let field = fields[key], !field.value.isNullable,
        case .object(let value) = field.value.kind, !value.fields.isEmpty
      else { return nil }
      merged = merged.map { $0.merged(with: value) } ?? value
    }
    return merged
  }
}
