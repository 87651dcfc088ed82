import Foundation

extension Structs {
  /// The URLs found in a user's profile (`description`) and in the profile link (`url`).
  struct UserEntities: Decodable {
    var bio: URLList?
    var url: URLList?

    enum CodingKeys: String, CodingKey {
      case bio = "description"
      case url
    }
  }

  /// A wrapper around a list of URL entities.
  struct URLList: Decodable {
    var urls: [URLEntity] = []

    enum CodingKeys: String, CodingKey {
      case urls
    }
  }

  /// Hashtags, URLs, mentions and media found in a status's text.
  struct Entities: Decodable {
    var hashtags: [Hashtag] = []
    var symbols: [Hashtag] = []
    var urls: [URLEntity] = []
    var userMentions: [UserMention] = []
    var media: [Media]?

    enum CodingKeys: String, CodingKey {
      case hashtags
      case symbols
      case urls
      case userMentions = "user_mentions"
      case media
    }
  }

  /// A hashtag (or cashtag symbol) and where it appears in the text.
  struct Hashtag: Decodable {
    var text: String = ""
    var indices: [Int] = []

    enum CodingKeys: String, CodingKey {
      case text
      case indices
    }
  }

  /// A shortened link and its expansion.
  struct URLEntity: Decodable {
    var url: String = ""
    var expandedUrl: String = ""
    var displayUrl: String = ""
    var indices: [Int] = []

    enum CodingKeys: String, CodingKey {
      case url
      case expandedUrl = "expanded_url"
      case displayUrl = "display_url"
      case indices
    }
  }

  /// A mentioned user.
  struct UserMention: Decodable {
    var screenName: String = ""
    var name: String = ""
    var id: Int64 = 0
    var idStr: String = ""
    var indices: [Int] = []

    enum CodingKeys: String, CodingKey {
      case screenName = "screen_name"
      case name
      case id
      case idStr = "id_str"
      case indices
    }
  }

  /// An attached photo.
  struct Media: Decodable {
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

    enum CodingKeys: String, CodingKey {
      case id
      case idStr = "id_str"
      case indices
      case mediaUrl = "media_url"
      case mediaUrlHttps = "media_url_https"
      case url
      case displayUrl = "display_url"
      case expandedUrl = "expanded_url"
      case type
      case sizes
      case sourceStatusId = "source_status_id"
      case sourceStatusIdStr = "source_status_id_str"
    }
  }

  /// The four renditions of a photo.
  struct MediaSizes: Decodable {
    var medium: MediaSize?
    var small: MediaSize?
    var thumb: MediaSize?
    var large: MediaSize?

    enum CodingKeys: String, CodingKey {
      case medium
      case small
      case thumb
      case large
    }
  }

  /// One rendition's dimensions.
  struct MediaSize: Decodable {
    var w: Int = 0
    var h: Int = 0
    var resize: String = ""

    enum CodingKeys: String, CodingKey {
      case w
      case h
      case resize
    }
  }
}
