import Foundation

extension Idiomatic {
  /// A page of the GitHub events API.
  final class GitHubEventList {
    var events: [GitHubEvent]

    init(dictionary d: [String: Any]) {
      events = (d["events"] as? [[String: Any]])?.map(GitHubEvent.init) ?? []
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
      id = d["id"] as? String ?? ""
      type = d["type"] as? String ?? ""
      actor = GitHubActor(dictionary: d["actor"] as? [String: Any] ?? [:])
      repo = GitHubRepo(dictionary: d["repo"] as? [String: Any] ?? [:])
      payload = GitHubEventPayload(dictionary: d["payload"] as? [String: Any] ?? [:])
      isPublic = d["public"] as? Bool ?? false
      createdAt = d["created_at"] as? String ?? ""
      org = (d["org"] as? [String: Any]).map(GitHubOrg.init)
    }

    func toDictionary() -> [String: Any] {
      var d: [String: Any] = [
        "id": id, "type": type, "actor": actor.toDictionary(), "repo": repo.toDictionary(),
        "payload": payload.toDictionary(), "public": isPublic, "created_at": createdAt,
      ]
      d["org"] = org?.toDictionary()
      return d
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
      id = d["id"] as? Int ?? 0
      login = d["login"] as? String ?? ""
      displayLogin = d["display_login"] as? String ?? ""
      gravatarId = d["gravatar_id"] as? String ?? ""
      url = d["url"] as? String ?? ""
      avatarUrl = d["avatar_url"] as? String ?? ""
    }

    func toDictionary() -> [String: Any] {
      [
        "id": id, "login": login, "display_login": displayLogin, "gravatar_id": gravatarId,
        "url": url, "avatar_url": avatarUrl,
      ]
    }
  }

  /// The repository an event happened in.
  final class GitHubRepo {
    var id: Int
    var name: String
    var url: String

    init(dictionary d: [String: Any]) {
      id = d["id"] as? Int ?? 0
      name = d["name"] as? String ?? ""
      url = d["url"] as? String ?? ""
    }

    func toDictionary() -> [String: Any] { ["id": id, "name": name, "url": url] }
  }

  /// The organization owning the repository.
  final class GitHubOrg {
    var id: Int
    var login: String
    var gravatarId: String
    var url: String
    var avatarUrl: String

    init(dictionary d: [String: Any]) {
      id = d["id"] as? Int ?? 0
      login = d["login"] as? String ?? ""
      gravatarId = d["gravatar_id"] as? String ?? ""
      url = d["url"] as? String ?? ""
      avatarUrl = d["avatar_url"] as? String ?? ""
    }

    func toDictionary() -> [String: Any] {
      ["id": id, "login": login, "gravatar_id": gravatarId, "url": url, "avatar_url": avatarUrl]
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
      action = d["action"] as? String
      ref = d["ref"] as? String
      refType = d["ref_type"] as? String
      masterBranch = d["master_branch"] as? String
      summary = d["description"] as? String
      pusherType = d["pusher_type"] as? String
      pushId = d["push_id"] as? Int
      size = d["size"] as? Int
      distinctSize = d["distinct_size"] as? Int
      head = d["head"] as? String
      before = d["before"] as? String
      commits = (d["commits"] as? [[String: Any]])?.map(GitHubCommit.init)
    }

    func toDictionary() -> [String: Any] {
      var d: [String: Any] = [:]
      d["action"] = action
      d["ref"] = ref
      d["ref_type"] = refType
      d["master_branch"] = masterBranch
      d["description"] = summary
      d["pusher_type"] = pusherType
      d["push_id"] = pushId
      d["size"] = size
      d["distinct_size"] = distinctSize
      d["head"] = head
      d["before"] = before
      d["commits"] = commits?.map { $0.toDictionary() }
      return d
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
      sha = d["sha"] as? String ?? ""
      author = GitHubCommitAuthor(dictionary: d["author"] as? [String: Any] ?? [:])
      message = d["message"] as? String ?? ""
      distinct = d["distinct"] as? Bool ?? false
      url = d["url"] as? String ?? ""
    }

    func toDictionary() -> [String: Any] {
      [
        "sha": sha, "author": author.toDictionary(), "message": message, "distinct": distinct,
        "url": url,
      ]
    }
  }

  /// A commit's author.
  final class GitHubCommitAuthor {
    var email: String
    var name: String

    init(dictionary d: [String: Any]) {
      email = d["email"] as? String ?? ""
      name = d["name"] as? String ?? ""
    }

    func toDictionary() -> [String: Any] { ["email": email, "name": name] }
  }
}
