import Foundation

/// What a model whose output keys are key paths is written as, straight to JSON text or an
/// `Encoder`: its properties and the objects and arrays key paths write them inside
/// (`"entities":{"hashtags":…}`, `"photos":[{"url":…}]`), each object in the order the
/// properties are declared, where its first property is, each array's elements by index.
///
/// The same content as ``ModelBase/toDictionary()`` followed by the JSON writer: an object or
/// array none of whose properties is written (all left out) is left out too, as the dictionary
/// has no such key; an array ends at its last element written, the positions before it that
/// none is written at are `null` (`KeyPaths.inserting`); the class's own discriminator value
/// is a member of the outermost group, after the properties.
final class JSONOutputGroup: Sendable {
  /// A property written under `key` (or at `index`), a container written there holding
  /// `group`'s members, or the discriminator.
  ///
  /// A struct rather than an enum with payloads: an enum would keep its case in the spare
  /// bits of the group's reference, where LeakSanitizer no longer sees a pointer (and reports
  /// the nested groups as leaked).
  struct Member: Sendable {
    /// JSON text and colon; empty for an array's element.
    let key: [UInt8]
    /// The key itself (sorted keys order members by it; an element's index as text).
    let name: String
    /// An element's position in its array; 0 for an object's member.
    let index: Int
    /// The property's position in the schema; ``container`` for an object or array,
    /// ``discriminator`` for the class's discriminator value.
    let position: Int
    /// The container's members; `nil` for a property or the discriminator.
    let group: JSONOutputGroup?

    /// ``position`` of a container.
    static let container = -1
    /// ``position`` of the discriminator, whose value is the outermost group's
    /// ``discriminatorValue``.
    static let discriminator = -2

    /// The kept object this member's container merges, from `kept`, the kept values of the
    /// object it is in: the one under its key, where the container is an object and that
    /// value one too (an array, and what is in it, merges none:
    /// ``JSONOutputGroup/holdsKept(_:)`` leaves a kept value there to the dictionary).
    func keptObject(in kept: [String: Any]?) -> [String: Any]? {
      guard let group, !group.isArray else { return nil }
      return kept?[name] as? [String: Any]
    }
  }

  /// One step of a group's members walked flat (``plan``).
  ///
  /// A property or the discriminator written, or a container of key paths opened or closed.
  /// A writer walks the steps in a loop
  /// of its own, the containers around the step in a stack, so that a model nested under key
  /// paths (`links.parent`) costs the writer's frame once a level, not once per container.
  struct Step: Sendable {
    /// What the step writes.
    enum Kind: UInt8, Sendable {
      /// The property at ``Member/position``.
      case property
      /// The class's discriminator value, under ``Member/key``.
      case discriminator
      /// The container ``Member/group`` opens, its members the steps up to ``end``.
      case open
      /// The end of the container ``Member/group``.
      case close
    }

    let kind: Kind
    /// The member written, opened or closed.
    let member: Member
    /// For ``Kind/open``, the position of its ``Kind/close`` step (where a writer goes on when
    /// it leaves the container out); the step's own position otherwise.
    let end: Int
  }

  /// A group's steps (``Step``), and what a writer's loop asks of each step in its own frame
  /// kept apart, so that a debug build, which copies a whole step for each question, does not.
  final class Plan: Sendable {
    let steps: [Step]
    /// The property's position (in the schema) of each step that writes one; -1 for the
    /// others.
    let properties: [Int]
    /// Each step's member's key (JSON text and colon; empty for an array's element).
    let keys: [[UInt8]]
    /// Each step's member's key as an `Encoder` takes it: its name, or its position in an
    /// array.
    let encoderKeys: [AnyCodingKey]

    init(_ steps: [Step], isArray: Bool) {
      self.steps = steps
      self.properties = steps.map { $0.kind == .property ? $0.member.position : -1 }
      self.keys = steps.map(\.member.key)
      // An element's key is empty (its position is what counts), an object member's is not.
      var inArray = [isArray]
      var encoderKeys: [AnyCodingKey] = []
      for step in steps {
        if step.kind == .close { inArray.removeLast() }
        encoderKeys.append(
          inArray[inArray.count - 1]
            ? AnyCodingKey(intValue: step.member.index) : AnyCodingKey(step.member.name))
        if step.kind == .open { inArray.append(step.member.group?.isArray ?? false) }
      }
      self.encoderKeys = encoderKeys
    }

