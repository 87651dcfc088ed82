/// Words and fragments the payload generators draw from: Japanese, Chinese and emoji, as in the
/// real Twitter search for `一` the reference payload comes from.
enum TextPools {
  static let fragments = [
    "名前", "第一印象", "なんか怖っ！", "今の印象", "とりあえずキモい", "噛み合わない", "好きなところ",
    "思い出", "一言", "お前は一生もんのダチ", "ありがとう", "最高の夏", "元野球部マネージャー", "今日は",
    "いい天気", "東京", "大阪", "ラーメン食べたい", "明日から学校", "楽しみ", "おはよう", "おやすみ",
    "頑張ろう", "一緒に行こう", "写真", "RT希望", "拡散希望", "フォローしてね", "よろしくお願いします",
    "一番好き", "一生の宝物", "你好", "谢谢你", "一起去吧", "今天很开心", "😊", "❤️", "✨", "😂",
    "🎉", "💖", "😋", "✋", "😘", "🙏",
  ]
  static let separators = ["", "、", "。", "\n", " ", "！", "…", ":"]
  static let names = [
    "AYUMI", "前田あゆみ", "さやか", "ゆうき", "たかし", "Mika", "なな🌸", "けんと", "りな", "はると",
    "Sora", "ひなた", "王小明", "李华", "Kenji Tanaka", "ゆい♡", "しょうた", "あおい", "Riku", "みお",
  ]
  static let locations = [
    "", "東京", "大阪府", "福岡", "北海道 札幌", "Japan", "神奈川県横浜市", "名古屋", "京都", "沖縄",
  ]
  static let timeZones = ["Tokyo", "Osaka", "Irkutsk", "Hawaii", "Beijing", "Seoul"]
  static let sources = [
    #"<a href="http://twitter.com/download/iphone" rel="nofollow">Twitter for iPhone</a>"#,
    #"<a href="http://twitter.com/download/android" rel="nofollow">Twitter for Android</a>"#,
    #"<a href="https://twitter.com" rel="nofollow">Twitter Web Client</a>"#,
    #"<a href="http://twittbot.net/" rel="nofollow">twittbot.net</a>"#,
  ]
  static let hashtags = ["一", "拡散希望", "RT", "夏休み", "相互フォロー", "jpop", "東京", "写真"]
  static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov"]
  static let colors = ["C0DEED", "0084B4", "333333", "DDEEF6", "FFFFFF", "FF6699", "000000"]
  static let hotelNames = [
    "Grand Hotel", "ホテル東京ベイ", "Hotel Sakura", "旅館 山の湯", "Harbour View Inn", "北京饭店",
    "City Lodge", "Riverside Hotel", "ホテル京都駅前", "Seaside Resort",
  ]
  static let roomNames = ["Single", "Twin", "Double", "Deluxe Twin", "Suite", "和室", "Family Room"]
  static let amenities = ["wifi", "bath", "minibar", "balcony", "kettle", "tv", "safe", "yukata"]

  /// A text of `fragmentCount` fragments joined by random separators.
  static func text(_ fragmentCount: Int, using rng: inout SplitMix64) -> String {
    var out = ""
    for _ in 0..<fragmentCount {
      out += rng.pick(fragments) + rng.pick(separators)
    }
    return out
  }

  /// A timestamp in Twitter's `created_at` format.
  static func timestamp(year: Int, using rng: inout SplitMix64) -> String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(rng.pick(weekdays)) \(rng.pick(months)) \(two(rng.int(1...28))) "
      + "\(two(rng.int(0...23))):\(two(rng.int(0...59))):\(two(rng.int(0...59))) +0000 \(year)"
  }
}
