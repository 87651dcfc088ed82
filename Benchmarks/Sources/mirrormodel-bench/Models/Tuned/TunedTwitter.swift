import Foundation

extension Tuned {
  /// A Twitter search API response; only `statuses` is mapped.
  final class SearchResponse {
    var statuses: [Status]

    init(dictionary d: [String: Any]) {
      statuses = Read.models(d["statuses"], Status.init) ?? []
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
      metadata = Read.model(d["metadata"], Metadata.init)
      createdAt = Read.string(d["created_at"]) ?? ""
      id = Read.int64(d["id"]) ?? 0
      idStr = Read.string(d["id_str"]) ?? ""
      text = Read.string(d["text"]) ?? ""
      source = Read.string(d["source"]) ?? ""
      truncated = Read.bool(d["truncated"]) ?? false
      inReplyToStatusId = Read.int64(d["in_reply_to_status_id"])
      inReplyToStatusIdStr = Read.string(d["in_reply_to_status_id_str"])
      inReplyToUserId = Read.int64(d["in_reply_to_user_id"])
      inReplyToUserIdStr = Read.string(d["in_reply_to_user_id_str"])
      inReplyToScreenName = Read.string(d["in_reply_to_screen_name"])
      user = Read.model(d["user"], User.init)
      retweetCount = Read.int(d["retweet_count"]) ?? 0
      favoriteCount = Read.int(d["favorite_count"]) ?? 0
      entities = Read.model(d["entities"], Entities.init)
      favorited = Read.bool(d["favorited"]) ?? false
      retweeted = Read.bool(d["retweeted"]) ?? false
      possiblySensitive = Read.bool(d["possibly_sensitive"])
      lang = Read.string(d["lang"]) ?? ""
      retweetedStatus = Read.model(d["retweeted_status"], Status.init)
    }
  }

  /// Search metadata attached to each status.
  final class Metadata {
    var resultType: String
    var isoLanguageCode: String

    init(dictionary d: [String: Any]) {
      resultType = Read.string(d["result_type"]) ?? ""
      isoLanguageCode = Read.string(d["iso_language_code"]) ?? ""
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
      id = Read.int64(d["id"]) ?? 0
      idStr = Read.string(d["id_str"]) ?? ""
      name = Read.string(d["name"]) ?? ""
      screenName = Read.string(d["screen_name"]) ?? ""
      location = Read.string(d["location"]) ?? ""
      bio = Read.string(d["description"]) ?? ""
      url = Read.string(d["url"])
      entities = Read.model(d["entities"], UserEntities.init)
      protected = Read.bool(d["protected"]) ?? false
      followersCount = Read.int(d["followers_count"]) ?? 0
      friendsCount = Read.int(d["friends_count"]) ?? 0
      listedCount = Read.int(d["listed_count"]) ?? 0
      createdAt = Read.string(d["created_at"]) ?? ""
      favouritesCount = Read.int(d["favourites_count"]) ?? 0
      utcOffset = Read.int(d["utc_offset"])
      timeZone = Read.string(d["time_zone"])
      geoEnabled = Read.bool(d["geo_enabled"]) ?? false
      verified = Read.bool(d["verified"]) ?? false
      statusesCount = Read.int(d["statuses_count"]) ?? 0
      lang = Read.string(d["lang"]) ?? ""
      contributorsEnabled = Read.bool(d["contributors_enabled"]) ?? false
      isTranslator = Read.bool(d["is_translator"]) ?? false
      isTranslationEnabled = Read.bool(d["is_translation_enabled"]) ?? false
      profileBackgroundColor = Read.string(d["profile_background_color"]) ?? ""
      profileBackgroundImageUrl = Read.string(d["profile_background_image_url"]) ?? ""
      profileBackgroundImageUrlHttps = Read.string(d["profile_background_image_url_https"]) ?? ""
      profileBackgroundTile = Read.bool(d["profile_background_tile"]) ?? false
      profileImageUrl = Read.string(d["profile_image_url"]) ?? ""
      profileImageUrlHttps = Read.string(d["profile_image_url_https"]) ?? ""
      profileBannerUrl = Read.string(d["profile_banner_url"])
      profileLinkColor = Read.string(d["profile_link_color"]) ?? ""
      profileSidebarBorderColor = Read.string(d["profile_sidebar_border_color"]) ?? ""
      profileSidebarFillColor = Read.string(d["profile_sidebar_fill_color"]) ?? ""
      profileTextColor = Read.string(d["profile_text_color"]) ?? ""
      profileUseBackgroundImage = Read.bool(d["profile_use_background_image"]) ?? false
      defaultProfile = Read.bool(d["default_profile"]) ?? false
      defaultProfileImage = Read.bool(d["default_profile_image"]) ?? false
      following = Read.bool(d["following"]) ?? false
      followRequestSent = Read.bool(d["follow_request_sent"]) ?? false
      notifications = Read.bool(d["notifications"]) ?? false
    }
  }
}
