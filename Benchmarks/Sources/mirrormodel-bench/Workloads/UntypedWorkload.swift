import Foundation
import MirrorModel

/// Twitter statuses whose nested objects are untyped properties (``Untyped/Status``).
///
/// JSON text into the models and back, against `JSONSerialization` with hand-written mapping,
/// the only other way to hold such values (`Codable` cannot). Measured for information: the
/// issue sets no target for it.
struct UntypedWorkload {
  let data: Data
  let models: [Untyped.Status]
  let handModels: [Untyped.HandStatus]

  init(_ twitter: Payload) throws {
    data = twitter.data
    models = try Untyped.SearchResponse(json: twitter.data).statuses
    handModels = twitter.objects.map(Untyped.HandStatus.init)
  }

  /// Each status's dictionary as `JSONSerialization` writes it with sorted keys.
  private static func text(_ dictionary: [String: Any]) throws -> Data {
    try JSONSerialization.data(withJSONObject: dictionary, options: [.sortedKeys])
  }

  /// Throws unless both ways give every status the same dictionary, read from text and from
  /// JSON text written by `toJSON()`.
  func checkAgreement() throws {
    let readBack = try Untyped.SearchResponse(json: Untyped.SearchResponse.json(models)).statuses
    guard models.count == handModels.count, readBack.count == models.count else {
      throw CheckFailure(description: "twitter-untyped: the status counts differ")
    }
    for (index, hand) in handModels.enumerated() {
      let expected = try Self.text(hand.toDictionary())
      guard try Self.text(models[index].toDictionary()) == expected,
        try Self.text(readBack[index].toDictionary()) == expected
      else {
        throw CheckFailure(
          description: "twitter-untyped: status \(index) differs from the hand-written mapping")
      }
    }
  }

  func comparisons() throws -> [Comparison] {
    let count = models.count
    let root = try Untyped.SearchResponse(json: data)
    return [
      Comparison(
        workload: "twitter-untyped", operation: "JSON Data -> model",
        contenders: [
          Contender(name: ContenderName.serializationHandWritten, objectCount: count) {
            let statuses = try Payload.parseRoot(data)["statuses"] as? [[String: Any]] ?? []
            Blackhole.consume(statuses.map(Untyped.HandStatus.init))
          },
          Contender(name: ContenderName.initJSON, objectCount: count) {
            Blackhole.consume(try Untyped.SearchResponse(json: data))
          },
        ]),
      Comparison(
        workload: "twitter-untyped", operation: "model -> dict",
        contenders: [
          Contender(name: ContenderName.handToDictionary, objectCount: count) {
            Blackhole.consume(handModels.map { $0.toDictionary() })
          },
          Contender(name: ContenderName.mirrorToDictionary, objectCount: count) {
            Blackhole.consume(models.map { $0.toDictionary() })
          },
        ]),
      Comparison(
        workload: "twitter-untyped", operation: "model -> JSON Data",
        contenders: [
          Contender(name: ContenderName.serializationHand, objectCount: count) {
            let statuses = handModels.map { $0.toDictionary() }
            Blackhole.consume(
              try JSONSerialization.data(withJSONObject: ["statuses": statuses]))
          },
          Contender(name: ContenderName.toJSON, objectCount: count) {
            Blackhole.consume(try root.toJSON())
          },
        ]),
    ]
  }
}

extension Untyped.SearchResponse {
  /// The JSON text of a response holding `statuses`.
  static func json(_ statuses: [Untyped.Status]) throws -> Data {
    let response = Untyped.SearchResponse()
    response.statuses = statuses
    return try response.toJSON()
  }
}
