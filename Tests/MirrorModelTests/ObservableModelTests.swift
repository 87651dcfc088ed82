import Foundation
import MirrorModel
import Observation
import Testing

// `@Observable` model classes, as SwiftUI apps declare them since iOS 17.

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable final class ObservedUser: ModelBase {
  var name = ""
  var age = 0
  var address: ObservedAddress?
  var tags: [String] = []
  @ObservationIgnored var note = "n"

  override class var propertyMapping: [String: String] { ["age": "user_age"] }
  override class var propertyKeyPaths: [String: AnyKeyPath] {
    [
      "name": \ObservedUser.name, "age": \ObservedUser.age, "address": \ObservedUser.address,
      "tags": \ObservedUser.tags,
    ]
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable final class ObservedAddress: ModelBase {
  var city = ""
  override class var propertyKeyPaths: [String: AnyKeyPath] { ["city": \ObservedAddress.city] }
}

/// An observable class that does not name its key paths: it maps, but cannot be updated.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable final class UnnamedObserved: ModelBase {
  var title = ""
  var count = 0
}

/// A plain class holding an ``UnnamedObserved``, which an update cannot fill in place.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class ObservedShelf: ModelBase {
  var label = ""
  var item: UnnamedObserved?
}

/// A plain base class with a real `_id` property, and an observable subclass.
class UnderscoredBase: ModelBase {
  var _id = 0
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable final class ObservedChild: UnderscoredBase {
  var label = ""
  override class var keyStrategy: KeyStrategy { .snakeCase }
  override class var requiredProperties: Set<String> { ["label"] }
  override class var propertyKeyPaths: [String: AnyKeyPath] { ["label": \ObservedChild.label] }
}

/// A key path that is not the property's own.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable final class Mismatched: ModelBase {
  var name = ""
  override class var propertyKeyPaths: [String: AnyKeyPath] { ["name": \Mismatched.name.count] }
}

/// Which of `keyPaths` of `model` tell observers during `body`, in order.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
private func notified<Model: AnyObject>(
  _ model: Model, _ keyPaths: [(String, (Model) -> Any)], during body: () throws -> Void
) rethrows -> [String] {
  let log = NotificationLog()
  for (name, read) in keyPaths {
    withObservationTracking {
      _ = read(model)
    } onChange: {
      log.append(name)
    }
  }
  try body()
  return log.names
}

/// What observers were told, written from `onChange` (a `@Sendable` closure).
private final class NotificationLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []

  func append(_ name: String) { lock.withLock { stored.append(name) } }
  var names: [String] { lock.withLock { stored } }
}

/// A model handed to an `onChange` closure, which runs synchronously on this thread.
private struct Unchecked<Value>: @unchecked Sendable {
  let value: Value
}

