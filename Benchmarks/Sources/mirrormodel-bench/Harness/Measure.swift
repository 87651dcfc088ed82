/// How many rounds to time and how long each round should last.
struct MeasureSettings {
  /// Timed rounds per contender; the reported value is their median.
  var rounds: Int
  /// The minimum wall time of one round; a round repeats the work until it lasts this long.
  var roundNanoseconds: Double
  /// Untimed work before the first round, in nanoseconds.
  var warmUpNanoseconds: Double

  static let full = MeasureSettings(
    rounds: 7, roundNanoseconds: 40_000_000, warmUpNanoseconds: 60_000_000)
  static let quick = MeasureSettings(
    rounds: 3, roundNanoseconds: 8_000_000, warmUpNanoseconds: 10_000_000)
}

/// Wall-clock timing with `ContinuousClock`.
enum Stopwatch {
  /// Runs `body` once and returns the elapsed time in nanoseconds.
  static func time(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    return nanoseconds(clock.now - start)
  }

  /// Converts a `Duration` to nanoseconds.
  static func nanoseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
  }
}

/// Times several contenders round-robin, so slow drift of the machine affects all of them alike.
struct Measurer {
  let settings: MeasureSettings

  /// Returns the median time per call of each body, in nanoseconds, in the order given.
  ///
  /// Each body is warmed up, then called `iterations` times per round, where `iterations` is
  /// chosen from the warm-up so that one round lasts at least `settings.roundNanoseconds`.
  /// Rounds alternate between the bodies: round 1 of every body, then round 2, and so on.
  /// A round includes releasing its last result, so every round pays for creating and
  /// destroying exactly `iterations` results.
  func medians(_ bodies: [() throws -> Void]) throws -> [Double] {
    var iterations: [Int] = []
    for body in bodies {
      iterations.append(try warmUp(body))
    }
    var samples = Array(repeating: [Double](), count: bodies.count)
    for _ in 0..<settings.rounds {
      for (index, body) in bodies.enumerated() {
        let count = iterations[index]
        let elapsed = try Stopwatch.time {
          for _ in 0..<count { try body() }
          Blackhole.release()
        }
        samples[index].append(elapsed / Double(count))
      }
    }
    return samples.map(Self.median)
  }

  /// Runs `body` until the warm-up budget is spent and returns the iterations for one round.
  private func warmUp(_ body: () throws -> Void) throws -> Int {
    var spent = 0.0
    var calls = 0
    var fastest = Double.infinity
    repeat {
      let elapsed = try Stopwatch.time {
        try body()
        Blackhole.release()
      }
      spent += elapsed
      calls += 1
      fastest = min(fastest, elapsed)
    } while spent < settings.warmUpNanoseconds && calls < 1_000_000
    return max(1, Int((settings.roundNanoseconds / max(fastest, 1)).rounded(.up)))
  }

  /// The median of `values`; the mean of the middle two for an even count.
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    if sorted.count % 2 == 1 { return sorted[middle] }
    return (sorted[middle - 1] + sorted[middle]) / 2
  }
}
