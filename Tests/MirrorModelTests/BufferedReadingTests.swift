import Foundation
import MirrorModel
import Testing

/// The scanner reads the digits of a number eight bytes at a time while eight bytes of input
/// remain, and arrays of scalars into a buffer of 16 elements before they are moved into the
/// array: numbers of every length at every distance from the end of the input, and arrays of
/// every length around the buffer's size (with a bad element before, at and after each of its
/// edges), read as the dictionary reads them.
@Suite("Numbers and arrays read in blocks")
struct BufferedReadingTests {
  /// Literals of 1 to 24 digits, as integers, fractions, fractions with leading zeros and
  /// exponents, negative too.
  static let literals: [String] = {
    var literals: [String] = []
    let digits = "918273645546372819918273"
    for length in 1...24 {
      let run = String(digits.prefix(length))
      literals += [run, "-" + run, "0." + run, "1." + run, run + ".5", "0.000" + run]
      literals += [run + "e-7", "-" + run + "E+3", "12345678." + run]
    }
    return literals + ["0", "-0", "0.0", "100000000", "99999999", "12345678", "1234567"]
  }()

  @Test func everyLiteralAtEveryDistanceFromTheEndReadsAsTheDictionaryDoes() throws {
    for literal in Self.literals {
      // After the literal: the end of the input at once, or up to nine more bytes.
      for tail in ["", " ", "       ", "         "] {
        let texts = [
          #"{"amount":\#(literal)\#(tail)}"#, #"{"amounts":[\#(literal),\#(literal)]\#(tail)}"#,
        ]
        for text in texts {
          let fromJSON = try Amounts(json: Data(text.utf8))
          let fromDictionary = try Amounts(dictionary: jsonObject(text))
          #expect(fromJSON == fromDictionary, "\(text)")
          // `JSONSerialization` drops the sign of `-0` (`JSONDecoder` and the text keep it).
          if literal != "-0" {
            #expect(fromJSON.amount.bitPattern == fromDictionary.amount.bitPattern, "\(text)")
          }
          let expected = try #require(Double(literal))
          if text.contains("amounts") {
            #expect(fromJSON.amounts == [expected, expected], "\(text)")
          } else {
            #expect(fromJSON.amount.bitPattern == expected.bitPattern, "\(text)")
          }
        }
      }
    }
  }

  @Test func integersOfEveryLengthKeepEveryDigit() throws {
    let digits = "9182736455463728199"
    for length in 1...19 {
      let run = String(digits.prefix(length))
      for literal in [run, "-" + run] {
        let text = #"{"count":\#(literal),"counts":[\#(literal)]}"#
        let fromJSON = try Amounts(json: Data(text.utf8))
        let expected = try #require(Int(literal))
        #expect(fromJSON.count == expected, "\(text)")
        #expect(fromJSON.counts == [expected], "\(text)")
        #expect(fromJSON == (try Amounts(dictionary: jsonObject(text))), "\(text)")
      }
    }
    // One past Int.max: not an Int, the same issue both ways.
    let text = #"{"counts":[1,9223372036854775808]}"#
    let fromJSON = mappingIssues { _ = try Amounts(json: Data(text.utf8)) }
    #expect(fromJSON.map(\.path) == ["counts[1]"])
    #expect(fromJSON == mappingIssues { _ = try Amounts(dictionary: jsonObject(text)) })
  }

  /// Integers are read without the literal a number of any kind needs where they are plain;
  /// every other literal an `Int` meets is read as before: the same value or issue.
  @Test(arguments: [
    "0", "-0", "7", "-7", "12345678", "123456789", "-9223372036854775808",
    "9223372036854775807", "9223372036854775808", "-9223372036854775809",
    "12345678901234567890", "1.0", "1.5", "1e2", "1E2", "-1e-2", "100000000000000000000.0",
    "00", "01", "-01", "-", "1.", "1e", "2 ", "3\n", "12345678]",
  ])
  func anIntegerLiteralAsTheDictionaryReadsIt(literal: String) {
    for text in [#"{"count":\#(literal)}"#, #"{"counts":[\#(literal)]}"#] {
      let fromJSON = mappingIssuesOrCounts { try Amounts(json: Data(text.utf8)) }
      let fromDictionary = mappingIssuesOrCounts { try Amounts(dictionary: jsonObject(text)) }
      if (try? JSONSerialization.jsonObject(with: Data(text.utf8))) == nil {
        #expect(fromJSON.contains("expected JSON, found malformed JSON text"), "\(text)")
      } else {
        #expect(fromJSON == fromDictionary, "\(text)")
      }
    }
  }

  private func mappingIssuesOrCounts(_ body: () throws -> Amounts) -> String {
    do {
      let amounts = try body()
      return "\(amounts.count) \(amounts.counts)"
    } catch let error as MappingError {
      return error.issues.map(\.description).joined(separator: "\n")
    } catch {
      return "\(error)"
    }
  }

  /// Heap-allocated strings (longer than 15 bytes), so that a string moved twice or never
  /// freed shows under AddressSanitizer.
  static func name(_ index: Int) -> String { "element number \(index) of the list" }

