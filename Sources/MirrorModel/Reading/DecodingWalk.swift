import Foundation

/// One walk over a decoder, reading values without a schema.
///
/// The kind of a value is found by trying one after another, and each failed try costs the
/// decoder an error (about a microsecond). So the walk remembers the kind last read under
/// each key, and the kind of the previous element of an array, and tries that first: in
/// payloads of repeated objects nearly every value is read at the first try. A hint changes
/// only the order of the tries, never the result, with decoders that keep the kinds apart
/// (`JSONDecoder` and `PropertyListDecoder` read neither `1` as `Bool` nor `true` as a
/// number).
struct DecodingWalk {
  /// Whether the decoder reads numbers as `Decimal` (JSON does, property lists do not).
  enum DecimalSupport {
    case unknown, yes, no
  }

  /// Dates are written as ISO 8601 text up to this many seconds from 1970 (31 million years).
  static let latestDate: TimeInterval = 1e15

  var decimalSupport = DecimalSupport.unknown
  /// Integers the decoder read but not as `Decimal`; three in a row mean it has no `Decimal`
  /// support (one alone may be a literal beyond `Decimal`'s range, such as `0e400`).
  var decimalFailures = 0
  private var kindsByKey: [String: DecodedKind] = [:]
  /// How deeply the values walked may nest.
  ///
  /// ``CodableBridge/maximumDepth``, or the JSON text's limit (``ModelBase/maximumJSONDepth``)
  /// for a value a key path goes through, which the text reader and a dictionary read whole
  /// as deep as that (its models are then held to the mapping's depth as they are filled).
  /// The walk does not recurse: any limit is safe for the stack.
  var limit = CodableBridge.maximumDepth
  /// How many containers the value being read by ``value(from:member:key:depth:)`` is inside.
  private var outerDepth = 0
  /// Where the literals read as `NSDecimalNumber` that the decoder reads as another `Double`
  /// than the `NSDecimalNumber` gives (cut past `Decimal`'s 38 digits) are recorded, with the
  /// decoder's: the table of the call the walk reads for (``MappingContext/longLiterals``);
  /// `nil` when the values are not mapped.
  let longLiterals: LongLiterals?

  init(longLiterals: LongLiterals? = nil) {
    self.longLiterals = longLiterals
  }

  /// Reads the entries of `container` (the decoder's root dictionary): the keys of `shape`
  /// that it has, or all of them.
  ///
  /// `depth` is how many containers `container` is inside, counting itself (1 for the root).
  mutating func dictionary(
    from container: KeyedDecodingContainer<AnyCodingKey>, shape: ReadShape?, depth: Int = 1
  ) throws -> [String: Any] {
    let outer = outerDepth
    outerDepth = depth - 1
    defer { outerDepth = outer }
    let root = OpenContainer(
      container, keys: Self.keys(of: container, shape: shape), shape: shape, every: .whole)
    // The root dictionary is always returned as a dictionary.
    return try walk(from: root) as? [String: Any] ?? [:]
  }

  /// Reads one value of any kind, as much of it as `member` reads.
  ///
  /// The kind last read under `key` (if given) is tried first, and the kind read is
  /// remembered for the next value under that key. `depth` is how many containers the value
  /// is inside, counted against ``CodableBridge/maximumDepth`` as a walk from the root counts
  /// them.
  mutating func value<Source: CodableValueSource>(
    from source: inout Source, member: ReadShape.Member = .whole, key: String? = nil,
    depth: Int = 0
  ) throws -> Any {
    let outer = outerDepth
    outerDepth = depth
    defer { outerDepth = outer }
    let hint = key.flatMap { kindsByKey[$0] }
    let kind: DecodedKind?
    let value: Any
    switch try read(&source, hint: hint, depth: depth, member: member) {
    case .value(let scalar, let scalarKind):
      (value, kind) = (scalar, scalarKind)
    case .dictionary(let container, let keys, let shape, let every):
      kind = .dictionary
      value = try walk(from: OpenContainer(container, keys: keys, shape: shape, every: every))
    case .array(let container, let every):
      kind = .array
      value = try walk(from: OpenContainer(container, every: every))
    }
    if let key, let kind, kind != hint { remember(kind, under: key) }
    return value
  }

