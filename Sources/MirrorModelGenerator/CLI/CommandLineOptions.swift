/// The parsed arguments of `mirrormodel-gen`.
struct CommandLineOptions: Equatable {
  /// What the command was asked to do.
  enum Action: Equatable {
    case generate
    case help
  }

  var action = Action.generate
  /// The payload's path; `nil` reads standard input.
  var path: String?
  /// The `--root` name, when given.
  var rootName: String?
  /// `--observable`: `@Observable` classes.
  var observable = false
  /// `false` with `--no-nonisolated`.
  var nonisolated = true

  static let usage = """
    USAGE: mirrormodel-gen [<file>] [--root <name>] [--observable] [--no-nonisolated]

    Prints Swift source for MirrorModel classes that map a sample JSON payload:
    one ModelBase subclass per object shape, typed from the values it holds.

    ARGUMENTS:
      <file>          The JSON payload. Reads standard input when omitted or "-".

    OPTIONS:
      --root <name>   The top-level class's name (default: the file's name in
                      UpperCamelCase, singular for a top-level array; Root for
                      standard input).
      --observable    Emit @Observable classes (SwiftUI), with the key paths
                      their updates notify observers through.
      --no-nonisolated
                      Do not mark classes nonisolated (needed for Swift 6.0;
                      nonisolated classes compile in Xcode 26 app targets,
                      whose default isolation is the main actor).
      -h, --help      Show this help.

    EXAMPLE:
      mirrormodel-gen payload.json --root Hotel > Sources/App/Hotel.swift

    """

  /// Parses the arguments that follow the command's name.
  ///
  /// - Throws: ``GeneratorError`` saying which argument is wrong.
  init(parsing arguments: [String]) throws {
    var remaining = arguments[...]
    var positional: [String] = []
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        positional.append(argument)
      } else if argument == "--" {
        optionsEnded = true
      } else if argument == "-h" || argument == "--help" {
        action = .help
      } else if argument == "--observable" {
        observable = true
      } else if argument == "--no-nonisolated" {
        nonisolated = false
      } else if argument == "--root" {
        guard let value = remaining.popFirst(), !value.isEmpty else {
          throw GeneratorError("--root needs a class name")
        }
        rootName = value
      } else if argument.hasPrefix("--root=") {
        let value = String(argument.dropFirst("--root=".count))
        guard !value.isEmpty else { throw GeneratorError("--root needs a class name") }
        rootName = value
      } else {
        throw GeneratorError("unknown option '\(argument)'")
      }
    }
    guard positional.count <= 1 else {
      throw GeneratorError("expected one payload file, got \(positional.count)")
    }
    path = positional.first.flatMap { $0 == "-" ? nil : $0 }
  }
}
