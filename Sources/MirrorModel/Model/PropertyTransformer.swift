public import Foundation

/// A two-way conversion for one property, used instead of the conversion table.
///
/// `decode` turns the raw dictionary value into a value of the property's type (or into
/// something the property's conversion accepts); `encode` turns the property's value back
/// into a JSON-compatible value. FDModel's value transformers, in Swift:
///
/// ```swift
/// nonisolated final class Game: ModelBase {
///   var releaseDate: Date?
///   override class var transformers: [String: PropertyTransformer] {
///     ["releaseDate": .date(format: "MM-dd-yyyy")]
///   }
/// }
/// ```
public struct PropertyTransformer: Sendable {
  /// Converts a raw dictionary value; throw to reject it (an issue at the property's path).
  public var decode: @Sendable (Any) throws -> Any {
    get { decodeValue }
    set {
      decodeValue = newValue
      eachElement = nil  // no longer `forEachElement`'s own
    }
  }
  /// Converts the property's value back to a JSON-compatible value, or `nil` to leave it out.
  public var encode: @Sendable (Any) -> Any?

  private var decodeValue: @Sendable (Any) throws -> Any
  /// The element walk of a ``forEachElement(_:)`` transformer, whose ``decode`` it is: in
  /// lenient mode the property keeps the elements that convert (``EachElement``).
  private(set) var eachElement: EachElement?

  /// Creates a transformer from its two directions.
  ///
  /// - Parameters:
  ///   - decode: Raw dictionary value to property value.
  ///   - encode: Property value to JSON-compatible value (`nil` leaves the key out).
  public init(
    decode: @escaping @Sendable (Any) throws -> Any,
    encode: @escaping @Sendable (Any) -> Any?
  ) {
    self.decodeValue = decode
    self.encode = encode
  }

  /// Dates as text in a fixed format, such as `"MM-dd-yyyy"`.
  ///
  /// - Parameters:
  ///   - format: A `DateFormatter` format, read with the POSIX locale.
  ///   - timeZone: The time zone of the text; UTC by default.
  /// - Returns: A transformer for `Date` and `Date?` properties.
  public static func date(
    format: String, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current
  )
    -> PropertyTransformer
  {
    let formatter = LockedDateFormatter(format: format, timeZone: timeZone)
    return PropertyTransformer(
      decode: { raw in
        guard let text = stringValue(raw), let date = formatter.date(from: text) else {
          throw ConversionError(
            expectedType: "Date", reason: "\(describeValue(raw)) is not a date in format \(format)")
        }
        return date
      },
      encode: { value in unwrap(value).flatMap { ($0 as? Date).map(formatter.string) } })
  }

  /// Dates as ISO 8601 text (the conversion table's own rule, named for clarity).
  public static let iso8601 = PropertyTransformer(
    decode: { raw in
      guard let text = stringValue(raw), let date = ISO8601.date(from: text) else {
        throw ConversionError(expectedType: "Date", reason: "\(describeValue(raw)) is not ISO 8601")
      }
      return date
    },
    encode: { value in unwrap(value).flatMap { ($0 as? Date).map(ISO8601.string) } })

  /// Dates as numbers of seconds since 1970.
  public static let secondsSince1970 = PropertyTransformer(
    decode: { raw in
      Date(timeIntervalSince1970: try Double.fromMappedValue(raw, context: MappingContext()))
    },
    encode: { value in unwrap(value).flatMap { ($0 as? Date)?.timeIntervalSince1970 } })

  /// Dates as numbers of milliseconds since 1970.
  public static let millisecondsSince1970 = PropertyTransformer(
    decode: { raw in
      let milliseconds = try Double.fromMappedValue(raw, context: MappingContext())
      return Date(timeIntervalSince1970: milliseconds / 1000)
    },
    encode: { value in
      unwrap(value).flatMap { ($0 as? Date).map { ($0.timeIntervalSince1970 * 1000).rounded() } }
    })
}

