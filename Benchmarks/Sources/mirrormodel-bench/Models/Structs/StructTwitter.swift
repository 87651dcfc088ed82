import Foundation

/// The benchmark's struct flavour: the `Coded` classes as structs (`Decodable`), the baseline the
/// "one engine" issue sets for `init(from:)` (a struct is not allocated, so `JSONDecoder` fills it
/// faster than a class).
enum Structs {}

extension Structs {
  /// A Twitter search API response; only `statuses` is mapped.
  struct SearchResponse: Decodable {
    var statuses: [Status] = []

    enum CodingKeys: String, CodingKey {
      case statuses
    }
  }

  /// One tweet.
  ///
  /// The fields `geo`, `coordinates`, `place`, `contributors` are always null in the payload and
  /// are left out of every flavour.
  struct Status: Decodable {
    var metadata: Metadata?
    var createdAt: String = ""
    var id: Int64 = 0
    var idStr: String = ""
    var text: String = ""
    var source: String = ""
    var truncated: Bool = false
    var inReplyToStatusId: Int64?
    var inReplyToStatusIdStr: String?
    var inReplyToUserId: Int64?
    var inReplyToUserIdStr: String?
    var inReplyToScreenName: String?
    var user: User?
    var retweetCount: Int = 0
    var favoriteCount: Int = 0
    var entities: Entities?
    var favorited: Bool = false
    var retweeted: Bool = false
    var possiblySensitive: Bool?
    var lang: String = ""
    var retweetedStatus: Indirect<Status>?

    enum CodingKeys: String, CodingKey {
      case metadata
      case createdAt = "created_at"
      case id
      case idStr = "id_str"
      case text
      case source
      case truncated
      case inReplyToStatusId = "in_reply_to_status_id"
      case inReplyToStatusIdStr = "in_reply_to_status_id_str"
      case inReplyToUserId = "in_reply_to_user_id"
      case inReplyToUserIdStr = "in_reply_to_user_id_str"
      case inReplyToScreenName = "in_reply_to_screen_name"
      case user
      case retweetCount = "retweet_count"
      case favoriteCount = "favorite_count"
      case entities
      case favorited
      case retweeted
      case possiblySensitive = "possibly_sensitive"
      case lang
      case retweetedStatus = "retweeted_status"
    }
  }

  /// Search metadata attached to each status.
  struct Metadata: Decodable {
    var resultType: String = ""
    var isoLanguageCode: String = ""

    enum CodingKeys: String, CodingKey {
      case resultType = "result_type"
      case isoLanguageCode = "iso_language_code"
    }
  }

  /// The author of a status: 40 fields, most of them flat strings, counts and flags.
  struct User: Decodable {
    var id: Int64 = 0
    var idStr: String = ""
    var name: String = ""
    var screenName: String = ""
    var location: String = ""
    var bio: String = ""
    var url: String?
    var entities: UserEntities?
    var protected: Bool = false
    var followersCount: Int = 0
    var friendsCount: Int = 0
    var listedCount: Int = 0
    var createdAt: String = ""
    var favouritesCount: Int = 0
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled: Bool = false
    var verified: Bool = false
    var statusesCount: Int = 0
    var lang: String = ""
    var contributorsEnabled: Bool = false
    var isTranslator: Bool = false
    var isTranslationEnabled: Bool = false
    var profileBackgroundColor: String = ""
    var profileBackgroundImageUrl: String = ""
    var profileBackgroundImageUrlHttps: String = ""
    var profileBackgroundTile: Bool = false
    var profileImageUrl: String = ""
    var profileImageUrlHttps: String = ""
    var profileBannerUrl: String?
    var profileLinkColor: String = ""
    var profileSidebarBorderColor: String = ""
    var profileSidebarFillColor: String = ""
    var profileTextColor: String = ""
    var profileUseBackgroundImage: Bool = false
    var defaultProfile: Bool = false
    var defaultProfileImage: Bool = false
    var following: Bool = false
    var followRequestSent: Bool = false
    var notifications: Bool = false

    enum CodingKeys: String, CodingKey {
      case id
      case idStr = "id_str"
      case name
      case screenName = "screen_name"
      case location
      case bio = "description"
      case url
      case entities
      case protected
      case followersCount = "followers_count"
      case friendsCount = "friends_count"
      case listedCount = "listed_count"
      case createdAt = "created_at"
      case favouritesCount = "favourites_count"
      case utcOffset = "utc_offset"
      case timeZone = "time_zone"
      case geoEnabled = "geo_enabled"
      case verified
      case statusesCount = "statuses_count"
      case lang
      case contributorsEnabled = "contributors_enabled"
      case isTranslator = "is_translator"
      case isTranslationEnabled = "is_translation_enabled"
      case profileBackgroundColor = "profile_background_color"
      case profileBackgroundImageUrl = "profile_background_image_url"
      case profileBackgroundImageUrlHttps = "profile_background_image_url_https"
      case profileBackgroundTile = "profile_background_tile"
      case profileImageUrl = "profile_image_url"
      case profileImageUrlHttps = "profile_image_url_https"
      case profileBannerUrl = "profile_banner_url"
      case profileLinkColor = "profile_link_color"
      case profileSidebarBorderColor = "profile_sidebar_border_color"
      case profileSidebarFillColor = "profile_sidebar_fill_color"
      case profileTextColor = "profile_text_color"
      case profileUseBackgroundImage = "profile_use_background_image"
      case defaultProfile = "default_profile"
      case defaultProfileImage = "default_profile_image"
      case following
      case followRequestSent = "follow_request_sent"
      case notifications
    }
  }
}

extension Structs {
  /// A value held by reference, for a struct that contains its own type (a retweeted status):
  /// the box an app writing structs declares for it.
  final class Indirect<Wrapped: Decodable>: Decodable {
    let value: Wrapped

    init(from decoder: any Decoder) throws {
      value = try Wrapped(from: decoder)
    }
  }
}
