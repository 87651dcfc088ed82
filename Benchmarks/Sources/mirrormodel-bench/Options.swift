/// The command line: `mirrormodel-bench [--json PATH ...] [--quick] [--help]`.
struct Options {
  var jsonPaths: [String] = []
  var quick = false
  var help = false
  /// The workloads to measure (`--only`), all when empty.
  var onlyWorkloads: Set<String> = []

  /// A command line that cannot be run.
  struct UsageError: Error, CustomStringConvertible {
    let description: String
  }

  static func parse(_ arguments: [String]) throws -> Options {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--json":
        guard let path = remaining.popFirst(), !path.hasPrefix("--") else {
          throw UsageError(description: "--json needs a file path")
        }
        options.jsonPaths.append(path)
      case "--quick":
        options.quick = true
      case "--only":
        guard let names = remaining.popFirst(), !names.hasPrefix("--") else {
          throw UsageError(description: "--only needs workload names, such as github-events")
        }
        options.onlyWorkloads.formUnion(names.split(separator: ",").map(String.init))
      case "-h", "--help":
        options.help = true
      default:
        if argument.hasPrefix("--json=") {
          options.jsonPaths.append(String(argument.dropFirst("--json=".count)))
        } else {
          throw UsageError(description: "unknown argument \(argument); see --help")
        }
      }
    }
    return options
  }

  static let helpText = """
    USAGE: swift run -c release mirrormodel-bench [--json PATH ...] [--quick] [--only NAMES]

    Times MirrorModel against hand-written mapping code, Codable and JSONSerialization on
    its workloads and prints one table: nanoseconds per object (median of several rounds
    after a warm-up), the ratio to the named baseline (all from the same run), and for the
    issue's targets whether each is met.

    Before timing, every contender maps the whole payload and the models are compared field
    by field; the run stops with exit status 1 unless all contenders agree.

    OPTIONS:
      --json PATH   Use the JSON file at PATH for the workload of its kind instead of the
                    built-in payload. May be repeated, one file per workload.
                    Recognized by file name:
                      twitter.json            Twitter search response
                      github_user.json        one GitHub user
                      hotels.json, hotel.json the hotel example
                      github_events.json,     a page of GitHub events
                      events.json
                    any other name by content (the root must be a JSON object):
                      has a "statuses" array                  Twitter search response
                      has "login" and "repos_url" strings     GitHub user
                      has a "hotels" array                    hotel example
                      has an "events" array                   GitHub events
                    Anything else (for example weibo_timeline.json) is rejected.
      --quick       3 short rounds instead of 7, and the scaling row at 1x and 10x only
                    (100x otherwise). For CI smoke tests; finishes in seconds.
      --only NAMES  Measure only the workloads named (the table's first column, comma
                    separated: github-events,hotel); peak memory, schema build and
                    instance sizes are measured only when named (peak-memory, schema,
                    memory). Every contender is still checked for agreement. For
                    profiling one row (perf, callgrind).
      -h, --help    Show this help.

    Without --json the Twitter payload is generated in code (100 statuses shaped like
    twitter.json: user, entities, retweeted_status, 18-digit ids, CJK text, nulls), the
    GitHub user is embedded (28 keys), and the hotels (100) and GitHub events (100: push,
    watch, create and delete events, a third with an org) are generated.

    EXAMPLES:
      swift run -c release mirrormodel-bench --quick
      swift run -c release mirrormodel-bench \\
        --json ../shared/data/twitter.json --json ../shared/data/github_user.json

    EXIT STATUS: 0 when the table is printed (targets met or not), 1 when the contenders
    disagree or a mapping throws, 2 on bad arguments or unusable --json files.
    """
}
