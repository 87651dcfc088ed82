import Foundation
import MirrorModel

/// One workload's payload and the four flavours of its model, from which its comparisons are built.
///
/// `Root` types are what a whole JSON document maps to (for Twitter the search response, for the
/// GitHub user the user itself); the per-object contenders map `payload.objects` one by one.
struct WorkloadModels<
  MirroredModel: ModelBase, MirroredRoot: ModelBase, IdiomaticModel: AnyObject,
  TunedModel: AnyObject, CodedModel: AnyObject & Codable, CodedRoot: Decodable
> {
  let name: String
  let payload: Payload
  let idiomatic: ([String: Any]) -> IdiomaticModel
  let idiomaticRoot: ([String: Any]) -> AnyObject
  let tuned: ([String: Any]) -> TunedModel
  let handWrittenDictionary: (IdiomaticModel) -> [String: Any]
  let mirroredObjects: (MirroredRoot) -> [MirroredModel]
  let codedObjects: (CodedRoot) -> [CodedModel]
  /// Whether this workload carries the JSON targets (the Twitter one does; the dictionary
  /// targets apply to every workload).
  let hasTargets: Bool
  /// Decodes the document into the structs of the same fields (``Structs``) and returns its
  /// objects: the baseline the issue sets for `init(from:)`.
  var decodeStructs: ((JSONDecoder, Data) throws -> [Any])? = nil

  /// Every comparison of this workload, in table order.
  func comparisons() throws -> [Comparison] {
    [
      dictionaryToModel(), try dictionaryIntoModel(), try modelToDictionary(), dataToModel(),
      decoderToModel(), try modelToData(), try modelToPrettyData(),
    ]
  }

  func dictionaryToModel() -> Comparison {
    let objects = payload.objects
    let count = objects.count
    var comparison = Comparison(
      workload: name, operation: "dict -> model",
      contenders: [
        Contender(name: ContenderName.idiomatic, objectCount: count) {
          Blackhole.consume(objects.map(idiomatic))
        },
        Contender(name: ContenderName.tuned, objectCount: count) {
          Blackhole.consume(objects.map(tuned))
        },
        Contender(name: ContenderName.mirrorModel, objectCount: count) {
          Blackhole.consume(try objects.map { try MirroredModel(dictionary: $0) })
        },
      ])
    comparison.targets = [
      RatioTarget(
        contender: ContenderName.mirrorModel, against: ContenderName.tuned, limit: .atMost(1.25))
    ]
    return comparison
  }

  /// Models already there updated with their dictionaries (a timeline refreshed), in standard
  /// and lenient mode, against mapping new ones: an update runs on the same engine, at the
  /// same speed (it may throw, so what it writes is noted to be put back).
  func dictionaryIntoModel() throws -> Comparison {
    let objects = payload.objects
    let count = objects.count
    let models = try objects.map { try MirroredModel(dictionary: $0) }
    let lenientModels = try objects.map { try MirroredModel(dictionary: $0) }
    var comparison = Comparison(
      workload: name, operation: "dict -> model (update)",
      contenders: [
        Contender(name: ContenderName.mirrorModel, objectCount: count) {
          Blackhole.consume(try objects.map { try MirroredModel(dictionary: $0) })
        },
        Contender(name: ContenderName.update, objectCount: count) {
          for (model, object) in zip(models, objects) { try model.update(with: object) }
          Blackhole.consume(models)
        },
        Contender(name: ContenderName.updateLenient, objectCount: count) {
          for (model, object) in zip(lenientModels, objects) {
            try model.update(with: object, mode: .lenient)
          }
          Blackhole.consume(lenientModels)
        },
      ])
    comparison.targets = [ContenderName.update, ContenderName.updateLenient].map {
      RatioTarget(contender: $0, against: ContenderName.mirrorModel, limit: .atMost(1.25))
    }
    return comparison
  }

  func modelToDictionary() throws -> Comparison {
    let plain = payload.objects.map(idiomatic)
    let mirrored = try payload.objects.map { try MirroredModel(dictionary: $0) }
    var comparison = Comparison(
      workload: name, operation: "model -> dict",
      contenders: [
        Contender(name: ContenderName.handToDictionary, objectCount: plain.count) {
          Blackhole.consume(plain.map(handWrittenDictionary))
        },
        Contender(name: ContenderName.mirrorToDictionary, objectCount: mirrored.count) {
          Blackhole.consume(mirrored.map { $0.toDictionary() })
        },
      ])
    comparison.targets = [
      RatioTarget(
        contender: ContenderName.mirrorToDictionary, against: ContenderName.handToDictionary,
        limit: .atMost(1.25))
    ]
    return comparison
  }

  /// Whole documents: bytes in, root model out, time divided by the objects in the document.
  func dataToModel() -> Comparison {
    let data = payload.data
    let count = payload.objects.count
    let decoder = JSONDecoder()
    var comparison = Comparison(
      workload: name, operation: "JSON Data -> model",
      contenders: [
        Contender(name: ContenderName.jsonDecoder, objectCount: count) {
          Blackhole.consume(try decoder.decode(CodedRoot.self, from: data))
        },
        Contender(name: ContenderName.serializationMirror, objectCount: count) {
          Blackhole.consume(try MirroredRoot(dictionary: try Payload.parseRoot(data)))
        },
        Contender(name: ContenderName.serializationIdiomatic, objectCount: count) {
          Blackhole.consume(idiomaticRoot(try Payload.parseRoot(data)))
        },
        Contender(name: ContenderName.initJSON, objectCount: count) {
          Blackhole.consume(try MirroredRoot(json: data))
        },
      ])
    if hasTargets {
      comparison.targets = [
        RatioTarget(
          contender: ContenderName.initJSON, against: ContenderName.jsonDecoder,
          limit: .atMost(0.25))
      ]
    }
    return comparison
  }

  /// Whole documents through `JSONDecoder`: the model classes' `init(from:)` against the
  /// `Codable` classes with the same fields, and against structs of the same fields (the
  /// issue's baseline: a struct is not allocated).
  func decoderToModel() -> Comparison {
    let data = payload.data
    let count = payload.objects.count
    let decoder = JSONDecoder()
    var comparison = Comparison(
      workload: name, operation: "JSONDecoder -> model",
      contenders: [
        Contender(name: ContenderName.jsonDecoder, objectCount: count) {
          Blackhole.consume(try decoder.decode(CodedRoot.self, from: data))
        },
        Contender(name: ContenderName.decoderIntoModel, objectCount: count) {
          Blackhole.consume(try decoder.decode(MirroredRoot.self, from: data))
        },
      ])
    comparison.targets = [
      RatioTarget(
        contender: ContenderName.decoderIntoModel, against: ContenderName.jsonDecoder,
        limit: .atMost(1.5))
    ]
    if let decodeStructs {
      comparison.contenders.append(
        Contender(name: ContenderName.jsonDecoderStruct, objectCount: count) {
          Blackhole.consume(try decodeStructs(decoder, data))
        })
      comparison.targets.append(
        RatioTarget(
          contender: ContenderName.decoderIntoModel, against: ContenderName.jsonDecoderStruct,
          limit: .atMost(1.5)))
    }
    return comparison
  }

  /// Each object encoded as its own JSON document, as when uploading one model.
  func modelToData() throws -> Comparison {
    let coded = codedObjects(try JSONDecoder().decode(CodedRoot.self, from: payload.data))
    let mirrored = try payload.objects.map { try MirroredModel(dictionary: $0) }
    let plain = payload.objects.map(idiomatic)
    let encoder = JSONEncoder()
    var comparison = Comparison(
      workload: name, operation: "model -> JSON Data",
      contenders: [
        Contender(name: ContenderName.jsonEncoder, objectCount: coded.count) {
          Blackhole.consume(try coded.map { try encoder.encode($0) })
        },
        Contender(name: ContenderName.serializationToDictionary, objectCount: mirrored.count) {
          Blackhole.consume(
            try mirrored.map { try JSONSerialization.data(withJSONObject: $0.toDictionary()) })
        },
        Contender(name: ContenderName.serializationHand, objectCount: plain.count) {
          Blackhole.consume(
            try plain.map { try JSONSerialization.data(withJSONObject: handWrittenDictionary($0)) })
        },
        Contender(name: ContenderName.toJSON, objectCount: mirrored.count) {
          Blackhole.consume(try mirrored.map { try $0.toJSON() })
        },
        Contender(name: ContenderName.encoderFromModel, objectCount: mirrored.count) {
          Blackhole.consume(try mirrored.map { try encoder.encode($0) })
        },
      ])
    // The model through `JSONEncoder` against the `Codable` classes with the same fields, as
    // `init(from:)` is measured against them.
    comparison.targets = [
      RatioTarget(
        contender: ContenderName.encoderFromModel, against: ContenderName.jsonEncoder,
        limit: .atMost(1.5))
    ]
    if hasTargets {
      comparison.targets.append(
        RatioTarget(
          contender: ContenderName.toJSON, against: ContenderName.jsonEncoder,
          limit: .atMost(0.25)))
    }
    return comparison
  }

  /// `toJSON(prettyPrinted: true)` against `JSONEncoder` with `.prettyPrinted, .sortedKeys`
  /// (what `toJSON(prettyPrinted:)` writes: indented, keys sorted), object by object.
  func modelToPrettyData() throws -> Comparison {
    let coded = codedObjects(try JSONDecoder().decode(CodedRoot.self, from: payload.data))
    let mirrored = try payload.objects.map { try MirroredModel(dictionary: $0) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    var comparison = Comparison(
      workload: name, operation: "model -> pretty JSON Data",
      contenders: [
        Contender(name: ContenderName.jsonEncoderPretty, objectCount: coded.count) {
          Blackhole.consume(try coded.map { try encoder.encode($0) })
        },
        Contender(name: ContenderName.toJSONPretty, objectCount: mirrored.count) {
          Blackhole.consume(try mirrored.map { try $0.toJSON(prettyPrinted: true) })
        },
      ])
    if hasTargets {
      comparison.targets = [
        RatioTarget(
          contender: ContenderName.toJSONPretty, against: ContenderName.jsonEncoderPretty,
          limit: .atMost(0.25))
      ]
    }
    return comparison
  }
}