    /// Whether the container opened at `position` (an ``Step/Kind/open`` step) holds nothing
    /// of `model`'s, a model of `schema`'s class: each property inside holds `nil` (always
    /// left out, a transformer's too) and no discriminator is written inside.
    ///
    /// A writer leaves an empty container out; where the text would nest too deeply for a
    /// container, one that holds nothing is left out as quietly (the deepest model of a chain
    /// nested through `photos[0].parent` has no parent: its `photos` is written nowhere, at
    /// any depth), and any other is a `tooDeep` issue.
    func holdsNothing(
      inContainerAt position: Int, of model: ModelBase, schema: ClassSchema
    ) -> Bool {
      for inner in (position + 1)..<steps[position].end {
        if steps[inner].kind == .discriminator { return false }
        guard properties[inner] >= 0 else { continue }
        let value = schema.properties[properties[inner]].accessor.value(of: model)
        guard let optional = value as? any OptionalValue, optional.wrappedAny == nil else {
          return false
        }
      }
      return true
    }
  }

  let members: [Member]
  /// The members walked flat, each container's members between its open and close steps,
  /// objects' members in their order, arrays' elements in index order.
  let plan: Plan
  /// ``plan`` with each object's members in their keys' UTF-8 order (sorted keys); arrays'
  /// elements stay in index order.
  let sortedPlan: Plan
  /// Whether the members are an array's elements (in index order) rather than an object's.
  let isArray: Bool
  /// Whether this group or one inside it is an array: `==` and `hash(into:)` leave such a
  /// class to its dictionary (a `null` its array pads with equals a property's written
  /// `null`, which comparing the properties one by one would not see).
  let holdsArrays: Bool
  /// The class's own discriminator value, written under the member ``Member/discriminator``.
  let discriminatorValue: String?
  /// ``propertiesInArrays(inArray:)`` of this group, worked out once: what `==` asks where
  /// two models' properties differ.
  let positionsInArrays: Set<Int>

  private init(members: [Member], isArray: Bool, discriminatorValue: String? = nil) {
    self.members = members
    var plan: [Step] = []
    Self.appendSteps(of: members, isArray: isArray, sorted: false, to: &plan)
    self.plan = Plan(plan, isArray: isArray)
    var sortedPlan: [Step] = []
    Self.appendSteps(of: members, isArray: isArray, sorted: true, to: &sortedPlan)
    self.sortedPlan = Plan(sortedPlan, isArray: isArray)
    self.isArray = isArray
    self.holdsArrays = isArray || members.contains { $0.group?.holdsArrays == true }
    self.discriminatorValue = discriminatorValue
    self.positionsInArrays = Set(
      members.flatMap { member -> [Int] in
        if let inner = member.group { return inner.propertiesInArrays(inArray: isArray) }
        return isArray && member.position >= 0 ? [member.position] : []
      })
  }

  /// Appends the steps of `members` (an array's elements when `isArray`), with `sorted`
  /// keys or not, to `plan`.
  private static func appendSteps(
    of members: [Member], isArray: Bool, sorted: Bool, to plan: inout [Step]
  ) {
    var order = Array(members.indices)
    if sorted && !isArray {
      order.sort { utf8Precedes(members[$0].name, members[$1].name) }
    }
    for member in order.map({ members[$0] }) {
      guard let inner = member.group else {
        let kind: Step.Kind =
          member.position == Member.discriminator ? .discriminator : .property
        plan.append(Step(kind: kind, member: member, end: plan.count))
        continue
      }
      let open = plan.count
      plan.append(Step(kind: .open, member: member, end: open))
      appendSteps(of: inner.members, isArray: inner.isArray, sorted: sorted, to: &plan)
      plan.append(Step(kind: .close, member: member, end: plan.count))
      plan[open] = Step(kind: .open, member: member, end: plan.count - 1)
    }
  }

  /// The positions of the properties written inside an array of this group or of one inside
  /// it (`photos[0].url`'s); every property's of the group when it is itself `inArray`.
  func propertiesInArrays(inArray: Bool = false) -> [Int] {
    let inside = inArray || isArray
    return members.flatMap { member -> [Int] in
      if let inner = member.group { return inner.propertiesInArrays(inArray: inside) }
      return inside && member.position >= 0 ? [member.position] : []
    }
  }

  /// The object (not an array) this group writes under `name`, if any: where a kept object
  /// under that key merges.
  func object(named name: String) -> JSONOutputGroup? {
    for member in members where member.name == name {
      if let inner = member.group, !inner.isArray { return inner }
    }
    return nil
  }

