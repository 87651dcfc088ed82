import Foundation
import MirrorModel

/// The Twitter payload repeated 1, 10 and 100 times: MirrorModel's time per object must not
/// grow more than hand-written code's.
///
/// Each repetition is parsed again from the bytes, so the larger inputs hold distinct dictionary
/// objects (not the same 100 dictionaries seen again), as a large real response would. Tuned
/// hand-written code maps the same objects at each size: a large input no longer fits the
/// caches, which slows every mapper, so the target compares MirrorModel's growth with that
/// code's (the growth alone is each contender's own ratio to the 1x baseline).
enum Scaling {
  static func comparison(_ payload: Payload, factors: [Int]) throws -> Comparison {
    var contenders: [Contender] = []
    // Each size's contenders by name, the smallest size first: the target's pairs.
    var sizes: [(mirrored: String, tuned: String)] = []
    for factor in factors {
      var objects: [[String: Any]] = []
      for _ in 0..<factor {
        objects += Payload.objects(of: payload.kind, in: try Payload.parseRoot(payload.data))
      }
      let size = (
        mirrored: "init(dictionary:) \(factor)x, \(Format.grouped(Double(objects.count))) objects",
        tuned: "tuned \(factor)x"
      )
      sizes.append(size)
      contenders.append(
        Contender(name: size.mirrored, objectCount: objects.count) {
          Blackhole.consume(try objects.map { try Mirrored.Status(dictionary: $0) })
        })
      contenders.append(
        Contender(name: size.tuned, objectCount: objects.count) {
          Blackhole.consume(objects.map { Tuned.Status(dictionary: $0) })
        })
    }
    var comparison = Comparison(
      workload: "twitter", operation: "scaling", contenders: contenders)
    if let smallest = sizes.first, let largest = sizes.last, sizes.count > 1 {
      comparison.targets = [
        RatioTarget(
          contender: largest.mirrored, against: smallest.mirrored, limit: .atMost(1.10),
          control: (contender: largest.tuned, against: smallest.tuned))
      ]
    }
    return comparison
  }
}
