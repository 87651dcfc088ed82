import Foundation
import Testing

@testable import MirrorModel

/// Values taken out of `Any` by their dynamic type (``unboxed(_:as:)``), not the runtime's cast:
/// the same values as the cast gives, for every kind a Foundation tree or code holds.
@Suite("Values taken out of Any")
struct UnboxingTests {
  /// A short description of a raw scalar, for exact comparisons.
  private static func describe(_ scalar: RawScalar) -> String {
    switch scalar {
    case .bool(let flag): return "bool \(flag)"
    case .signed(let integer): return "signed \(integer)"
    case .unsigned(let integer): return "unsigned \(integer)"
    case .double(let double): return "double \(double)"
    case .decimal(let decimal): return "decimal \(decimal)"
    case .string(let string): return "string \(string)"
    case .other: return "other"
    }
  }

  @Test func scalarsFromJSONSerializationAndCode() throws {
    let text =
      #"[1, -7, 2.5, true, false, "é名", 123456789012345678901, "a long string of many bytes"]"#
    let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
    #expect(
      parsed.map { Self.describe(RawScalar($0)) } == [
        "signed 1", "signed -7", "double 2.5", "bool true", "bool false", "string é名",
        "decimal 123456789012345678901", "string a long string of many bytes",
      ])
    let native: [Any] = [
      42, "text", 0.25, true, NSNumber(value: UInt64.max), Int8(3), [1], NSNull(),
      NSDecimalNumber(string: "1.5"),
    ]
    #expect(
      native.map { Self.describe(RawScalar($0)) } == [
        "signed 42", "string text", "double 0.25", "bool true", "unsigned 18446744073709551615",
        "signed 3", "other", "other", "decimal 1.5",
      ])
  }

  @Test func exactTypesAreUnboxedOthersCast() {
    var long = String(repeating: "x", count: 40)
    let boxed: Any = long
    long += "y"  // the unboxed copy is its own value
    #expect(exactly(String.self, boxed) == String(repeating: "x", count: 40))
    #expect(exactly(Int.self, boxed) == nil)
    #expect(stringValue(boxed)?.count == 40)
    #expect(stringValue(NSString(string: "ns")) == "ns")
    let array: Any = [1, "a"] as [Any]
    #expect(castIfPossible(array, to: [Any].self)?.count == 2)
    // Not exactly `[Any]`: the runtime's cast, bridging included.
    let strings: Any = ["a", "b"]
    #expect(castIfPossible(strings, to: [Any].self)?.compactMap { $0 as? String } == ["a", "b"])
    #expect(castIfPossible(strings, to: [String: Any].self) == nil)
    let dictionary: Any = ["k": 1] as [String: Any]
    #expect(castIfPossible(dictionary, to: [String: Any].self)?["k"] as? Int == 1)
  }

  @Test func objectsBoxedAsASuperclassAreTakenAsTheirClass() {
    let mutable = NSMutableSet(array: [1, 2])
    let boxed: Any = mutable as NSSet
    #expect(exactly(NSMutableSet.self, boxed) === mutable)
    #expect(castIfPossible(boxed, to: NSMutableSet.self) === mutable)
    #expect(exactly(NSSet.self, boxed) == nil)
    #expect((try? cast(boxed, to: NSMutableSet.self)) === mutable)
    let number: NSObject = NSNumber(value: 5)
    #expect(Self.describe(RawScalar(number as Any)) == "signed 5")
    let flag: AnyObject = NSNumber(value: true)
    #expect(Self.describe(RawScalar(flag as Any)) == "bool true")
    let decimal: NSNumber = NSDecimalNumber(string: "2.5")
    #expect(Self.describe(RawScalar(decimal as Any)) == "decimal 2.5")
  }

  @Test func numbersAreUnboxedAsTheirClass() {
    let numbers: [NSNumber] = [
      NSNumber(value: 5), NSNumber(value: true), NSDecimalNumber(string: "2.25"),
    ]
    for number in numbers {
      let boxed: Any = number
      #expect(unboxedObject(boxed, as: NSNumber.self) === number)
    }
  }
}
