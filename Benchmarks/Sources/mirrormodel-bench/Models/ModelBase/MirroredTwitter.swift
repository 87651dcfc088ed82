import MirrorModel

/// The benchmark's model classes written the MirrorModel way: `ModelBase` subclasses.
///
/// Every flavour (`Mirrored`, `Idiomatic`, `Tuned`, `Coded`) declares the same classes with the
/// same stored properties of the same types, so the contenders do the same work.
enum Mirrored {}

extension Mirrored {
  /// A Twitter search API response; only `statuses` is mapped.
  final class SearchResponse: ModelBase {
    var statuses: [Status] = []
  }

  /// One tweet.
  ///
  /// The fields `geo`, `coordinates`, `place`, `contributors` are always null in the payload and
  /// are left out of every flavour.
  final class Status: ModelBase {
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
    var retweetedStatus: Status?

    override class var propertyMapping: [String: String] {
      [
        "createdAt": "created_at", "idStr": "id_str",
        "inReplyToStatusId": "in_reply_to_status_id",
        "inReplyToStatusIdStr": "in_reply_to_status_id_str",
        "inReplyToUserId": "in_reply_to_user_id",
        "inReplyToUserIdStr": "in_reply_to_user_id_str",
        "inReplyToScreenName": "in_reply_to_screen_name",
        "retweetCount": "retweet_count", "favoriteCount": "favorite_count",
        "possiblySensitive": "possibly_sensitive", "retweetedStatus": "retweeted_status",
      ]
    }
  }

  /// Search metadata attached to each status.
  final class Metadata: ModelBase {
    var resultType: String = ""
    var isoLanguageCode: String = ""

    override class var propertyMapping: [String: String] {
      ["resultType": "result_type", "isoLanguageCode": "iso_language_code"]
    }
  }

  /// The author of a status: 40 fields, most of them flat strings, counts and flags.
  final class User: ModelBase {
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

    override class var propertyMapping: [String: String] {
      [
        "idStr": "id_str", "screenName": "screen_name", "bio": "description",
        "followersCount": "followers_count", "friendsCount": "friends_count",
        "listedCount": "listed_count", "createdAt": "created_at",
        "favouritesCount": "favourites_count", "utcOffset": "utc_offset",
        "timeZone": "time_zone", "geoEnabled": "geo_enabled", "statusesCount": "statuses_count",
        "contributorsEnabled": "contributors_enabled", "isTranslator": "is_translator",
        "isTranslationEnabled": "is_translation_enabled",
        "profileBackgroundColor": "profile_background_color",
        "profileBackgroundImageUrl": "profile_background_image_url",
        "profileBackgroundImageUrlHttps": "profile_background_image_url_https",
        "profileBackgroundTile": "profile_background_tile",
        "profileImageUrl": "profile_image_url",
        "profileImageUrlHttps": "profile_image_url_https",
        "profileBannerUrl": "profile_banner_url", "profileLinkColor": "profile_link_color",
        "profileSidebarBorderColor": "profile_sidebar_border_color",
        "profileSidebarFillColor": "profile_sidebar_fill_color",
        "profileTextColor": "profile_text_color",
        "profileUseBackgroundImage": "profile_use_background_image",
        "defaultProfile": "default_profile", "defaultProfileImage": "default_profile_image",
        "followRequestSent": "follow_request_sent",
      ]
    }
  }
}
