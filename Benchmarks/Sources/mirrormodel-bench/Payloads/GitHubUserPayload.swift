/// A GitHub API user object written for this benchmark: the 28 keys of the reference
/// `github_user.json` (strings, ints, a bool, nulls), with values of its own.
enum GitHubUserPayload {
  static let json = #"""
    {
        "login": "octo-logistics",
        "id": 5918472,
        "avatar_url": "https://avatars.githubusercontent.com/u/5918472?v=3",
        "gravatar_id": "",
        "url": "https://api.github.com/users/octo-logistics",
        "html_url": "https://github.com/octo-logistics",
        "followers_url": "https://api.github.com/users/octo-logistics/followers",
        "following_url": "https://api.github.com/users/octo-logistics/following{/other_user}",
        "gists_url": "https://api.github.com/users/octo-logistics/gists{/gist_id}",
        "starred_url": "https://api.github.com/users/octo-logistics/starred{/owner}{/repo}",
        "subscriptions_url": "https://api.github.com/users/octo-logistics/subscriptions",
        "organizations_url": "https://api.github.com/users/octo-logistics/orgs",
        "repos_url": "https://api.github.com/users/octo-logistics/repos",
        "events_url": "https://api.github.com/users/octo-logistics/events{/privacy}",
        "received_events_url": "https://api.github.com/users/octo-logistics/received_events",
        "type": "Organization",
        "site_admin": false,
        "name": "Octo Logistics",
        "company": null,
        "blog": "https://octo-logistics.example.com/engineering/",
        "location": "Rotterdam, the Netherlands",
        "email": null,
        "hireable": null,
        "bio": "Open source tools for routing, warehousing and fleet telemetry. Maintainers \#
        answer issues on weekdays.",
        "public_repos": 86,
        "public_gists": 4,
        "followers": 1312,
        "following": 0
    }
    """#
}
