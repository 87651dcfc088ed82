import Foundation
import Testing

@testable import MirrorModel

// == and hash(into:) compare and hash nested models (one, or an array) from their fields, as
// their dictionaries would compare and hash: the same answers and hash values as through
// toDictionary(), cycles, subclasses, refused and too-deep models included.

private class EqPet: ModelBase {
  var name = ""
}

private final class EqHound: EqPet {
  var loud = false
}

private final class EqFeline: EqPet {}

private final class EqSecret: ModelBase {
  var code = 0
  override func willWrite(to dictionary: inout [String: Any]) throws {
    if code < 0 { throw ConversionError(expectedType: "Secret", reason: "negative") }
  }
}

private final class EqArrays: ModelBase {
  var ints: [Int] = []
  var longs: [Int64] = []
  var names: [String] = []
  var flags: [Bool] = []
  var maybe: [Int]?
  var grid: [[Int]] = []
}

private final class EqOwner: ModelBase {
  var name = ""
  var best: EqPet?
  var pets: [EqPet] = []
  var secret: EqSecret?
  var friend: EqOwner?
  var friends: [EqOwner]?
  var byName: [String: EqPet] = [:]
  var scores: [Int] = []
  var optionalByName: [String: EqPet]?
}

@Suite("== and hash(into:) of nested models")
struct NestedEqualityTests {
  /// `==` and `hash(into:)` as the dictionaries answer them.
  private func expectAsDictionaries(_ models: [ModelBase], _ comment: String) {
    for (index, model) in models.enumerated() {
      var hasher = Hasher()
      hasher.combine(ObjectIdentifier(type(of: model)))
      JSONValue.hash(model.toDictionary(), into: &hasher)
      #expect(model.hashValue == hasher.finalize(), "\(comment): hash of \(index)")
      for (otherIndex, other) in models.enumerated() {
        let expected =
          type(of: model) == type(of: other)
          && JSONValue.equal(model.toDictionary(), other.toDictionary())
        #expect((model == other) == expected, "\(comment): \(index) and \(otherIndex)")
      }
    }
  }

  private func owner(
    _ name: String, best: EqPet? = nil, pets: [EqPet] = [], secret: Int? = nil,
    friend: EqOwner? = nil, friends: [EqOwner]? = nil
  ) -> EqOwner {
    let owner = EqOwner()
    owner.name = name
    owner.best = best
    owner.pets = pets
    owner.secret = secret.map { code in
      let secret = EqSecret()
      secret.code = code
      return secret
    }
    owner.friend = friend
    owner.friends = friends
    return owner
  }

  private func pet(_ name: String) -> EqPet {
    let pet = EqPet()
    pet.name = name
    return pet
  }

  private func hound(_ name: String, loud: Bool = false) -> EqHound {
    let hound = EqHound()
    hound.name = name
    hound.loud = loud
    return hound
  }

  @Test func nestedModelsAndArrays() {
    expectAsDictionaries(
      [
        owner("a"), owner("a", best: pet("x")), owner("a", best: pet("y")),
        owner("a", pets: [pet("x"), pet("y")]), owner("a", pets: [pet("x"), pet("z")]),
        owner("a", pets: [pet("x")]), owner("a", friends: []), owner("a", friends: [owner("b")]),
        owner("a", friend: owner("b", best: pet("x"))),
        owner("a", friend: owner("b", best: pet("w"))),
      ], "values")
  }

  @Test func subclassesCompareAsTheirDictionaries() {
    // A EqFeline writes what a EqPet of the same name writes; a EqHound writes one key more.
    let models = [
      owner("a", best: pet("x")), owner("a", best: EqFeline()), owner("a", best: hound("x")),
      owner("a", best: hound("x", loud: true)), owner("a", pets: [pet("x"), hound("y")]),
      owner("a", pets: [EqFeline(), hound("y")]), owner("a", pets: [pet(""), hound("y")]),
    ]
    expectAsDictionaries(models, "subclasses")
    #expect(models[5] == models[6])
    #expect(models[0] != models[2])
  }

