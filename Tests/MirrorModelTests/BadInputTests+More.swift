import Foundation
import Testing

@testable import MirrorModel

// The structural rows of the bad-input table, each with its exact outcome.

/// Keys no plain property has: empty, with two dots, with a leading dot, shared by two.
final class BadKeys: ModelBase {
  var empty = 0
  var doubleDot = 0
  var leadingDot = 0
  var first = 0
  var second = ""
  var counts: [String: Int] = [:]

  override class var propertyMapping: [String: String] {
    [
      "empty": "", "doubleDot": #"a\.\.b"#, "leadingDot": #"\.x"#, "first": "shared",
      "second": "shared",
    ]
  }
}

final class BadNode: ModelBase {
  var children: [String: BadNode] = [:]
  var anything: Any?
}

@propertyWrapper
struct BadTrimmed: MappableValue {
  var wrappedValue: String
  static func fromMappedValue(_ value: Any, context: MappingContext) throws -> BadTrimmed {
    BadTrimmed(
      wrappedValue: try String.fromMappedValue(value, context: context)
        .trimmingCharacters(in: .whitespaces))
  }
  func toMappedValue(context: MappingContext) -> Any? { wrappedValue }
}

/// Wrapper storage opted in through `propertyMapping`: mapped when the wrapper is mappable.
final class BadWrapped: ModelBase {
  @BadTrimmed var name = ""
  override class var propertyMapping: [String: String] { ["_name": "name"] }
}

final class BadClampedOptIn: ModelBase {
  @Clamped var level = 1
  override class var propertyMapping: [String: String] { ["_level": "level"] }
}

class BadBox<Content>: ModelBase {
  var content: Content?
  var list: [Content] = []
  override class var propertyMapping: [String: String] { ["content": "c"] }
}

final class BadTaggedBox<Content>: BadBox<Content> {
  var tag = ""
  override class var propertyMapping: [String: String] { ["tag": "t"] }
  override class var requiredProperties: Set<String> { ["tag"] }
}

// Five levels, each with its own mapping, default, ignored or required property.
class BadLevel1: ModelBase {
  var id = 0
  var one = ""
  override class var propertyMapping: [String: String] { ["id": "identifier"] }
  override class var defaultValues: [String: Any] { ["one": "d1"] }
  override class var requiredProperties: Set<String> { ["id"] }
}

class BadLevel2: BadLevel1 {
  var two = 0
  override class var propertyMapping: [String: String] { ["two": "second"] }
  override class var defaultValues: [String: Any] { ["two": 2] }
}

class BadLevel3: BadLevel2 {
  var three: [Int] = []
  var secret = "s"
  override class var propertyMapping: [String: String] { ["id": "ident3"] }
  override class var ignoredProperties: Set<String> { ["secret"] }
}

class BadLevel4: BadLevel3 {
  var four = 0.0
  override class var propertyMapping: [String: String] { ["three": "numbers.three"] }
  override class var defaultValues: [String: Any] { ["one": "d4"] }
  override class var requiredProperties: Set<String> { ["four"] }
}

final class BadLevel5: BadLevel4 {
  var five = false
  override class var propertyMapping: [String: String] { ["five": "V"] }
  override class var defaultValues: [String: Any] { ["five": true] }
  override class var ignoredProperties: Set<String> { ["two"] }
}

private func render(_ value: Any?) -> String { BadIssue.render(value) }

@Suite("Bad input: structure")
struct BadInputMoreTests {
  @Test func tenMegabyteStringsAreKeptOrReportedBriefly() throws {
    let letters = String(repeating: "a", count: 10_000_000)
    let digits = String(repeating: "9", count: 10_000_000)
    let model = try BadTable(dictionary: ["string": letters, "strings": [digits]])
    #expect(model.string == letters && model.strings == [digits])
    let issues = mappingIssues {
      _ = try BadTable(dictionary: ["int": letters, "double": letters, "int64": digits])
    }
    #expect(issues.map(\.path) == ["int", "int64", "double"])
    #expect(issues.map(\.kind) == [.invalidValue, .invalidValue, .invalidValue])
    #expect(issues.allSatisfy { $0.found.count < 100 && $0.reason.count < 200 }, "\(issues)")
    #expect(issues.first?.found == "String \"\(letters.prefix(40))…\" (10000000 characters)")
  }

