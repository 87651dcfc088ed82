import Foundation
import MirrorModel

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Peak memory above the input: each contender maps a large JSON array of statuses in a child
/// process of its own (this executable, run with `--memory-child`), which reports how far its
/// peak resident size (from `getrusage`) rose while mapping, above what the process held once
/// the input was read.
///
/// Two models, each against `JSONDecoder` into structs of the same fields: the flat status
/// (scalars only), and the key-path status as FDModel's and YYModel's users write it (entities
/// and user fields through key paths, ``KeyPathed/Status``), whose objects the reader descends
/// into instead of building their dictionaries.
enum PeakMemory {
  static let childFlag = "--memory-child"
  static let jsonDecoder = "JSONDecoder, [struct]"
  static let mirrorModel = "MirrorModel [Model](json:)"
  static let keyPathDecoder = "JSONDecoder, [key-path struct]"
  static let keyPathModel = "MirrorModel [key-path Model](json:)"

  /// Each pair: its workload, baseline, contender and target ratio.
  private static let pairs = [
    (workload: "twitter-flat", baseline: jsonDecoder, contender: mirrorModel, target: 1.0),
    (workload: "twitter-keypaths", baseline: keyPathDecoder, contender: keyPathModel, target: 0.5),
  ]

  struct Result {
    let megabytes: Double
    let aboveInput: [String: Int]
  }

  /// Writes a document of about `megabytes` MB from the Twitter payload's statuses and
  /// measures each contender on it.
  static func measure(_ twitter: Payload, megabytes: Int) throws -> Result {
    let statuses = try JSONSerialization.data(withJSONObject: twitter.objects)
    // `[a,b]` repeated: `[a,b,a,b,...]`.
    let inner = statuses.dropFirst().dropLast()
    let copies = max(1, megabytes * 1_000_000 / max(inner.count, 1))
    var document = Data("[".utf8)
    document.reserveCapacity(copies * (inner.count + 1) + 2)
    for copy in 0..<copies {
      if copy > 0 { document.append(UInt8(ascii: ",")) }
      document.append(contentsOf: inner)
    }
    document.append(UInt8(ascii: "]"))
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("mirrormodel-bench-memory-\(getpid()).json")
    try document.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    var results: [String: Int] = [:]
    for pair in pairs {
      for contender in [pair.baseline, pair.contender] {
        results[contender] = try runChild(contender, file: file)
      }
    }
    return Result(megabytes: Double(document.count) / 1e6, aboveInput: results)
  }

  static func rows(_ result: Result) -> [Row] {
    let title = "peak memory above input (\(Format.fixed(result.megabytes, digits: 0)) MB array)"
    return pairs.flatMap { pair in
      let baseline = Double(result.aboveInput[pair.baseline] ?? 1)
      return [pair.baseline, pair.contender].map { contender in
        let bytes = Double(result.aboveInput[contender] ?? 0)
        var row = Row(
          workload: pair.workload, operation: title, contender: contender,
          nanosecondsPerObject: nil, ratio: bytes / max(baseline, 1),
          baseline: contender == pair.baseline ? "(baseline)" : pair.baseline,
          note: "+\(Format.fixed(bytes / 1e6, digits: 1)) MB")
        if contender == pair.contender {
          row.target = "<= \(Format.fixed(pair.target, digits: 2))"
          row.met = bytes <= baseline * pair.target
        }
        return row
      }
    }
  }

  private static func runChild(_ contender: String, file: URL) throws -> Int {
    let process = Process()
    process.executableURL =
      Bundle.main.executableURL
      ?? URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [childFlag, contender, file.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let bytes = Int(
        String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      throw CheckFailure(description: "memory child for \(contender) failed")
    }
    return bytes
  }

  /// The child: reads the file, maps it with `contender`, prints the peak's rise in bytes.
  static func child(_ contender: String, path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let before = peakResidentBytes()
    switch contender {
    case jsonDecoder:
      let statuses = try JSONDecoder().decode([Flat.StatusStruct].self, from: data)
      Blackhole.consume(statuses.count)
    case keyPathDecoder:
      let statuses = try JSONDecoder().decode([KeyPathed.StatusStruct].self, from: data)
      Blackhole.consume(statuses.count)
    case keyPathModel:
      let statuses = try [KeyPathed.Status](json: data)
      Blackhole.consume(statuses.count)
    default:
      let statuses = try [Flat.Status](json: data)
      Blackhole.consume(statuses.count)
    }
    print(max(0, peakResidentBytes() - before))
  }

  /// The process's peak resident size so far, in bytes.
  ///
  /// On Linux the kernel's high-water mark of this process image (`VmHWM`): `getrusage` keeps
  /// the peak across `execve`, so a child would report its parent's peak.
  private static func peakResidentBytes() -> Int {
    #if os(Linux)
      if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
      {
        return kilobytes * 1024
      }
    #endif
    var usage = rusage()
    #if canImport(Darwin)
      getrusage(RUSAGE_SELF, &usage)
      return Int(usage.ru_maxrss)  // bytes
    #else
      getrusage(RUSAGE_SELF.rawValue, &usage)
      return Int(usage.ru_maxrss) * 1024  // kilobytes
    #endif
  }
}
