import Foundation

/// The benchmark's baseline: plain classes mapped by hand with `as?` casts, as most apps do.
enum Idiomatic {}

extension Idiomatic {
  /// A Twitter search API response; only `statuses` is mapped.
  final class SearchResponse {
    var statuses: [Status]

    init(dictionary d: [String: Any]) {
      statuses = (d["statuses"] as? [[String: Any]])?.map(Status.init) ?? []
    }
  }

  /// One tweet.
  final class Status {
    var metadata: Metadata?
    var createdAt: String
    var id: Int64
    var idStr: String
    var text: String
    var source: String
    var truncated: Bool
    var inReplyToStatusId: Int64?
    var inReplyToStatusIdStr: String?
    var inReplyToUserId: Int64?
    var inReplyToUserIdStr: String?
    var inReplyToScreenName: String?
    var user: User?
    var retweetCount: Int
    var favoriteCount: Int
    var entities: Entities?
    var favorited: Bool
    var retweeted: Bool
    var possiblySensitive: Bool?
    var lang: String
    var retweetedStatus: Status?

    init(dictionary d: [String: Any]) {
      metadata = (d["metadata"] as? [String: Any]).map(Metadata.init)
      createdAt = d["created_at"] as? String ?? ""
      id = d["id"] as? Int64 ?? 0
      idStr = d["id_str"] as? String ?? ""
      text = d["text"] as? String ?? ""
      source = d["source"] as? String ?? ""
      truncated = d["truncated"] as? Bool ?? false
      inReplyToStatusId = d["in_reply_to_status_id"] as? Int64
      inReplyToStatusIdStr = d["in_reply_to_status_id_str"] as? String
      inReplyToUserId = d["in_reply_to_user_id"] as? Int64
      inReplyToUserIdStr = d["in_reply_to_user_id_str"] as? String
      inReplyToScreenName = d["in_reply_to_screen_name"] as? String
      user = (d["user"] as? [String: Any]).map(User.init)
      retweetCount = d["retweet_count"] as? Int ?? 0
      favoriteCount = d["favorite_count"] as? Int ?? 0
      entities = (d["entities"] as? [String: Any]).map(Entities.init)
      favorited = d["favorited"] as? Bool ?? false
      retweeted = d["retweeted"] as? Bool ?? false
      possiblySensitive = d["possibly_sensitive"] as? Bool
      lang = d["lang"] as? String ?? ""
      retweetedStatus = (d["retweeted_status"] as? [String: Any]).map(Status.init)
    }
  }

  /// Search metadata attached to each status.
  final class Metadata {
    var resultType: String
    var isoLanguageCode: String

    init(dictionary d: [String: Any]) {
      resultType = d["result_type"] as? String ?? ""
      isoLanguageCode = d["iso_language_code"] as? String ?? ""
    }
  }

  /// The author of a status.
  final class User {
    var id: Int64
    var idStr: String
    var name: String
    var screenName: String
    var location: String
    var bio: String
    var url: String?
    var entities: UserEntities?
    var protected: Bool
    var followersCount: Int
    var friendsCount: Int
    var listedCount: Int
    var createdAt: String
    var favouritesCount: Int
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled: Bool
    var verified: Bool
    var statusesCount: Int
    var lang: String
    var contributorsEnabled: Bool
    var isTranslator: Bool
    var isTranslationEnabled: Bool
    var profileBackgroundColor: String
    var profileBackgroundImageUrl: String
    var profileBackgroundImageUrlHttps: String
    var profileBackgroundTile: Bool
    var profileImageUrl: String
    var profileImageUrlHttps: String
    var profileBannerUrl: String?
    var profileLinkColor: String
    var profileSidebarBorderColor: String
    var profileSidebarFillColor: String
    var profileTextColor: String
    var profileUseBackgroundImage: Bool
    var defaultProfile: Bool
    var defaultProfileImage: Bool
    var following: Bool
    var followRequestSent: Bool
    var notifications: Bool

    init(dictionary d: [String: Any]) {
      id = d["id"] as? Int64 ?? 0
      idStr = d["id_str"] as? String ?? ""
      name = d["name"] as? String ?? ""
      screenName = d["screen_name"] as? String ?? ""
      location = d["location"] as? String ?? ""
      bio = d["description"] as? String ?? ""
      url = d["url"] as? String
      entities = (d["entities"] as? [String: Any]).map(UserEntities.init)
      protected = d["protected"] as? Bool ?? false
      followersCount = d["followers_count"] as? Int ?? 0
      friendsCount = d["friends_count"] as? Int ?? 0
      listedCount = d["listed_count"] as? Int ?? 0
      createdAt = d["created_at"] as? String ?? ""
      favouritesCount = d["favourites_count"] as? Int ?? 0
      utcOffset = d["utc_offset"] as? Int
      timeZone = d["time_zone"] as? String
      geoEnabled = d["geo_enabled"] as? Bool ?? false
      verified = d["verified"] as? Bool ?? false
      statusesCount = d["statuses_count"] as? Int ?? 0
      lang = d["lang"] as? String ?? ""
      contributorsEnabled = d["contributors_enabled"] as? Bool ?? false
      isTranslator = d["is_translator"] as? Bool ?? false
      isTranslationEnabled = d["is_translation_enabled"] as? Bool ?? false
      profileBackgroundColor = d["profile_background_color"] as? String ?? ""
      profileBackgroundImageUrl = d["profile_background_image_url"] as? String ?? ""
      profileBackgroundImageUrlHttps = d["profile_background_image_url_https"] as? String ?? ""
      profileBackgroundTile = d["profile_background_tile"] as? Bool ?? false
      profileImageUrl = d["profile_image_url"] as? String ?? ""
      profileImageUrlHttps = d["profile_image_url_https"] as? String ?? ""
      profileBannerUrl = d["profile_banner_url"] as? String
      profileLinkColor = d["profile_link_color"] as? String ?? ""
      profileSidebarBorderColor = d["profile_sidebar_border_color"] as? String ?? ""
      profileSidebarFillColor = d["profile_sidebar_fill_color"] as? String ?? ""
      profileTextColor = d["profile_text_color"] as? String ?? ""
      profileUseBackgroundImage = d["profile_use_background_image"] as? Bool ?? false
      defaultProfile = d["default_profile"] as? Bool ?? false
      defaultProfileImage = d["default_profile_image"] as? Bool ?? false
      following = d["following"] as? Bool ?? false
      followRequestSent = d["follow_request_sent"] as? Bool ?? false
      notifications = d["notifications"] as? Bool ?? false
    }
  }
}
