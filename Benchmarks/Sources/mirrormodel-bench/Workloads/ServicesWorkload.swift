import Foundation
import MirrorModel

/// `==`, `hash(into:)` and `copy()` on a timeline of flat statuses: ModelBase's, driven by the
/// schema, against the hand-written ones of a plain class with the same fields.
struct ServicesWorkload {
  let models: [Flat.Status]
  let twins: [Flat.Status]
  let plain: [Flat.CodedStatus]
  let plainTwins: [Flat.CodedStatus]

  init(_ twitter: Payload) throws {
    models = try Flat.SearchResponse(json: twitter.data).statuses
    twins = try Flat.SearchResponse(json: twitter.data).statuses
    plain = try JSONDecoder().decode(Flat.CodedSearchResponse.self, from: twitter.data).statuses
    plainTwins = try JSONDecoder().decode(Flat.CodedSearchResponse.self, from: twitter.data)
      .statuses
  }

  /// Throws unless both ways find the twins equal, with equal hashes, and the copies equal.
  func checkAgreement() throws {
    guard zip(models, twins).allSatisfy({ $0 == $1 && $0.hashValue == $1.hashValue }),
      zip(plain, plainTwins).allSatisfy({ $0 == $1 && $0.hashValue == $1.hashValue }),
      zip(models, models.map { $0.copy() }).allSatisfy({ $0 == $1 && $0 !== $1 }),
      zip(plain, plain.map { $0.copy() }).allSatisfy({ $0 == $1 && $0 !== $1 })
    else {
      throw CheckFailure(description: "services: equal statuses compare, hash or copy unequal")
    }
  }

  func comparisons() -> [Comparison] {
    let count = models.count
    func comparison(
      _ operation: String, hand: @escaping () -> Void, mirrored: @escaping () -> Void
    ) -> Comparison {
      var comparison = Comparison(
        workload: "twitter-flat", operation: operation,
        contenders: [
          Contender(name: "hand-written", objectCount: count, body: hand),
          Contender(name: "MirrorModel", objectCount: count, body: mirrored),
        ])
      comparison.targets = [
        RatioTarget(contender: "MirrorModel", against: "hand-written", limit: .atMost(2))
      ]
      return comparison
    }
    return [
      comparison(
        "==", hand: { Blackhole.consume(zip(plain, plainTwins).map { $0 == $1 }) },
        mirrored: { Blackhole.consume(zip(models, twins).map { $0 == $1 }) }),
      comparison(
        "hash(into:)", hand: { Blackhole.consume(plain.map(\.hashValue)) },
        mirrored: { Blackhole.consume(models.map(\.hashValue)) }),
      comparison(
        "copy()", hand: { Blackhole.consume(plain.map { $0.copy() }) },
        mirrored: { Blackhole.consume(models.map { $0.copy() }) }),
    ]
  }
}
