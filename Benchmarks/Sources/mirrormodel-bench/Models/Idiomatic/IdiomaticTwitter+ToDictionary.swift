import Foundation

// The hand-written `toDictionary()` MirrorModel's is measured against. A nil optional leaves its
// key out (`d[key] = nil` removes it), which is what such code usually does.

extension Idiomatic.Status {
  func toDictionary() -> [String: Any] {
    var d: [String: Any] = [
      "created_at": createdAt, "id": id, "id_str": idStr, "text": text, "source": source,
      "truncated": truncated, "retweet_count": retweetCount, "favorite_count": favoriteCount,
      "favorited": favorited, "retweeted": retweeted, "lang": lang,
    ]
    d["metadata"] = metadata?.toDictionary()
    d["in_reply_to_status_id"] = inReplyToStatusId
    d["in_reply_to_status_id_str"] = inReplyToStatusIdStr
    d["in_reply_to_user_id"] = inReplyToUserId
    d["in_reply_to_user_id_str"] = inReplyToUserIdStr
    d["in_reply_to_screen_name"] = inReplyToScreenName
    d["user"] = user?.toDictionary()
    d["entities"] = entities?.toDictionary()
    d["possibly_sensitive"] = possiblySensitive
    d["retweeted_status"] = retweetedStatus?.toDictionary()
    return d
  }
}

extension Idiomatic.Metadata {
  func toDictionary() -> [String: Any] {
    ["result_type": resultType, "iso_language_code": isoLanguageCode]
  }
}

extension Idiomatic.User {
  func toDictionary() -> [String: Any] {
    var d: [String: Any] = [
      "id": id, "id_str": idStr, "name": name, "screen_name": screenName,
      "location": location, "description": bio, "protected": protected,
      "followers_count": followersCount, "friends_count": friendsCount,
      "listed_count": listedCount, "created_at": createdAt,
      "favourites_count": favouritesCount, "geo_enabled": geoEnabled, "verified": verified,
      "statuses_count": statusesCount, "lang": lang,
      "contributors_enabled": contributorsEnabled, "is_translator": isTranslator,
      "is_translation_enabled": isTranslationEnabled,
      "profile_background_color": profileBackgroundColor,
      "profile_background_image_url": profileBackgroundImageUrl,
      "profile_background_image_url_https": profileBackgroundImageUrlHttps,
      "profile_background_tile": profileBackgroundTile,
      "profile_image_url": profileImageUrl, "profile_image_url_https": profileImageUrlHttps,
      "profile_link_color": profileLinkColor,
      "profile_sidebar_border_color": profileSidebarBorderColor,
      "profile_sidebar_fill_color": profileSidebarFillColor,
      "profile_text_color": profileTextColor,
      "profile_use_background_image": profileUseBackgroundImage,
      "default_profile": defaultProfile, "default_profile_image": defaultProfileImage,
      "following": following, "follow_request_sent": followRequestSent,
      "notifications": notifications,
    ]
    d["url"] = url
    d["entities"] = entities?.toDictionary()
    d["utc_offset"] = utcOffset
    d["time_zone"] = timeZone
    d["profile_banner_url"] = profileBannerUrl
    return d
  }
}

extension Idiomatic.UserEntities {
  func toDictionary() -> [String: Any] {
    var d: [String: Any] = [:]
    d["description"] = bio?.toDictionary()
    d["url"] = url?.toDictionary()
    return d
  }
}

extension Idiomatic.URLList {
  func toDictionary() -> [String: Any] {
    ["urls": urls.map { $0.toDictionary() }]
  }
}

extension Idiomatic.Entities {
  func toDictionary() -> [String: Any] {
    var d: [String: Any] = [
      "hashtags": hashtags.map { $0.toDictionary() },
      "symbols": symbols.map { $0.toDictionary() },
      "urls": urls.map { $0.toDictionary() },
      "user_mentions": userMentions.map { $0.toDictionary() },
    ]
    d["media"] = media?.map { $0.toDictionary() }
    return d
  }
}

extension Idiomatic.Hashtag {
  func toDictionary() -> [String: Any] {
    ["text": text, "indices": indices]
  }
}

extension Idiomatic.URLEntity {
  func toDictionary() -> [String: Any] {
    ["url": url, "expanded_url": expandedUrl, "display_url": displayUrl, "indices": indices]
  }
}

extension Idiomatic.UserMention {
  func toDictionary() -> [String: Any] {
    ["screen_name": screenName, "name": name, "id": id, "id_str": idStr, "indices": indices]
  }
}

extension Idiomatic.Media {
  func toDictionary() -> [String: Any] {
    var d: [String: Any] = [
      "id": id, "id_str": idStr, "indices": indices, "media_url": mediaUrl,
      "media_url_https": mediaUrlHttps, "url": url, "display_url": displayUrl,
      "expanded_url": expandedUrl, "type": type,
    ]
    d["sizes"] = sizes?.toDictionary()
    d["source_status_id"] = sourceStatusId
    d["source_status_id_str"] = sourceStatusIdStr
    return d
  }
}

extension Idiomatic.MediaSizes {
  func toDictionary() -> [String: Any] {
    var d: [String: Any] = [:]
    d["medium"] = medium?.toDictionary()
    d["small"] = small?.toDictionary()
    d["thumb"] = thumb?.toDictionary()
    d["large"] = large?.toDictionary()
    return d
  }
}

extension Idiomatic.MediaSize {
  func toDictionary() -> [String: Any] {
    ["w": w, "h": h, "resize": resize]
  }
}
