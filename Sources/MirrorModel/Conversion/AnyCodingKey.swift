/// A coding key made from any string or index, for walking containers whose keys are not known
/// in advance.
struct AnyCodingKey: CodingKey, Hashable, Sendable {
  var stringValue: String
  var intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    self.intValue = nil
  }

  init(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }

  /// A key for a dictionary entry.
  init(_ stringValue: String) {
    self.init(stringValue: stringValue)
  }
}
