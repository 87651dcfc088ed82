import Foundation

/// What of an object a model's mapping reads: its keys, and what of each key's value.
///
/// Made once per class, on first use (``ClassSchema/readShape``), for the classes that look
/// at nothing but their properties' keys. A `Decoder` is then asked for those keys alone, as it
/// is for a `Codable` struct, instead of being walked whole: the values read are the ones the
/// whole walk would give for those keys, so the model and its issues are the same, and a
/// payload's other keys (most of a Twitter status) cost nothing.
///
/// Nested models are named by class, whose own shape is looked up when the walk gets there: a
/// class that nests itself has a finite shape.
final class ReadShape: Sendable {
  /// What is read of one value.
  ///
  /// A struct rather than an enum with payloads: an enum may keep its case in the spare bits
  /// of a reference, where LeakSanitizer sees no pointer.
  struct Member: Sendable {
    enum Kind: Sendable {
      /// The whole value.
      case whole
      /// The keys of ``Member/keys``, of an object that key paths go through.
      case keys
      /// An object read as a model of ``Member/model``.
      case model
      /// An array of objects, each read as a model of ``Member/model``.
      case models
      /// An object whose every value is an object read as a model of ``Member/model``.
      case modelsByKey
    }

    let kind: Kind
    let keys: ReadShape?
    let model: ModelBase.Type?

    static let whole = Member(kind: .whole, keys: nil, model: nil)

    init(kind: Kind, keys: ReadShape? = nil, model: ModelBase.Type? = nil) {
      self.kind = kind
      self.keys = keys
      self.model = model
    }

    /// The keys to read of an object read as this member, and what of each; `nil` for all
    /// of them (each as ``element``).
    var objectKeys: ReadShape? {
      switch kind {
      case .keys: return keys
      case .model: return model.flatMap { SchemaCache.shared.schema(for: $0).readShape }
      case .whole, .models, .modelsByKey: return nil
      }
    }

    /// What is read of each element of an array, or each value of an object whose keys are
    /// all read, that is read as this member.
    func element(inObject: Bool) -> Member {
      switch (kind, inObject) {
      case (.models, false), (.modelsByKey, true): return Member(kind: .model, model: model)
      default: return .whole
      }
    }
  }

  let members: [String: Member]

  private init(members: [String: Member]) {
    self.members = members
  }

  /// The shape of a class whose properties read `paths` (each property's key path, or
  /// `[.key(key)]`, alternative keys included), each path's value read as its member.
  ///
  /// A path through an index (`"list[0].name"`, `"list.0.name"`) reads its array whole, as
  /// does a key read both whole and in part.
  static func make(_ paths: [(path: [KeyComponent], member: Member)]) -> ReadShape {
    var tree = Node()
    for (path, member) in paths { tree.add(path[...], member: member) }
    return tree.shape
  }

  /// A shape being built.
  private struct Node {
    var members: [String: (member: Member, inner: Node?)] = [:]

    mutating func add(_ path: ArraySlice<KeyComponent>, member: Member) {
      guard case .key(let key) = path.first else { return }
      let rest = path.dropFirst()
      var nextIsKey = false
      if case .key(let next) = rest.first, Int(next) == nil { nextIsKey = true }
      let existing = members[key]
      if !nextIsKey {
        // The last key, or a key whose array an index reads: its value is read as `member`
        // (whole through an index); another property reading it too makes it whole.
        let own = rest.isEmpty ? member : .whole
        members[key] = (existing == nil ? own : .whole, nil)
      } else if let existing, existing.inner == nil {
        members[key] = (.whole, nil)  // read whole already
      } else {
        var inner = existing?.inner ?? Node()
        inner.add(rest, member: member)
        members[key] = (Member(kind: .keys), inner)
      }
    }

    var shape: ReadShape {
      ReadShape(
        members: members.mapValues { entry in
          guard let inner = entry.inner else { return entry.member }
          return Member(kind: .keys, keys: inner.shape)
        })
    }
  }
}

/// A class's ``ReadShape``, made from its properties the first time it is asked for, under a
/// lock (schemas are shared between threads).
final class LazyReadShape: @unchecked Sendable {
  private let lock = NSLock()
  /// The properties to make the shape of; `nil` once made, or for a class that has none.
  private var properties: [ClassSchema.Property]?
  private var made: ReadShape?

  /// - Parameter properties: The class's properties; `nil` for a class read whole.
  init(properties: [ClassSchema.Property]?) {
    self.properties = properties
  }

  /// The shape; `nil` for a class read whole.
  var shape: ReadShape? {
    lock.withLock {
      if let properties {
        made = ReadShape.make(
          properties.flatMap { property in
            (0...property.alternatives.count).map {
              (property.candidatePath($0), property.accessor.readMember)
            }
          })
        self.properties = nil
      }
      return made
    }
  }
}