  @Test func tenThousandLevelsBecomeATooDeepIssueNotAStackOverflow() throws {
    var parents: [String: Any] = ["text": "leaf"]
    var maps: [String: Any] = ["anything": 1]
    var untyped: [String: Any] = ["end": true]
    for _ in 0..<10_000 {
      parents = ["parent": parents]
      maps = ["children": ["k": maps]]
      untyped = ["x": untyped]
    }
    let input = (parents, maps, untyped)
    let (parentIssues, mapIssues, untypedIssues) = onAppThread(input) { input in
      let (parents, maps, untyped) = input
      // `Any` receives JSON values, checked to the same depth limit as everything else.
      let untypedIssues = mappingIssues { _ = try BadNode(dictionary: ["anything": untyped]) }
      return (
        mappingIssues { _ = try Comment(dictionary: parents) },
        mappingIssues { _ = try BadNode(dictionary: maps) }, untypedIssues
      )
    }
    if isSanitized {
      #expect(
        [parentIssues, mapIssues, untypedIssues].map { $0.map(\.kind) } == [
          [.tooDeep], [.tooDeep], [.tooDeep],
        ])
      return
    }
    let path = Array(repeating: "parent", count: 201).joined(separator: ".")
    #expect(
      parentIssues == [
        MappingIssue(
          path: path, kind: .tooDeep, expectedType: "Comment", found: "Dictionary with 1 key",
          reason: "input nests deeper than 200 levels")
      ])
    let mapsPath = Array(repeating: "children.k", count: 100).joined(separator: ".") + ".children"
    #expect(
      mapIssues.map(\.path) == [mapsPath] && mapIssues.first?.expectedType == "[String: BadNode]")
    let untypedPath = "anything" + String(repeating: ".x", count: 200)
    #expect(untypedIssues.map(\.path) == [untypedPath])
    #expect(untypedIssues.map(\.kind) == [.tooDeep])
    let text =
      String(repeating: #"{"parent":"#, count: 10_000) + "{}"
      + String(repeating: "}", count: 10_000)
    let json = mappingIssues { _ = try Comment(jsonString: text) }
    #expect(json.map(\.kind) == [.invalidJSON])
    // JSONSerialization's limit: what it parses, init(json:) parses too.
    #expect(json.first?.reason == "nesting deeper than 512 levels at line 1, column 5121")
  }

  @Test func textDeeperThanAMappingButWithinJSONSerializationsLimitGivesTheSameIssue() throws {
    // 300 levels: more than a mapping reads (200), fewer than JSONSerialization parses (512).
    let untyped =
      #"{"name": "a", "extra": "# + String(repeating: "[", count: 300)
      + String(repeating: "]", count: 300) + "}"
    let parents =
      String(repeating: #"{"name": "x", "parent": "#, count: 300) + "{}"
      + String(repeating: "}", count: 300)
    for text in [untyped, parents] {
      let data = Data(text.utf8)
      let dictionary = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      let fromText = mappingIssues { _ = try DeepNode(json: data) }
      let fromDictionary = mappingIssues { _ = try DeepNode(dictionary: dictionary ?? [:]) }
      #expect(fromText.map(\.kind) == [.tooDeep])
      #expect(fromText == fromDictionary)
    }
  }

  @Test func emptyDottedAndBracketedKeys() throws {
    let odd = ["", "a.b", "c[0]", "q\"", "x\"]y", "[\"z\"]", " "]
    let counts = Dictionary(uniqueKeysWithValues: odd.enumerated().map { ($1, $0) })
    let model = try BadKeys(dictionary: ["": 1, "a..b": 2, ".x": 3, "counts": counts])
    #expect([model.empty, model.doubleDot, model.leadingDot] as [Int] == [1, 2, 3])
    #expect(model.counts == counts)
    let output = model.toDictionary()
    #expect(
      [output[""], output["a..b"], output[".x"]].map(render) == [
        "Int 1", "Int 2", "Int 3",
      ])
    #expect(output["counts"] as? [String: Int] == counts)
    // "a\\.\\.b" is the literal key "a..b", not a key path with empty components.
    #expect(try BadKeys(dictionary: ["a": ["": ["b": 5]]]).doubleDot == 0)
    let issues = mappingIssues {
      _ = try BadKeys(dictionary: ["": "x", "a..b": [], ".x": "z", "counts": ["x\"]y": "v"]])
    }
    #expect(issues.map(\.path) == [#"[""]"#, #"["a..b"]"#, #"[".x"]"#, #"counts["x"]y"]"#])
    #expect(issues.map(\.kind) == [.invalidValue, .typeMismatch, .invalidValue, .invalidValue])
  }

  @Test func twoPropertiesMappedToOneKeyBothReadItAndTheLastDeclaredIsWritten() throws {
    let model = try BadKeys(dictionary: ["shared": "5"])
    #expect(model.first == 5 && model.second == "5")
    model.first = 1
    model.second = "two"
    // toDictionary writes the properties in declaration order: the last one wins the key.
    #expect(render(model.toDictionary()["shared"]) == #""two""#)
    let issues = mappingIssues { _ = try BadKeys(dictionary: ["shared": [1]]) }
    #expect(issues.map(\.path) == ["shared", "shared"])
    #expect(issues.map(\.expectedType) == ["Int", "String"])
  }

  @Test func extraKeysAreIgnoredOrReportedAndMissingKeysKeepValues() throws {
    let input: [String: Any] = [
      "name": "H", "zzz": "text", "aaa": NSNull(),
      "recommended_room": ["price": 1, "extra": [1, 2]],
    ]
    for mode in [MappingMode.strict, .standard] {
      let hotel = try Hotel(dictionary: input, mode: mode)
      #expect(hotel.hotelName == "H" && hotel.hotelId == 0 && hotel.address == "地址未知")
      #expect(hotel.recommendedRoom?.price == 1)
    }
    let lenient = Hotel.map(input)
    #expect(lenient.issues.map(\.path) == ["recommended_room.extra", "aaa", "zzz"])
    #expect(lenient.issues.allSatisfy { $0.kind == .unknownKey })
    #expect(lenient.issues.map(\.reason).last == #"no property of Hotel maps key "zzz""#)
    // `found` describes the value as every other issue does.
    #expect(lenient.issues.map(\.found) == ["Array of 2 elements", "null", #"String "text""#])
  }

  @Test func cyclicGraphsInToDictionaryCopyEqualityAndDescription() {
    let root = Comment()
    root.text = "root"
    let reply = Comment()
    reply.text = "reply"
    reply.parent = root
    root.replies = [reply]
    let loop = Comment()
    loop.text = "me"
    loop.parent = loop
    #expect(
      [root, reply, loop].map { render($0.toDictionary()) } == [
        #"["replies": [["replies": [], "text": "reply"]], "text": "root"]"#,
        #"["parent": ["replies": [], "text": "root"], "replies": [], "text": "reply"]"#,
        #"["replies": [], "text": "me"]"#,
      ])
    let copy = root.copy()
    let loopCopy = loop.copy()
    #expect(copy !== root && copy.replies[0] !== reply && copy.replies[0].parent === copy)
    #expect(loopCopy.parent === loopCopy)
    #expect(copy == root && loopCopy == loop && root != reply)
    #expect(copy.hashValue == root.hashValue)
    #expect(
      root.description == """
        Comment(
          text: "root"
          replies: [
            Comment(
              text: "reply"
              replies: []
              parent: <cycle: Comment>
            ),
          ]
          parent: nil
        )
        """)
    #expect(loop.description.hasSuffix("parent: <cycle: Comment>\n)"))
    // Break the strong cycles, so LeakSanitizer sees no leak.
    for node in [root, copy] { node.replies.first?.parent = nil }
    loop.parent = nil
    loopCopy.parent = nil
  }

  @Test func unmappedPropertyKindsStayOutOfOutputCopyEqualityAndDescription() throws {
    let model = try Guarded(dictionary: ["written": 1, "observed": 2, "anything": [1, "a"]])
    let room = Room()
    model.weakRoom = room
    model.lazyValue = 9
    model.clamped = 9
    model.closure = { 2 }
    #expect(
      model.toDictionary().keys.sorted() == [
        "anything", "observed", "observedCount", "rawDictionary", "rawList", "written",
      ])
    let copy = model.copy()
    #expect(copy.weakRoom == nil && copy.lazyValue == 42 && copy.clamped == 5)
    #expect(copy.closure() == 1 && copy.observedCount == 0)
    #expect(copy.written == 1 && copy.observed == 2 && copy == model)
    for hidden in ["weakRoom", "constant", "owner", "lazy", "clamped", "closure"] {
      #expect(!model.description.contains(hidden), "\(hidden)")
    }
    #expect(try BadWrapped(dictionary: ["name": "  hi  "]).name == "hi")
    #expect(render(try BadWrapped(dictionary: ["name": " x "]).toDictionary()) == #"["name": "x"]"#)
    #expect(
      mappingIssues { _ = try BadClampedOptIn(dictionary: ["level": 3]) }.map(\.reason) == [
        "property _level of BadClampedOptIn is never mapped: its type Clamped cannot be "
          + "mapped: it is neither MappableValue, RawRepresentable nor Codable. Conform "
          + "Clamped to MappableValue, give _level a transformer, adopt "
          + "MappablePropertyWrapper in its wrapper, list it in propertyKeyPaths, or add it to "
          + "ignoredProperties"
      ])
  }

  @Test func doubleOptionals() throws {
    for (input, expected) in [("<null>", Int??.none), ("4", 4)] as [(Any, Int??)] {
      #expect(try Guarded(dictionary: ["nestedOptional": input]).nestedOptional == expected)
    }
    #expect(try Guarded(dictionary: [:]).nestedOptional == .none)
    let issues = mappingIssues { _ = try Guarded(dictionary: ["nestedOptional": "x"]) }
    #expect(issues.map(\.path) == ["nestedOptional"] && issues.first?.expectedType == "Int")
    let inner = Guarded()
    inner.nestedOptional = .some(nil)
    // `.some(nil)` is written as nothing, so it reads back as `nil`; copy keeps it exactly.
    #expect(inner.toDictionary()["nestedOptional"] == nil)
    #expect(inner.copy().nestedOptional == .some(nil))
  }

  @Test func genericSubclasses() throws {
    let ints = mappingIssues {
      _ = try BadTaggedBox<Int>(dictionary: ["c": "5", "list": [1, "x"]])
    }
    #expect(ints.map(\.path) == ["list[1]", "t"])
    #expect(ints.last?.kind == .missingValue && ints.last?.reason == "tag is required")
    let nested = mappingIssues {
      _ = try BadTaggedBox<BadTaggedBox<Room>>(
        dictionary: ["t": "a", "c": ["c": ["price": "p"]], "list": [["t": "b"], 3]])
    }
    #expect(nested.map(\.path) == ["c.c.price", "c.t", "list[1]"])
    #expect(nested.map(\.expectedType) == ["Double", "String", "BadTaggedBox<Room>"])
    let untyped = try Envelope<Any>(dictionary: ["payload": ["x": 1], "items": [1, "a"]])
    let untypedOutput = #"["items": [Int 1, "a"], "payload": ["x": Int 1], "status": ""]"#
    #expect(render(untyped.toDictionary()) == untypedOutput)
    // A specialization whose argument cannot be mapped skips those properties; no crash.
    let closures = try Envelope<() -> Int>(dictionary: ["status": "ok", "payload": 1])
    #expect(closures.payload == nil && closures.status == "ok")
    #expect(
      SchemaCache.shared.schema(for: BadTaggedBox<Int>())
        !== SchemaCache.shared.schema(for: BadTaggedBox<String>()))
  }

  @Test func fiveLevelHierarchyMergesHooksAtEveryLevel() throws {
    let input: [String: Any] = [
      "identifier": 1, "ident3": 7, "numbers": ["three": [1]], "four": 2.5, "second": 99,
      "secret": "x",
    ]
    let mapped = BadLevel5.map(input, mode: .standard)
    // Level 5 ignores `two`, which level 2 maps and gives a default: a deliberate choice of the
    // subclass (which cannot remove inherited hook entries), not a configuration issue.
    #expect(mapped.issues.isEmpty, "\(mapped.issues.map(\.reason))")
    let five = mapped.model
    #expect(five.id == 7)  // level 3's mapping wins over level 1's
    #expect(five.one == "d4")  // level 4's default wins over level 1's
    #expect(five.two == 0)  // ignored by level 5: not even its level 2 default
    #expect(five.three == [1] && five.secret == "s" && five.four == 2.5 && five.five)
    #expect(
      render(five.toDictionary())
        == #"["V": Bool true, "four": Double 2.5, "ident3": Int 7, "numbers": ["three": [Int "#
        + #"1]], "one": "d4"]"#
    )
    let two = try BadLevel2(dictionary: input)
    #expect(two.id == 1 && two.two == 99 && two.one == "d1")
    let missing = BadLevel5.map(["four": NSNull()], mode: .standard).issues.filter {
      $0.kind != .configuration
    }
    #expect(
      missing.map(\.path) == ["ident3", "four"] && missing.map(\.found) == ["nothing", "null"])
    #expect(missing.allSatisfy { $0.kind == .missingValue })
    let lenient = BadLevel5.map(["second": 1, "secret": 2]).issues.filter {
      $0.kind != .configuration
    }
    #expect(lenient.map(\.path) == ["ident3", "four", "second", "secret"])
  }
}
