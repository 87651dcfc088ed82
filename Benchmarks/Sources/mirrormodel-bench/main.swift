import Foundation

// mirrormodel-bench: see `Options.helpText`, or run with --help.

do {
  let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
  if options.help {
    print(Options.helpText)
  } else {
    try Runner(options: options).run()
  }
} catch let error as Options.UsageError {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(2)
} catch let error as PayloadError {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(2)
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
