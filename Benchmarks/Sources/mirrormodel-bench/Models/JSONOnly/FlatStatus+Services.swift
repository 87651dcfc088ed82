import Foundation

// The hand-written equivalents of ModelBase's `==`, `hash(into:)` and `copy()` for the flat
// status: what an app writes for a plain class it compares, hashes and copies.
extension Flat.CodedStatus: Hashable {
  static func == (lhs: Flat.CodedStatus, rhs: Flat.CodedStatus) -> Bool {
    lhs.createdAt == rhs.createdAt && lhs.id == rhs.id && lhs.idStr == rhs.idStr
      && lhs.text == rhs.text && lhs.source == rhs.source && lhs.truncated == rhs.truncated
      && lhs.inReplyToStatusId == rhs.inReplyToStatusId
      && lhs.inReplyToUserIdStr == rhs.inReplyToUserIdStr
      && lhs.inReplyToScreenName == rhs.inReplyToScreenName
      && lhs.retweetCount == rhs.retweetCount && lhs.favoriteCount == rhs.favoriteCount
      && lhs.favorited == rhs.favorited && lhs.retweeted == rhs.retweeted
      && lhs.possiblySensitive == rhs.possiblySensitive && lhs.lang == rhs.lang
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(createdAt)
    hasher.combine(id)
    hasher.combine(idStr)
    hasher.combine(text)
    hasher.combine(source)
    hasher.combine(truncated)
    hasher.combine(inReplyToStatusId)
    hasher.combine(inReplyToUserIdStr)
    hasher.combine(inReplyToScreenName)
    hasher.combine(retweetCount)
    hasher.combine(favoriteCount)
    hasher.combine(favorited)
    hasher.combine(retweeted)
    hasher.combine(possiblySensitive)
    hasher.combine(lang)
  }

  /// A copy with every field copied.
  func copy() -> Flat.CodedStatus {
    let copy = Flat.CodedStatus()
    copy.createdAt = createdAt
    copy.id = id
    copy.idStr = idStr
    copy.text = text
    copy.source = source
    copy.truncated = truncated
    copy.inReplyToStatusId = inReplyToStatusId
    copy.inReplyToUserIdStr = inReplyToUserIdStr
    copy.inReplyToScreenName = inReplyToScreenName
    copy.retweetCount = retweetCount
    copy.favoriteCount = favoriteCount
    copy.favorited = favorited
    copy.retweeted = retweeted
    copy.possiblySensitive = possiblySensitive
    copy.lang = lang
    return copy
  }
}
