import Foundation
import MirrorModel

/// A wide catalog: dictionaries of models keyed by id, arrays of ints.
enum Catalog {}

extension Catalog {
  final class Root: ModelBase {
    var version: Int = 0
    var products: [String: Product] = [:]
    var categories: [String: Category] = [:]
  }

  final class Product: ModelBase {
    var id: Int = 0
    var name: String = ""
    var price: Double = 0
    var available: Bool = false
    var tags: [String] = []
    var related: [Int] = []
    var stock: [Int] = []
  }

  final class Category: ModelBase {
    var id: Int = 0
    var name: String = ""
    var productIds: [Int] = []
  }

  final class CodedRoot: Codable {
    var version: Int = 0
    var products: [String: CodedProduct] = [:]
    var categories: [String: CodedCategory] = [:]
  }

  final class CodedProduct: Codable {
    var id: Int = 0
    var name: String = ""
    var price: Double = 0
    var available: Bool = false
    var tags: [String] = []
    var related: [Int] = []
    var stock: [Int] = []
  }

  final class CodedCategory: Codable {
    var id: Int = 0
    var name: String = ""
    var productIds: [Int] = []
  }

  /// `products` products in `products / 20` categories, from a fixed seed.
  static func generate(products: Int) -> Data {
    var random = SplitMix64(seed: 0xCA7A_1065)
    var text = #"{"version":3,"products":{"#
    for id in 0..<products {
      if id > 0 { text += "," }
      let tags = (0..<random.int(1...5)).map { _ in "\"\(random.token(random.int(3...9)))\"" }
      let related = (0..<random.int(0...8)).map { _ in String(random.int(0...(products - 1))) }
      let stock = (0..<12).map { _ in String(random.int(0...500)) }
      let price = Double(random.int(100...99_999)) / 100
      text += #""\#(id)":{"id":\#(id),"name":"product \#(random.token(12))","price":\#(price),"#
      text += #""available":\#(random.chance(0.8)),"tags":[\#(tags.joined(separator: ","))],"#
      text += #""related":[\#(related.joined(separator: ","))],"#
      text += #""stock":[\#(stock.joined(separator: ","))]}"#
    }
    text += #"},"categories":{"#
    for id in 0..<max(1, products / 20) {
      if id > 0 { text += "," }
      let members = (0..<20).map { _ in String(random.int(0...(products - 1))) }
      text += #""c\#(id)":{"id":\#(id),"name":"category \#(id)","#
      text += #""productIds":[\#(members.joined(separator: ","))]}"#
    }
    text += "}}"
    return Data(text.utf8)
  }
}
