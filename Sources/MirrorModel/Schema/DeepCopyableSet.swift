import Foundation

/// Sets, whose model elements `copy()` must copy too.
protocol DeepCopyableSet {
  func deepCopied(session: DeepCopy.Session) -> Any
}
