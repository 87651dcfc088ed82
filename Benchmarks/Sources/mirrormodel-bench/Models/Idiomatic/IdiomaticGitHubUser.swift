import Foundation

extension Idiomatic {
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
      login = d["login"] as? String ?? ""
      id = d["id"] as? Int64 ?? 0
      avatarUrl = d["avatar_url"] as? String ?? ""
      gravatarId = d["gravatar_id"] as? String ?? ""
      url = d["url"] as? String ?? ""
      htmlUrl = d["html_url"] as? String ?? ""
      followersUrl = d["followers_url"] as? String ?? ""
      followingUrl = d["following_url"] as? String ?? ""
      gistsUrl = d["gists_url"] as? String ?? ""
      starredUrl = d["starred_url"] as? String ?? ""
      subscriptionsUrl = d["subscriptions_url"] as? String ?? ""
      organizationsUrl = d["organizations_url"] as? String ?? ""
      reposUrl = d["repos_url"] as? String ?? ""
      eventsUrl = d["events_url"] as? String ?? ""
      receivedEventsUrl = d["received_events_url"] as? String ?? ""
      type = d["type"] as? String ?? ""
      siteAdmin = d["site_admin"] as? Bool ?? false
      name = d["name"] as? String
      company = d["company"] as? String
      blog = d["blog"] as? String
      location = d["location"] as? String
      email = d["email"] as? String
      hireable = d["hireable"] as? Bool
      bio = d["bio"] as? String
      publicRepos = d["public_repos"] as? Int ?? 0
      publicGists = d["public_gists"] as? Int ?? 0
      followers = d["followers"] as? Int ?? 0
      following = d["following"] as? Int ?? 0
    }

    func toDictionary() -> [String: Any] {
      var d: [String: Any] = [
        "login": login, "id": id, "avatar_url": avatarUrl, "gravatar_id": gravatarId,
        "url": url, "html_url": htmlUrl, "followers_url": followersUrl,
        "following_url": followingUrl, "gists_url": gistsUrl, "starred_url": starredUrl,
        "subscriptions_url": subscriptionsUrl, "organizations_url": organizationsUrl,
        "repos_url": reposUrl, "events_url": eventsUrl,
        "received_events_url": receivedEventsUrl, "type": type, "site_admin": siteAdmin,
        "public_repos": publicRepos, "public_gists": publicGists, "followers": followers,
        "following": following,
      ]
      d["name"] = name
      d["company"] = company
      d["blog"] = blog
      d["location"] = location
      d["email"] = email
      d["hireable"] = hireable
      d["bio"] = bio
      return d
    }
  }
}
