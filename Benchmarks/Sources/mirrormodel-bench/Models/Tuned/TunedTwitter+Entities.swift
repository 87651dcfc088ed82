import Foundation

extension Tuned {
  /// The URLs found in a user's profile.
  final class UserEntities {
    var bio: URLList?
    var url: URLList?

    init(dictionary d: [String: Any]) {
      bio = Read.model(d["description"], URLList.init)
      url = Read.model(d["url"], URLList.init)
    }
  }

  /// A wrapper around a list of URL entities.
  final class URLList {
    var urls: [URLEntity]

    init(dictionary d: [String: Any]) {
      urls = Read.models(d["urls"], URLEntity.init) ?? []
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
      hashtags = Read.models(d["hashtags"], Hashtag.init) ?? []
      symbols = Read.models(d["symbols"], Hashtag.init) ?? []
      urls = Read.models(d["urls"], URLEntity.init) ?? []
      userMentions = Read.models(d["user_mentions"], UserMention.init) ?? []
      media = Read.models(d["media"], Media.init)
    }
  }

  /// A hashtag and where it appears in the text.
  final class Hashtag {
    var text: String
    var indices: [Int]

    init(dictionary d: [String: Any]) {
      text = Read.string(d["text"]) ?? ""
      indices = Read.ints(d["indices"]) ?? []
    }
  }

  /// A shortened link and its expansion.
  final class URLEntity {
    var url: String
    var expandedUrl: String
    var displayUrl: String
    var indices: [Int]

    init(dictionary d: [String: Any]) {
      url = Read.string(d["url"]) ?? ""
      expandedUrl = Read.string(d["expanded_url"]) ?? ""
      displayUrl = Read.string(d["display_url"]) ?? ""
      indices = Read.ints(d["indices"]) ?? []
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
      screenName = Read.string(d["screen_name"]) ?? ""
      name = Read.string(d["name"]) ?? ""
      id = Read.int64(d["id"]) ?? 0
      idStr = Read.string(d["id_str"]) ?? ""
      indices = Read.ints(d["indices"]) ?? []
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
      id = Read.int64(d["id"]) ?? 0
      idStr = Read.string(d["id_str"]) ?? ""
      indices = Read.ints(d["indices"]) ?? []
      mediaUrl = Read.string(d["media_url"]) ?? ""
      mediaUrlHttps = Read.string(d["media_url_https"]) ?? ""
      url = Read.string(d["url"]) ?? ""
      displayUrl = Read.string(d["display_url"]) ?? ""
      expandedUrl = Read.string(d["expanded_url"]) ?? ""
      type = Read.string(d["type"]) ?? ""
      sizes = Read.model(d["sizes"], MediaSizes.init)
      sourceStatusId = Read.int64(d["source_status_id"])
      sourceStatusIdStr = Read.string(d["source_status_id_str"])
    }
  }

  /// The four renditions of a photo.
  final class MediaSizes {
    var medium: MediaSize?
    var small: MediaSize?
    var thumb: MediaSize?
    var large: MediaSize?

    init(dictionary d: [String: Any]) {
      medium = Read.model(d["medium"], MediaSize.init)
      small = Read.model(d["small"], MediaSize.init)
      thumb = Read.model(d["thumb"], MediaSize.init)
      large = Read.model(d["large"], MediaSize.init)
    }
  }

  /// One rendition's dimensions.
  final class MediaSize {
    var w: Int
    var h: Int
    var resize: String

    init(dictionary d: [String: Any]) {
      w = Read.int(d["w"]) ?? 0
      h = Read.int(d["h"]) ?? 0
      resize = Read.string(d["resize"]) ?? ""
    }
  }
}
