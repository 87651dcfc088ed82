import Foundation

/// What `Any`, `[Any]` and `[String: Any]` properties accept and write: JSON values and models.
///
/// A value JSON cannot hold (`Double.nan`, an infinity, a `Date`, an arbitrary object, a
/// Foundation container that contains itself) is an issue at its path when it is mapped in,
/// and is left out when a value set in code is written out, so that ``ModelBase/toDictionary()``
/// always returns what `JSONSerialization.isValidJSONObject` accepts. What a value is comes
/// from ``JSONKind``, as for every writer.
///
/// A Foundation container that contains itself is told on Apple platforms, where its elements
/// come out as the objects they are. On Linux, Foundation converts each nested container it
/// hands out, so that reading such a container's elements does not end: it cannot be used
/// there at all (checked on Linux only).
enum JSONCompatibility {
  /// `value` as it is, after checking every value inside it; throws (having recorded the
  /// issues inside with their paths) when one is not JSON.
  static func checked(_ value: Any, context: MappingContext) throws -> Any {
    // Most values are plain JSON (a tree read from text or by `JSONSerialization`): told so
    // by a pass that builds nothing; the check that names each bad value's path runs only
    // where that pass is not sure.
    if isPlainJSON(value, context: context, leaves: .checked) { return value }
    try check(value, context: context)
    return value
  }

  /// What ``isPlainJSON(_:context:leaves:)`` accepts.
  private enum Leaves {
    /// What ``check(_:context:)`` accepts: any JSON scalar, or a model, in any Swift array
    /// or `String`-keyed dictionary.
    case checked
    /// What ``jsonValue(_:context:)`` gives back as it is: a Swift `String`, `Int`, `Bool`
    /// or finite `Double`, a Foundation scalar (`NSNumber`, `NSNull`), in `[Any]` and
    /// `[String: Any]` containers (a typed one, `[Int]`, comes out one of those).
    case keptAsTheyAre
  }

  /// Whether `value` is plain JSON of `leaves`, the walks having nothing to record in it.
  ///
  /// That is every value inside `value` a leaf of `leaves`, in Swift arrays and dictionaries,
  /// each container entered as the walks enter it (``MappingContext/tryEnterNesting()``:
  /// within the nesting limit, with room on the stack): then ``check(_:context:)``
  /// finds nothing wrong with it, and ``jsonValue(_:context:)`` gives it back equal, with
  /// nothing recorded. `false` where it is not sure (a Foundation container, which may
  /// contain itself; another leaf; the limit or the stack reached): the walk that records
  /// what it finds then decides.
  ///
  /// It records nothing and builds nothing: a container's elements and values are visited
  /// where they are, in no particular order (a typed container, `[[String: Any]]`, as the
  /// `[Any]` or `[String: Any]` it is cast to).
  private static func isPlainJSON(_ value: Any, context: MappingContext, leaves: Leaves) -> Bool {
    // The commonest leaves, told by their type alone (asking an `Any` its type is most of
    // what this pass costs, so it is asked once): plain, and kept as they are, either way.
    let dynamicType = type(of: value)
    let identifier = ObjectIdentifier(dynamicType)
    if identifier == ObjectIdentifier(String.self) || identifier == ObjectIdentifier(Int.self)
      || identifier == ObjectIdentifier(Bool.self)
    {
      return true
    }
    let kind = JSONKind(value)
    switch kind {
    case .object(let members):
      guard leaves == .checked || identifier == ObjectIdentifier([String: Any].self) else {
        return false
      }
      return holdsPlainJSON(members.values, context: context, leaves: leaves)
    case .array(let elements):
      guard leaves == .checked || identifier == ObjectIdentifier([Any].self) else {
        return false
      }
      return holdsPlainJSON(elements, context: context, leaves: leaves)
    case .foundationObject, .foundationArray:
      return false
    default:
      switch leaves {
      case .checked: return isLeaf(value, kind)
      case .keptAsTheyAre: return isKeptAsItIs(kind, of: dynamicType)
      }
    }
  }