  @Test func arraysOfEveryLengthAroundTheBuffer() throws {
    for length in 0...50 {
      let names = (0..<length).map(Self.name)
      let counts = (0..<length).map { $0 * 1_000_003 }
      let pairs = (0..<length).map { [Double($0) + 0.25, -Double($0)] }
      let gaps = (0..<length).map { $0 % 3 == 0 ? nil : $0 }
      let text = try jsonText([
        "names": names, "counts": counts, "pairs": pairs,
        "gaps": gaps.map { $0.map { $0 as Any } ?? NSNull() },
      ])
      let fromJSON = try Amounts(json: Data(text.utf8))
      #expect(fromJSON.names == names)
      #expect(fromJSON.counts == counts)
      #expect(fromJSON.pairs == pairs)
      #expect(fromJSON.gaps == gaps)
      #expect(fromJSON == (try Amounts(dictionary: jsonObject(text))))
    }
  }

  @Test func aBadElementAnywhereAroundTheBufferIsTheDictionarysIssue() throws {
    for length in [1, 15, 16, 17, 31, 32, 33, 40] {
      for bad in Set([0, 14, 15, 16, 17, 31, 32, length - 1]) where bad < length {
        var names: [Any] = (0..<length).map(Self.name)
        names[bad] = ["not": "a string"]
        var counts: [Any] = (0..<length).map { $0 }
        counts[bad] = "\(bad)"  // a numeric string: converted the ordinary way
        let text = try jsonText(["names": names, "counts": counts])
        let fromJSON = mappingIssues { _ = try Amounts(json: Data(text.utf8)) }
        #expect(fromJSON.map(\.path) == ["names[\(bad)]"], "\(length) \(bad)")
        #expect(fromJSON == mappingIssues { _ = try Amounts(dictionary: jsonObject(text)) })
        let lenient = try Amounts(json: Data(text.utf8), mode: .lenient)
        let lenientFromDictionary = try Amounts(dictionary: jsonObject(text), mode: .lenient)
        #expect(lenient == lenientFromDictionary)
        #expect(lenient.counts == Array(0..<length))
      }
    }
  }

