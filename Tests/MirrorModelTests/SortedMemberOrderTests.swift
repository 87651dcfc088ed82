import Foundation
import Testing

@testable import MirrorModel

/// Written pretty (sorted keys) only by the tests below, so that its member order is made
/// while many threads write it at once.
final class SortedOrderProbe: ModelBase {
  var zeta = 1
  var alpha = "a"
  var zulu = true
  var city = ""
  var street = ""
  var ecru = 2

  override class var propertyMapping: [String: String] {
    ["zulu": "Zulu", "ecru": "écru", "city": "address.city", "street": "address.Street"]
  }
}

@Suite("Sorted member order, made once per class")
struct SortedMemberOrderTests {
  /// The probe with `index` in its strings, and its pretty text: members in their keys'
  /// UTF-8 byte order (`Z` before `a`, `é` after `z`), the key-path object's too.
  private static func probe(_ index: Int) -> (SortedOrderProbe, String) {
    let probe = SortedOrderProbe()
    probe.city = "c\(index)"
    probe.street = "s\(index)"
    let text = """
      {
        "Zulu" : true,
        "address" : {
          "Street" : "s\(index)",
          "city" : "c\(index)"
        },
        "alpha" : "a",
        "zeta" : 1,
        "écru" : 2
      }
      """
    return (probe, text)
  }

  @Test func manyThreadsWriteAClassPrettyForTheFirstTime() throws {
    let results = ResultSlots(count: 32)
    DispatchQueue.concurrentPerform(iterations: 32) { index in
      let (model, _) = Self.probe(index)
      var text = ""
      for _ in 0..<20 {
        text =
          (try? model.toJSON(prettyPrinted: true)).map { String(decoding: $0, as: UTF8.self) }
          ?? "failed"
      }
      results.set(index, text)
    }
    #expect(results.values == (0..<32).map { Self.probe($0).1 })
    // The order kept with the schema is the one the writer sorts the model's dictionary in,
    // object by object (`JSONEncoder`'s UTF-8 byte order; Linux's `JSONSerialization` sorts
    // `Zulu` last).
    let (model, text) = Self.probe(7)
    let dictionaryText = try JSONWriter.data(
      from: model.toDictionary(), prettyPrinted: true, sortedKeys: true)
    #expect(String(decoding: dictionaryText, as: UTF8.self) == text)
    #expect(String(decoding: try model.toJSON(prettyPrinted: true), as: UTF8.self) == text)
  }
}
