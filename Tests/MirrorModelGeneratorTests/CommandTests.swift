import Foundation
import Testing

@testable import MirrorModelGenerator

@Suite("The mirrormodel-gen command")
struct CommandTests {
  static let usage = CommandLineOptions.usage

  private func run(
    _ arguments: [String], file: String = "{}", standardInput: String = "{}"
  ) -> GeneratorCommand.Outcome {
    GeneratorCommand.run(
      arguments: arguments,
      readFile: { _ in Data(file.utf8) },
      readStandardInput: { Data(standardInput.utf8) })
  }

  @Test(arguments: [["--help"], ["-h"], ["payload.json", "--help"]])
  func helpPrintsUsage(arguments: [String]) {
    #expect(run(arguments) == .init(status: 0, standardOutput: Self.usage, standardError: ""))
    #expect(
      Self.usage.hasPrefix(
        "USAGE: mirrormodel-gen [<file>] [--root <name>] [--observable] [--no-nonisolated]\n"))
  }

  @Test func observableAndIsolationOptions() {
    let file = #"{"user_name": "a", "age": 3}"#
    let observable = run(["u.json", "--observable"], file: file)
    #expect(
      observable.standardOutput == #"""
        import Foundation
        import MirrorModel
        import Observation

        @Observable nonisolated final class U: ModelBase {
          var userName: String = ""
          var age: Int = 0

          override class var propertyMapping: [String: String] {
            ["userName": "user_name"]
          }

          override class var propertyKeyPaths: [String: AnyKeyPath] {
            ["userName": \U.userName, "age": \U.age]
          }
        }

        """#)
    let plain = run(["u.json", "--no-nonisolated"], file: file)
    #expect(plain.standardOutput.contains("\nfinal class U: ModelBase {\n"))
    #expect(!plain.standardOutput.contains("nonisolated"))
  }

  @Test(arguments: [
    (["--bogus"], "unknown option '--bogus'"),
    (["a.json", "b.json"], "expected one payload file, got 2"),
    (["--root"], "--root needs a class name"),
    (["--root="], "--root needs a class name"),
    (["a.json", "--root", ""], "--root needs a class name"),
  ])
  func badArgumentsPrintTheErrorAndUsage(arguments: [String], message: String) {
    let expected = "error: \(message)\n\n\(Self.usage)"
    #expect(run(arguments) == .init(status: 1, standardOutput: "", standardError: expected))
  }

  @Test(arguments: [
    ([], "Root"), (["-"], "Root"), (["--root", "Hotel"], "Hotel"), (["--root=hotel"], "Hotel"),
    (["-", "--root", "Hotel"], "Hotel"), (["--", "-"], "Root"),
  ])
  func readsStandardInput(arguments: [String], root: String) {
    let outcome = run(arguments, file: "not read", standardInput: #"{"a": 1}"#)
    #expect(outcome.status == 0)
    #expect(outcome.standardError == "")
    #expect(classNames(outcome.standardOutput) == [root])
  }

  @Test(arguments: [
    (["hotel.json"], "Hotel"), (["data/github_user.json"], "GithubUser"),
    (["./a.b.json", "--root", "X"], "X"), (["api/twitter.v2.json"], "TwitterV2"),
    (["payload"], "Payload"), (["--", "-weird.json"], "Weird"), (["@@.json"], "Root"),
  ])
  func readsAFileAndNamesTheRootAfterIt(arguments: [String], root: String) {
    let outcome = run(arguments, file: #"{"a": 1}"#, standardInput: "not read")
    #expect(outcome.status == 0)
    #expect(classNames(outcome.standardOutput) == [root])
  }

  @Test(arguments: [
    (["rooms.json"], "Room"), (["rooms.json", "--root", "Rooms"], "Rooms"), ([], "Root"),
    (["--root", "entries"], "Entries"),
  ])
  func topLevelArrayNamedAfterTheFileTakesTheSingular(arguments: [String], root: String) {
    let json = #"[{"a": 1}, {"a": 2}]"#
    let outcome = run(arguments, file: json, standardInput: json)
    #expect(classNames(outcome.standardOutput) == [root])
  }

  @Test func badJSONNamesTheFileAndThePlace() {
    let outcome = run(["bad.json"], file: "{\n  \"a\": 1,\n  \"b\": }\n")
    #expect(outcome.status == 1)
    #expect(outcome.standardOutput == "")
    #if os(Linux)
      let reason = "Invalid value around character 19. (line 3, column 8)"
      #expect(outcome.standardError == "error: invalid JSON in bad.json: \(reason)\n")
    #else
      #expect(outcome.standardError.hasPrefix("error: invalid JSON in bad.json: "))
    #endif
  }

  @Test(arguments: ["", "{\"a\": 1", "{\"a\": tru}", "[1,, 2]"])
  func invalidJSONFromStandardInputFails(json: String) {
    let outcome = run([], standardInput: json)
    #expect(outcome.status == 1)
    #expect(outcome.standardOutput == "")
    #expect(outcome.standardError.hasPrefix("error: invalid JSON in standard input: "))
    #expect(outcome.standardError.hasSuffix("\n"))
  }

  @Test(arguments: [
    ("\"abc\"", "the top level must be an object or an array of objects, found a string"),
    ("42", "the top level must be an object or an array of objects, found a number"),
    ("null", "the top level must be an object or an array of objects, found null"),
    ("[]", "the top-level array is empty; there is nothing to model"),
    ("[1, 2]", "the top-level array must hold objects, found a number"),
    ("[[{}]]", "the top-level array must hold objects, found an array"),
    ("[{}, 1]", "the top-level array must hold objects, found values of different kinds"),
  ])
  func payloadsWithoutAnObjectFail(json: String, message: String) {
    let outcome = run([], standardInput: json)
    let expected = "error: standard input: \(message)\n"
    #expect(outcome == .init(status: 1, standardOutput: "", standardError: expected))
  }

  @Test func missingFilesAndDirectoriesAreReported() {
    let missing = GeneratorCommand.run(
      arguments: ["/nonexistent/payload.json"], readFile: GeneratorCommand.readFile,
      readStandardInput: { Data() })
    #expect(missing.status == 1)
    #expect(missing.standardError == "error: cannot read /nonexistent/payload.json: no such file\n")
    let directory = GeneratorCommand.run(
      arguments: ["/"], readFile: GeneratorCommand.readFile, readStandardInput: { Data() })
    #expect(directory.standardError == "error: cannot read /: it is a directory\n")
  }

  @Test func aFileOnDiskIsRead() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("mirrormodel-gen-\(UUID().uuidString).json")
    try Data(#"{"rooms": [{"n": 1}]}"#.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let outcome = GeneratorCommand.run(
      arguments: [url.path, "--root", "Hotel"], readFile: GeneratorCommand.readFile,
      readStandardInput: { Data() })
    #expect(outcome.status == 0)
    #expect(classNames(outcome.standardOutput) == ["Hotel", "Room"])
  }
}
