public import Foundation

/// How `Date` properties are read and written: ISO 8601 text, seconds or milliseconds since
/// 1970, `DateFormatter` formats, or your own conversion.
///
/// Set it for a class (and its subclasses) with ``ModelBase/dateStrategy``, or for every class
/// that does not set its own, for one call, with `ModelBase.withDateStrategy(_:_:)`:
///
/// ```swift
/// nonisolated final class Tweet: ModelBase {
///   var createdAt: Date?
///   override class var dateStrategy: DateStrategy? {
///     .formatted("EEE MMM dd HH:mm:ss Z yyyy")   // "Fri Sep 04 00:12:21 +0800 2015"
///   }
/// }
/// ```
///
/// It applies to `Date`, `Date?`, `[Date]` and every other container of dates the class
/// declares; a property's ``ModelBase/transformers`` entry takes precedence. Output uses the
/// same strategy, so a model written and read back gives the same dates. A number that cannot
/// be a date in the strategy's unit (a millisecond timestamp read as seconds would land in the
/// year 47642) is an issue at its path, never a silent far-future date.
public struct DateStrategy: Sendable {
  let rule: Rule

  /// The strategy's conversions, behind one reference (a context switches it per model).
  final class Rule: Sendable {
    enum Kind: Sendable {
      case iso8601
      case seconds
      case milliseconds
      case formatted([String], [LockedDateFormatter])
      case custom(
        decode: @Sendable (Any) throws -> Date, encode: @Sendable (Date) -> (any Sendable)?)
    }
    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }
  }

  init(_ kind: Rule.Kind) { rule = Rule(kind) }

  /// ISO 8601 text, the default.
  ///
  /// Reads `"2015-09-04T00:12:21Z"`, with fractional seconds and offsets, and a plain number
  /// as seconds since 1970. Written as ISO 8601 text in UTC.
  public static let iso8601 = DateStrategy(.iso8601)

  /// Numbers (or numeric strings) of seconds since 1970, written as numbers.
  public static let secondsSince1970 = DateStrategy(.seconds)

  /// Numbers (or numeric strings) of milliseconds since 1970, written as whole numbers.
  public static let millisecondsSince1970 = DateStrategy(.milliseconds)

  /// Text in one or more `DateFormatter` formats, tried in order, read with the
  /// `en_US_POSIX` locale; written in the first format.
  ///
  /// - Parameters:
  ///   - formats: `DateFormatter` formats, such as `"EEE MMM dd HH:mm:ss Z yyyy"`.
  ///   - timeZone: The time zone for formats without one; UTC by default.
  /// - Returns: The strategy.
  public static func formatted(
    _ formats: String..., timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current
  ) -> DateStrategy {
    DateStrategy(
      .formatted(formats, formats.map { LockedDateFormatter(format: $0, timeZone: timeZone) }))
  }

  /// Your own conversion in both directions.
  ///
  /// - Parameters:
  ///   - decode: Converts a raw value (a string, a number) to a date; throw to reject it.
  ///   - encode: Converts a date to a JSON-compatible value (`nil` leaves it out).
  /// - Returns: The strategy.
  public static func custom(
    decode: @escaping @Sendable (Any) throws -> Date,
    encode: @escaping @Sendable (Date) -> (any Sendable)?
  ) -> DateStrategy {
    DateStrategy(.custom(decode: decode, encode: encode))
  }

  /// The largest number of seconds from 1970 taken as a date (about the year 5138): a larger
  /// number of "seconds" is almost surely milliseconds.
  static let plausibleSeconds: Double = 1e11

  /// The strategy of every class that does not set its own, for the current call.
  @TaskLocal static var callDefault = DateStrategy.iso8601
}

