import MirrorModel

extension Mirrored {
  /// The URLs found in a user's profile (`description`) and in the profile link (`url`).
  final class UserEntities: ModelBase {
    var bio: URLList?
    var url: URLList?

    override class var propertyMapping: [String: String] { ["bio": "description"] }
  }

  /// A wrapper around a list of URL entities.
  final class URLList: ModelBase {
    var urls: [URLEntity] = []
  }

  /// Hashtags, URLs, mentions and media found in a status's text.
  final class Entities: ModelBase {
    var hashtags: [Hashtag] = []
    var symbols: [Hashtag] = []
    var urls: [URLEntity] = []
    var userMentions: [UserMention] = []
    var media: [Media]?

    override class var propertyMapping: [String: String] { ["userMentions": "user_mentions"] }
  }

  /// A hashtag (or cashtag symbol) and where it appears in the text.
  final class Hashtag: ModelBase {
    var text: String = ""
    var indices: [Int] = []
  }

  /// A shortened link and its expansion.
  final class URLEntity: ModelBase {
    var url: String = ""
    var expandedUrl: String = ""
    var displayUrl: String = ""
    var indices: [Int] = []

    override class var propertyMapping: [String: String] {
      ["expandedUrl": "expanded_url", "displayUrl": "display_url"]
    }
  }

  /// A mentioned user.
  final class UserMention: ModelBase {
    var screenName: String = ""
    var name: String = ""
    var id: Int64 = 0
    var idStr: String = ""
    var indices: [Int] = []

    override class var propertyMapping: [String: String] {
      ["screenName": "screen_name", "idStr": "id_str"]
    }
  }

  /// An attached photo.
  final class Media: ModelBase {
    var id: Int64 = 0
    var idStr: String = ""
    var indices: [Int] = []
    var mediaUrl: String = ""
    var mediaUrlHttps: String = ""
    var url: String = ""
    var displayUrl: String = ""
    var expandedUrl: String = ""
    var type: String = ""
    var sizes: MediaSizes?
    var sourceStatusId: Int64?
    var sourceStatusIdStr: String?

    override class var propertyMapping: [String: String] {
      [
        "idStr": "id_str", "mediaUrl": "media_url", "mediaUrlHttps": "media_url_https",
        "displayUrl": "display_url", "expandedUrl": "expanded_url",
        "sourceStatusId": "source_status_id", "sourceStatusIdStr": "source_status_id_str",
      ]
    }
  }

  /// The four renditions of a photo.
  final class MediaSizes: ModelBase {
    var medium: MediaSize?
    var small: MediaSize?
    var thumb: MediaSize?
    var large: MediaSize?
  }

  /// One rendition's dimensions.
  final class MediaSize: ModelBase {
    var w: Int = 0
    var h: Int = 0
    var resize: String = ""
  }
}
