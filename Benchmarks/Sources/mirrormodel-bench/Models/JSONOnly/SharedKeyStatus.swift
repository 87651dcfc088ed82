import Foundation
import MirrorModel

/// Statuses that read an object whole and, beside it, values inside it through key paths: the
/// user as a model and its screen name and follower count lifted to the status, the entities
/// as a model and their hashtags lifted too (ObjectMapper's and YYModel's users write both).
enum SharedKeys {}

extension SharedKeys {
  final class SearchResponse: ModelBase {
    var statuses: [Status] = []
  }

  final class Status: ModelBase {
    var id: Int64 = 0
    var idStr = ""
    var createdAt = ""
    var text = ""
    var retweetCount = 0
    var lang = ""
    var user: Mirrored.User?
    var screenName = ""
    var followersCount = 0
    var entities: Mirrored.Entities?
    var hashtags: [Mirrored.Hashtag] = []

    override class var keyStrategy: KeyStrategy { .snakeCase }
    override class var propertyMapping: [String: String] {
      [
        "screenName": "user.screen_name", "followersCount": "user.followers_count",
        "hashtags": "entities.hashtags",
      ]
    }
  }

  final class CodedSearchResponse: Codable {
    var statuses: [CodedStatus] = []
  }

  /// The same status for `JSONDecoder`.
  ///
  /// The user and the entities decoded whole, then the lifted values from their nested
  /// containers (each object decoded twice, as the model reads it twice). Written with the
  /// objects alone (they hold the lifted values).
  final class CodedStatus: Codable {
    var id: Int64 = 0
    var idStr = ""
    var createdAt = ""
    var text = ""
    var retweetCount = 0
    var lang = ""
    var user: Coded.User?
    var screenName = ""
    var followersCount = 0
    var entities: Coded.Entities?
    var hashtags: [Coded.Hashtag] = []

    enum CodingKeys: String, CodingKey {
      case id
      case idStr = "id_str"
      case createdAt = "created_at"
      case text
      case retweetCount = "retweet_count"
      case lang, user, entities
    }

    enum UserKeys: String, CodingKey {
      case screenName = "screen_name"
      case followersCount = "followers_count"
    }

    enum EntityKeys: String, CodingKey {
      case hashtags
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int64.self, forKey: .id)
      idStr = try container.decode(String.self, forKey: .idStr)
      createdAt = try container.decode(String.self, forKey: .createdAt)
      text = try container.decode(String.self, forKey: .text)
      retweetCount = try container.decode(Int.self, forKey: .retweetCount)
      lang = try container.decode(String.self, forKey: .lang)
      user = try container.decode(Coded.User.self, forKey: .user)
      let lifted = try container.nestedContainer(keyedBy: UserKeys.self, forKey: .user)
      screenName = try lifted.decode(String.self, forKey: .screenName)
      followersCount = try lifted.decode(Int.self, forKey: .followersCount)
      entities = try container.decode(Coded.Entities.self, forKey: .entities)
      let inside = try container.nestedContainer(keyedBy: EntityKeys.self, forKey: .entities)
      hashtags = try inside.decode([Coded.Hashtag].self, forKey: .hashtags)
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(idStr, forKey: .idStr)
      try container.encode(createdAt, forKey: .createdAt)
      try container.encode(text, forKey: .text)
      try container.encode(retweetCount, forKey: .retweetCount)
      try container.encode(lang, forKey: .lang)
      try container.encode(user, forKey: .user)
      try container.encode(entities, forKey: .entities)
    }
  }
}
