import Foundation
import Testing

@testable import MirrorModel

// `toDictionary()` of a class with plain output keys starts from the class's template (the
// non-optional properties' keys, set by index in an optimized build): the same dictionary as
// key by key, whatever is left out, in every shape.

/// Non-optional values that can still be left out (a NaN, a cycle, a refused model), beside
/// optional ones.
final class TemplatePair: ModelBase {
  var name = ""
  var ratio = 0.0
  var partner = TemplateLeaf()
  var back: TemplatePair?
  var note: String?
  var tags: [String] = []
  var counts: [Int]?
  var extra: Any?
  override class var propertyMapping: [String: String] { ["name": "pair_name"] }
}

final class TemplateLeaf: ModelBase {
  var label = ""
  var refuse = false
  var owner: TemplatePair?
  override func willWrite(to dictionary: inout [String: Any]) throws {
    if refuse { throw ConversionError(expectedType: "TemplateLeaf", reason: "refused") }
  }
}

/// Many properties: the template's capacity holds the optional ones inserted by key too.
final class TemplateWide: ModelBase {
  var p00 = 0, p01 = 1, p02 = 2, p03 = 3, p04 = 4, p05 = 5, p06 = 6, p07 = 7, p08 = 8, p09 = 9
  var p10 = "a", p11 = "b", p12 = "c", p13 = "d", p14 = "e", p15 = "f", p16 = "g", p17 = "h"
  var p18 = true, p19 = false, p20 = 2.5, p21 = -0.5, p22 = [1, -2], p23 = ["x", "é"]
  var p24 = [true, false], p25: [Int64] = [1 << 40]
  var o00: Int?, o01: String?, o02: Double?, o03: Bool?, o04: [Int]?, o05: Int64?
  var o06: String?, o07: Int?, o08: Double?, o09: String?
}

class TemplateShape: ModelBase {
  var name = ""
  var size: Int?
  override class var discriminator: ModelDiscriminator? {
    ModelDiscriminator(key: "kind", classes: ["dot": TemplateDot.self])
  }
}

final class TemplateDot: TemplateShape {
  var radius = 1.0
}

@Suite("toDictionary from the class's template")
struct OutputTemplateTests {
  @Test func everyValueInItsPlace() {
    let pair = TemplatePair()
    pair.name = "one"
    pair.ratio = 1.5
    pair.partner.label = "leaf"
    pair.tags = ["a", "b"]
    #expect(
      sortedJSON(pair.toDictionary())
        == #"{"pair_name":"one","partner":{"label":"leaf","refuse":false},"ratio":1.5,"#
        + #""tags":["a","b"]}"#)
    pair.note = "n"
    pair.counts = [3]
    pair.extra = ["k": 1]
    #expect(
      sortedJSON(pair.toDictionary())
        == #"{"counts":[3],"extra":{"k":1},"note":"n","pair_name":"one","#
        + #""partner":{"label":"leaf","refuse":false},"ratio":1.5,"tags":["a","b"]}"#)
  }

  @Test func nonOptionalValuesLeftOutHaveNoKey() {
    let pair = TemplatePair()
    pair.name = "nan"
    pair.ratio = .nan
    pair.partner.refuse = true
    let dictionary = pair.toDictionary()
    #expect(dictionary.keys.sorted() == ["pair_name", "tags"])
    #expect(sortedJSON(dictionary) == #"{"pair_name":"nan","tags":[]}"#)
    // A cycle through a non-optional model: the model already being written is left out.
    let first = TemplatePair()
    let leaf = TemplateLeaf()
    leaf.owner = first
    first.partner = leaf
    first.ratio = .infinity
    first.back = first
    defer {
      // The cycles broken: nothing leaks (LeakSanitizer).
      first.back = nil
      leaf.owner = nil
    }
    let cyclic = first.toDictionary()
    #expect(cyclic.keys.sorted() == ["pair_name", "partner", "tags"])
    #expect((cyclic["partner"] as? [String: Any])?.keys.sorted() == ["label", "refuse"])
  }

