import Foundation
import SwiftShims
import Testing

@testable import MirrorModel

@Suite("Safety")
struct SafetyTests {
  @Test func letWeakUnownedLazyAndWrapperStorageAreNeverWritten() throws {
    let room = Room()
    let guarded = try Guarded(
      dictionary: [
        "written": 1, "constant": 99, "weakRoom": ["price": 5], "owner": [:],
        "unsafeOwner": [:], "$__lazy_storage_$_lazyValue": 1, "lazyValue": 2, "_clamped": 3,
        "clamped": 4, "closure": 5, "optionalClosure": 6,
      ])
    guarded.weakRoom = room
    #expect(guarded.written == 1)
    #expect(guarded.constant == 7)
    #expect(guarded.weakRoom === room)
    #expect(guarded.owner === sharedOwner)
    #expect(guarded.unsafeOwner === sharedOwner)
    #expect(guarded.lazyValue == 42)
    #expect(guarded.clamped == 5)
    #expect(guarded.closure() == 1)
    #expect(guarded.optionalClosure == nil)
  }

  @Test func skippedPropertiesAreVisibleInTheSchemaWithTheirReasons() {
    let schema = SchemaCache.shared.schema(for: Guarded())
    let skipped = Dictionary(uniqueKeysWithValues: schema.skipped.map { ($0.name, $0.reason) })
    #expect(skipped["constant"] == "a let constant is never written")
    #expect(skipped["weakRoom"] == "weak and unowned references are never written")
    #expect(skipped["owner"] == "weak and unowned references are never written")
    #expect(skipped["unsafeOwner"] == "weak and unowned references are never written")
    #expect(skipped["$__lazy_storage_$_lazyValue"] == "lazy storage is not mapped")
    #expect(skipped["clamped"] == "listed in ignoredProperties")
    #expect(skipped["closure"] == "a closure is never mapped")
    #expect(skipped["optionalClosure"] == "a closure is never mapped")
    #expect(
      schema.properties.map(\.name) == [
        "written", "observed", "observedCount", "anything", "optionalAnything", "rawList",
        "rawDictionary", "nestedOptional",
      ])
  }

  @Test func writesBypassObservers() throws {
    let guarded = try Guarded(dictionary: ["observed": 5])
    #expect(guarded.observed == 5)
    #expect(guarded.observedCount == 0)
  }

  @Test func writesReleaseTheOldValueAndRetainTheNew() throws {
    final class Holder: ModelBase {
      var room: Room? = Room()
      var rooms: [Room] = [Room()]
    }
    let holder = Holder()
    weak let oldRoom = holder.room
    weak let oldElement = holder.rooms.first
    #expect(oldRoom != nil)
    let mapped = try Holder(dictionary: ["room": ["price": 2], "rooms": [["price": 3]]])
    weak let newRoom = mapped.room
    #expect(newRoom?.price == 2)
    holder.room = nil
    holder.rooms = []
    #expect(oldRoom == nil)
    #expect(oldElement == nil)
    #expect(mapped.rooms.first?.price == 3)
  }

  @Test func schemaCrossCheckAgreesWithMirrorForEveryFixture() {
    let models: [ModelBase] = [
      Hotel(), Room(), Puppy(), Dog(), Guarded(), Envelope<Int>(), Envelope<Room>(), Comment(),
    ]
    for model in models {
      let schema = SchemaCache.shared.schema(for: model)
      #expect(schema.configurationIssues.isEmpty, "\(type(of: model))")
    }
  }

  @Test func aClassWithoutFieldsIsFine() throws {
    final class Empty: ModelBase {}
    let empty = try Empty(dictionary: ["anything": 1])
    #expect(empty.toDictionary().isEmpty)
  }

  @Test func schemaIsBuiltOncePerClass() {
    let first = SchemaCache.shared.schema(for: Room())
    let second = SchemaCache.shared.schema(for: Room())
    #expect(first === second)
  }
}

@Suite("Runtime binding")
struct RuntimeBindingTests {
  /// The struct MirrorModel declares for `swift_reflectionMirror_recursiveChildMetadata` has
  /// the toolchain's own layout, field by field.
  @Test func fieldMetadataLayoutMatchesTheRuntimes() {
    typealias Ours = FieldReflectionMetadata
    typealias Theirs = _FieldReflectionMetadata
    // Swift's size leaves out the C struct's tail padding; the stride, which the buffer passed
    // to the runtime has, does not.
    #expect(MemoryLayout<Ours>.stride == MemoryLayout<Theirs>.size)
    #expect(MemoryLayout<Ours>.stride == MemoryLayout<Theirs>.stride)
    #expect(MemoryLayout<Ours>.alignment == MemoryLayout<Theirs>.alignment)
    #expect(MemoryLayout<Ours>.offset(of: \.name) == MemoryLayout<Theirs>.offset(of: \.name))
    #expect(
      MemoryLayout<Ours>.offset(of: \.freeFunc) == MemoryLayout<Theirs>.offset(of: \.freeFunc))
    #expect(
      MemoryLayout<Ours>.offset(of: \.isStrong) == MemoryLayout<Theirs>.offset(of: \.isStrong))
    #expect(MemoryLayout<Ours>.offset(of: \.isVar) == MemoryLayout<Theirs>.offset(of: \.isVar))
  }

  /// A dead `unowned` reference is never read: not to build the schema, not to write, copy,
  /// describe, compare or update the model.
  @Test func deadUnownedReferencesAreNeverRead() throws {
    final class Owner {}
    final class Owned: ModelBase {
      var name = ""
      unowned var owner: AnyObject = sharedOwner
      unowned(unsafe) var unsafeOwner: AnyObject = sharedOwner
    }
    let model = try Owned(dictionary: ["name": "a"])
    do {
      let owner = Owner()
      model.owner = owner
      model.unsafeOwner = owner
    }
    #expect(model.toDictionary()["name"] as? String == "a")
    #expect(model.copy().name == "a")
    #expect(model.description.contains("name: \"a\""))
    #expect(model == model.copy())
    try model.update(with: ["name": "b"])
    #expect(model.name == "b")
    _ = model.hashValue
    _ = try model.toJSON()
  }
}

@Suite("Schema table")
struct SchemaTableTests {
  private final class Key {}

  @Test func everyKeyFindsItsSchemaAcrossGrowth() {
    let schemas = [ModelBase.self, Player.self, Match.self, Badge.self].map {
      SchemaCache.shared.schema(for: $0)
    }
    let keys = (0..<1_000).map { _ in Key() }
    var table = SchemaTable(capacity: 4)
    for (position, key) in keys.enumerated() {
      #expect(table.schema(for: ObjectIdentifier(key)) == nil)
      table.insert(schemas[position % schemas.count], for: ObjectIdentifier(key))
      #expect(table.count == position + 1)
    }
    for (position, key) in keys.enumerated() {
      #expect(table.schema(for: ObjectIdentifier(key)) === schemas[position % schemas.count])
    }
    // Inserting a key again replaces its schema.
    table.insert(schemas[1], for: ObjectIdentifier(keys[0]))
    #expect(table.count == keys.count)
    #expect(table.schema(for: ObjectIdentifier(keys[0])) === schemas[1])
    // A key never inserted, asked while the others are alive (a freed key's address may be
    // given to a new object).
    let stranger = Key()
    withExtendedLifetime((keys, stranger)) {
      #expect(table.schema(for: ObjectIdentifier(stranger)) == nil)
    }
  }
}