extension PropertyTransformer {
  /// A transformer applied to each element of an array, a set or a dictionary's values
  /// (ObjectMapper applies a transform element-wise the same way).
  ///
  /// ```swift
  /// override class var transformers: [String: PropertyTransformer] {
  ///   ["colors": .forEachElement(.hexColor)]   // var colors: [Color]
  /// }
  /// ```
  ///
  /// Each element's issue carries its index or key in the path (`colors[2]`); every element is
  /// visited. One that does not convert rejects the whole value, but in lenient mode, where
  /// the property keeps the elements that convert, in order, as every other collection does
  /// (through nested `forEachElement` transformers too). ``ModelBase/toDictionary()`` encodes
  /// element by element, leaving out the elements `encode` returns `nil` for.
  ///
  /// - Parameter element: The transformer for one element.
  /// - Returns: A transformer for `[T]`, `Set<T>` and `[String: T]` properties (optional or not).
  public static func forEachElement(_ element: PropertyTransformer) -> PropertyTransformer {
    let each = EachElement(element)
    var transformer = PropertyTransformer(
      decode: { raw in
        let (value, issues) = try each.decode(raw, keepingWhatConverts: false)
        guard issues.isEmpty else { throw MappingError(issues: issues, modelType: "elements") }
        return value
      },
      encode: { value in
        guard let value = unwrap(value) else { return nil }
        if let set = value as? any ArrayConvertibleSet {
          return CollectionMapping.sortedForOutput(set.elementArray.compactMap(element.encode))
        }
        if let array = value as? [Any] { return array.compactMap(element.encode) }
        if let dictionary = value as? [String: Any] {
          return dictionary.compactMapValues(element.encode)
        }
        return nil
      })
    transformer.eachElement = each
    return transformer
  }
}

/// The walk of a ``PropertyTransformer/forEachElement(_:)`` transformer over an array's
/// elements or a dictionary's values: each decoded by the element's transformer, each failure
/// an issue at the element's index or key (in key order), below the property's path.
///
/// Outside lenient mode a failure rejects the whole value (the transformer's `decode` throws
/// every issue); in lenient mode the property keeps the elements that convert, in order, each
/// bad one an issue, as every other collection does (``ElementWalk``): the property's accessor
/// asks for that walk, which `decode`, knowing no mode, cannot.
final class EachElement: Sendable {
  let element: PropertyTransformer

  init(_ element: PropertyTransformer) {
    self.element = element
  }

  /// `raw`'s elements decoded, with the issues of those that were not (left out), their
  /// paths relative to `raw`'s own; `keepingWhatConverts` (lenient mode) carries it into the
  /// elements that are `forEachElement` walks too.
  ///
  /// - Throws: A `typeMismatch` ``ConversionError`` when `raw` is neither an array nor a
  ///   dictionary.
  func decode(
    _ raw: Any, keepingWhatConverts: Bool
  ) throws -> (value: Any, issues: [MappingIssue]) {
    var issues: [MappingIssue] = []
    func decoded(_ value: Any, at path: String) -> Any? {
      do {
        if keepingWhatConverts, let inner = element.eachElement {
          let (kept, innerIssues) = try inner.decode(value, keepingWhatConverts: true)
          issues += innerIssues.map { below(path, $0) }
          return kept
        }
        return try element.decode(value)
      } catch let error as MappingError {
        // Issues of a nested element (a `forEachElement` inside this one): each keeps its own
        // path, below this element's.
        issues += error.issues.map { below(path, $0) }
      } catch let error as ConversionError {
        issues.append(
          MappingIssue(
            path: path, kind: error.kind, expectedType: error.expectedType,
            found: describeValue(value), reason: error.reason))
      } catch {
        issues.append(
          MappingIssue(
            path: path, kind: .hookFailed, expectedType: "an element",
            found: describeValue(value), reason: String(describing: error)))
      }
      return nil
    }
    if let array = raw as? [Any] {
      let value = array.enumerated().compactMap { decoded($0.element, at: "[\($0.offset)]") }
      return (value, issues)
    }
    guard let dictionary = raw as? [String: Any] else {
      throw ConversionError.typeMismatch("elements", accepts: "an array or a dictionary")
    }
    var values: [String: Any] = [:]
    for (key, value) in dictionary.sorted(by: { utf8Precedes($0.key, $1.key) }) {
      let path = MappingContext.isPlainKey(key) ? key : "[\"\(key)\"]"
      values[key] = decoded(value, at: path)
    }
    return (values, issues)
  }

  /// `issue` of an element's own value, its path made relative to the collection's.
  private func below(_ path: String, _ issue: MappingIssue) -> MappingIssue {
    var issue = issue
    issue.path = MappingContext.join(path, issue.path)
    return issue
  }
}

private func unwrap(_ value: Any) -> Any? {
  if let optional = value as? any OptionalValue { return optional.wrappedAny }
  return value
}
