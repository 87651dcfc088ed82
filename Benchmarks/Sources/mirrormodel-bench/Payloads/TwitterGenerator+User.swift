import Foundation

extension TwitterGenerator {
  /// A user object with the 40 fields of the reference payload's users.
  mutating func user() -> [String: Any] {
    let id = Int64(rng.int(10_000_000...2_800_000_000))
    let screenName = rng.token(rng.int(5...14), from: "abcdefghijklmnopqrstuvwxyz0123456789_")
    let hasURL = rng.chance(0.11)
    let url = hasURL ? "http://t.co/\(rng.token(10))" : nil
    let hasTimeZone = rng.chance(0.19)
    let imageId = rng.token(18, from: "0123456789")
    let imageName = rng.token(8)
    var entities: [String: Any] = ["description": ["urls": [Any]()]]
    if let url {
      entities["url"] = [
        "urls": [
          [
            "url": url, "expanded_url": "http://\(screenName).example.com",
            "display_url": "\(screenName).example.com", "indices": [0, 22],
          ] as [String: Any]
        ]
      ]
    }
    var user: [String: Any] = [
      "id": id, "id_str": String(id), "name": rng.pick(TextPools.names),
      "screen_name": screenName, "location": rng.pick(TextPools.locations),
      "description": rng.chance(0.2) ? "" : TextPools.text(rng.int(1...12), using: &rng),
      "url": url ?? NSNull(), "entities": entities, "protected": false,
      "followers_count": rng.int(0...9_000), "friends_count": rng.int(0...5_000),
      "listed_count": rng.int(0...40),
      "created_at": TextPools.timestamp(year: rng.int(2009...2014), using: &rng),
      "favourites_count": rng.int(0...20_000),
      "utc_offset": hasTimeZone ? 32_400 : NSNull(),
      "time_zone": hasTimeZone ? rng.pick(TextPools.timeZones) : NSNull(),
      "geo_enabled": rng.chance(0.3), "verified": rng.chance(0.02),
      "statuses_count": rng.int(1...90_000), "lang": rng.chance(0.85) ? "ja" : "en",
      "contributors_enabled": false, "is_translator": false, "is_translation_enabled": false,
      "profile_background_color": rng.pick(TextPools.colors),
      "profile_background_image_url": "http://abs.twimg.com/images/themes/theme1/bg.png",
      "profile_background_image_url_https": "https://abs.twimg.com/images/themes/theme1/bg.png",
      "profile_background_tile": rng.chance(0.2),
      "profile_image_url":
        "http://pbs.twimg.com/profile_images/\(imageId)/\(imageName)_normal.jpeg",
      "profile_image_url_https":
        "https://pbs.twimg.com/profile_images/\(imageId)/\(imageName)_normal.jpeg",
      "profile_link_color": rng.pick(TextPools.colors),
      "profile_sidebar_border_color": rng.pick(TextPools.colors),
      "profile_sidebar_fill_color": rng.pick(TextPools.colors),
      "profile_text_color": rng.pick(TextPools.colors),
      "profile_use_background_image": rng.chance(0.9), "default_profile": rng.chance(0.5),
      "default_profile_image": rng.chance(0.05), "following": false,
      "follow_request_sent": false, "notifications": false,
    ]
    if rng.chance(0.86) {
      user["profile_banner_url"] = "https://pbs.twimg.com/profile_banners/\(id)/1409318784"
    }
    return user
  }
}
