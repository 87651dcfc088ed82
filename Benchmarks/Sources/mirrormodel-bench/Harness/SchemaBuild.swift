import Foundation
import MirrorModel

/// Measures what the first `init(dictionary:)` of a class costs beyond a steady-state one.
///
/// The schema cache is per class and cannot be reset from outside, so each measured class is
/// a distinct `ModelBase` subclass (`SchemaProbes`) that nothing else maps. For each: time its
/// very first mapping, then the median of steady-state mappings of the same dictionary; the
/// difference is the one-time cost (schema build plus first-touch costs of the class).
enum SchemaBuild {
  private static let probeJSON = """
    {"name": "probe", "user_name": "someone", "count": 42, "score": 4.5, "flag": true,
     "note": null, "tags": ["a", "b", "c"], "ids": [505874924095815681, 2]}
    """

  struct Result {
    let perClassNanoseconds: [Double]

    var median: Double { Measurer.median(perClassNanoseconds) }
    var mean: Double { perClassNanoseconds.reduce(0, +) / Double(perClassNanoseconds.count) }
    var maximum: Double { perClassNanoseconds.max() ?? .nan }
  }

  static func measure() throws -> Result {
    let dictionary = try Payload.parseRoot(Data(probeJSON.utf8))
    Blackhole.consume(try SchemaProbes.warmUp.init(dictionary: dictionary))
    var builds: [Double] = []
    for type in SchemaProbes.measured {
      Blackhole.release()
      let first = try Stopwatch.time {
        Blackhole.consume(try type.init(dictionary: dictionary))
      }
      var steady: [Double] = []
      for _ in 0..<7 {
        let batch = 50
        let elapsed = try Stopwatch.time {
          for _ in 0..<batch { Blackhole.consume(try type.init(dictionary: dictionary)) }
        }
        steady.append(elapsed / Double(batch))
      }
      builds.append(first - Measurer.median(steady))
    }
    return Result(perClassNanoseconds: builds)
  }

  /// The table row, with the target of at most 50 microseconds per class.
  static func row(_ result: Result) -> Row {
    let limit = 50_000.0
    return Row(
      workload: "schema", operation: "build, per class",
      contender: "1st init(dictionary:) - steady",
      nanosecondsPerObject: result.median, ratio: nil, baseline: "",
      target: "<= 50 us/class", met: result.median <= limit,
      note: "median of \(result.perClassNanoseconds.count) classes")
  }

  /// The line printed under the table.
  static func details(_ result: Result) -> String {
    "schema: \(result.perClassNanoseconds.count) distinct classes of 8 fields, first mapping "
      + "minus steady-state mapping: median \(Format.fixed(result.median / 1_000, digits: 1)) us, "
      + "mean \(Format.fixed(result.mean / 1_000, digits: 1)) us, "
      + "max \(Format.fixed(result.maximum / 1_000, digits: 1)) us"
  }
}
