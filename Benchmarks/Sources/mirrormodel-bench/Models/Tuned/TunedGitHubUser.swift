import Foundation

extension Tuned {
  /// A GitHub API user.
  final class GitHubUser {
    var login: String
    var id: Int64
    var avatarUrl: String
    var gravatarId: String
    var url: String
    var htmlUrl: String
    var followersUrl: String
    var followingUrl: String
    var gistsUrl: String
    var starredUrl: String
    var subscriptionsUrl: String
    var organizationsUrl: String
    var reposUrl: String
    var eventsUrl: String
    var receivedEventsUrl: String
    var type: String
    var siteAdmin: Bool
    var name: String?
    var company: String?
    var blog: String?
    var location: String?
    var email: String?
    var hireable: Bool?
    var bio: String?
    var publicRepos: Int
    var publicGists: Int
    var followers: Int
    var following: Int

    init(dictionary d: [String: Any]) {
      login = Read.string(d["login"]) ?? ""
      id = Read.int64(d["id"]) ?? 0
      avatarUrl = Read.string(d["avatar_url"]) ?? ""
      gravatarId = Read.string(d["gravatar_id"]) ?? ""
      url = Read.string(d["url"]) ?? ""
      htmlUrl = Read.string(d["html_url"]) ?? ""
      followersUrl = Read.string(d["followers_url"]) ?? ""
      followingUrl = Read.string(d["following_url"]) ?? ""
      gistsUrl = Read.string(d["gists_url"]) ?? ""
      starredUrl = Read.string(d["starred_url"]) ?? ""
      subscriptionsUrl = Read.string(d["subscriptions_url"]) ?? ""
      organizationsUrl = Read.string(d["organizations_url"]) ?? ""
      reposUrl = Read.string(d["repos_url"]) ?? ""
      eventsUrl = Read.string(d["events_url"]) ?? ""
      receivedEventsUrl = Read.string(d["received_events_url"]) ?? ""
      type = Read.string(d["type"]) ?? ""
      siteAdmin = Read.bool(d["site_admin"]) ?? false
      name = Read.string(d["name"])
      company = Read.string(d["company"])
      blog = Read.string(d["blog"])
      location = Read.string(d["location"])
      email = Read.string(d["email"])
      hireable = Read.bool(d["hireable"])
      bio = Read.string(d["bio"])
      publicRepos = Read.int(d["public_repos"]) ?? 0
      publicGists = Read.int(d["public_gists"]) ?? 0
      followers = Read.int(d["followers"]) ?? 0
      following = Read.int(d["following"]) ?? 0
    }
  }
}
