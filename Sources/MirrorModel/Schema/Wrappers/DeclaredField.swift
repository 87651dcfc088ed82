import Foundation

/// A stored field of a model class as the property it stands for, as the class declares it.
///
/// The Swift compiler stores a wrapped property `@W var name` in a field `_name: W`, and the
/// `@Observable` macro stores a tracked property `var name` in `_name` beside its observation
/// registrar. Both are mapped (or refused) under the declared name, `name`: the keys, the hooks
/// that name properties, the report, the paths and the output all use it.
struct DeclaredField {
  /// The field, renamed to the declared property's name.
  var field: RuntimeField
  /// The field's own name (`_name` for wrapper and observation storage).
  var storageName: String
  var kind: Kind

  enum Kind {
    /// A field mapped at its offset as its own type (a Codable wrapper through its own
    /// coding).
    case plain
    /// The storage of an `@Observable` class's tracked property: mapped at its offset; an
    /// update notifies observers through the key path ``ModelBase/propertyKeyPaths`` gives.
    case observed
    /// A wrapper that stores its value in a `var wrappedValue`: mapped at that field.
    case storedWrappedValue(RuntimeField)
    /// A wrapper adopting ``MappablePropertyWrapper``: mapped through its `wrappedValue`.
    case wrapper(any MappablePropertyWrapper.Type)
    /// A property ``ModelBase/propertyKeyPaths`` names: mapped through its key path.
    case keyPath(KeyPathAccess)
    /// Never mapped by nature, with the reason.
    case skipped(String)
    /// A wrapper MirrorModel cannot see through: a configuration issue, with the reason.
    case refused(String)
  }

  /// The property's declared type (the wrapped value's, for a wrapper).
  var valueType: Any.Type {
    switch kind {
    case .plain, .observed, .skipped, .refused: return field.type
    case .storedWrappedValue(let inner): return inner.type
    case .wrapper(let wrapper):
      func wrapped<Wrapper: MappablePropertyWrapper>(_: Wrapper.Type) -> Any.Type {
        Wrapper.WrappedValue.self
      }
      return wrapped(wrapper)
    case .keyPath(let access): return access.valueType
    }
  }

  /// The name of the registrar field the `@Observable` macro adds.
  static let registrarName = "_$observationRegistrar"

  /// The declared properties behind `fields` (each class's own, superclasses first) of
  /// `type`.
  static func resolve(
    _ fields: [RuntimeField], of type: ModelBase.Type, hooks: MergedHooks,
    keyPaths: [String: Result<KeyPathAccess, ConversionError>]
  ) -> [DeclaredField] {
    // Only a class (or superclass) with the macro's registrar can be @Observable: the others
    // are not walked level by level.
    let observable =
      fields.contains { $0.name == registrarName } ? observableRanges(of: type) : []
    return fields.enumerated().map { index, field in
      let owner = observable.first { $0.range.contains(index + ClassSchema.baseFieldCount) }
      return resolve(
        field, inObservableClass: owner?.isObservable ?? false, hooks: hooks, keyPaths: keyPaths)
    }
  }

