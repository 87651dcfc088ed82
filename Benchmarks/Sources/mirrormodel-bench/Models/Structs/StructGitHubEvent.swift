import Foundation

extension Structs {
  /// A page of the GitHub events API.
  struct GitHubEventList: Decodable {
    var events: [GitHubEvent] = []
  }

  /// A GitHub event, with the same fields as the model class.
  struct GitHubEvent: Decodable {
    var id: String = ""
    var type: String = ""
    var actor = GitHubActor()
    var repo = GitHubRepo()
    var payload = GitHubEventPayload()
    var isPublic: Bool = false
    var createdAt: String = ""
    var org: GitHubOrg?

    enum CodingKeys: String, CodingKey {
      case id
      case type
      case actor
      case repo
      case payload
      case isPublic = "public"
      case createdAt = "created_at"
      case org
    }
  }

  /// The user who caused an event.
  struct GitHubActor: Decodable {
    var id: Int = 0
    var login: String = ""
    var displayLogin: String = ""
    var gravatarId: String = ""
    var url: String = ""
    var avatarUrl: String = ""

    enum CodingKeys: String, CodingKey {
      case id
      case login
      case displayLogin = "display_login"
      case gravatarId = "gravatar_id"
      case url
      case avatarUrl = "avatar_url"
    }
  }

  /// The repository an event happened in.
  struct GitHubRepo: Decodable {
    var id: Int = 0
    var name: String = ""
    var url: String = ""
  }

  /// The organization owning the repository.
  struct GitHubOrg: Decodable {
    var id: Int = 0
    var login: String = ""
    var gravatarId: String = ""
    var url: String = ""
    var avatarUrl: String = ""

    enum CodingKeys: String, CodingKey {
      case id
      case login
      case gravatarId = "gravatar_id"
      case url
      case avatarUrl = "avatar_url"
    }
  }

  /// The members of the event types the page holds.
  struct GitHubEventPayload: Decodable {
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

    enum CodingKeys: String, CodingKey {
      case action
      case ref
      case refType = "ref_type"
      case masterBranch = "master_branch"
      case summary = "description"
      case pusherType = "pusher_type"
      case pushId = "push_id"
      case size
      case distinctSize = "distinct_size"
      case head
      case before
      case commits
    }
  }

  /// One commit of a push.
  struct GitHubCommit: Decodable {
    var sha: String = ""
    var author = GitHubCommitAuthor()
    var message: String = ""
    var distinct: Bool = false
    var url: String = ""
  }

  /// A commit's author.
  struct GitHubCommitAuthor: Decodable {
    var email: String = ""
    var name: String = ""
  }
}
