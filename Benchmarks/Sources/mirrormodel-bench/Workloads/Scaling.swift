import Foundation
import MirrorModel

/// The Twitter payload repeated 1, 10 and 100 times: MirrorModel's time per object must not grow.
///
/// Each repetition is parsed again from the bytes, so the larger inputs hold distinct dictionary
/// objects (not the same 100 dictionaries seen again), as a large real response would. Tuned
/// hand-written code maps the same objects at each size: a large input no longer fits the
/// caches, which slows every mapper, so the target compares MirrorModel's growth with that
/// code's (the growth alone is printed too).
enum Scaling {
  static func comparison(_ payload: Payload, factors: [Int]) throws -> Comparison {
    var contenders: [Contender] = []
    for factor in factors {
      var objects: [[String: Any]] = []
      for _ in 0..<factor {
        objects += Payload.objects(of: payload.kind, in: try Payload.parseRoot(payload.data))
      }
      let name = "init(dictionary:) \(factor)x, \(Format.grouped(Double(objects.count))) objects"
      contenders.append(
        Contender(name: name, objectCount: objects.count) {
          Blackhole.consume(try objects.map { try Mirrored.Status(dictionary: $0) })
        })
      contenders.append(
        Contender(name: "tuned \(factor)x", objectCount: objects.count) {
          Blackhole.consume(objects.map { Tuned.Status(dictionary: $0) })
        })
    }
    var comparison = Comparison(
      workload: "twitter", operation: "scaling", contenders: contenders)
    if let first = contenders.first, let last = contenders.dropLast().last,
      let largest = factors.last, factors.count > 1
    {
      comparison.targets = [
        RatioTarget(
          contender: last.name, against: first.name, limit: .atMost(1.10),
          control: (contender: "tuned \(largest)x", against: "tuned \(factors[0])x"))
      ]
    }
    return comparison
  }
}
