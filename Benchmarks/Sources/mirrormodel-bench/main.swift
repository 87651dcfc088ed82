import Foundation

// mirrormodel-bench: see `Options.helpText`, or run with --help.

if CommandLine.arguments.count == 4, CommandLine.arguments[1] == PeakMemory.childFlag {
  do {
    try PeakMemory.child(CommandLine.arguments[2], path: CommandLine.arguments[3])
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
  }
}

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
