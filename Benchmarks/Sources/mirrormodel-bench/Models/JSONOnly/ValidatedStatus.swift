import Foundation
import MirrorModel

/// Twitter statuses whose class checks its values, as JSONModel's users write `validate:`:
/// ``ModelBase/validate(_:forProperty:)`` sees each converted value, the nested user,
/// entities, metadata and retweeted status included (the benchmark's own nested classes).
enum Checked {}

extension Checked {
  /// The search response.
  final class SearchResponse: ModelBase {
    var statuses: [Status] = []
  }

  /// A tweet whose counts may not be negative and whose user must have a screen name.
  final class Status: ModelBase {
    var metadata: Mirrored.Metadata?
    var createdAt = ""
    var id: Int64 = 0
    var idStr = ""
    var text = ""
    var user: Mirrored.User?
    var retweetCount = 0
    var favoriteCount = 0
    var entities: Mirrored.Entities?
    var lang = ""
    var retweetedStatus: Status?

    override class var keyStrategy: KeyStrategy { .snakeCase }

    override func validate(_ value: Any, forProperty property: String) throws -> Any {
      if let count = value as? Int, count < 0 {
        throw ConversionError(expectedType: "Int", reason: "\(property) cannot be negative")
      }
      if let user = value as? Mirrored.User, user.screenName.isEmpty {
        throw ConversionError(expectedType: "User", reason: "a user needs a screen name")
      }
      return value
    }
  }

  /// The search response for `JSONDecoder`.
  final class CodedSearchResponse: Codable {
    var statuses: [CodedStatus] = []
  }

  /// The same status for `JSONDecoder`.
  final class CodedStatus: Codable {
    var metadata: Coded.Metadata?
    var createdAt = ""
    var id: Int64 = 0
    var idStr = ""
    var text = ""
    var user: Coded.User?
    var retweetCount = 0
    var favoriteCount = 0
    var entities: Coded.Entities?
    var lang = ""
    var retweetedStatus: CodedStatus?

    enum CodingKeys: String, CodingKey {
      case metadata
      case createdAt = "created_at"
      case id
      case idStr = "id_str"
      case text
      case user
      case retweetCount = "retweet_count"
      case favoriteCount = "favorite_count"
      case entities
      case lang
      case retweetedStatus = "retweeted_status"
    }
  }
}