  /// Reads the contents of `root` and of every container inside it, without recursion: the
  /// containers the walk is inside are a list, so a value nests as deeply as
  /// ``CodableBridge/maximumDepth`` on any thread's stack, in any build.
  private mutating func walk(from root: OpenContainer) throws -> Any {
    var open = [root]
    while let current = open.last {
      var step: Step?
      if let container = current.keyed {
        if current.next < current.keys.count {
          let key = current.keys[current.next]
          var source = KeyedValueSource(container: container, key: key)
          current.hint = kindsByKey[key.stringValue]
          step = try read(
            &source, hint: current.hint, depth: outerDepth + open.count,
            member: current.shape?.members[key.stringValue] ?? current.every)
        }
      } else if var container = current.unkeyed, !container.isAtEnd {
        // Each element is read through a decoder of its own: probing an unkeyed container
        // directly would move past the element at the first probe that succeeds, and a
        // number takes two.
        var source = DecoderValueSource(decoder: try container.superDecoder())
        current.unkeyed = container
        step = try read(
          &source, hint: current.hint, depth: outerDepth + open.count, member: current.every)
      }
      guard let step else {
        // The container is read whole: it is its parent's value now, or the result.
        open.removeLast()
        guard let parent = open.last else { return current.value }
        parent.add(current.value, kind: current.keyed == nil ? .array : .dictionary, walk: &self)
        continue
      }
      switch step {
      case .value(let value, let kind): current.add(value, kind: kind, walk: &self)
      case .dictionary(let container, let keys, let shape, let every):
        open.append(OpenContainer(container, keys: keys, shape: shape, every: every))
      case .array(let container, let every): open.append(OpenContainer(container, every: every))
      }
    }
    preconditionFailure("the walk returns when it closes its root container")
  }

  /// Remembers the kind read under `key`, for the next object with that key.
  fileprivate mutating func remember(_ kind: DecodedKind, under key: String) {
    kindsByKey[key] = kind
  }

  /// Reads one value, trying the hinted kind first: a value, or a container to walk into
  /// (for as much of it as `member` reads).
  ///
  /// Strings come before data and numbers before dates: JSON reads data from base64
  /// strings and dates from numbers.
  private mutating func read<Source: CodableValueSource>(
    _ source: inout Source, hint: DecodedKind?, depth: Int, member: ReadShape.Member
  ) throws -> Step {
    if let hint,
      let step = try read(hint, from: &source, depth: depth, firstTry: false, member: member)
    {
      return step
    }
    for kind in DecodedKind.tryingOrder where kind != hint {
      if let step = try read(kind, from: &source, depth: depth, firstTry: true, member: member) {
        return step
      }
    }
    return try readRare(&source, hint: hint)
  }

  /// The kinds tried last: numbers a first probe missed, dates and data.
  @inline(never)
  private mutating func readRare<Source: CodableValueSource>(
    _ source: inout Source, hint: DecodedKind?
  ) throws -> Step {
    if hint != .number, let number = otherNumber(from: &source) {
      return .value(number, kind: .number)
    }
    if let date = source.attempt(Date.self) {
      guard abs(date.timeIntervalSince1970) < Self.latestDate else {
        throw source.unreadable("The date \(date) is too far from 1970 to write as ISO 8601 text.")
      }
      return .value(ISO8601.string(from: date), kind: nil)
    }
    if let data = source.attempt(Data.self) {
      return .value(data.base64EncodedString(), kind: nil)
    }
    throw source.unreadable(
      "CodableBridge could not read the value as null, a string, a number, a boolean, "
        + "a dictionary, an array, a date or data.")
  }

  /// The value as `kind`, or `nil` when it is not one.
  ///
  /// - Parameters:
  ///   - kind: The kind to try.
  ///   - source: The value.
  ///   - depth: How many containers the value is inside.
  ///   - firstTry: For numbers, try only the cheap decisive probe (the rest comes after the
  ///     containers), because the value is likely of another kind.
  ///   - member: What of a container is read.
  /// - Returns: The value or the container to walk into, or `nil` when it is not of `kind`.
  /// - Throws: `DecodingError.dataCorrupted` for a container nested too deeply.
  private mutating func read<Source: CodableValueSource>(
    _ kind: DecodedKind, from source: inout Source, depth: Int, firstTry: Bool,
    member: ReadShape.Member
  ) throws -> Step? {
    let value: Any?
    switch kind {
    case .null:
      value = source.isNull() ? NSNull() : nil
    case .string:
      value = source.attempt(String.self)
    case .number:
      value = firstNumber(from: &source) ?? (firstTry ? nil : otherNumber(from: &source))
    case .bool:
      value = source.attempt(Bool.self)
    case .dictionary:
      guard let container = source.keyedContainer() else { return nil }
      let shape = member.objectKeys
      let keys = Self.keys(of: container, shape: shape)
      if keys.count == Self.decimalKeys.count,
        let decimal = Self.decimal(fromEncodedForm: container, keys: keys)
      {
        return .value(NSDecimalNumber(decimal: decimal), kind: .dictionary)
      }
      guard depth < limit else { throw tooDeep(source) }
      return .dictionary(
        container, keys: keys, shape: shape, every: member.element(inObject: true))
    case .array:
      guard let container = source.unkeyedContainer() else { return nil }
      guard depth < limit else { throw tooDeep(source) }
      return .array(container, every: member.element(inObject: false))
    }
    return value.map { .value($0, kind: kind) }
  }

