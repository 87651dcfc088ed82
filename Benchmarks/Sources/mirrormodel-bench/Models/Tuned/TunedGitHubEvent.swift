import Foundation

extension Tuned {
  /// A page of the GitHub events API.
  final class GitHubEventList {
    var events: [GitHubEvent]

    init(dictionary d: [String: Any]) {
      events = Read.models(d["events"], GitHubEvent.init) ?? []
    }
  }

  /// A GitHub event.
  final class GitHubEvent {
    var id: String
    var type: String
    var actor: GitHubActor
    var repo: GitHubRepo
    var payload: GitHubEventPayload
    var isPublic: Bool
    var createdAt: String
    var org: GitHubOrg?

    init(dictionary d: [String: Any]) {
      id = Read.string(d["id"]) ?? ""
      type = Read.string(d["type"]) ?? ""
      actor = GitHubActor(dictionary: d["actor"] as? [String: Any] ?? [:])
      repo = GitHubRepo(dictionary: d["repo"] as? [String: Any] ?? [:])
      payload = GitHubEventPayload(dictionary: d["payload"] as? [String: Any] ?? [:])
      isPublic = Read.bool(d["public"]) ?? false
      createdAt = Read.string(d["created_at"]) ?? ""
      org = Read.model(d["org"], GitHubOrg.init)
    }
  }

  /// The user who caused an event.
  final class GitHubActor {
    var id: Int
    var login: String
    var displayLogin: String
    var gravatarId: String
    var url: String
    var avatarUrl: String

    init(dictionary d: [String: Any]) {
      id = Read.int(d["id"]) ?? 0
      login = Read.string(d["login"]) ?? ""
      displayLogin = Read.string(d["display_login"]) ?? ""
      gravatarId = Read.string(d["gravatar_id"]) ?? ""
      url = Read.string(d["url"]) ?? ""
      avatarUrl = Read.string(d["avatar_url"]) ?? ""
    }
  }

  /// The repository an event happened in.
  final class GitHubRepo {
    var id: Int
    var name: String
    var url: String

    init(dictionary d: [String: Any]) {
      id = Read.int(d["id"]) ?? 0
      name = Read.string(d["name"]) ?? ""
      url = Read.string(d["url"]) ?? ""
    }
  }

  /// The organization owning the repository.
  final class GitHubOrg {
    var id: Int
    var login: String
    var gravatarId: String
    var url: String
    var avatarUrl: String

    init(dictionary d: [String: Any]) {
      id = Read.int(d["id"]) ?? 0
      login = Read.string(d["login"]) ?? ""
      gravatarId = Read.string(d["gravatar_id"]) ?? ""
      url = Read.string(d["url"]) ?? ""
      avatarUrl = Read.string(d["avatar_url"]) ?? ""
    }
  }

  /// The members of the event types the page holds.
  final class GitHubEventPayload {
    var action: String?
    var ref: String?
    var refType: String?
    var masterBranch: String?
    var summary: String?
    var pusherType: String?
    var pushId: Int?
    var size: Int?
    var distinctSize: Int?
    var head: String?
    var before: String?
    var commits: [GitHubCommit]?

    init(dictionary d: [String: Any]) {
      action = Read.string(d["action"])
      ref = Read.string(d["ref"])
      refType = Read.string(d["ref_type"])
      masterBranch = Read.string(d["master_branch"])
      summary = Read.string(d["description"])
      pusherType = Read.string(d["pusher_type"])
      pushId = Read.int(d["push_id"])
      size = Read.int(d["size"])
      distinctSize = Read.int(d["distinct_size"])
      head = Read.string(d["head"])
      before = Read.string(d["before"])
      commits = Read.models(d["commits"], GitHubCommit.init)
    }
  }

  /// One commit of a push.
  final class GitHubCommit {
    var sha: String
    var author: GitHubCommitAuthor
    var message: String
    var distinct: Bool
    var url: String

    init(dictionary d: [String: Any]) {
      sha = Read.string(d["sha"]) ?? ""
      author = GitHubCommitAuthor(dictionary: d["author"] as? [String: Any] ?? [:])
      message = Read.string(d["message"]) ?? ""
      distinct = Read.bool(d["distinct"]) ?? false
      url = Read.string(d["url"]) ?? ""
    }
  }

  /// A commit's author.
  final class GitHubCommitAuthor {
    var email: String
    var name: String

    init(dictionary d: [String: Any]) {
      email = Read.string(d["email"]) ?? ""
      name = Read.string(d["name"]) ?? ""
    }
  }
}
