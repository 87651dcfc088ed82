import Foundation

/// The workloads the benchmark knows models for.
enum WorkloadKind: String, CaseIterable {
  case twitter
  case githubUser = "github-user"
  case hotel
  case githubEvents = "github-events"

  /// The file names recognized without looking at the content.
  var fileNames: [String] {
    switch self {
    case .twitter: return ["twitter.json"]
    case .githubUser: return ["github_user.json"]
    case .hotel: return ["hotels.json", "hotel.json"]
    case .githubEvents: return ["github_events.json", "events.json"]
    }
  }

  /// The workload whose shape `root` has, if any.
  static func recognize(shape root: Any) -> WorkloadKind? {
    guard let object = root as? [String: Any] else { return nil }
    if object["statuses"] is [Any] { return .twitter }
    if object["login"] is String && object["repos_url"] is String { return .githubUser }
    if object["hotels"] is [Any] { return .hotel }
    if object["events"] is [Any] { return .githubEvents }
    return nil
  }
}

/// Problems with the `--json` files, reported before anything is measured.
struct PayloadError: Error, CustomStringConvertible {
  let description: String
}

/// One workload's input: the JSON bytes and the objects they hold, parsed once.
struct Payload {
  let kind: WorkloadKind
  /// Where the bytes come from: a file path, or a note that they were generated in code.
  let origin: String
  /// The JSON document, as given (files are not re-serialized).
  let data: Data
  /// The objects times are reported per: the statuses, the user, the hotels, or the events.
  let objects: [[String: Any]]

  init(kind: WorkloadKind, origin: String, data: Data) throws {
    let parsed = try JSONSerialization.jsonObject(with: data)
    guard let root = parsed as? [String: Any], WorkloadKind.recognize(shape: root) == kind else {
      throw PayloadError(
        description: "\(origin): does not have the shape of a \(kind.rawValue) payload")
    }
    self.kind = kind
    self.origin = origin
    self.data = data
    self.objects = Self.objects(of: kind, in: root)
    guard !objects.isEmpty else {
      throw PayloadError(description: "\(origin): holds no \(kind.rawValue) objects")
    }
  }

  /// The objects of a parsed document of the given kind.
  static func objects(of kind: WorkloadKind, in root: [String: Any]) -> [[String: Any]] {
    switch kind {
    case .twitter: return root["statuses"] as? [[String: Any]] ?? []
    case .githubUser: return [root]
    case .hotel: return root["hotels"] as? [[String: Any]] ?? []
    case .githubEvents: return root["events"] as? [[String: Any]] ?? []
    }
  }

  /// Parses a JSON document whose root must be an object.
  static func parseRoot(_ data: Data) throws -> [String: Any] {
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw PayloadError(description: "the JSON document's root is not an object")
    }
    return root
  }

  /// Reads a file given with `--json`, recognized by its name or else by its shape.
  static func load(path: String) throws -> Payload {
    let url = URL(fileURLWithPath: path)
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw PayloadError(description: "\(path): cannot be read (\(error.localizedDescription))")
    }
    let name = url.lastPathComponent
    if let kind = WorkloadKind.allCases.first(where: { $0.fileNames.contains(name) }) {
      return try Payload(kind: kind, origin: path, data: data)
    }
    guard let parsed = try? JSONSerialization.jsonObject(with: data) else {
      throw PayloadError(description: "\(path): is not valid JSON")
    }
    guard let kind = WorkloadKind.recognize(shape: parsed) else {
      throw PayloadError(
        description: "\(path): not a known payload (see --help for the shapes recognized)")
    }
    return try Payload(kind: kind, origin: path, data: data)
  }

  /// The payload built into the executable for `kind`, used when no `--json` file gives one.
  static func builtIn(_ kind: WorkloadKind) throws -> Payload {
    switch kind {
    case .twitter:
      var generator = TwitterGenerator()
      return try Payload(
        kind: kind, origin: "generated in code (same shape as twitter.json)",
        data: try generator.json())
    case .githubUser:
      return try Payload(
        kind: kind, origin: "embedded (same 28 keys as github_user.json)",
        data: Data(GitHubUserPayload.json.utf8))
    case .hotel:
      var generator = HotelGenerator()
      return try Payload(kind: kind, origin: "generated in code", data: try generator.json())
    case .githubEvents:
      var generator = GitHubEventsGenerator()
      return try Payload(
        kind: kind, origin: "generated in code (push, watch, create and delete events)",
        data: try generator.json())
    }
  }
}
