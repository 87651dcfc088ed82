import Foundation
import MirrorModel

/// Twitter statuses whose nested objects an app keeps untyped: the user and the entities as
/// `[String: Any]`, the metadata as `Any?` (as apps keep what they pass on, or show, without
/// modelling it).
enum Untyped {}

extension Untyped {
  /// The search response.
  final class SearchResponse: ModelBase {
    var statuses: [Status] = []
  }

  /// A tweet with its nested objects untyped.
  final class Status: ModelBase {
    var id: Int64 = 0
    var text = ""
    var user: [String: Any] = [:]
    var entities: [String: Any] = [:]
    var metadata: Any?
  }

  /// The same status mapped by hand from `JSONSerialization`'s dictionary.
  final class HandStatus {
    var id: Int64
    var text: String
    var user: [String: Any]
    var entities: [String: Any]
    var metadata: Any?

    init(dictionary d: [String: Any]) {
      id = (d["id"] as? NSNumber)?.int64Value ?? 0
      text = d["text"] as? String ?? ""
      user = d["user"] as? [String: Any] ?? [:]
      entities = d["entities"] as? [String: Any] ?? [:]
      metadata = d["metadata"]
    }

    /// The status's dictionary, as `toDictionary()` writes it.
    func toDictionary() -> [String: Any] {
      var result: [String: Any] = [
        "id": id, "text": text, "user": user, "entities": entities,
      ]
      if let metadata { result["metadata"] = metadata }
      return result
    }
  }
}
