import Foundation
import Testing

@testable import MirrorModel

/// Whether `JSONSerialization` is swift-corelibs-foundation's (Linux), whose number classes
/// the tests that compare with it were written against: Darwin's gives other classes for
/// some literals (a double-typed `NSNumber` where corelibs gives `NSDecimalNumber`), so those
/// tests are left out there, and the hosted macOS job says so in its log.
let isCorelibsFoundation: Bool = {
  #if canImport(Darwin)
    return false
  #else
    return true
  #endif
}()

/// The trait of a test that compares with corelibs' `JSONSerialization` number classes.
let comparesWithCorelibsNumbers = Testing.ConditionTrait.enabled(
  if: isCorelibsFoundation, "compares with swift-corelibs-foundation's number classes")

// Shared fixtures: the seeds' hotel, a three-level hierarchy, a generic subclass, a recursive
// model, and classes with properties MirrorModel must never write.

final class Room: ModelBase {
  var price: Double = 0
  var kind: String = ""
  var beds: Int?
}

final class Hotel: ModelBase {
  var hotelName: String = ""
  var hotelId: Int = 0
  var recommendedRoom: Room?
  var rooms: [Room] = []
  var address: String = ""

  override class var propertyMapping: [String: String] {
    [
      "hotelName": "name", "hotelId": "hotel_id", "recommendedRoom": "recommended_room",
      "rooms": "room_list",
    ]
  }
  override class var defaultValues: [String: Any] { ["address": "地址未知"] }
}

/// Level one of a three-level hierarchy.
class Animal: ModelBase {
  var animalId: Int = 0
  var name: String = ""
  var legs: Int = 4

  override class var propertyMapping: [String: String] { ["animalId": "id"] }
  override class var defaultValues: [String: Any] { ["name": "unnamed"] }
}

/// Level two: adds a property and a mapping, changes a default.
class Dog: Animal {
  var breed: String = ""
  var goodBoy: Bool = true

  override class var propertyMapping: [String: String] { ["goodBoy": "good_boy"] }
  override class var defaultValues: [String: Any] { ["breed": "mixed"] }
}

/// Level three: overrides a parent's mapping and ignores a property.
final class Puppy: Dog {
  var ageInWeeks: Int = 0
  var chewedShoes: [String] = []

  override class var propertyMapping: [String: String] {
    ["ageInWeeks": "age_weeks", "animalId": "puppy_id"]
  }
  override class var ignoredProperties: Set<String> { ["legs"] }
}

/// A generic subclass: each specialization has its own schema.
final class Envelope<Payload>: ModelBase {
  var status: String = ""
  var payload: Payload?
  var items: [Payload] = []
}

/// A recursive model: a tree of comments.
final class Comment: ModelBase {
  var text: String = ""
  var replies: [Comment] = []
  var parent: Comment?
}

/// A class with every kind of property MirrorModel must leave alone.
final class Guarded: ModelBase {
  var written: Int = 0
  let constant: Int = 7
  weak var weakRoom: Room?
  unowned var owner: ModelBase = sharedOwner
  unowned(unsafe) var unsafeOwner: ModelBase = sharedOwner
  lazy var lazyValue: Int = 42
  var observed: Int = 0 {
    didSet { observedCount += 1 }
  }
  var observedCount = 0
  @Clamped var clamped: Int = 5
  var closure: () -> Int = { 1 }
  var optionalClosure: (@Sendable (Int) -> Void)?
  var anything: Any = "initial"
  var optionalAnything: Any?
  var rawList: [Any] = []
  var rawDictionary: [String: Any] = [:]
  var nestedOptional: Int??

  // A wrapper MirrorModel cannot see through (its wrappedValue is computed, and it adopts
  // nothing) is refused unless ignored: this class keeps only what is never written.
  override class var ignoredProperties: Set<String> { ["clamped"] }
}

nonisolated(unsafe) let sharedOwner = ModelBase()

@propertyWrapper
struct Clamped {
  private var value: Int
  init(wrappedValue: Int) { value = min(max(wrappedValue, 0), 10) }
  var wrappedValue: Int {
    get { value }
    set { value = min(max(newValue, 0), 10) }
  }
}

/// Parses JSON text with `JSONSerialization`, as an app would.
func jsonObject(_ text: String) throws -> [String: Any] {
  let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
  guard let dictionary = object as? [String: Any] else {
    throw FixtureError.notADictionary
  }
  return dictionary
}

/// A value written by `JSONSerialization` with sorted keys (the value itself when it cannot
/// be), for comparing the dictionaries two ways of reading give.
func sortedJSON(_ value: Any) -> String {
  let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
  return data.map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
}

enum FixtureError: Error {
  case notADictionary
}

/// The issues of the `MappingError` thrown by `body`, or an empty list.
func mappingIssues(_ body: () throws -> Void) -> [MappingIssue] {
  do {
    try body()
    return []
  } catch let error as MappingError {
    return error.issues
  } catch {
    return [
      MappingIssue(path: "?", kind: .hookFailed, expectedType: "", found: "", reason: "\(error)")
    ]
  }
}

/// The IPHBaseModel hotel payload from the seeds, as JSON text.
let hotelJSON = """
  {
    "name": "Grand Hotel",
    "hotel_id": 1001,
    "recommended_room": {"price": 99.5, "kind": "suite", "beds": 2},
    "room_list": [
      {"price": 50, "kind": "single", "beds": 1},
      {"price": "75.25", "kind": "double", "beds": "<null>"}
    ],
    "address": "<null>"
  }
  """

/// What `JSONEncoder` writes for `model` (through `encode(to:)`) and what `toDictionary()`
/// holds, each as JSON text with sorted keys written by `JSONSerialization`: equal when the
/// encoder writes the dictionary's content.
func encodedAndDictionaryText(_ model: ModelBase) throws -> (encoded: String, dictionary: String) {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  let encoded = try encoder.encode(model)
  let expected = try JSONSerialization.data(
    withJSONObject: model.toDictionary(), options: .sortedKeys)
  let reparsed = try JSONSerialization.data(
    withJSONObject: JSONSerialization.jsonObject(with: encoded), options: .sortedKeys)
  return (String(decoding: reparsed, as: UTF8.self), String(decoding: expected, as: UTF8.self))
}
