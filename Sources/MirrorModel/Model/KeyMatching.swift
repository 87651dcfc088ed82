/// How dictionary keys are matched to the keys properties read (``ModelBase/keyMatching``).
public enum KeyMatching: Sendable, Hashable {
  /// Keys match exactly, as Swift strings compare.
  case exact
  /// A missing plain key is also found in another case (`"USERNAME"` for `"userName"`); an
  /// exact match wins.
  case caseInsensitive
}
