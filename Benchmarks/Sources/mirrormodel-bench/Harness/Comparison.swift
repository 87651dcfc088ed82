/// One way of performing an operation, timed as a closure over the whole workload.
struct Contender {
  /// The name printed in the table; targets refer to contenders by this name.
  let name: String
  /// How many objects one call of `body` processes; times are reported per object.
  let objectCount: Int
  /// Performs the operation once over the workload and hands the result to `Blackhole`.
  let body: () throws -> Void
}

/// A limit on the ratio between two contenders of one comparison.
struct RatioTarget {
  /// How the ratio is judged.
  enum Limit {
    /// The ratio must not exceed the value.
    case atMost(Double)
    /// The ratio must lie within `1 ± value`.
    case within(Double)

    /// Whether `ratio` satisfies the limit.
    func isMet(by ratio: Double) -> Bool {
      switch self {
      case .atMost(let limit): return ratio <= limit
      case .within(let tolerance): return abs(ratio - 1) <= tolerance
      }
    }

    /// The limit as printed in the table's target column.
    var text: String {
      switch self {
      case .atMost(let limit): return "<= " + Format.ratio(limit)
      case .within(let tolerance): return "1 +/- " + Format.percent(tolerance)
      }
    }
  }

  /// The contender whose time is the numerator.
  let contender: String
  /// The contender whose time is the denominator; need not be the comparison's baseline.
  let against: String
  /// The limit the ratio must meet.
  let limit: Limit
  /// Another pair of contenders whose ratio the ratio is divided by, or `nil`: a ratio of
  /// growths, where the machine changes both (the scaling row: MirrorModel's time per object
  /// at 100x the input over 1x, against hand-written code's).
  var control: (contender: String, against: String)? = nil
}

/// Several contenders doing the same operation on the same workload, timed in the same rounds.
///
/// The first contender is the baseline: every row's ratio is its time over the baseline's.
/// A target against another contender adds one more row with that ratio.
struct Comparison {
  /// The workload's short name, such as `twitter`.
  let workload: String
  /// The operation, such as `dict -> model`.
  let operation: String
  /// The contenders; the first one is the baseline.
  var contenders: [Contender]
  /// Limits on ratios, printed in the target and met columns.
  var targets: [RatioTarget] = []
}

/// One line of the result table.
struct Row {
  var workload: String
  var operation: String
  var contender: String
  var nanosecondsPerObject: Double?
  var ratio: Double?
  var baseline: String = ""
  var target: String = ""
  var met: Bool?
  var note: String = ""
}

extension Comparison {
  /// Times every contender and returns one row per contender plus one per off-baseline target.
  func measure(with measurer: Measurer) throws -> [Row] {
    guard let baseline = contenders.first else { return [] }
    let medians = try measurer.medians(contenders.map(\.body))
    var perObject: [String: Double] = [:]
    for (contender, median) in zip(contenders, medians) {
      perObject[contender.name] = median / Double(max(contender.objectCount, 1))
    }
    func value(_ name: String) -> Double {
      guard let value = perObject[name] else {
        fatalError("target names unknown contender \(name) in \(workload) \(operation)")
      }
      return value
    }
    let baseValue = value(baseline.name)
    var rows: [Row] = []
    for (index, contender) in contenders.enumerated() {
      let own = value(contender.name)
      var row = Row(
        workload: workload, operation: operation, contender: contender.name,
        nanosecondsPerObject: own, ratio: own / baseValue,
        baseline: index == 0 ? "(baseline)" : baseline.name)
      if let target = targets.first(where: {
        $0.contender == contender.name && $0.against == baseline.name && $0.control == nil
      }) {
        row.target = target.limit.text
        row.met = target.limit.isMet(by: own / baseValue)
      }
      rows.append(row)
    }
    for target in targets where target.against != baseline.name || target.control != nil {
      var ratio = value(target.contender) / value(target.against)
      var against = target.against
      if let control = target.control {
        // The growth over the control's (the growth alone is the contender's own row when
        // `against` is the baseline).
        ratio /= value(control.contender) / value(control.against)
        against = "\(target.against), over \(control.contender) / \(control.against)"
      }
      rows.append(
        Row(
          workload: workload, operation: operation, contender: target.contender,
          nanosecondsPerObject: value(target.contender), ratio: ratio, baseline: against,
          target: target.limit.text, met: target.limit.isMet(by: ratio)))
    }
    return rows
  }
}
