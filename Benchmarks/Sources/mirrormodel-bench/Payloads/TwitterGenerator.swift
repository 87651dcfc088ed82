import Foundation

/// Generates a Twitter search response shaped like the reference `twitter.json`.
///
/// 100 statuses, about three quarters of them retweets carrying a `retweeted_status`, each with a
/// 40-field `user` and `entities`; 18-digit ids, CJK text and emoji, and nulls in the places and
/// proportions the real file has them. The output is the same on every run.
struct TwitterGenerator {
  /// The generator's random source; `user()` in the extension draws from it too.
  var rng = SplitMix64(seed: 0x7717_7E12_0001)
  private var nextStatusId: Int64 = 505_874_924_095_815_681
  private var nextMediaId: Int64 = 505_874_871_902_314_497

  /// The whole response as JSON text, pretty-printed with sorted keys like the reference file.
  mutating func json(statusCount: Int = 100) throws -> Data {
    try JSONSerialization.data(
      withJSONObject: response(statusCount: statusCount), options: [.prettyPrinted, .sortedKeys])
  }

  mutating func response(statusCount: Int) -> [String: Any] {
    let statuses = (0..<statusCount).map { _ in status(canRetweet: true) }
    let maxId = nextStatusId
    return [
      "statuses": statuses,
      "search_metadata": [
        "completed_in": 0.087, "max_id": maxId, "max_id_str": String(maxId),
        "query": "%E4%B8%80", "count": statusCount, "since_id": 0, "since_id_str": "0",
      ] as [String: Any],
    ]
  }

  private mutating func takeStatusId() -> Int64 {
    nextStatusId -= Int64(rng.int(1_000_000...3_000_000_000))
    return nextStatusId
  }

  private mutating func status(canRetweet: Bool) -> [String: Any] {
    let id = takeStatusId()
    let author = user()
    let retweeted = canRetweet && rng.chance(0.73) ? status(canRetweet: false) : nil
    var mentions: [[String: Any]] = []
    var text = TextPools.text(rng.int(2...18), using: &rng)
    if let retweeted, let original = retweeted["user"] as? [String: Any] {
      let screenName = original["screen_name"] as? String ?? ""
      mentions.append(mention(of: original, at: 3))
      text = "RT @\(screenName): " + (retweeted["text"] as? String ?? "")
    }
    let isReply = retweeted == nil && rng.chance(0.12)
    let replyTo = isReply ? user() : nil
    if let replyTo {
      mentions.insert(mention(of: replyTo, at: 0), at: 0)
      text = "@\(replyTo["screen_name"] as? String ?? "") " + text
    }
    let replyStatusId: Int64? = isReply && rng.chance(0.6) ? id - 9_876_543_210 : nil
    var status: [String: Any] = [
      "metadata": [
        "result_type": "recent", "iso_language_code": rng.chance(0.9) ? "ja" : "zh",
      ],
      "created_at": TextPools.timestamp(year: 2014, using: &rng),
      "id": id, "id_str": String(id), "text": text, "source": rng.pick(TextPools.sources),
      "truncated": false,
      "in_reply_to_status_id": replyStatusId ?? NSNull(),
      "in_reply_to_status_id_str": replyStatusId.map { String($0) } ?? NSNull(),
      "in_reply_to_user_id": replyTo?["id"] ?? NSNull(),
      "in_reply_to_user_id_str": replyTo?["id_str"] ?? NSNull(),
      "in_reply_to_screen_name": replyTo?["screen_name"] ?? NSNull(),
      "user": author, "geo": NSNull(), "coordinates": NSNull(), "place": NSNull(),
      "contributors": NSNull(),
      "retweet_count": retweeted == nil ? rng.int(0...3) : rng.int(1...9_000),
      "favorite_count": rng.int(0...40),
      "entities": entities(mentions: mentions),
      "favorited": false, "retweeted": false, "lang": "ja",
    ]
    if let retweeted { status["retweeted_status"] = retweeted }
    if rng.chance(0.15) { status["possibly_sensitive"] = false }
    return status
  }

  private mutating func mention(of user: [String: Any], at start: Int) -> [String: Any] {
    let screenName = user["screen_name"] as? String ?? ""
    return [
      "screen_name": screenName, "name": user["name"] ?? "", "id": user["id"] ?? 0,
      "id_str": user["id_str"] ?? "", "indices": [start, start + screenName.count + 1],
    ]
  }

  private mutating func entities(mentions: [[String: Any]]) -> [String: Any] {
    var entities: [String: Any] = [
      "hashtags": (0..<(rng.chance(0.1) ? rng.int(1...2) : 0)).map { _ in
        let start = rng.int(5...100)
        let tag = rng.pick(TextPools.hashtags)
        return ["text": tag, "indices": [start, start + tag.count + 1]] as [String: Any]
      },
      "symbols": [Any](),
      "urls": (0..<(rng.chance(0.17) ? 1 : 0)).map { _ in urlEntity(at: rng.int(20...110)) },
      "user_mentions": mentions,
    ]
    if rng.chance(0.06) { entities["media"] = [media()] }
    return entities
  }

  private mutating func urlEntity(at start: Int) -> [String: Any] {
    let path = rng.token(10)
    return [
      "url": "http://t.co/\(path)", "expanded_url": "http://example.jp/blog/\(rng.token(8))",
      "display_url": "example.jp/blog/\(rng.token(6))…", "indices": [start, start + 22],
    ]
  }

  private mutating func media() -> [String: Any] {
    nextMediaId -= Int64(rng.int(1_000_000...90_000_000))
    let id = nextMediaId
    let name = rng.token(15)
    let start = rng.int(30...110)
    func size(_ width: Int, _ height: Int, _ resize: String) -> [String: Any] {
      ["w": width, "h": height, "resize": resize]
    }
    var media: [String: Any] = [
      "id": id, "id_str": String(id), "indices": [start, start + 22],
      "media_url": "http://pbs.twimg.com/media/\(name).jpg",
      "media_url_https": "https://pbs.twimg.com/media/\(name).jpg",
      "url": "http://t.co/\(rng.token(10))", "display_url": "pic.twitter.com/\(rng.token(10))",
      "expanded_url": "http://twitter.com/\(rng.token(8))/status/\(id)/photo/1", "type": "photo",
      "sizes": [
        "medium": size(600, 450, "fit"), "small": size(340, 255, "fit"),
        "thumb": size(150, 150, "crop"), "large": size(1024, 768, "fit"),
      ],
    ]
    if rng.chance(0.5) {
      let source = id + 12_345_678
      media["source_status_id"] = source
      media["source_status_id_str"] = String(source)
    }
    return media
  }
}
