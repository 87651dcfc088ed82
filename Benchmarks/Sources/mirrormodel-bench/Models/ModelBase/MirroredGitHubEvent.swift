import MirrorModel

extension Mirrored {
  /// A page of the GitHub events API: `{"events": [...]}`.
  final class GitHubEventList: ModelBase {
    var events: [GitHubEvent] = []
  }

  /// A GitHub event as an app declares it: snake-case keys by strategy, `public` renamed (a
  /// keyword), nested actor, repository, optional organization, and a payload whose members
  /// depend on the event's type.
  final class GitHubEvent: ModelBase {
    var id: String = ""
    var type: String = ""
    var actor = GitHubActor()
    var repo = GitHubRepo()
    var payload = GitHubEventPayload()
    var isPublic: Bool = false
    var createdAt: String = ""
    var org: GitHubOrg?

    override class var keyStrategy: KeyStrategy { .snakeCase }
    override class var propertyMapping: [String: String] { ["isPublic": "public"] }
  }

  /// The user who caused an event.
  final class GitHubActor: ModelBase {
    var id: Int = 0
    var login: String = ""
    var displayLogin: String = ""
    var gravatarId: String = ""
    var url: String = ""
    var avatarUrl: String = ""

    override class var keyStrategy: KeyStrategy { .snakeCase }
  }

  /// The repository an event happened in.
  final class GitHubRepo: ModelBase {
    var id: Int = 0
    var name: String = ""
    var url: String = ""
  }

  /// The organization owning the repository, when there is one.
  final class GitHubOrg: ModelBase {
    var id: Int = 0
    var login: String = ""
    var gravatarId: String = ""
    var url: String = ""
    var avatarUrl: String = ""

    override class var keyStrategy: KeyStrategy { .snakeCase }
  }

  /// The members of the event types the page holds, each optional.
  final class GitHubEventPayload: ModelBase {
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

    override class var keyStrategy: KeyStrategy { .snakeCase }
    // `description` is `ModelBase`'s own (`CustomStringConvertible`).
    override class var propertyMapping: [String: String] { ["summary": "description"] }
  }

  /// One commit of a push.
  final class GitHubCommit: ModelBase {
    var sha: String = ""
    var author = GitHubCommitAuthor()
    var message: String = ""
    var distinct: Bool = false
    var url: String = ""
  }

  /// A commit's author.
  final class GitHubCommitAuthor: ModelBase {
    var email: String = ""
    var name: String = ""
  }
}
