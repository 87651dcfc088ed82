import Foundation
import MirrorModel

/// Twitter statuses mapped into a flat model: scalars only, the nested objects stepped over.
enum Flat {}

extension Flat {
  /// The search response, with flat statuses.
  final class SearchResponse: ModelBase {
    var statuses: [Status] = []
  }

  /// A tweet's scalar fields.
  final class Status: ModelBase {
    var createdAt: String = ""
    var id: Int64 = 0
    var idStr: String = ""
    var text: String = ""
    var source: String = ""
    var truncated: Bool = false
    var inReplyToStatusId: Int64?
    var inReplyToUserIdStr: String?
    var inReplyToScreenName: String?
    var retweetCount: Int = 0
    var favoriteCount: Int = 0
    var favorited: Bool = false
    var retweeted: Bool = false
    var possiblySensitive: Bool?
    var lang: String = ""

    override class var keyStrategy: KeyStrategy { .snakeCase }
  }

  /// The search response for `JSONDecoder`.
  final class CodedSearchResponse: Codable {
    var statuses: [CodedStatus] = []
  }

  /// The flat status for `JSONDecoder`, with explicit keys (no key decoding strategy).
  final class CodedStatus: Codable {
    var createdAt: String = ""
    var id: Int64 = 0
    var idStr: String = ""
    var text: String = ""
    var source: String = ""
    var truncated: Bool = false
    var inReplyToStatusId: Int64?
    var inReplyToUserIdStr: String?
    var inReplyToScreenName: String?
    var retweetCount: Int = 0
    var favoriteCount: Int = 0
    var favorited: Bool = false
    var retweeted: Bool = false
    var possiblySensitive: Bool?
    var lang: String = ""

    enum CodingKeys: String, CodingKey {
      case createdAt = "created_at"
      case id
      case idStr = "id_str"
      case text, source, truncated
      case inReplyToStatusId = "in_reply_to_status_id"
      case inReplyToUserIdStr = "in_reply_to_user_id_str"
      case inReplyToScreenName = "in_reply_to_screen_name"
      case retweetCount = "retweet_count"
      case favoriteCount = "favorite_count"
      case favorited, retweeted
      case possiblySensitive = "possibly_sensitive"
      case lang
    }
  }

  /// The flat status as a struct, for the memory row's `JSONDecoder` contender.
  struct StatusStruct: Codable {
    var createdAt: String
    var id: Int64
    var idStr: String
    var text: String
    var source: String
    var truncated: Bool
    var inReplyToStatusId: Int64?
    var inReplyToUserIdStr: String?
    var inReplyToScreenName: String?
    var retweetCount: Int
    var favoriteCount: Int
    var favorited: Bool
    var retweeted: Bool
    var possiblySensitive: Bool?
    var lang: String

    typealias CodingKeys = CodedStatus.CodingKeys
  }
}
