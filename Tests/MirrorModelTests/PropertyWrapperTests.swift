import Foundation
import MirrorModel
import Testing

// Property wrappers as apps use them: mapped under the declared name, or refused loudly.

/// Stores its value: mapped at that field.
@propertyWrapper struct Stored<Value> {
  var wrappedValue: Value
}

/// Computes its value and adopts the protocol: mapped through its getter and setter.
@propertyWrapper struct Trimmed: MappablePropertyWrapper {
  private var text = ""
  var wrappedValue: String {
    get { text }
    set { text = newValue.trimmingCharacters(in: .whitespaces) }
  }
  init(wrappedValue: String) { self.wrappedValue = wrappedValue }
}

/// Keeps a per-property range: updated in place, so the range survives mapping.
@propertyWrapper struct Limited: MappablePropertyWrapper {
  private var value: Int
  private let range: ClosedRange<Int>
  init(wrappedValue: Int, _ range: ClosedRange<Int>) {
    self.range = range
    value = min(max(wrappedValue, range.lowerBound), range.upperBound)
  }
  var wrappedValue: Int {
    get { value }
    set { value = min(max(newValue, range.lowerBound), range.upperBound) }
  }
}

/// BetterCodable's shape: Codable, decoding a missing or broken array as empty.
@propertyWrapper struct DefaultEmptyArray<Element: Codable>: Codable {
  var wrappedValue: [Element] = []
  init(wrappedValue: [Element]) { self.wrappedValue = wrappedValue }
  init(from decoder: any Decoder) throws {
    wrappedValue = (try? decoder.singleValueContainer().decode([Element].self)) ?? []
  }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

/// `@Published`'s shape: the value is reachable only through the enclosing instance.
@propertyWrapper struct Announced<Value> {
  private var stored: Value
  init(wrappedValue: Value) { stored = wrappedValue }

  @available(*, unavailable, message: "only in classes")
  var wrappedValue: Value {
    get { fatalError("only in classes") }
    // swift-format-ignore: NoEmptyLinesOpeningClosingBraces
    set { fatalError("only in classes") }
  }