  @Test func aSyntaxErrorInsideAFullBufferIsTheTextsError() throws {
    let names = (0..<20).map { "\"\(Self.name($0))\"" }.joined(separator: ",")
    let cases = [
      (#"{"names":[\#(names),]}"#, "unexpected character ']' at line 1, column 641"),
      (#"{"names":[\#(names)"#, "unexpected end of input at line 1, column 640"),
      (#"{"names":[\#(names) 1]}"#, "unexpected character '1' at line 1, column 641"),
    ]
    for (text, reason) in cases {
      let issues = mappingIssues { _ = try Amounts(json: Data(text.utf8)) }
      #expect(issues.map(\.path) == [""])
      let expected = reason.hasSuffix("641") && text.hasSuffix(",]}") ? "a value" : "',' or ']'"
      #expect(issues.first?.reason == "\(reason) (expected \(expected))")
    }
  }

  /// `[String: Model]` dictionaries are made once their object ends, at their size, by the
  /// property's own type: every entry, repeated keys (the last value wins, whichever had an
  /// issue), a subclass `arrayElementTypes` names, an optional dictionary.
  @Test(arguments: [
    #"{"stalls":{"a":{"id":1,"name":"one"},"b":{"id":2}},"spare":{"c":{"id":3}}}"#,
    #"{"stalls":{"a":{"id":1},"a":{"id":2,"name":"two"}}}"#,
    #"{"stalls":{"a":{"id":"x"},"a":{"id":2}}}"#,
    #"{"stalls":{"a":{"id":2},"b":{"id":3},"a":{"id":"x"}}}"#,
    #"{"stalls":{"a":{"id":"x"},"b":{"id":3},"a":{"id":"y"}}}"#,
    #"{"stalls":{"a":{"id":"x"},"b":{"id":3}},"spare":{"c":5,"d":{"id":4}}}"#,
    #"{"stalls":{"a":5,"a":{"id":2}}}"#,
    #"{"stalls":{"a":{"id":2},"b":{"id":3},"a":"x"}}"#,
    #"{"stalls":{"a":5,"b":{"id":3},"a":[1]}}"#,
    #"{"stalls":{"a":5,"b":{"id":3}}}"#,
    #"{"stalls":{},"spare":null}"#,
  ])
  func modelsByKeyAsTheDictionaryReadsThem(text: String) throws {
    for mode in [MappingMode.strict, .lenient] {
      let fromJSON = mappingIssuesOrMarket { try Market(json: Data(text.utf8), mode: mode) }
      let fromDictionary = mappingIssuesOrMarket {
        try Market(dictionary: jsonObject(text), mode: mode)
      }
      #expect(fromJSON == fromDictionary, "\(text) \(mode)")
    }
  }

  @Test func everyEntryOfALargeDictionaryIsKeptWithItsClass() throws {
    let entries = (0..<300).map { #""k\#($0)":{"id":\#($0),"name":"\#(Self.name($0))"}"# }
    let text = #"{"stalls":{\#(entries.joined(separator: ","))},"spare":{"s":{"id":-1}}}"#
    let market = try Market(json: Data(text.utf8))
    #expect(market.stalls.count == 300)
    #expect(market.stalls.allSatisfy { $0.key == "k\($0.value.id)" })
    #expect(market.stalls["k299"]?.name == Self.name(299))
    #expect(market.stalls.values.allSatisfy { type(of: $0) == PremiumStall.self })
    #expect(market.spare?["s"].map { type(of: $0) == Stall.self } == true)
    #expect(market == (try Market(dictionary: jsonObject(text))))
  }

  private func mappingIssuesOrMarket(_ body: () throws -> Market) -> String {
    do {
      let market = try body()
      let stalls = market.stalls.sorted { $0.key < $1.key }.map {
        "\($0.key)=\($0.value.id),\($0.value.name),\(type(of: $0.value))"
      }
      let spare = market.spare.map { $0.keys.sorted().joined(separator: ",") } ?? "nil"
      return stalls.joined(separator: ";") + " spare: " + spare
    } catch let error as MappingError {
      return error.issues.map(\.description).joined(separator: "\n")
    } catch {
      return "\(error)"
    }
  }

  /// Random arrays of every element type the readers have code of their own for, 0 to 40
  /// elements long, now and then one element of another kind (a null, a numeric string, a
  /// fraction, a nested array, an object): the model or the issues the dictionary gives,
  /// strict and lenient.
  @Test(arguments: [UInt64(0xB10C_0001), 0xB10C_0002, 0xB10C_0003, 0xB10C_0004])
  func randomArraysAsTheDictionaryReadsThem(seed: UInt64) throws {
    var rng = RandSplitMix(seed: seed)
    func scalar(_ kind: Int) -> String {
      switch kind {
      case 0: return String(Int.random(in: -1_000_000_000...1_000_000_000, using: &rng))
      case 1: return String(Double.random(in: -1e6...1e6, using: &rng))
      case 2: return Bool.random(using: &rng) ? "true" : "false"
      default:
        let length = Int.random(in: 0...24, using: &rng)
        let characters = (0..<length).map { _ in "aé🙂 x\\n".randomElement(using: &rng) ?? "a" }
        return "\"" + String(characters).replacingOccurrences(of: "\\", with: "\\\\") + "\""
      }
    }
    let odd = ["null", "\"12\"", "1.5", "[1]", "{\"a\":1}", "1e30", "\"true\"", "0"]
    let fields: [(key: String, kind: Int, depth: Int)] = [
      ("ints", 0, 1), ("doubles", 1, 1), ("flags", 2, 1), ("words", 3, 1), ("wides", 0, 1),
      ("rows", 0, 2), ("grid", 1, 2), ("gaps", 0, 1), ("tags", 3, 1),
    ]
    for _ in 0..<60 {
      var members: [String] = []
      for field in fields where Bool.random(using: &rng) {
        func array(_ depth: Int) -> String {
          let count = Int.random(in: 0...40, using: &rng)
          let elements = (0..<count).map { _ -> String in
            if Int.random(in: 0..<40, using: &rng) == 0 {
              return odd.randomElement(using: &rng) ?? ""
            }
            return depth > 1 ? array(depth - 1) : scalar(field.kind)
          }
          return "[" + elements.joined(separator: Bool.random(using: &rng) ? "," : " , ") + "]"
        }
        members.append("\"\(field.key)\": \(array(field.depth))")
      }
      let text = "{" + members.joined(separator: ",\n ") + "}"
      for mode in [MappingMode.strict, .lenient] {
        let fromJSON = modelOrIssues { try Arrays(json: Data(text.utf8), mode: mode) }
        let fromDictionary = modelOrIssues { try Arrays(dictionary: jsonObject(text), mode: mode) }
        #expect(fromJSON == fromDictionary, "\(text) \(mode)")
      }
    }
  }

  private func modelOrIssues(_ body: () throws -> Arrays) -> String {
    do {
      let model = try body()
      return String(decoding: try model.toJSON(prettyPrinted: true), as: UTF8.self)
    } catch let error as MappingError {
      return error.issues.map(\.description).joined(separator: "\n")
    } catch {
      return "\(error)"
    }
  }

  private func jsonText(_ object: [String: Any]) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
  }
}

final class Amounts: ModelBase {
  var amount: Double = 0
  var amounts: [Double] = []
  var count: Int = 0
  var counts: [Int] = []
  var names: [String] = []
  var pairs: [[Double]] = []
  var gaps: [Int?] = []
}

class Stall: ModelBase {
  var id = 0
  var name = ""
}

final class PremiumStall: Stall {}

final class Market: ModelBase {
  var stalls: [String: Stall] = [:]
  var spare: [String: Stall]?

  override class var arrayElementTypes: [String: ModelBase.Type] { ["stalls": PremiumStall.self] }
}

final class Arrays: ModelBase {
  var ints: [Int] = []
  var doubles: [Double] = []
  var flags: [Bool] = []
  var words: [String] = []
  var wides: [Int64]?
  var rows: [[Int]] = []
  var grid: [[Double]]?
  var gaps: [Int?] = []
  var tags: [String]?
}
