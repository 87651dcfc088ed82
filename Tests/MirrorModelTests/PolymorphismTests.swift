import Foundation
import MirrorModel
import Testing

// Polymorphic models that round-trip: the discriminator chooses the class on the way in and
// is written on the way out.

class Pet: ModelBase {
  var name = ""
  override class var discriminator: ModelDiscriminator? {
    ModelDiscriminator(key: "type", classes: ["dog": PetDog.self, "cat": PetCat.self])
  }
}

final class PetDog: Pet {
  var barks = true
}

final class PetCat: Pet {
  var lives = 9
}

final class PetZoo: ModelBase {
  var zooId = ""
  var animals: [Pet] = []
  var byKeeper: [String: Pet] = [:]
  var star: Pet?
  override class var identifierProperty: String? { "zooId" }
}

/// A discriminator also declared as a property.
class Figure: ModelBase {
  var kind = ""
  override class var discriminator: ModelDiscriminator? {
    ModelDiscriminator(key: "kind", classes: ["circle": RoundFigure.self, "figure": Figure.self])
  }
}

final class RoundFigure: Figure {
  var radius: Double = 0
}

private let zooText = #"""
  {"zooId": "z1",
   "animals": [{"type": "dog", "name": "Rex", "barks": false}, {"type": "cat", "name": "Tom",
     "lives": 7}, {"name": "Generic"}],
   "byKeeper": {"ann": {"type": "cat", "name": "Kit", "lives": 3}},
   "star": {"type": "dog", "name": "Star"}}
  """#

private func checkZoo(_ zoo: PetZoo) {
  #expect(zoo.animals.map { String(describing: type(of: $0)) } == ["PetDog", "PetCat", "Pet"])
  #expect((zoo.animals[0] as? PetDog)?.barks == false && (zoo.animals[1] as? PetCat)?.lives == 7)
  #expect(zoo.animals.map(\.name) == ["Rex", "Tom", "Generic"])
  #expect((zoo.byKeeper["ann"] as? PetCat)?.lives == 3)
  #expect(zoo.star is PetDog && zoo.star?.name == "Star")
}

@Suite("Polymorphism")
struct PolymorphismTests {
  @Test func theDiscriminatorChoosesTheClassFromEverySource() throws {
    checkZoo(try PetZoo(json: Data(zooText.utf8)))
    checkZoo(try PetZoo(dictionary: jsonObject(zooText)))
    checkZoo(try JSONDecoder().decode(PetZoo.self, from: Data(zooText.utf8)))
  }

  @Test func writingWritesItSoEveryRoundTripGivesTheSameClasses() throws {
    let zoo = try PetZoo(json: Data(zooText.utf8))
    let animals = zoo.toDictionary()["animals"] as? [[String: Any]]
    #expect(animals?.map { $0["type"] as? String } == ["dog", "cat", nil])
    checkZoo(try PetZoo(json: zoo.toJSON()))
    checkZoo(try PetZoo(json: zoo.toJSON(prettyPrinted: true)))
    checkZoo(try PetZoo(dictionary: zoo.toDictionary()))
    checkZoo(try JSONDecoder().decode(PetZoo.self, from: JSONEncoder().encode(zoo)))
    checkZoo(zoo.copy())
    #expect(try PetZoo(json: zoo.toJSON()) == zoo)
  }

  @Test func theTopLevelAndArraysOfTheBaseClass() throws {
    let dog = try Pet.make(json: Data(#"{"type": "dog", "name": "Rex"}"#.utf8))
    #expect(dog is PetDog && dog.name == "Rex")
    let back = try Pet.make(json: dog.toJSON())
    #expect(back is PetDog)
    let list = try [Pet](json: Data(#"[{"type": "cat"}, {"type": "dog"}]"#.utf8))
    #expect(list.map { String(describing: type(of: $0)) } == ["PetCat", "PetDog"])
  }

  @Test func theStoreGivesBackTheSameClasses() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("Polymorphism-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try ModelStore(directory: folder)
    try store.save(try PetZoo(json: Data(zooText.utf8)))
    checkZoo(try #require(try store.load(PetZoo.self, id: "z1")))
  }

  @Test func aDeclaredPropertyReadsItAndTheModelsOwnValueIsWritten() throws {
    let circle = try Figure.make(dictionary: ["kind": "circle", "radius": 2])
    #expect(
      circle is RoundFigure && circle.kind == "circle" && (circle as? RoundFigure)?.radius == 2)
    let made = RoundFigure()
    #expect(made.toDictionary()["kind"] as? String == "circle")
    #expect(Figure().toDictionary()["kind"] as? String == "figure")
  }

  @Test func anUnknownValueGivesTheDeclaredClassAndAStrictIssue() throws {
    let bird = try Pet.make(dictionary: ["type": "bird", "name": "Tweety"])
    #expect(type(of: bird) == Pet.self && bird.name == "Tweety")
    let issues = mappingIssues {
      _ = try Pet.make(dictionary: ["type": "bird"], mode: .strict)
    }
    #expect(issues.map(\.path) == [""])
    #expect(
      issues.first?.reason
        == #"type is String "bird", which names no class: expected "cat", "dog""#)
    // The key is the discriminator's: lenient mode does not report it as unknown.
    let lenient = PetZoo.map(try jsonObject(zooText), mode: .lenient)
    #expect(lenient.issues.isEmpty)
  }
}