  /// Whether `values`, those of a container, are plain JSON of `leaves`, the container
  /// entered one level deeper as the walks enter it (``isPlainJSON(_:context:leaves:)``).
  private static func holdsPlainJSON(
    _ values: some Sequence<Any>, context: MappingContext, leaves: Leaves
  ) -> Bool {
    guard context.tryEnterNesting() else { return false }
    defer { context.leaveNesting() }
    for value in values where !isPlainJSON(value, context: context, leaves: leaves) {
      return false
    }
    return true
  }

  /// Whether ``jsonValue(_:context:)`` gives a leaf of `kind` and of `dynamicType` back as it
  /// is.
  private static func isKeptAsItIs(_ kind: JSONKind, of dynamicType: Any.Type) -> Bool {
    if dynamicType is AnyClass {
      // An `NSString` comes out a Swift string.
      if case .string = kind { return false }
      return kind.isScalar
    }
    let type = ObjectIdentifier(dynamicType)
    switch kind {
    case .string: return type == ObjectIdentifier(String.self)
    case .int: return type == ObjectIdentifier(Int.self)
    case .bool: return type == ObjectIdentifier(Bool.self)
    case .double(let double): return double.isFinite && type == ObjectIdentifier(Double.self)
    default: return false
    }
  }

  private static func check(_ value: Any, context: MappingContext) throws {
    let kind = JSONKind(value)
    if isLeaf(value, kind) { return }
    guard let children = children(of: kind) else {
      throw ConversionError(
        kind: .typeMismatch, expectedType: "a JSON value",
        reason: "\(describeValue(value)) cannot be written as JSON")
    }
    // A Foundation container can contain itself; a Swift one cannot.
    let object = isFoundationContainer(kind) ? value as AnyObject : nil
    if let object, !context.beginWriting(object) {
      throw ConversionError(
        kind: .invalidValue, expectedType: "a JSON value",
        reason: "\(describeValue(value)) contains itself")
    }
    defer { object.map(context.endWriting) }
    try context.enterNesting(expected: "a JSON value")
    defer { context.leaveNesting() }
    var failed = false
    for (component, element) in children {
      context.push(component)
      defer { context.pop() }
      do { try check(element, context: context) } catch {
        context.record(error, for: element, expected: "a JSON value")
        failed = true
      }
    }
    if failed { throw IssuesAlreadyRecorded() }
  }

  /// The elements of an array, or the entries of an object in key order, with their paths.
  ///
  /// `nil` for anything else, or an `NSDictionary` with a key that is not a string.
  private static func children(of kind: JSONKind) -> [(MappingContext.PathComponent, Any)]? {
    if let elements = kind.elements {
      return elements.enumerated().map { (.index($0.offset), $0.element) }
    }
    guard let members = kind.members else { return nil }
    return members.sorted { utf8Precedes($0.key, $1.key) }.map { (.key($0.key), $0.value) }
  }

  private static func isFoundationContainer(_ kind: JSONKind) -> Bool {
    switch kind {
    case .foundationArray, .foundationObject: true
    default: false
    }
  }

  /// Whether `value` (of `kind`) is a JSON scalar (finite numbers only) or a model.
  private static func isLeaf(_ value: Any, _ kind: JSONKind) -> Bool {
    if kind.isScalar { return true }
    guard case .other = kind else { return false }
    return isObject(value) && value is ModelBase
  }

  /// ``isLeaf(_:_:)`` of `value`'s kind, the kind kept out of the caller's frame.
  @inline(never)
  private static func isLeaf(_ value: Any) -> Bool {
    isLeaf(value, JSONKind(value))
  }

  /// What ``jsonValue(_:context:)`` does with an object (a class instance).
  private enum ObjectValue {
    /// A scalar, or a value JSON cannot hold (`nil`): the result.
    case result(Any?)
    /// A Foundation array or dictionary.
    case container
    /// Anything else (a model, a `Date`): converted as any other value.
    case other
  }