  /// Whether a model's kept unknown members, `kept`, merge with the group's members as its
  /// dictionary merges them, member by member (``ModelBase/toDictionary()``: a property's value
  /// replaces a kept member at its place, a kept object under a key the key paths go through
  /// holds both): not where a kept value is under the key of one of its arrays (the kept
  /// value then decides whether it is one).
  func holdsKept(_ kept: [String: Any]) -> Bool {
    for member in members {
      guard let inner = member.group, let value = kept[member.name] else { continue }
      if inner.isArray { return false }
      if let object = value as? [String: Any], !inner.holdsKept(object) { return false }
    }
    return true
  }

  /// A property's key path from the level of a group on: its components, and its position.
  private typealias Path = (keys: ArraySlice<KeyComponent>, property: Int)

  /// The group of `properties`' output keys and the class's own `discriminator` value; `nil`
  /// when none is a key path, or when the dictionary would decide what is written where: two
  /// properties write the same place or one inside the other (`x` and `x.y`, which the
  /// dictionary merges), the keys under one object are some array positions and some not (the
  /// dictionary's first value decides which it is), or the discriminator's key is a member's
  /// (its value replaces the member).
  static func make(
    _ properties: [ClassSchema.Property], discriminator: (key: String, value: String)?
  ) -> JSONOutputGroup? {
    guard properties.contains(where: { $0.outputKeyPath != nil }) else { return nil }
    let paths = properties.enumerated().map { position, property in
      (keys: (property.outputKeyPath ?? [.key(property.outputKey)])[...], property: position)
    }
    // The model's own dictionary: every first component is a key, digits included.
    guard let group = makeObject(paths, keysOnly: true) else { return nil }
    guard let discriminator else { return group }
    guard !group.members.contains(where: { $0.name == discriminator.key }) else { return nil }
    let member = Member(
      key: JSONWriter.Writer.keyText(discriminator.key), name: discriminator.key, index: 0,
      position: Member.discriminator, group: nil)
    return JSONOutputGroup(
      members: group.members + [member], isArray: false, discriminatorValue: discriminator.value)
  }

  /// The array position a component stands for inside a container the model's dictionary
  /// makes (`KeyPaths.inserting`): an index, or a key made of digits where no dictionary is.
  private static func arrayIndex(_ component: KeyComponent) -> Int? {
    switch component {
    case .index(let index): return index
    case .key(let key): return Int(key).flatMap { $0 >= 0 ? $0 : nil }
    }
  }

  /// The container of `paths` (none empty) below the model's own object: an array when every
  /// first component is a position, an object when none is.
  private static func make(_ paths: [Path]) -> JSONOutputGroup? {
    let positions = paths.compactMap { $0.keys.first.flatMap(arrayIndex) }
    if positions.isEmpty { return makeObject(paths, keysOnly: false) }
    guard positions.count == paths.count,
      let groups = KeyPaths.groupedByFirstKey(paths, key: { arrayIndex($0) ?? -1 })
    else { return nil }
    var members: [Member] = []
    for (index, group) in groups.sorted(by: { $0.key < $1.key }) {
      guard let member = member(group, key: [], name: String(index), index: index) else {
        return nil
      }
      members.append(member)
    }
    return JSONOutputGroup(members: members, isArray: true)
  }

  /// An object of `paths`, whose first components are keys (`keysOnly`: taken as keys even
  /// when made of digits, as the model's own dictionary takes them), in the order they first
  /// appear.
  private static func makeObject(_ paths: [Path], keysOnly: Bool) -> JSONOutputGroup? {
    for path in paths {
      guard case .key(let key) = path.keys.first, keysOnly || arrayIndex(.key(key)) == nil
      else { return nil }
    }
    guard
      let groups = KeyPaths.groupedByFirstKey(
        paths,
        key: { component -> String in
          guard case .key(let key) = component else { return "" }
          return key
        })
    else { return nil }
    var members: [Member] = []
    for (key, group) in groups {
      guard let member = member(group, key: JSONWriter.Writer.keyText(key), name: key, index: 0)
      else { return nil }
      members.append(member)
    }
    return JSONOutputGroup(members: members, isArray: false)
  }

  /// The member of one key or index: the property whose whole path ends there, or the
  /// container of the longer paths.
  private static func member(
    _ group: KeyPaths.FirstKeyGroup<KeyComponent>, key: [UInt8], name: String, index: Int
  ) -> Member? {
    switch group {
    case .property(let position):
      return Member(key: key, name: name, index: index, position: position, group: nil)
    case .paths(let paths):
      guard let inner = make(paths) else { return nil }
      return Member(key: key, name: name, index: index, position: Member.container, group: inner)
    }
  }
}
