import Foundation

extension Structs {
  /// A GitHub API user: 28 flat fields (strings, counts, a flag, nullable strings).
  struct GitHubUser: Decodable {
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

    enum CodingKeys: String, CodingKey {
      case login
      case id
      case avatarUrl = "avatar_url"
      case gravatarId = "gravatar_id"
      case url
      case htmlUrl = "html_url"
      case followersUrl = "followers_url"
      case followingUrl = "following_url"
      case gistsUrl = "gists_url"
      case starredUrl = "starred_url"
      case subscriptionsUrl = "subscriptions_url"
      case organizationsUrl = "organizations_url"
      case reposUrl = "repos_url"
      case eventsUrl = "events_url"
      case receivedEventsUrl = "received_events_url"
      case type
      case siteAdmin = "site_admin"
      case name
      case company
      case blog
      case location
      case email
      case hireable
      case bio
      case publicRepos = "public_repos"
      case publicGists = "public_gists"
      case followers
      case following
    }
  }
}
