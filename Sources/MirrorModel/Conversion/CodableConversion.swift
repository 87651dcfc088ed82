import Foundation

/// The conversion of a `Codable` type that is not otherwise mappable (a coordinate struct, an
/// enum with associated values): its own `init(from:)` and `encode(to:)` over the JSON value.
///
/// The type sees exactly what `JSONDecoder` would show it for the same payload: its
/// `init(from:)` runs on a ``TreeDecoder`` over the value, which decodes as `JSONDecoder`
/// decodes the text MirrorModel's own writer makes of it, and where that decoder cannot be
/// as sure (a `Decimal`, a number that rounds away, a failing decode and its error), the
/// value goes through that text and `JSONDecoder` itself. Its `encode(to:)` runs on a
/// ``TreeEncoder``, which makes the tree ``JSONReader`` would read from `JSONEncoder`'s text,
/// with `JSONEncoder` and the reader themselves for what it cannot settle as surely. A
/// decoding error becomes an issue at the failing key's path inside the property
/// (`location.lat`); an encoding error leaves the property out.
enum CodableConversion {
  static func conversion<Value: Codable>(for _: Value.Type) -> ValueConversion {
    ValueConversion(
      decode: { raw, _ in
        if let same = exactly(Value.self, raw) { return same }
        if let decoded = TreeDecoder.decode(Value.self, from: raw) { return decoded }
        return try decode(Value.self, from: raw)
      },
      encode: { value, _ in
        guard let typed = value as? Value else { return nil }
        if let tree = TreeEncoder.encode(typed) { return tree }
        guard let data = try? JSONEncoder().encode(typed),
          let json = try? JSONReader.parse(data)
        else { return nil }
        return json
      },
      selfCoded: ValueConversion.SelfCoded(type: Value.self, optional: false))
  }

  private static func decode<Value: Decodable>(_: Value.Type, from raw: Any) throws -> Value {
    let data: Data
    do {
      data = try JSONWriter.data(from: raw)
    } catch {
      throw ConversionError(
        kind: .typeMismatch, expectedType: typeName(Value.self),
        reason: "\(describeValue(raw)) is not a JSON value (\(error))")
    }
    do {
      return try JSONDecoder().decode(Value.self, from: data)
    } catch let error as DecodingError {
      throw issue(for: error, type: Value.self, raw: raw)
    }
  }

  /// A ``MappingError`` whose one issue sits at the failing key's path inside the value.
  private static func issue(
    for error: DecodingError, type: Any.Type, raw: Any
  ) -> MappingError {
    let context: DecodingError.Context
    let kind: MappingIssue.Kind
    switch error {
    case .typeMismatch(_, let value): (context, kind) = (value, .typeMismatch)
    case .valueNotFound(_, let value): (context, kind) = (value, .missingValue)
    case .keyNotFound(let key, let value):
      (context, kind) = (
        DecodingError.Context(
          codingPath: value.codingPath + [key], debugDescription: value.debugDescription),
        .missingValue
      )
    case .dataCorrupted(let value): (context, kind) = (value, .invalidValue)
    @unknown default:
      return MappingError(
        issues: [
          MappingIssue(
            path: "", kind: .invalidValue, expectedType: typeName(type),
            found: describeValue(raw), reason: String(describing: error))
        ], modelType: typeName(type))
    }
    var path = ""
    for key in context.codingPath {
      if let index = key.intValue {
        path += "[\(index)]"
      } else {
        path += path.isEmpty ? key.stringValue : "." + key.stringValue
      }
    }
    return MappingError(
      issues: [
        MappingIssue(
          path: path, kind: kind, expectedType: typeName(type),
          found: path.isEmpty ? describeValue(raw) : "a value at \(path)",
          reason: "\(typeName(type)).init(from:) failed: \(context.debugDescription)")
      ], modelType: typeName(type))
  }
}
