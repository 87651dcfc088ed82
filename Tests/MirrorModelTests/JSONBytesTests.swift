import Foundation
import Testing

@testable import MirrorModel

/// The writer's byte buffer against `[UInt8]` doing the same operations: growth from its
/// smallest size through many doublings, bulk and single appends, truncation, reversal, and
/// handing the bytes to `Data` then writing on.
@Suite("JSONBytes")
struct JSONBytesTests {
  @Test func behavesAsAnArrayOfBytes() {
    var random = RandSplitMix(seed: 0xB17E5)
    var bytes = JSONBytes(capacity: 0)
    var expected: [UInt8] = []
    for round in 0..<3_000 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:
        let byte = UInt8.random(in: 0...255, using: &random)
        bytes.append(byte)
        expected.append(byte)
      case 4..<7:
        let run = (0..<Int.random(in: 0...300, using: &random)).map {
          UInt8(truncatingIfNeeded: $0 &+ round)
        }
        run.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
        expected.append(contentsOf: run)
      case 7:
        bytes.append(contentsOf: "null é".utf8)
        expected.append(contentsOf: "null é".utf8)
        bytes.append(contentsOf: expected.suffix(3).dropLast())
        expected.append(contentsOf: expected.suffix(3).dropLast())
      case 8:
        let start = Int.random(in: 0...expected.count, using: &random)
        bytes.reverse(from: start)
        expected[start...].reverse()
      default:
        let start = Int.random(in: max(0, expected.count - 50)...expected.count, using: &random)
        bytes.removeSubrange(start...)
        expected.removeSubrange(start...)
      }
      #expect(bytes.count == expected.count)
      if round % 500 == 499 {
        #expect(bytes.bytes == expected)
        #expect(bytes.takeData() == Data(expected))
        #expect(bytes.count == 0)
        expected.removeAll()
      }
    }
    #expect(bytes.bytes == expected)
  }
}