  @Test func refusedAndCyclicModelsAreLeftOutAsInTheDictionaries() {
    let refused = owner("a", secret: -1)
    let none = owner("a")
    let kept = owner("a", secret: 1)
    #expect(refused == none)
    #expect(refused != kept)
    let cyclic = owner("c")
    cyclic.friend = cyclic
    let cyclicInArray = owner("c")
    cyclicInArray.friends = [cyclicInArray, owner("d")]
    let shorter = owner("c", friends: [owner("d")])
    #expect(cyclicInArray == shorter)
    let mutual = owner("m")
    let other = owner("n", friend: mutual)
    mutual.friend = other
    expectAsDictionaries(
      [refused, none, kept, cyclic, owner("c"), cyclicInArray, shorter, mutual, other],
      "left out")
    for model in [cyclic, cyclicInArray, mutual] {
      model.friend = nil
      model.friends = nil
    }
  }

  @Test func chainsPastTheDepthLimit() {
    func chain(_ length: Int, last: String) -> EqOwner {
      let root = owner("0")
      var current = root
      for level in 1..<length {
        let next = owner(level == length - 1 ? last : "\(level)")
        current.friend = next
        current = next
      }
      return root
    }
    // Models past the limit are left out: chains that differ only there are equal.
    let depth = MappingContext.maximumDepth
    expectAsDictionaries(
      [
        chain(depth - 2, last: "x"), chain(depth - 2, last: "y"), chain(depth + 5, last: "x"),
        chain(depth + 5, last: "y"),
      ], "chains")
    #expect(chain(depth + 5, last: "x") == chain(depth + 5, last: "y"))
    #expect(chain(depth - 2, last: "x") != chain(depth - 2, last: "y"))
    // Arrays of scalars past the limit are left out too: the models that hold them (as deep
    // as containers can go) compare equal whatever the arrays hold.
    func scored(_ length: Int, _ scores: [Int]) -> EqOwner {
      let root = chain(length, last: "s")
      var last = root
      while let next = last.friend { last = next }
      last.scores = scores
      return root
    }
    var models: [EqOwner] = []
    for length in (depth - 2)...(depth + 1) {
      models += [scored(length, [1]), scored(length, [2]), scored(length, [])]
    }
    expectAsDictionaries(models, "scores")
    #expect(scored(depth + 1, [1]) == scored(depth + 1, [2]))
    #expect(scored(depth - 2, [1]) != scored(depth - 2, [2]))
  }

  @Test func dictionariesOfModels() {
    func with(_ byName: [String: EqPet], optional: [String: EqPet]? = nil) -> EqOwner {
      let model = owner("a")
      model.byName = byName
      model.optionalByName = optional
      return model
    }
    let models = [
      with([:]), with(["x": pet("1")]), with(["x": pet("2")]), with(["y": pet("1")]),
      with(["x": pet("1"), "y": pet("2")]), with([:], optional: [:]),
      with([:], optional: ["x": pet("1")]), with(["x": hound("1")]), with(["x": EqFeline()]),
      with(["x": pet("")]),
    ]
    expectAsDictionaries(models, "by key")
    #expect(models[8] == models[9])
    #expect(models[1] != models[2])
    #expect(with(["x": pet("1"), "y": pet("2")]) == models[4])
    #expect(with(["x": pet("1"), "y": pet("2")]).hashValue == models[4].hashValue)
  }

  @Test func arraysOfScalarsCompareAsWritten() throws {
    let texts = [
      #"{}"#, #"{"ints": [1, 2]}"#, #"{"ints": [2, 1]}"#, #"{"ints": [1, 2, 3]}"#,
      #"{"longs": [9007199254740993]}"#, #"{"longs": [9007199254740992]}"#,
      #"{"names": ["\u00e9"]}"#, #"{"names": ["e\u0301"]}"#, #"{"names": ["e"]}"#,
      #"{"flags": [true]}"#, #"{"flags": [false]}"#, #"{"maybe": []}"#, #"{"maybe": [1]}"#,
      #"{"grid": [[1], [2]]}"#, #"{"grid": [[1], [3]]}"#,
    ]
    let models = try texts.map { try EqArrays(json: Data($0.utf8)) }
    expectAsDictionaries(models, "arrays")
    // "é" spelled two ways is one string, as Swift and the dictionaries compare it.
    #expect(models[6] == models[7])
    #expect(models[1] != models[2])
  }
}