  @Test func manyPropertiesAndOptionalsInsertedBeside() throws {
    let wide = TemplateWide()
    let all = wide.toDictionary()
    #expect(all.count == 26)
    #expect(all["p09"] as? Int == 9 && all["p17"] as? String == "h")
    // Arrays of strings, integers and booleans as `[Any]` of the same values.
    #expect((all["p22"] as? [Any])?.compactMap { $0 as? Int } == [1, -2])
    #expect((all["p23"] as? [Any])?.compactMap { $0 as? String } == ["x", "é"])
    #expect((all["p24"] as? [Any])?.compactMap { $0 as? Bool } == [true, false])
    #expect((all["p25"] as? [Any])?.compactMap { $0 as? Int } == [1 << 40])
    #expect(all["p20"] as? Double == 2.5 && all["p19"] as? Bool == false)
    wide.o00 = 1
    wide.o05 = 5
    wide.o09 = "z"
    wide.o02 = .nan
    let more = wide.toDictionary()
    #expect(more.count == 29)
    #expect(more["o00"] as? Int == 1 && more["o05"] as? Int == 5 && more["o09"] as? String == "z")
    #expect(more["o02"] == nil)
    let again = try TemplateWide(dictionary: more)
    #expect(again == wide)
    #expect(sortedJSON(again.toDictionary()) == sortedJSON(more))
  }

  @Test func dictionariesAreIndependentOfTheTemplateAndEachOther() {
    let first = TemplatePair()
    first.name = "first"
    var dictionary = first.toDictionary()
    dictionary["pair_name"] = "changed"
    dictionary["added"] = 1
    dictionary.removeValue(forKey: "tags")
    let second = TemplatePair()
    second.name = "second"
    #expect(
      sortedJSON(second.toDictionary())
        == sortedJSON(
          [
            "pair_name": "second", "tags": [Any](),
            "ratio": 0, "partner": ["label": "", "refuse": false],
          ] as [String: Any]))
    #expect(first.toDictionary()["pair_name"] as? String == "first")
    #expect(dictionary["pair_name"] as? String == "changed")
  }

  @Test func theDiscriminatorIsWrittenBesideTheTemplate() throws {
    let dot = TemplateDot()
    dot.name = "d"
    dot.radius = 2
    #expect(sortedJSON(dot.toDictionary()) == #"{"kind":"dot","name":"d","radius":2}"#)
    dot.size = 4
    let dictionary = dot.toDictionary()
    #expect(sortedJSON(dictionary) == #"{"kind":"dot","name":"d","radius":2,"size":4}"#)
    #expect(try TemplateShape.make(dictionary: dictionary) is TemplateDot)
  }

  @Test func manyThreadsShareTheTemplate() {
    let expected = (0..<64).map { index in
      sortedJSON(
        [
          "pair_name": "p\(index)", "ratio": Double(index), "tags": ["t\(index)"],
          "partner": ["label": "", "refuse": false],
        ] as [String: Any])
    }
    let results = ResultSlots(count: 64)
    DispatchQueue.concurrentPerform(iterations: 64) { index in
      let pair = TemplatePair()
      pair.name = "p\(index)"
      pair.ratio = Double(index)
      pair.tags = ["t\(index)"]
      var text = ""
      for _ in 0..<50 { text = sortedJSON(pair.toDictionary()) }
      results.set(index, text)
    }
    #expect(results.values == expected)
  }
}

/// One slot per thread, written under a lock: what each thread of a concurrency test found.
final class ResultSlots: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [String]
  init(count: Int) { slots = Array(repeating: "", count: count) }
  func set(_ index: Int, _ value: String) {
    lock.lock()
    slots[index] = value
    lock.unlock()
  }
  var values: [String] {
    lock.lock()
    defer { lock.unlock() }
    return slots
  }
}
