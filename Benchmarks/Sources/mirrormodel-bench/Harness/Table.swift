/// Renders rows as a fixed-width text table, one line per row, grouped by workload.
struct Table {
  private struct Column {
    let title: String
    let rightAligned: Bool
    let cell: (Row) -> String
  }

  private let columns: [Column] = [
    Column(title: "workload", rightAligned: false) { $0.workload },
    Column(title: "operation", rightAligned: false) { $0.operation },
    Column(title: "contender", rightAligned: false) { $0.contender },
    Column(title: "ns/object", rightAligned: true) { row in
      row.nanosecondsPerObject.map(Format.grouped) ?? "-"
    },
    Column(title: "ratio", rightAligned: true) { row in row.ratio.map(Format.ratio) ?? "-" },
    Column(title: "baseline", rightAligned: false) { $0.baseline },
    Column(title: "target", rightAligned: false) { $0.target },
    Column(title: "met?", rightAligned: false) { row in
      row.met.map { $0 ? "yes" : "NO" } ?? ""
    },
    Column(title: "note", rightAligned: false) { $0.note },
  ]

  let rows: [Row]

  /// The table as lines of text, with a header and a rule between workloads.
  func render() -> String {
    let cells = rows.map { row in columns.map { $0.cell(row) } }
    var widths = columns.map { $0.title.count }
    for line in cells {
      for (index, cell) in line.enumerated() {
        widths[index] = max(widths[index], cell.count)
      }
    }
    func format(_ line: [String]) -> String {
      var parts: [String] = []
      for (index, cell) in line.enumerated() {
        let padding = String(repeating: " ", count: widths[index] - cell.count)
        parts.append(columns[index].rightAligned ? padding + cell : cell + padding)
      }
      return String(parts.joined(separator: "  ").reversed().drop(while: { $0 == " " }).reversed())
    }
    let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))
    var lines = [format(columns.map(\.title)), rule]
    var previousWorkload: String?
    for (row, line) in zip(rows, cells) {
      if let previousWorkload, previousWorkload != row.workload { lines.append(rule) }
      previousWorkload = row.workload
      lines.append(format(line))
    }
    return lines.joined(separator: "\n")
  }
}
