import Foundation
import MirrorModel
import Testing

// Dates as payloads carry them, chosen per class, per hierarchy or per call.

final class PlainEvent: ModelBase {
  var at: Date?
  var history: [Date] = []
}

final class MillisecondEvent: ModelBase {
  var at: Date?
  var history: [Date] = []
  var inner: PlainEvent?
  override class var dateStrategy: DateStrategy? { .millisecondsSince1970 }
}

final class SecondEvent: ModelBase {
  var at = Date(timeIntervalSince1970: 0)
  override class var dateStrategy: DateStrategy? { .secondsSince1970 }
}

class TwitterObject: ModelBase {
  var createdAt: Date?
  override class var keyStrategy: KeyStrategy { .snakeCase }
  override class var dateStrategy: DateStrategy? {
    .formatted(
      "EEE MMM dd HH:mm:ss Z yyyy", "yyyy-MM-dd",
      timeZone: TimeZone(secondsFromGMT: 8 * 3600) ?? .current)
  }
}

/// Inherits its base class's strategy.
final class TwitterStatus: TwitterObject {
  var text = ""
}

final class DayEvent: ModelBase {
  var day: Date?
  override class var dateStrategy: DateStrategy? {
    .custom(
      decode: { raw in
        guard let days = raw as? Int else {
          throw ConversionError(expectedType: "Date", reason: "not a day number")
        }
        return Date(timeIntervalSince1970: Double(days) * 86_400)
      },
      encode: { Int($0.timeIntervalSince1970 / 86_400) })
  }
}

private let september4 = Date(timeIntervalSince1970: 1_441_296_741)

@Suite("Date strategies")
struct DateStrategyTests {
  @Test func aMillisecondTimestampUnderSecondsIsAnIssueNotTheYear47642() throws {
    for body in [
      { _ = try PlainEvent(dictionary: ["at": 1_441_296_741_000]) },
      { _ = try PlainEvent(json: Data(#"{"at": 1441296741000}"#.utf8)) },
      { _ = try SecondEvent(dictionary: ["at": 1_441_296_741_000]) },
    ] as [() throws -> Void] {
      let issues = mappingIssues(body)
      #expect(issues.map(\.path) == ["at"])
      #expect(issues.map(\.kind) == [.invalidValue])
      #expect(
        issues.first?.reason
          == "1441296741000 seconds since 1970 is not a plausible date (beyond the year 5000); "
          + "it looks like milliseconds: set dateStrategy to .millisecondsSince1970")
    }
    #expect(try PlainEvent(dictionary: ["at": 1_441_296_741]).at == september4)
    #expect(try SecondEvent(dictionary: ["at": 1_441_296_741]).at == september4)
  }

  @Test func millisecondsReadAndWriteBackTheSameNumbers() throws {
    let text = #"{"at": 1441296741000, "history": [0, 1441296741500], "inner": {"at": 5}}"#
    for event in [
      try MillisecondEvent(json: Data(text.utf8)),
      try MillisecondEvent(dictionary: jsonObject(text)),
      try JSONDecoder().decode(MillisecondEvent.self, from: Data(text.utf8)),
    ] {
      #expect(event.at == september4)
      #expect(event.history.map(\.timeIntervalSince1970) == [0, 1_441_296_741.5])
      // The nested model follows its own class's strategy: seconds, as ISO 8601 output.
      #expect(event.inner?.at == Date(timeIntervalSince1970: 5))
      let written = event.toDictionary()
      #expect(written["at"] as? Double == 1_441_296_741_000)
      #expect(written["history"] as? [Double] == [0, 1_441_296_741_500])
      #expect((written["inner"] as? [String: Any])?["at"] as? String == "1970-01-01T00:00:05Z")
      #expect(try MillisecondEvent(json: event.toJSON()) == event)
    }
  }

  @Test func twitterDatesReadAndWriteTheSameTextThroughTheHierarchy() throws {
    let status = try TwitterStatus(
      json: Data(#"{"created_at": "Fri Sep 04 00:12:21 +0800 2015", "text": "hi"}"#.utf8))
    #expect(status.createdAt == Date(timeIntervalSince1970: 1_441_296_741))
    #expect(status.toDictionary()["created_at"] as? String == "Fri Sep 04 00:12:21 +0800 2015")
    // The second format, tried when the first does not match.
    let day = try TwitterStatus(dictionary: ["created_at": "2015-09-04"])
    #expect(day.createdAt == Date(timeIntervalSince1970: 1_441_296_000))
    let issues = mappingIssues { _ = try TwitterStatus(dictionary: ["created_at": "yesterday"]) }
    #expect(issues.map(\.path) == ["created_at"])
    #expect(
      issues.first?.reason
        == #""yesterday" is not a date in format "EEE MMM dd HH:mm:ss Z yyyy" or "yyyy-MM-dd""#)
  }

  @Test func aCustomStrategyConvertsBothWays() throws {
    let event = try DayEvent(dictionary: ["day": 2])
    #expect(event.day == Date(timeIntervalSince1970: 172_800))
    #expect(event.toDictionary()["day"] as? Int == 2)
    let issues = mappingIssues { _ = try DayEvent(dictionary: ["day": "x"]) }
    #expect(issues.map(\.reason) == ["not a day number"])
  }

  @Test func theCallChoosesForClassesThatDoNot() throws {
    let event = try ModelBase.withDateStrategy(.millisecondsSince1970) {
      try PlainEvent(json: Data(#"{"at": 1441296741000}"#.utf8))
    }
    #expect(event.at == september4)
    let written = ModelBase.withDateStrategy(.millisecondsSince1970) { event.toDictionary() }
    #expect(written["at"] as? Double == 1_441_296_741_000)
    #expect(event.toDictionary()["at"] as? String == "2015-09-03T16:12:21Z")
    // A class's own strategy wins over the call's.
    let seconds = try ModelBase.withDateStrategy(.millisecondsSince1970) {
      try SecondEvent(dictionary: ["at": 1_441_296_741])
    }
    #expect(seconds.at == september4)
  }

  @Test func theDefaultStaysISO8601() throws {
    let event = try PlainEvent(dictionary: ["at": "2015-09-03T16:12:21Z", "history": [0]])
    #expect(event.at == september4 && event.history == [Date(timeIntervalSince1970: 0)])
    #expect(event.toDictionary()["at"] as? String == "2015-09-03T16:12:21Z")
    let strict = mappingIssues {
      _ = try SecondEvent(dictionary: ["at": "1441296741"], mode: .strict)
    }
    #expect(strict.map(\.path) == ["at"])
    #expect(try SecondEvent(dictionary: ["at": "1441296741"]).at == september4)
  }
}
