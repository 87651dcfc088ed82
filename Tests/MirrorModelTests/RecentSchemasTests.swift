import Foundation
import Testing

@testable import MirrorModel

// A call's memo of the schemas it looked up (`MappingContext.schema(for:)`): the shared
// cache's schema for every class, whatever the memo holds, and never the schema that stands
// in for a class while its own is built.

final class MemoA: ModelBase { var a = 0 }
final class MemoB: ModelBase { var b = "" }
final class MemoC: ModelBase { var c: Double? }
final class MemoD: ModelBase { var d = [1] }
final class MemoE: ModelBase { var e = false }
final class MemoF: ModelBase { var f: MemoA? }
final class MemoG: ModelBase { var g: [MemoB] = [] }
final class MemoH: ModelBase { var h = 0 }
final class MemoI: ModelBase { var i = "" }
final class MemoJ: ModelBase { var j = 0.5 }

/// Maps itself while its schema is built (its `defaultValues`): that mapping's context meets
/// the stand-in schema, which it must not keep.
final class MemoSelfMapping: ModelBase {
  var name = ""
  var seen = 0
  override class var defaultValues: [String: Any] {
    let context = MappingContext(mode: .standard)
    let first = context.schema(for: MemoSelfMapping.self)
    let again = context.schema(for: MemoSelfMapping.self)
    return ["seen": first.standsIn && again.standsIn && first !== again ? 1 : 0]
  }
}

@Suite("A call's memo of schemas")
struct RecentSchemasTests {
  static let classes: [ModelBase.Type] = [
    MemoA.self, MemoB.self, MemoC.self, MemoD.self, MemoE.self, MemoF.self, MemoG.self,
    MemoH.self, MemoI.self, MemoJ.self,
  ]

  @Test func everyClassGetsTheSharedCachesSchemaWhateverTheMemoHolds() {
    let context = MappingContext(mode: .standard)
    // Ten classes (more than the memo keeps), in rounds that evict and find again.
    for round in 0..<3 {
      for (index, type) in Self.classes.enumerated() {
        let schema = context.schema(for: type)
        #expect(schema === SchemaCache.shared.schema(for: type), "round \(round), \(index)")
        #expect(ObjectIdentifier(schema.modelType) == ObjectIdentifier(type))
        #expect(context.schema(for: type) === schema)
      }
    }
    // A class and its subclass are two entries.
    #expect(context.schema(for: CheckedPet.self) !== context.schema(for: CheckedDog.self))
    #expect(context.schema(for: CheckedDog.self).modelType == CheckedDog.self)
  }

  @Test func theSchemaThatStandsInForAClassBeingBuiltIsNotKept() throws {
    // Each lookup during the build gets a new stand-in; the built schema is the real one.
    #expect(MemoSelfMapping().seen == 0)
    let context = MappingContext(mode: .standard)
    let schema = context.schema(for: MemoSelfMapping.self)
    #expect(!schema.standsIn)
    #expect(schema === SchemaCache.shared.schema(for: MemoSelfMapping.self))
    #expect(schema.properties.map(\.name) == ["name", "seen"])
    #expect(try MemoSelfMapping(dictionary: [:]).seen == 1)
  }
}