  /// What an object is to ``jsonValue(_:context:)``: apart, so that its kind is not in the
  /// frame of that recursive function.
  @inline(never)
  private static func objectValue(_ value: Any) -> ObjectValue {
    let kind = JSONKind(value)
    switch kind {
    case .null: return .result(value)
    case .string(let string): return .result(string)
    case .bool, .int, .uint, .signed, .unsigned, .double, .float, .decimal:
      return .result(kind.isScalar ? value : nil)
    case .foundationArray, .foundationObject: return .container
    case .absent, .object, .array, .other: return .other
    }
  }

  /// The JSON form of a value held in an `Any` property: models and other ``MappableValue``
  /// values converted, Foundation containers and strings turned into Swift ones, and what
  /// JSON cannot hold left out (`nil`).
  ///
  /// On the recursive path of nested values, with ``containerValue(_:context:)``: what a value
  /// is, is asked in helpers, so that these frames stay small (200 levels on a 512 KB thread,
  /// under AddressSanitizer too).
  static func jsonValue(_ value: Any, context: MappingContext) -> Any? {
    // A value read from JSON text or by `JSONSerialization` comes out as it is: told so by a
    // pass that builds nothing, instead of rebuilt container by container.
    if let plain = plainValue(value, context: context) { return plain }
    return convertedValue(value, context: context)
  }

  /// `value` as ``convertedValue(_:context:)`` gives it where it records nothing and converts
  /// nothing inside: a leaf kept as it is, or a Swift container (of any element type) holding
  /// ``Leaves/keptAsTheyAre`` values only, as an `[Any]` or `[String: Any]`; `nil` otherwise.
  private static func plainValue(_ value: Any, context: MappingContext) -> Any? {
    let kind = JSONKind(value)
    switch kind {
    case .object(let members):
      return holdsPlainJSON(members.values, context: context, leaves: .keptAsTheyAre)
        ? members : nil
    case .array(let elements):
      return holdsPlainJSON(elements, context: context, leaves: .keptAsTheyAre)
        ? elements : nil
    case .foundationObject, .foundationArray:
      return nil
    default:
      return isKeptAsItIs(kind, of: type(of: value)) ? value : nil
    }
  }

  /// ``jsonValue(_:context:)`` walked: each container rebuilt with its values converted.
  private static func convertedValue(_ value: Any, context: MappingContext) -> Any? {
    if isObject(value) {
      switch objectValue(value) {
      case .result(let result):
        return result
      case .container:
        let object = value as AnyObject
        guard context.beginWriting(object) else { return nil }  // contains itself
        defer { context.endWriting(object) }
        return containerValue(value, context: context)
      case .other:
        break
      }
    }
    if let mappable = value as? any MappableValue {
      guard let converted = mappable.toMappedValue(context: context) else { return nil }
      if isLeaf(converted) { return converted }
      // A conversion's result is JSON already, unless a custom one returned something else:
      // walked again, at the same depth (a typed container counts one level, as on the way
      // in).
      return convertedValue(converted, context: context)
    }
    return containerValue(value, context: context)
  }

  /// The children of a container and whether it is an array; `nil` for any other value.
  @inline(never)
  private static func containerChildren(
    _ value: Any
  ) -> (children: [(MappingContext.PathComponent, Any)], isArray: Bool)? {
    let kind = JSONKind(value)
    guard let children = children(of: kind) else { return nil }
    switch kind {
    case .array, .foundationArray: return (children, true)
    default: return (children, false)
    }
  }

  /// An array or object, one level deeper (empty or not: the check on the way in counts
  /// every container).
  private static func containerValue(_ value: Any, context: MappingContext) -> Any? {
    guard let (children, isArray) = containerChildren(value), context.enterOutputNesting()
    else { return nil }
    defer { context.leaveNesting() }
    // On the recursive path of nested values: one loop, no closure, so the frame stays small.
    var elements: [Any] = []
    var entries: [String: Any] = [:]
    for (component, element) in children {
      context.push(component)
      let converted = convertedValue(element, context: context)
      context.pop()
      guard let converted else { continue }
      if isArray {
        elements.append(converted)
      } else if case .key(let key) = component {
        entries[key] = converted
      }
    }
    return isArray ? elements : entries
  }
}