  private static func resolve(
    _ field: RuntimeField, inObservableClass observable: Bool, hooks: MergedHooks,
    keyPaths: [String: Result<KeyPathAccess, ConversionError>]
  ) -> DeclaredField {
    let storage = field.name
    if storage == registrarName {
      return DeclaredField(
        field: field, storageName: storage,
        kind: .skipped("the observation registrar of an @Observable class"))
    }
    guard storage.hasPrefix("_"), storage.count > 1, !storage.hasPrefix("_$"),
      hooks.propertyMapping[storage] == nil
    else { return DeclaredField(field: field, storageName: storage, kind: .plain) }
    let name = String(storage.dropFirst())
    var declared = field
    declared.name = name
    func make(_ kind: Kind) -> DeclaredField {
      DeclaredField(field: declared, storageName: storage, kind: kind)
    }
    if let wrapper = field.type as? any MappablePropertyWrapper.Type {
      return make(.wrapper(wrapper))
    }
    let fullName = String(reflecting: field.type)
    if let access = keyPaths[name], !observable || isWrapperType(field.type, fullName) {
      switch access {
      case .success(let access): return make(.keyPath(access))
      case .failure(let error):
        return make(.refused("propertyKeyPaths[\"\(name)\"]: \(error.reason)"))
      }
    }
    if let stored = RuntimeReflection.storedField(named: "wrappedValue", in: field.type) {
      guard MetadataKind(of: field.type) == .structure else {
        return make(
          .refused(
            "its wrapper \(typeName(field.type)) is a class, whose wrappedValue MirrorModel "
              + "does not write"))
      }
      guard stored.isVar, stored.isStrong else {
        return make(
          .refused("its wrapper \(typeName(field.type)) stores wrappedValue in a let or weak field")
        )
      }
      if field.type is any (Decodable & Encodable).Type {
        // A Codable wrapper (BetterCodable's `@DefaultEmptyArray`, say) chose how its value
        // is read: through its own coding.
        return make(.plain)
      }
      var inner = stored
      inner.name = name
      inner.offset += field.offset
      return make(.storedWrappedValue(inner))
    }
    if let framework = localStateFrameworks.first(where: { fullName.hasPrefix($0.prefix) }) {
      return make(
        .skipped(
          "\(framework.name) is view-local state kept by \(framework.owner), not model data"))
    }
    if fullName.hasPrefix("Combine.Published<") {
      return make(
        .refused(
          "@Published keeps its value in Combine's private storage, which MirrorModel cannot "
            + "read or write soundly; list \(name) in propertyKeyPaths "
            + "([\"\(name)\": \\YourModel.\(name)]) to map it through its setter, so that "
            + "objectWillChange fires"))
    }
    if observable { return make(.observed) }
    return DeclaredField(field: field, storageName: storage, kind: .plain)
  }

  /// Whether `type` is a property wrapper MirrorModel recognizes by its shape or its name.
  private static func isWrapperType(_ type: Any.Type, _ fullName: String) -> Bool {
    RuntimeReflection.storedField(named: "wrappedValue", in: type) != nil
      || fullName.hasPrefix("Combine.Published<")
      || localStateFrameworks.contains { fullName.hasPrefix($0.prefix) }
  }

  /// Wrappers whose value lives outside the model (user defaults, a view's state, the
  /// environment): not data a payload fills.
  private static let localStateFrameworks: [(prefix: String, name: String, owner: String)] = [
    ("SwiftUI.AppStorage<", "@AppStorage", "UserDefaults"),
    ("SwiftUI.SceneStorage<", "@SceneStorage", "SwiftUI's scene"),
    ("SwiftUI.State<", "@State", "a SwiftUI view"),
    ("SwiftUI.StateObject<", "@StateObject", "a SwiftUI view"),
    ("SwiftUI.ObservedObject<", "@ObservedObject", "a SwiftUI view"),
    ("SwiftUI.Environment<", "@Environment", "SwiftUI's environment"),
    ("SwiftUI.EnvironmentObject<", "@EnvironmentObject", "SwiftUI's environment"),
    ("SwiftUI.FocusState<", "@FocusState", "a SwiftUI view"),
    ("SwiftUI.GestureState<", "@GestureState", "a SwiftUI view"),
    ("SwiftUI.Binding<", "@Binding", "another owner"),
    ("SwiftData.Query<", "@Query", "SwiftData"),
  ]

  /// The index ranges of each class's own fields (counted from the first of `ModelBase`), and
  /// whether that class is `@Observable` (declares the macro's registrar).
  private static func observableRanges(
    of type: ModelBase.Type
  ) -> [(range: Range<Int>, isObservable: Bool)] {
    var chain: [AnyClass] = []
    var current: AnyClass? = type
    while let next = current, next != ModelBase.self {
      chain.append(next)
      current = RuntimeReflection.superclass(of: next)
    }
    var result: [(range: Range<Int>, isObservable: Bool)] = []
    var start = ClassSchema.baseFieldCount
    for level in chain.reversed() {
      let fields = RuntimeReflection.fields(of: level)
      let own = fields.count > start ? Array(fields[start...]) : []
      let isObservable = own.contains {
        $0.name == registrarName
          && String(reflecting: $0.type) == "Observation.ObservationRegistrar"
      }
      result.append((start..<max(start, fields.count), isObservable))
      start = max(start, fields.count)
    }
    return result
  }
}
