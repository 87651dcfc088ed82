import MirrorModel

extension Mirrored {
  /// A GitHub API user: 28 flat fields (strings, counts, a flag, nullable strings).
  final class GitHubUser: ModelBase {
    var login: String = ""
    var id: Int64 = 0
    var avatarUrl: String = ""
    var gravatarId: String = ""
    var url: String = ""
    var htmlUrl: String = ""
    var followersUrl: String = ""
    var followingUrl: String = ""
    var gistsUrl: String = ""
    var starredUrl: String = ""
    var subscriptionsUrl: String = ""
    var organizationsUrl: String = ""
    var reposUrl: String = ""
    var eventsUrl: String = ""
    var receivedEventsUrl: String = ""
    var type: String = ""
    var siteAdmin: Bool = false
    var name: String?
    var company: String?
    var blog: String?
    var location: String?
    var email: String?
    var hireable: Bool?
    var bio: String?
    var publicRepos: Int = 0
    var publicGists: Int = 0
    var followers: Int = 0
    var following: Int = 0

    override class var propertyMapping: [String: String] {
      [
        "avatarUrl": "avatar_url", "gravatarId": "gravatar_id", "htmlUrl": "html_url",
        "followersUrl": "followers_url", "followingUrl": "following_url",
        "gistsUrl": "gists_url", "starredUrl": "starred_url",
        "subscriptionsUrl": "subscriptions_url", "organizationsUrl": "organizations_url",
        "reposUrl": "repos_url", "eventsUrl": "events_url",
        "receivedEventsUrl": "received_events_url", "siteAdmin": "site_admin",
        "publicRepos": "public_repos", "publicGists": "public_gists",
      ]
    }
  }
}
