import Foundation
import MirrorModel

/// Twitter statuses as FDModel's and YYModel's users map them.
///
/// A flat status that reads its entities and its user's fields through key paths
/// (`entities.hashtags`, `user.name`), with `keyStrategy = .snakeCase` for the rest. The
/// entities are the nested model's own classes.
enum KeyPathed {}

extension KeyPathed {
  /// The search response.
  final class SearchResponse: ModelBase {
    var statuses: [Status] = []
  }

  /// The search response of statuses whose class overrides `didMap(from:)`.
  final class HookedSearchResponse: ModelBase {
    var statuses: [HookedStatus] = []
  }

  /// The status with a `didMap(from:)`, as apps write one to derive a value: each status's
  /// object is then read into a dictionary (the hook takes it), the response around it is not.
  final class HookedStatus: Status {
    override func didMap(from dictionary: [String: Any]) throws {
      // A fix-up that reads the dictionary (the payload's languages are all there).
      if lang.isEmpty, let language = dictionary["lang"] as? String { lang = language }
    }
  }

  /// A tweet with its entities and user fields lifted to the top through key paths.
  class Status: ModelBase {
    var id: Int64 = 0
    var idStr = ""
    var createdAt = ""
    var text = ""
    var retweetCount = 0
    var favoriteCount = 0
    var lang = ""
    var hashtags: [Mirrored.Hashtag] = []
    var userMentions: [Mirrored.UserMention] = []
    var urls: [Mirrored.URLEntity] = []
    var userName = ""
    var screenName = ""
    var followersCount = 0

    override class var keyStrategy: KeyStrategy { .snakeCase }
    override class var propertyMapping: [String: String] {
      [
        "hashtags": "entities.hashtags", "userMentions": "entities.user_mentions",
        "urls": "entities.urls", "userName": "user.name", "screenName": "user.screen_name",
        "followersCount": "user.followers_count",
      ]
    }
  }

  /// The search response for `JSONDecoder`.
  final class CodedSearchResponse: Codable {
    var statuses: [CodedStatus] = []
  }

  /// The same status for `JSONDecoder`: the key paths are nested containers.
  final class CodedStatus: Codable {
    var id: Int64 = 0
    var idStr = ""
    var createdAt = ""
    var text = ""
    var retweetCount = 0
    var favoriteCount = 0
    var lang = ""
    var hashtags: [Coded.Hashtag] = []
    var userMentions: [Coded.UserMention] = []
    var urls: [Coded.URLEntity] = []
    var userName = ""
    var screenName = ""
    var followersCount = 0

    enum CodingKeys: String, CodingKey {
      case id
      case idStr = "id_str"
      case createdAt = "created_at"
      case text
      case retweetCount = "retweet_count"
      case favoriteCount = "favorite_count"
      case lang, entities, user
    }

    enum EntityKeys: String, CodingKey {
      case hashtags
      case userMentions = "user_mentions"
      case urls
    }

    enum UserKeys: String, CodingKey {
      case name
      case screenName = "screen_name"
      case followersCount = "followers_count"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int64.self, forKey: .id)
      idStr = try container.decode(String.self, forKey: .idStr)
      createdAt = try container.decode(String.self, forKey: .createdAt)
      text = try container.decode(String.self, forKey: .text)
      retweetCount = try container.decode(Int.self, forKey: .retweetCount)
      favoriteCount = try container.decode(Int.self, forKey: .favoriteCount)
      lang = try container.decode(String.self, forKey: .lang)
      let entities = try container.nestedContainer(keyedBy: EntityKeys.self, forKey: .entities)
      hashtags = try entities.decode([Coded.Hashtag].self, forKey: .hashtags)
      userMentions = try entities.decode([Coded.UserMention].self, forKey: .userMentions)
      urls = try entities.decode([Coded.URLEntity].self, forKey: .urls)
      let user = try container.nestedContainer(keyedBy: UserKeys.self, forKey: .user)
      userName = try user.decode(String.self, forKey: .name)
      screenName = try user.decode(String.self, forKey: .screenName)
      followersCount = try user.decode(Int.self, forKey: .followersCount)
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(idStr, forKey: .idStr)
      try container.encode(createdAt, forKey: .createdAt)
      try container.encode(text, forKey: .text)
      try container.encode(retweetCount, forKey: .retweetCount)
      try container.encode(favoriteCount, forKey: .favoriteCount)
      try container.encode(lang, forKey: .lang)
      var entities = container.nestedContainer(keyedBy: EntityKeys.self, forKey: .entities)
      try entities.encode(hashtags, forKey: .hashtags)
      try entities.encode(userMentions, forKey: .userMentions)
      try entities.encode(urls, forKey: .urls)
      var user = container.nestedContainer(keyedBy: UserKeys.self, forKey: .user)
      try user.encode(userName, forKey: .name)
      try user.encode(screenName, forKey: .screenName)
      try user.encode(followersCount, forKey: .followersCount)
    }
  }
}

extension KeyPathed {
  /// The search response of ``StatusStruct``s.
  struct StructSearchResponse: Decodable {
    var statuses: [StatusStruct]
  }

  /// The key-path status as a struct, for the comparisons against `JSONDecoder` into structs
  /// (time, peak memory): the entities and the user's fields from nested containers, as
  /// ``CodedStatus`` reads them.
  struct StatusStruct: Decodable {
    var id: Int64
    var idStr: String
    var createdAt: String
    var text: String
    var retweetCount: Int
    var favoriteCount: Int
    var lang: String
    var hashtags: [Coded.Hashtag]
    var userMentions: [Coded.UserMention]
    var urls: [Coded.URLEntity]
    var userName: String
    var screenName: String
    var followersCount: Int

    init(from decoder: any Decoder) throws {
      typealias Keys = CodedStatus.CodingKeys
      let container = try decoder.container(keyedBy: Keys.self)
      id = try container.decode(Int64.self, forKey: .id)
      idStr = try container.decode(String.self, forKey: .idStr)
      createdAt = try container.decode(String.self, forKey: .createdAt)
      text = try container.decode(String.self, forKey: .text)
      retweetCount = try container.decode(Int.self, forKey: .retweetCount)
      favoriteCount = try container.decode(Int.self, forKey: .favoriteCount)
      lang = try container.decode(String.self, forKey: .lang)
      let entities = try container.nestedContainer(
        keyedBy: CodedStatus.EntityKeys.self, forKey: .entities)
      hashtags = try entities.decode([Coded.Hashtag].self, forKey: .hashtags)
      userMentions = try entities.decode([Coded.UserMention].self, forKey: .userMentions)
      urls = try entities.decode([Coded.URLEntity].self, forKey: .urls)
      let user = try container.nestedContainer(keyedBy: CodedStatus.UserKeys.self, forKey: .user)
      userName = try user.decode(String.self, forKey: .name)
      screenName = try user.decode(String.self, forKey: .screenName)
      followersCount = try user.decode(Int.self, forKey: .followersCount)
    }
  }
}