  static subscript<Owner: AnnouncingModel>(
    _enclosingInstance owner: Owner, wrapped wrapped: ReferenceWritableKeyPath<Owner, Value>,
    storage storage: ReferenceWritableKeyPath<Owner, Self>
  ) -> Value {
    get { owner[keyPath: storage].stored }
    set {
      owner.announcements += 1
      owner[keyPath: storage].stored = newValue
    }
  }
}

class AnnouncingModel: ModelBase {
  var announcements = 0
  override class var ignoredProperties: Set<String> { ["announcements"] }
}

final class WrappedPost: ModelBase {
  @Stored var views = 0
  @Stored var rating: Double? = nil
  @Trimmed var title = ""
  @Limited(0...10) var level = 5
  @DefaultEmptyArray var tags: [String] = []
  @Stored var author: Room? = nil
  var _links: [String: String] = [:]
}

final class AnnouncedUser: AnnouncingModel {
  @Announced var name = ""
  @Announced var age = 0
  override class var propertyKeyPaths: [String: AnyKeyPath] {
    ["name": \AnnouncedUser.name, "age": \AnnouncedUser.age]
  }
}

final class UnlistedAnnounced: AnnouncingModel {
  @Announced var name = ""
}

@Suite("Property wrappers")
struct PropertyWrapperTests {
  @Test func eachKindMapsUnderTheDeclaredName() throws {
    let text = #"""
      {"views": 7, "rating": 4.5, "title": "  Hello  ", "level": 50, "tags": ["a", "b"],
       "author": {"price": 3}, "_links": {"self": "/p/1"}}
      """#
    for post in [
      try WrappedPost(dictionary: jsonObject(text)), try WrappedPost(json: Data(text.utf8)),
      try JSONDecoder().decode(WrappedPost.self, from: Data(text.utf8)),
    ] {
      #expect(post.views == 7 && post.rating == 4.5 && post.title == "Hello")
      #expect(post.level == 10 && post.tags == ["a", "b"] && post.author?.price == 3)
      #expect(post._links == ["self": "/p/1"])
    }
    let report = WrappedPost.mappingReport()
    #expect(
      report.properties.map(\.key) == [
        "views", "rating", "title", "level", "tags", "author", "_links",
      ])
    #expect(
      report.properties.map(\.typeName) == [
        "Int", "Double?", "String", "Int", "DefaultEmptyArray<String>", "Room?",
        "[String: String]",
      ])
    #expect(report.skipped.isEmpty && report.problems.isEmpty)
  }

  @Test func theWrapperKeepsItsConfigurationAndItsRules() throws {
    let post = WrappedPost()
    try post.update(with: ["level": -4, "title": " x "])
    #expect(post.level == 0 && post.title == "x")
    try post.update(with: ["level": 8])
    #expect(post.level == 8 && post.title == "x")
    // BetterCodable's rule: a broken array is empty, through the wrapper's own decoding.
    #expect(try WrappedPost(dictionary: ["tags": "oops"]).tags == [])
  }

  @Test func outputEqualityCopyAndDescriptionSeeTheWrappedValues() throws {
    let post = try WrappedPost(
      dictionary: ["views": 2, "title": "t", "level": 3, "tags": ["x"], "author": ["price": 1]])
    #expect(
      render(post.toDictionary())
        == #"["_links": [:], "author": ["kind": "", "price": Double 1.0], "level": Int 3, "#
        + #""tags": ["x"], "title": "t", "views": Int 2]"#)
    let copy = post.copy()
    #expect(copy.views == 2 && copy.title == "t" && copy.level == 3 && copy.tags == ["x"])
    #expect(copy.author?.price == 1 && copy.author !== post.author)
    #expect(copy == post && copy.hashValue == post.hashValue)
    copy.level = 4
    #expect(copy != post)
    #expect(post.description.contains("level: 3") && post.description.contains(#"title: "t""#))
    let back = try WrappedPost(json: post.toJSON())
    #expect(back == post)
  }

  @Test func issuesAreAtTheDeclaredName() {
    let issues = mappingIssues {
      _ = try WrappedPost(dictionary: ["views": "many", "author": ["price": "x"], "level": []])
    }
    #expect(issues.map(\.path) == ["views", "level", "author.price"])
  }

  @Test func aWrapperReachedThroughItsKeyPathRunsItsSetter() throws {
    let user = try AnnouncedUser(dictionary: ["name": "Ann", "age": 4])
    #expect(user.name == "Ann" && user.age == 4 && user.announcements == 2)
    try user.update(with: ["age": 5])
    #expect(user.age == 5 && user.announcements == 3)
    #expect(render(user.toDictionary()) == #"["age": Int 5, "name": "Ann"]"#)
    #expect(AnnouncedUser.mappingReport().properties.map(\.typeName) == ["String", "Int"])
    let issues = mappingIssues { _ = try AnnouncedUser(dictionary: ["age": "old"]) }
    #expect(issues.map(\.path) == ["age"])
  }

  @Test func aWrapperThatCannotBeSeenThroughIsAConfigurationIssue() throws {
    let problems = UnlistedAnnounced.mappingReport().problems
    #expect(
      problems.map(\.reason) == [
        "property _name of UnlistedAnnounced is never mapped: its type Announced<String> cannot "
          + "be mapped: it is neither MappableValue, RawRepresentable nor Codable. Conform "
          + "Announced<String> to MappableValue, give _name a transformer, adopt "
          + "MappablePropertyWrapper in its wrapper, list it in propertyKeyPaths, or add it to "
          + "ignoredProperties"
      ])
    #expect(throws: MappingError.self) { try UnlistedAnnounced(dictionary: ["name": "x"]) }
    #expect(throws: MappingError.self) { try UnlistedAnnounced.validateMapping() }
  }
}

private func render(_ value: Any?) -> String { BadIssue.render(value) }

#if canImport(Combine)
  import Combine

  // Combine exists on Apple platforms only: checked by the hosted CI's macOS job.

  final class PublishedUser: ModelBase, ObservableObject {
    @Published var name = ""
    @Published var age = 0
    override class var propertyKeyPaths: [String: AnyKeyPath] {
      ["name": \PublishedUser.name, "age": \PublishedUser.age]
    }
  }

  final class UnlistedPublished: ModelBase, ObservableObject {
    @Published var name = ""
  }

  @Suite("@Published")
  struct PublishedTests {
    @Test func mapsThroughItsKeyPathAndTellsObjectWillChange() throws {
      let user = try PublishedUser(dictionary: ["name": "Ann", "age": 3])
      #expect(user.name == "Ann" && user.age == 3)
      var changes = 0
      let subscription = user.objectWillChange.sink { changes += 1 }
      try user.update(with: ["age": 4])
      #expect(user.age == 4 && changes == 1)
      subscription.cancel()
      #expect(user.toDictionary().keys.sorted() == ["age", "name"])
    }

    @Test func withoutItsKeyPathItIsRefused() {
      let reasons = UnlistedPublished.mappingReport().problems.map(\.reason)
      #expect(reasons.count == 1)
      #expect(reasons.first?.contains("@Published keeps its value in Combine's") == true)
    }
  }
#endif
