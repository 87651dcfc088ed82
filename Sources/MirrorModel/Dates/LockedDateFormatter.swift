import Foundation

/// A `DateFormatter` used under a lock, so that one transformer can serve every thread.
final class LockedDateFormatter: @unchecked Sendable {
  // `formatter` is only touched with `lock` held.
  private let lock = NSLock()
  private let formatter = DateFormatter()

  init(format: String, timeZone: TimeZone) {
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = format
    formatter.timeZone = timeZone
  }

  func date(from text: String) -> Date? {
    lock.lock()
    defer { lock.unlock() }
    return formatter.date(from: text)
  }

  func string(from date: Date) -> String {
    lock.lock()
    defer { lock.unlock() }
    return formatter.string(from: date)
  }
}
