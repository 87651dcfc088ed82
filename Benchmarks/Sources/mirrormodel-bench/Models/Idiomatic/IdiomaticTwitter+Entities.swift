import Foundation

extension Idiomatic {
  /// The URLs found in a user's profile.
  final class UserEntities {
    var bio: URLList?
    var url: URLList?

    init(dictionary d: [String: Any]) {
      bio = (d["description"] as? [String: Any]).map(URLList.init)
      url = (d["url"] as? [String: Any]).map(URLList.init)
    }
  }

  /// A wrapper around a list of URL entities.
  final class URLList {
    var urls: [URLEntity]

    init(dictionary d: [String: Any]) {
      urls = (d["urls"] as? [[String: Any]])?.map(URLEntity.init) ?? []
    }
  }

  /// Hashtags, URLs, mentions and media found in a status's text.
  final class Entities {
    var hashtags: [Hashtag]
    var symbols: [Hashtag]
    var urls: [URLEntity]
    var userMentions: [UserMention]
    var media: [Media]?

    init(dictionary d: [String: Any]) {
      hashtags = (d["hashtags"] as? [[String: Any]])?.map(Hashtag.init) ?? []
      symbols = (d["symbols"] as? [[String: Any]])?.map(Hashtag.init) ?? []
      urls = (d["urls"] as? [[String: Any]])?.map(URLEntity.init) ?? []
      userMentions = (d["user_mentions"] as? [[String: Any]])?.map(UserMention.init) ?? []
      media = (d["media"] as? [[String: Any]])?.map(Media.init)
    }
  }

  /// A hashtag and where it appears in the text.
  final class Hashtag {
    var text: String
    var indices: [Int]

    init(dictionary d: [String: Any]) {
      text = d["text"] as? String ?? ""
      indices = d["indices"] as? [Int] ?? []
    }
  }

  /// A shortened link and its expansion.
  final class URLEntity {
    var url: String
    var expandedUrl: String
    var displayUrl: String
    var indices: [Int]

    init(dictionary d: [String: Any]) {
      url = d["url"] as? String ?? ""
      expandedUrl = d["expanded_url"] as? String ?? ""
      displayUrl = d["display_url"] as? String ?? ""
      indices = d["indices"] as? [Int] ?? []
    }
  }

  /// A mentioned user.
  final class UserMention {
    var screenName: String
    var name: String
    var id: Int64
    var idStr: String
    var indices: [Int]

    init(dictionary d: [String: Any]) {
      screenName = d["screen_name"] as? String ?? ""
      name = d["name"] as? String ?? ""
      id = d["id"] as? Int64 ?? 0
      idStr = d["id_str"] as? String ?? ""
      indices = d["indices"] as? [Int] ?? []
    }
  }

  /// An attached photo.
  final class Media {
    var id: Int64
    var idStr: String
    var indices: [Int]
    var mediaUrl: String
    var mediaUrlHttps: String
    var url: String
    var displayUrl: String
    var expandedUrl: String
    var type: String
    var sizes: MediaSizes?
    var sourceStatusId: Int64?
    var sourceStatusIdStr: String?

    init(dictionary d: [String: Any]) {
      id = d["id"] as? Int64 ?? 0
      idStr = d["id_str"] as? String ?? ""
      indices = d["indices"] as? [Int] ?? []
      mediaUrl = d["media_url"] as? String ?? ""
      mediaUrlHttps = d["media_url_https"] as? String ?? ""
      url = d["url"] as? String ?? ""
      displayUrl = d["display_url"] as? String ?? ""
      expandedUrl = d["expanded_url"] as? String ?? ""
      type = d["type"] as? String ?? ""
      sizes = (d["sizes"] as? [String: Any]).map(MediaSizes.init)
      sourceStatusId = d["source_status_id"] as? Int64
      sourceStatusIdStr = d["source_status_id_str"] as? String
    }
  }

  /// The four renditions of a photo.
  final class MediaSizes {
    var medium: MediaSize?
    var small: MediaSize?
    var thumb: MediaSize?
    var large: MediaSize?

    init(dictionary d: [String: Any]) {
      medium = (d["medium"] as? [String: Any]).map(MediaSize.init)
      small = (d["small"] as? [String: Any]).map(MediaSize.init)
      thumb = (d["thumb"] as? [String: Any]).map(MediaSize.init)
      large = (d["large"] as? [String: Any]).map(MediaSize.init)
    }
  }

  /// One rendition's dimensions.
  final class MediaSize {
    var w: Int
    var h: Int
    var resize: String

    init(dictionary d: [String: Any]) {
      w = d["w"] as? Int ?? 0
      h = d["h"] as? Int ?? 0
      resize = d["resize"] as? String ?? ""
    }
  }
}