  /// The keys of `container` to read: those of `shape` that it has, or all of them (also when
  /// it may be a `Decimal` in its encoded form, which is told from all of its keys).
  static func keys(
    of container: KeyedDecodingContainer<AnyCodingKey>, shape: ReadShape?
  ) -> [AnyCodingKey] {
    guard let shape, !container.contains(AnyCodingKey("mantissa")) else {
      return container.allKeys
    }
    var keys: [AnyCodingKey] = []
    keys.reserveCapacity(shape.members.count)
    for name in shape.members.keys {
      let key = AnyCodingKey(name)
      if container.contains(key) { keys.append(key) }
    }
    return keys
  }

  private func tooDeep<Source: CodableValueSource>(_ source: Source) -> DecodingError {
    source.unreadable(
      "The value nests containers more than \(limit) levels deep.")
  }
}

extension DecodingWalk {
  /// What one value turned out to be.
  enum Step {
    /// A value read whole, and its kind as a hint for the next value in the same place
    /// (`nil` for dates and data, which are not worth a hint).
    case value(Any, kind: DecodedKind?)
    /// A dictionary to walk into: the keys read, what of each (by `shape`, or `every`).
    case dictionary(
      KeyedDecodingContainer<AnyCodingKey>, keys: [AnyCodingKey], shape: ReadShape?,
      every: ReadShape.Member)
    /// An array to walk into, and what of each element is read.
    case array(any UnkeyedDecodingContainer, every: ReadShape.Member)
  }

  /// A container the walk is inside, with what it has read of it so far.
  ///
  /// A class, so the walk adds to the innermost one in place.
  final class OpenContainer {
    let keyed: KeyedDecodingContainer<AnyCodingKey>?
    let keys: [AnyCodingKey]
    /// The position in `keys` of the entry being read.
    var next = 0
    var entries: [String: Any] = [:]
    var unkeyed: (any UnkeyedDecodingContainer)?
    var elements: [Any] = []
    /// The kind tried first for the value being read.
    var hint: DecodedKind?
    /// What is read of each key's value, when the container is read in part.
    let shape: ReadShape?
    /// What is read of each value the shape does not name, or of each element.
    let every: ReadShape.Member

    init(
      _ container: KeyedDecodingContainer<AnyCodingKey>, keys: [AnyCodingKey], shape: ReadShape?,
      every: ReadShape.Member
    ) {
      keyed = container
      self.keys = keys
      self.shape = shape
      self.every = every
      entries.reserveCapacity(keys.count)
      unkeyed = nil
    }

    init(_ container: any UnkeyedDecodingContainer, every: ReadShape.Member) {
      keyed = nil
      keys = []
      shape = nil
      self.every = every
      unkeyed = container
      if let count = container.count { elements.reserveCapacity(count) }
    }

    /// What the container holds: its entries, or its elements.
    var value: Any { keyed == nil ? elements : entries }

    /// Adds the value just read, and keeps its kind as the hint for the next value read in
    /// the same place: under the same key, or the next element.
    func add(_ value: Any, kind: DecodedKind?, walk: inout DecodingWalk) {
      if keyed != nil {
        let key = keys[next].stringValue
        entries[key] = value
        if let kind, kind != hint { walk.remember(kind, under: key) }
        next += 1
      } else {
        elements.append(value)
        if let kind { hint = kind }
      }
    }
  }
}

extension DecodingWalk {
  /// The element `container` is at, walked as the ordinary way walks it (inside `depth`
  /// containers), for a reader whose own question about the element, asked at index
  /// `position`, gave nothing.
  ///
  /// ``RawElement/unavailable`` where that question moved the container past the element (a
  /// decoder cannot be asked again), where the container gives no decoder for it, or where
  /// the walk throws: the caller then reads the whole array the ordinary way.
  mutating func element(
    of container: inout any UnkeyedDecodingContainer, askedAt position: Int, depth: Int
  ) -> RawElement {
    guard container.currentIndex == position, let decoder = try? container.superDecoder() else {
      return .unavailable
    }
    var source = DecoderValueSource(decoder: decoder)
    guard let raw = try? value(from: &source, depth: depth) else { return .unavailable }
    return .value(raw)
  }
}
