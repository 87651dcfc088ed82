import Foundation

/// Generates a page of the GitHub events API: `{"events": [...]}` (the API's top-level array,
/// wrapped in an object as the other payloads are).
///
/// Each event has a string `id`, a `type`, an `actor`, a `repo`, a `payload` whose members depend
/// on the type (a push's commits, a watch's action, a branch or tag created or deleted), a
/// `public` flag, a `created_at` timestamp, and for a third of them an `org`.
struct GitHubEventsGenerator {
  private var rng = SplitMix64(seed: 0x0E7E_2715)

  mutating func json(eventCount: Int = 100) throws -> Data {
    let events = (0..<eventCount).map { event(index: $0) }
    // Slashes as GitHub writes them, unescaped.
    return try JSONSerialization.data(
      withJSONObject: ["events": events], options: [.sortedKeys, .withoutEscapingSlashes])
  }

  private static let logins = [
    "octocat", "hubot", "mona", "dependabot[bot]", "torvalds", "gaearon", "sindresorhus",
    "tj", "yyx990803", "mattt", "kylef", "jessesquires", "ベンチ", "李雷",
  ]
  private static let repositories = [
    "Hello-World", "swift", "swift-nio", "Alamofire", "vapor", "linux", "react", "MirrorModel",
    "dotfiles", "awesome-ios",
  ]
  private static let messages = [
    "Fix typo in README", "Bump version to 2.4.1", "Merge pull request #1234 from mona/patch-1",
    "Add tests for the decoder\n\nCovers the empty and the nested cases.",
    "修正: 空の配列を読む", "Refactor: one engine for every source", "Update CI to Swift 6.3 🎉",
  ]

  private mutating func event(index: Int) -> [String: Any] {
    let actor = account(displayLogin: true)
    let owner = rng.pick(Self.logins)
    let repoName = "\(owner)/\(rng.pick(Self.repositories))"
    var event: [String: Any] = [
      "id": String(26_000_000_000 + index * 7_919),
      "actor": actor,
      "repo": [
        "id": rng.int(1_000...700_000_000), "name": repoName,
        "url": "https://api.github.com/repos/\(repoName)",
      ],
      "public": rng.chance(0.95),
      "created_at": "2026-11-\(10 + index % 18)T\(10 + index % 14):\(10 + index % 50):07Z",
    ]
    switch rng.int(0...9) {
    case 0...4:
      event["type"] = "PushEvent"
      event["payload"] = push()
    case 5...6:
      event["type"] = "WatchEvent"
      event["payload"] = ["action": "started"]
    case 7...8:
      event["type"] = "CreateEvent"
      let refType = rng.pick(["branch", "tag", "repository"])
      event["payload"] = [
        "ref": refType == "repository" ? NSNull() : "feature/\(rng.token(8))",
        "ref_type": refType, "master_branch": "main",
        "description": rng.chance(0.5) ? "A repository of \(owner)'s" : NSNull(),
        "pusher_type": "user",
      ]
    default:
      event["type"] = "DeleteEvent"
      event["payload"] = [
        "ref": "fix/\(rng.token(6))", "ref_type": "branch", "pusher_type": "user",
      ]
    }
    if rng.chance(0.33) { event["org"] = account(displayLogin: false) }
    return event
  }

  private mutating func account(displayLogin: Bool) -> [String: Any] {
    let login = rng.pick(Self.logins)
    let id = rng.int(1...150_000_000)
    var account: [String: Any] = [
      "id": id, "login": login, "gravatar_id": "",
      "url": "https://api.github.com/users/\(login)",
      "avatar_url": "https://avatars.githubusercontent.com/u/\(id)?",
    ]
    if displayLogin { account["display_login"] = login }
    return account
  }

  private mutating func push() -> [String: Any] {
    let commits = (0..<rng.int(1...4)).map { _ -> [String: Any] in
      let sha = rng.token(40, from: "0123456789abcdef")
      let name = rng.pick(Self.logins)
      return [
        "sha": sha, "author": ["email": "\(name)@users.noreply.github.com", "name": name],
        "message": rng.pick(Self.messages), "distinct": rng.chance(0.9),
        "url": "https://api.github.com/repos/octocat/Hello-World/commits/\(sha)",
      ]
    }
    return [
      "push_id": rng.int(10_000_000_000...19_999_999_999), "size": commits.count,
      "distinct_size": commits.count, "ref": "refs/heads/main",
      "head": rng.token(40, from: "0123456789abcdef"),
      "before": rng.token(40, from: "0123456789abcdef"), "commits": commits,
    ]
  }
}
