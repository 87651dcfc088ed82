import Foundation
import Testing

@testable import MirrorModel

// Models nested through key paths as deep as the mapping goes, from every source: the objects
// and arrays a key path goes through cost no level of the mapping's depth, from JSON text,
// a dictionary and a `Decoder` alike (a decoder counted them, and its walk of a value a key
// path indexes stopped at 202 containers, where text reads 512).

/// Its parent inside the first element of an array (`photos[0].parent`).
final class DepthIndexed: ModelBase {
  var name = ""
  var parent: DepthIndexed?
  override class var propertyMapping: [String: String] { ["parent": "photos[0].parent"] }
}

/// Its children in an array under a key path (`links.children`).
final class DepthListed: ModelBase {
  var name = ""
  var children: [DepthListed] = []
  override class var propertyMapping: [String: String] { ["children": "links.children"] }
}

/// Its children by key under a key path (`links.byKey`).
final class DepthKeyed: ModelBase {
  var name = ""
  var byKey: [String: DepthKeyed] = [:]
  override class var propertyMapping: [String: String] { ["byKey": "links.byKey"] }
}

@Suite("Models nested through key paths, from every source")
struct KeyPathDepthTests {
  /// `levels` objects, each wrapping the one before as `wrap` does.
  private static func chain(_ levels: Int, _ wrap: (String) -> String) -> Data {
    var text = #"{"name": "leaf"}"#
    for _ in 0..<levels { text = wrap(text) }
    return Data(text.utf8)
  }

  /// The levels below `model`, following `next`; -1 for no model.
  private static func levels<Model>(_ model: Model?, _ next: (Model) -> Model?) -> Int {
    guard let model else { return -1 }
    var count = 0
    var current = next(model)
    while let found = current {
      count += 1
      current = next(found)
    }
    return count
  }

  /// The levels each source and writer gives for `text`, on a main thread's 8 MB stack: read
  /// from the text, from its dictionary and by `JSONDecoder`, then written by `toJSON()`,
  /// `toDictionary()` and `JSONEncoder`, each read back.
  private static func everySource<Model: ModelBase>(
    _: Model.Type, _ text: Data, next: @escaping @Sendable (Model) -> Model?
  ) -> [Int] {
    onAppThread(text, stackSize: 8 << 20) { text -> [Int] in
      let model = try? Model(json: text)
      let dictionary = (try? JSONSerialization.jsonObject(with: text)) as? [String: Any]
      return [
        levels(model, next),
        levels(dictionary.flatMap { try? Model(dictionary: $0) }, next),
        levels(try? JSONDecoder().decode(Model.self, from: text), next),
        levels((try? model?.toJSON()).flatMap { try? Model(json: $0) }, next),
        levels(model.flatMap { try? Model(dictionary: $0.toDictionary()) }, next),
        levels((try? JSONEncoder().encode(model)).flatMap { try? Model(json: $0) }, next),
      ]
    }
  }

  @Test func aParentInsideAnArrayElement() {
    // Three containers a level: 150 levels are 450 deep, within the text's 512.
    let text = Self.chain(150) { #"{"name": "n", "photos": [{"parent": "# + $0 + "}]}" }
    let found = Self.everySource(DepthIndexed.self, text) { $0.parent }
    #expect(found == Array(repeating: 150, count: 6))
  }

  @Test func arraysAndDictionariesOfModelsUnderAKeyPath() {
    // An array or dictionary of models is a level of its own: 100 levels are the 200.
    let listed = Self.everySource(
      DepthListed.self, Self.chain(100) { #"{"name": "n", "links": {"children": ["# + $0 + "]}}" }
    ) { $0.children.first }
    let keyed = Self.everySource(
      DepthKeyed.self, Self.chain(100) { #"{"name": "n", "links": {"byKey": {"k": "# + $0 + "}}}" }
    ) { $0.byKey["k"] }
    #expect(listed == Array(repeating: 100, count: 6))
    #expect(keyed == Array(repeating: 100, count: 6))
  }
}
