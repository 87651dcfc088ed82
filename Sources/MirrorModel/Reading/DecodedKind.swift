import Foundation

/// The kinds of value the bridge reads, in the order it tries them when it has no hint.
enum DecodedKind: CaseIterable {
  case null, string, number, bool, dictionary, array

  /// `allCases`, made once.
  static let tryingOrder = allCases
}
