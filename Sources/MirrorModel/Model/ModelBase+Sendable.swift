public import Foundation

// What crosses isolation domains, stated for every public type (a compile test pins it).
//
// Models are mutable objects: `ModelBase` is not `Sendable`, so the compiler keeps each model
// in one isolation domain and no two threads write one model. To map off the caller's actor
// and hand the models back, use `decode(json:)`, which returns them as `sending`: a model made
// by one call and referenced nowhere else moves to the caller as a whole; `copy()` is
// `sending` too, for an actor that hands out copies of the models it keeps.
//
// A subclass that is immutable by convention (written once by mapping, then only read) may
// take responsibility with `@unchecked Sendable`, as `NSObject` subclasses do: then
// `Task.detached`, task groups and actors pass it like any `Sendable` value.

@available(*, unavailable, message: "a mapping context belongs to one mapping call")
extension MappingContext: Sendable {}

@available(*, unavailable, message: "an identity map is confined to one actor or queue")
extension IdentityMap: Sendable {}

@available(*, unavailable, message: "the model of a MappingResult is not Sendable")
extension MappingResult: Sendable {}

extension MappableValue where Self: ModelBase {
  /// Maps JSON text into a new model off the caller's actor, and hands the model to the caller.
  ///
  /// A model is not `Sendable`; this is how Swift 6 code maps in the background without
  /// `@unchecked Sendable`. The mapping runs on the global concurrent executor, and the new
  /// model, referenced by nothing else, is returned as `sending`, so the caller (the main
  /// actor, say) owns it from then on.
  ///
  /// ```swift
  /// @MainActor func show(_ data: Data) async throws {
  ///   let hotel = try await Hotel.decode(json: data)
  ///   hotel.name = "Renamed"   // the main actor owns it now
  /// }
  /// ```
  ///
  /// Nested identified models are new instances (no ``IdentityMap`` is involved).
  ///
  /// - Parameters:
  ///   - json: UTF-8 JSON text whose top level is an object.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  /// - Returns: The new model.
  /// - Throws: ``MappingError`` with every issue.
  public static func decode(
    json: Data, mode: MappingMode = .standard
  ) async throws -> sending Self {
    try Self(json: json, mode: mode)
  }

  /// Maps the object at a designated path inside JSON text into a new model off the caller's
  /// actor (see ``ModelBase/init(json:at:mode:userInfo:)`` and ``decode(json:mode:)``).
  ///
  /// ```swift
  /// let hotel = try await Hotel.decode(json: envelope, at: "data.hotel")
  /// ```
  ///
  /// - Parameters:
  ///   - json: UTF-8 JSON text whose top level is an object.
  ///   - path: The key path of the model's object; `nil` for the top level.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  ///   - userInfo: What hooks read from ``ModelBase/mappingUserInfo`` during this call.
  /// - Returns: The new model.
  /// - Throws: ``MappingError`` with every issue, paths starting from the root.
  public static func decode(
    json: Data, at path: String?, mode: MappingMode = .standard,
    userInfo: [String: any Sendable] = [:]
  ) async throws -> sending Self {
    let model = self.init()
    try model.mapJSON(json, at: path, mode: mode, userInfo: userInfo)
    return model
  }
}

extension Array where Element: ModelBase {
  /// Maps JSON text whose top level is an array of objects into new models off the caller's
  /// actor, and hands them to the caller (see ``MappableValue/decode(json:mode:)``).
  ///
  /// - Parameters:
  ///   - json: UTF-8 JSON text whose top level is an array.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  /// - Returns: The new models.
  /// - Throws: ``MappingError`` with every issue, paths starting with the index.
  public static func decode(
    json: Data, mode: MappingMode = .standard
  ) async throws -> sending [Element] {
    try [Element](json: json, mode: mode)
  }

  /// Maps the array at a designated path inside JSON text into new models off the caller's
  /// actor (see ``init(json:at:mode:userInfo:)``).
  ///
  /// - Parameters:
  ///   - json: UTF-8 JSON text.
  ///   - path: The key path of the array; `nil` for a top-level array.
  ///   - mode: How strictly to convert; ``MappingMode/standard`` by default.
  ///   - userInfo: What hooks read from ``ModelBase/mappingUserInfo`` during this call.
  /// - Returns: The new models.
  /// - Throws: ``MappingError`` with every issue, paths starting from the root.
  public static func decode(
    json: Data, at path: String?, mode: MappingMode = .standard,
    userInfo: [String: any Sendable] = [:]
  ) async throws -> sending [Element] {
    try [Element](json: json, at: path, mode: mode, userInfo: userInfo)
  }
}
