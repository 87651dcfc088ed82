/// What the generator learned about one position in the payload, from every sample seen there.
///
/// A position is a key of an object, an element of an array, or the top level. Array elements
/// and the objects inside them are merged, so `rooms[0].price` and `rooms[1].price` are one
/// position.
struct ValueShape: Equatable, Sendable {
  /// The kind of every non-null value seen here, merged; `nil` when only `null` was seen.
  var kind: Kind?
  /// Whether `null` was seen here.
  var isNullable: Bool

  /// The shape of a position where only `null` was seen.
  static let null = ValueShape(kind: nil, isNullable: true)

  init(kind: Kind?, isNullable: Bool = false) {
    self.kind = kind
    self.isNullable = isNullable
  }

  /// The shape that describes the samples of both shapes.
  func merged(with other: ValueShape) -> ValueShape {
    let mergedKind: Kind?
    switch (kind, other.kind) {
    case (let only, nil), (nil, let only):
      mergedKind = only
    case (let left?, let right?):
      mergedKind = left.merged(with: right)
    }
    return ValueShape(kind: mergedKind, isNullable: isNullable || other.isNullable)
  }
}

/// The kind of the non-null values at one position.
indirect enum Kind: Equatable, Sendable {
  case bool
  case int
  case double
  case string
  /// Every value was an ISO 8601 date-time string.
  case date
  case object(ObjectShape)
  /// An array; the associated shape merges every element, `nil` when no element was seen.
  case array(ValueShape?)
  /// Values of different kinds (a string and a number, an object and an array).
  case any

  /// The kind that describes the values of both kinds.
  ///
  /// Int and Double make Double, a date and a plain string make String, objects merge their
  /// fields, arrays merge their elements; any other difference makes ``any``.
  func merged(with other: Kind) -> Kind {
    switch (self, other) {
    case (.int, .double), (.double, .int):
      return .double
    case (.date, .string), (.string, .date):
      return .string
    case (.object(let left), .object(let right)):
      return .object(left.merged(with: right))
    case (.array(let left), .array(let right)):
      switch (left, right) {
      case (let only, nil), (nil, let only):
        return .array(only)
      case (let leftElement?, let rightElement?):
        return .array(leftElement.merged(with: rightElement))
      }
    default:
      return self == other ? self : .any
    }
  }
}

/// The merged fields of every object seen at one position.
struct ObjectShape: Equatable, Sendable {
  /// How many objects were merged into this shape.
  var sampleCount: Int
  /// Each key seen in any of the objects.
  var fields: [String: FieldShape]
  /// The keys in the order they first appeared in the payload.
  var keyOrder: [String]

  /// The shape that describes the objects of both shapes.
  func merged(with other: ObjectShape) -> ObjectShape {
    var fields = self.fields
    for (key, field) in other.fields {
      if let existing = fields[key] {
        fields[key] = FieldShape(
          value: existing.value.merged(with: field.value),
          presenceCount: existing.presenceCount + field.presenceCount)
      } else {
        fields[key] = field
      }
    }
    let known = Set(keyOrder)
    let order = keyOrder + other.keyOrder.filter { !known.contains($0) }
    return ObjectShape(
      sampleCount: sampleCount + other.sampleCount, fields: fields, keyOrder: order)
  }

  /// Whether the key was `null` in some object or missing from some object.
  func isOptional(_ key: String) -> Bool {
    guard let field = fields[key] else { return true }
    return field.value.isNullable || field.presenceCount < sampleCount
  }
}

/// One key of an object shape.
struct FieldShape: Equatable, Sendable {
  /// The merged values of the key.
  var value: ValueShape
  /// In how many of the merged objects the key was present (with `null` or a value).
  var presenceCount: Int
}
