public import Foundation

/// The `mirrormodel-gen` command: arguments in, Swift source or an error out.
///
/// ```
/// $ mirrormodel-gen payload.json --root Hotel
/// ```
///
/// Exit status 0 prints the source on standard output; 1 prints `error: ...` on standard error,
/// followed by the usage when the arguments were wrong.
public enum GeneratorCommand: Sendable {
  /// What a run printed, and its exit status.
  public struct Outcome: Equatable, Sendable {
    /// The process's exit status: 0 on success, 1 on any error.
    public var status: Int32
    /// The text for standard output.
    public var standardOutput: String
    /// The text for standard error.
    public var standardError: String
  }

  /// Runs the command in this process and exits with its status.
  public static func main() -> Never {
    let outcome = run(
      arguments: Array(CommandLine.arguments.dropFirst()),
      readFile: readFile,
      readStandardInput: { FileHandle.standardInput.readDataToEndOfFile() })
    FileHandle.standardOutput.write(Data(outcome.standardOutput.utf8))
    FileHandle.standardError.write(Data(outcome.standardError.utf8))
    exit(outcome.status)
  }

  /// Runs the command without touching the process's files.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the command's name.
  ///   - readFile: Reads the payload at a path; its error message is reported as given.
  ///   - readStandardInput: Reads the payload from standard input.
  /// - Returns: What to print and the exit status.
  public static func run(
    arguments: [String],
    readFile: (String) throws -> Data,
    readStandardInput: () -> Data
  ) -> Outcome {
    let options: CommandLineOptions
    do {
      options = try CommandLineOptions(parsing: arguments)
    } catch {
      return Outcome(
        status: 1, standardOutput: "",
        standardError: "error: \(error)\n\n" + CommandLineOptions.usage)
    }
    if options.action == .help {
      return Outcome(status: 0, standardOutput: CommandLineOptions.usage, standardError: "")
    }
    do {
      let data: Data
      let sourceName: String
      if let path = options.path {
        data = try readFile(path)
        sourceName = path
      } else {
        data = readStandardInput()
        sourceName = "standard input"
      }
      var generator = ModelGenerator(
        rootName: options.rootName ?? defaultRootName(forPath: options.path))
      generator.singularizesArrayRoot = options.rootName == nil
      generator.observable = options.observable
      generator.nonisolated = options.nonisolated
      let source = try generator.generate(fromJSON: data, sourceName: sourceName)
      return Outcome(status: 0, standardOutput: source, standardError: "")
    } catch {
      return Outcome(status: 1, standardOutput: "", standardError: "error: \(error)\n")
    }
  }

  /// The root class's name when `--root` is not given: the file's base name, else `Root`.
  ///
  /// For a top-level array the generator then takes the name's singular (`rooms.json` ->
  /// `Room`).
  static func defaultRootName(forPath path: String?) -> String {
    guard let path else { return "Root" }
    let file = path.split(separator: "/").last ?? path[...]
    let base = file.lastIndex(of: ".").map { file[..<$0] } ?? file
    return Identifiers.words(in: String(base)).isEmpty ? "Root" : String(base)
  }

  /// Reads a payload file, with a one-line error for a missing file or a directory.
  static func readFile(_ path: String) throws -> Data {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw GeneratorError("cannot read \(path): no such file")
    }
    guard !isDirectory.boolValue else {
      throw GeneratorError("cannot read \(path): it is a directory")
    }
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw GeneratorError("cannot read \(path): \(error.localizedDescription)")
    }
  }
}