// Swift Testing takes no `@available` on a suite: each test starts with a `guard #available`.
@Suite("@Observable models")
struct ObservableModelTests {
  @Test func mapsUnderTheDeclaredNamesFromEverySource() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let text = #"{"name": "Ann", "user_age": 31, "address": {"city": "Oslo"}, "note": "x"}"#
    let fromDictionary = try ObservedUser(dictionary: jsonObject(text))
    let fromJSON = try ObservedUser(json: Data(text.utf8))
    let decoded = try JSONDecoder().decode(ObservedUser.self, from: Data(text.utf8))
    for user in [fromDictionary, fromJSON, decoded] {
      #expect(user.name == "Ann" && user.age == 31 && user.address?.city == "Oslo")
      #expect(user.note == "x")
    }
    #expect(
      fromDictionary.toDictionary().keys.sorted() == [
        "address", "name", "note", "tags", "user_age",
      ])
    let written = try JSONSerialization.jsonObject(with: fromJSON.toJSON()) as? [String: Any]
    #expect(written?["name"] as? String == "Ann" && written?["user_age"] as? Int == 31)
    #expect(fromDictionary == fromJSON && fromJSON == decoded)
    let copy = decoded.copy()
    #expect(copy.name == "Ann" && copy.address?.city == "Oslo" && copy.address !== decoded.address)
    #expect(decoded.description.contains(#"name: "Ann""#))
  }

  @Test func theReportAndTheIssuesUseTheDeclaredNames() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let report = ObservedUser.mappingReport()
    #expect(report.properties.map(\.name) == ["name", "age", "address", "tags", "note"])
    #expect(report.properties.map(\.key) == ["name", "user_age", "address", "tags", "note"])
    #expect(
      report.properties.map(\.typeName) == [
        "String", "Int", "ObservedAddress?", "[String]", "String",
      ])
    #expect(
      report.skipped.map(\.reason) == ["the observation registrar of an @Observable class"])
    try ObservedUser.validateMapping()
    let issues = mappingIssues {
      _ = try ObservedUser(dictionary: ["user_age": "old", "address": ["city": ["x"]]])
    }
    #expect(issues.map(\.path) == ["user_age", "address.city"])
  }

  @Test func anUnderscoredPropertyOfAPlainSuperclassKeepsItsName() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let child = try ObservedChild(dictionary: ["_id": 4, "label": "x"])
    #expect(child._id == 4 && child.label == "x")
    #expect(ObservedChild.mappingReport().properties.map(\.key) == ["_id", "label"])
    let issues = mappingIssues { _ = try ObservedChild(dictionary: ["_id": 4]) }
    #expect(issues.map(\.path) == ["label"] && issues.map(\.kind) == [.missingValue])
  }

  @Test func anUpdateTellsTheObserversOfExactlyWhatItChanged() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let user = try ObservedUser(dictionary: ["name": "Ann", "user_age": 31, "tags": ["a"]])
    let reads: [(String, (ObservedUser) -> Any)] = [
      ("name", { $0.name }), ("age", { $0.age }), ("tags", { $0.tags }),
    ]
    let changed = try notified(user, reads) {
      try user.update(with: ["name": "Bob", "user_age": 31, "tags": ["a"]])
    }
    #expect(changed == ["name"])
    #expect(user.name == "Bob" && user.age == 31)
    let again = try notified(user, reads) {
      try user.update(with: ["tags": ["a", "b"], "user_age": 32])
    }
    #expect(again.sorted() == ["age", "tags"])
    #expect(user.tags == ["a", "b"] && user.age == 32)
    let none = try notified(user, reads) { try user.update(with: ["name": "Bob"]) }
    #expect(none.isEmpty)
  }

  @Test func observersSeeTheOldValueWhenToldAndTheNewOneAfter() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let user = try ObservedUser(dictionary: ["name": "Ann"])
    let seen = NotificationLog()
    let box = Unchecked(value: user)
    withObservationTracking {
      _ = user.name
    } onChange: {
      seen.append(box.value.name)
    }
    try user.update(with: ["name": "Bob"])
    #expect(seen.names == ["Ann"])
    #expect(user.name == "Bob")
  }

  @Test func aNestedModelUpdatedInPlaceTellsItsOwnObservers() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let user = try ObservedUser(dictionary: ["address": ["city": "Oslo"]])
    let address = try #require(user.address)
    let outer = try notified(user, [("address", { $0.address as Any })]) {
      let inner = try notified(address, [("city", { $0.city })]) {
        try user.update(with: ["address": ["city": "Rome"]])
      }
      #expect(inner == ["city"])
    }
    #expect(outer.isEmpty)
    #expect(user.address === address && address.city == "Rome")
    let replaced = try notified(user, [("address", { $0.address as Any })]) {
      try user.update(with: ["address": NSNull()])
    }
    #expect(replaced == ["address"] && user.address == nil)
  }

  @Test func anUpdateThatThrowsTellsNobodyAndChangesNothing() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let user = try ObservedUser(dictionary: ["name": "Ann", "user_age": 31])
    let changed = notified(user, [("name", { $0.name }), ("age", { $0.age })]) {
      let issues = mappingIssues { try user.update(with: ["name": "Bob", "user_age": "x"]) }
      #expect(issues.map(\.path) == ["user_age"])
    }
    #expect(changed.isEmpty && user.name == "Ann" && user.age == 31)
  }

  @Test func aNestedModelOfAnUpdateThatThrowsIsPutBackAndTellsNobody() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let user = try ObservedUser(dictionary: ["name": "Ann", "address": ["city": "Oslo"]])
    let address = try #require(user.address)
    var inner: [String] = []
    let outer = notified(user, [("name", { $0.name }), ("address", { $0.address as Any })]) {
      inner = notified(address, [("city", { $0.city })]) {
        let issues = mappingIssues {
          try user.update(with: ["name": "Bob", "address": ["city": "Rome"], "user_age": "x"])
        }
        #expect(issues.map(\.path) == ["user_age"])
      }
    }
    #expect(outer.isEmpty && inner.isEmpty)
    #expect(user.name == "Ann" && user.address === address && address.city == "Oslo")
  }

  @Test func anUpdateKeptTellsTheObserversOfEveryModelItChanged() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let user = try ObservedUser(dictionary: ["name": "Ann", "address": ["city": "Oslo"]])
    let address = try #require(user.address)
    var inner: [String] = []
    let outer = try notified(user, [("name", { $0.name }), ("age", { $0.age })]) {
      inner = try notified(address, [("city", { $0.city })]) {
        try user.update(with: ["name": "Bob", "address": ["city": "Rome"]], mode: .lenient)
      }
    }
    #expect(outer == ["name"] && inner == ["city"])
    #expect(user.name == "Bob" && address.city == "Rome")
  }

  @Test func aLenientUpdateMeetingAnObservedClassItCannotUpdateChangesNothing() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let shelf = try ObservedShelf(dictionary: ["label": "old", "item": ["title": "a"]])
    let issues = mappingIssues {
      try shelf.update(with: ["label": "new", "item": ["title": "b"]], mode: .lenient)
    }
    #expect(issues.map(\.kind) == [.configuration])
    #expect(issues.map(\.path) == ["item"])
    #expect(shelf.label == "old" && shelf.item?.title == "a")
  }

  @Test func withoutKeyPathsAnUpdateIsAConfigurationIssueNotAStaleView() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let model = try UnnamedObserved(dictionary: ["title": "a", "count": 2])
    #expect(model.title == "a" && model.count == 2)
    for mode in [MappingMode.standard, .lenient, .strict] {
      let issues = mappingIssues { try model.update(with: ["title": "b"], mode: mode) }
      #expect(issues.map(\.kind) == [.configuration])
      #expect(
        issues.first?.reason
          == "update(with:) on the @Observable UnnamedObserved cannot notify the observers of "
          + "title, count, so views would show stale values; list them in propertyKeyPaths: "
          + #"["title": \UnnamedObserved.title, "count": \UnnamedObserved.count]"#)
    }
    #expect(model.title == "a")
    let report = UnnamedObserved.mappingReport()
    #expect(report.problems.isEmpty && report.updateProblems.count == 1)
    #expect(throws: MappingError.self) { try UnnamedObserved.validateMapping() }
  }

  @Test func aKeyPathOfTheWrongTypeIsAConfigurationIssue() {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let problems = Mismatched.mappingReport().problems
    #expect(problems.map(\.found) == [#"propertyKeyPaths["name"]"#])
    #expect(
      problems.first?.reason
        == "the key path of name cannot be used: its key path is not writable (a let, or a "
        + "get-only property)")
  }
}