extension DateStrategy.Rule {
  /// `value` as a date.
  func date(from value: Any, context: MappingContext) throws -> Date {
    switch kind {
    case .iso8601:
      if let string = stringValue(value) {
        if let date = ISO8601.date(from: string) { return date }
        throw ConversionError(
          expectedType: "Date", reason: "\(quoted(string)) is not an ISO 8601 date")
      }
      return try date(
        fromNumber: value, unit: 1, unitName: "seconds",
        accepts: "an ISO 8601 string or a number of seconds since 1970", context: context)
    case .seconds:
      return try date(
        fromNumber: value, unit: 1, unitName: "seconds",
        accepts: "a number of seconds since 1970", context: context)
    case .milliseconds:
      return try date(
        fromNumber: value, unit: 1000, unitName: "milliseconds",
        accepts: "a number of milliseconds since 1970", context: context)
    case .formatted(let formats, let formatters):
      guard let string = stringValue(value) else {
        throw ConversionError.typeMismatch("Date", accepts: "a date in format \(formats[0])")
      }
      for formatter in formatters {
        if let date = formatter.date(from: string) { return date }
      }
      throw ConversionError(
        expectedType: "Date",
        reason: "\(quoted(string)) is not a date in format "
          + formats.map(quoted).joined(separator: " or "))
    case .custom(let decode, _):
      return try decode(value)
    }
  }

  private var isISO8601: Bool {
    if case .iso8601 = kind { return true }
    return false
  }

  /// `date` as the strategy writes it.
  func value(of date: Date) -> Any? {
    let seconds = date.timeIntervalSince1970
    switch kind {
    case .iso8601:
      guard seconds.isFinite else { return nil }
      guard abs(seconds) < ISO8601.maximumSeconds else { return seconds }
      return ISO8601.string(from: date)
    case .seconds:
      return seconds.isFinite ? seconds : nil
    case .milliseconds:
      let milliseconds = (seconds * 1000).rounded()
      return milliseconds.isFinite ? milliseconds : nil
    case .formatted(_, let formatters):
      return seconds.isFinite ? formatters[0].string(from: date) : nil
    case .custom(_, let encode):
      return encode(date)
    }
  }

  /// A number of `unit`ths of a second since 1970 as a date; an issue for a number no date in
  /// that unit has.
  private func date(
    fromNumber value: Any, unit: Double, unitName: String, accepts: String,
    context: MappingContext
  ) throws -> Date {
    switch RawScalar(value) {
    case .bool, .other:
      throw ConversionError.typeMismatch("Date", accepts: accepts)
    case .string, .signed, .unsigned, .double, .decimal:
      break
    }
    let number: Double
    do {
      number = try Double.fromMappedValue(value, context: context)
    } catch var error as ConversionError {
      error.expectedType = "Date"
      throw error
    }
    let seconds = number / unit
    // Under ISO 8601, a number past six-digit years is how a far date is written: taken back.
    let writtenFar = unit == 1 && abs(seconds) >= ISO8601.maximumSeconds && isISO8601
    guard abs(seconds) < DateStrategy.plausibleSeconds || writtenFar else {
      let hint =
        unit == 1 && abs(seconds / 1000) < DateStrategy.plausibleSeconds
        ? "; it looks like milliseconds: set dateStrategy to .millisecondsSince1970" : ""
      throw ConversionError(
        expectedType: "Date",
        reason: "\(NumberText.text(of: number)) \(unitName) since 1970 is not a plausible date "
          + "(beyond the year 5000)\(hint)")
    }
    return Date(timeIntervalSince1970: seconds)
  }
}

extension ModelBase {
  /// Runs `body` with `strategy` as the date strategy of every class that sets no
  /// ``dateStrategy`` of its own: the per-call choice, as `JSONDecoder.dateDecodingStrategy`.
  ///
  /// ```swift
  /// let events = try ModelBase.withDateStrategy(.millisecondsSince1970) {
  ///   try [Event](json: data)
  /// }
  /// ```
  ///
  /// Applies to every mapping and writing `body` does on this task (reading, `toDictionary()`,
  /// `toJSON()`, `Codable`), nested calls included.
  ///
  /// - Parameters:
  ///   - strategy: The date strategy.
  ///   - body: The mapping calls.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public static func withDateStrategy<Result>(
    _ strategy: DateStrategy, _ body: () throws -> Result
  ) rethrows -> Result {
    try DateStrategy.$callDefault.withValue(strategy, operation: body)
  }

  /// Runs the asynchronous `body` with `strategy` as the date strategy of every class that
  /// sets none of its own (see `withDateStrategy(_:_:)`).
  ///
  /// - Parameters:
  ///   - strategy: The date strategy.
  ///   - body: The mapping calls.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public static func withDateStrategy<Result>(
    _ strategy: DateStrategy, _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await DateStrategy.$callDefault.withValue(strategy, operation: body)
  }
}
