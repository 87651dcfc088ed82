import Foundation
import MirrorModel

/// A workload of whole JSON documents only: bytes into a root model and back, MirrorModel
/// against `JSONDecoder` and `JSONEncoder` (the flat Twitter statuses, GeoJSON, the catalog).
struct JSONWorkload<MirroredRoot: ModelBase, CodedRoot: AnyObject & Codable> {
  let name: String
  /// Where the document comes from, for the header.
  let origin: String
  let data: Data
  /// The objects the document holds, times are reported per object.
  let objectCount: Int
  /// The mode MirrorModel maps in (lenient mode gathers and reports every unknown key).
  var mode: MappingMode = .standard
  /// Whether `JSONDecoder` into the model (`init(from:)`) and `JSONEncoder` from it
  /// (`encode(to:)`) are measured too, against the `Codable` classes.
  var measuresCodable = false
  /// Decodes the document into structs of the same fields, when the workload has them: the
  /// baseline the issue sets for `init(from:)` (a struct is not allocated, so it decodes
  /// faster than the `Codable` classes).
  var decodeStructs: ((JSONDecoder, Data) throws -> Any)?
  /// Whether the ratio targets apply (a workload measured for information has none).
  var hasTargets = true

  /// Reads the document both ways and throws unless the models agree field by field (doubles
  /// by their exact text), and unless `toJSON()` writes what decodes back to the same.
  func checkAgreement() throws {
    let mirrored = try MirroredRoot(json: data, mode: mode)
    let coded = try JSONDecoder().decode(CodedRoot.self, from: data)
    let reference = Fingerprint.lines(of: coded, path: name)
    func compare(_ contender: String, _ model: AnyObject) throws {
      if let difference = Fingerprint.firstDifference(
        Fingerprint.lines(of: model, path: name), reference)
      {
        throw CheckFailure(
          description: "\(name): \(contender) disagrees with \(ContenderName.jsonDecoder): "
            + difference)
      }
    }
    try compare(ContenderName.initJSON, mirrored)
    try compare(
      "\(ContenderName.toJSON) read back",
      try JSONDecoder().decode(CodedRoot.self, from: try mirrored.toJSON()))
    try compare(
      "\(ContenderName.toJSONPretty) read back",
      try JSONDecoder().decode(CodedRoot.self, from: try mirrored.toJSON(prettyPrinted: true)))
    try compare(
      ContenderName.serializationMirror,
      try MirroredRoot(dictionary: try Payload.parseRoot(data), mode: mode))
    guard measuresCodable else { return }
    if let decodeStructs { _ = try decodeStructs(JSONDecoder(), data) }
    try compare(
      ContenderName.decoderIntoModel, try JSONDecoder().decode(MirroredRoot.self, from: data))
    try compare(
      "\(ContenderName.encoderFromModel) read back",
      try JSONDecoder().decode(CodedRoot.self, from: try JSONEncoder().encode(mirrored)))
  }

  func comparisons() throws -> [Comparison] {
    let decoder = JSONDecoder()
    let mirrored = try MirroredRoot(json: data, mode: mode)
    let coded = try decoder.decode(CodedRoot.self, from: data)
    var decoding = Comparison(
      workload: name, operation: "JSON Data -> model",
      contenders: [
        Contender(name: ContenderName.jsonDecoder, objectCount: objectCount) {
          Blackhole.consume(try decoder.decode(CodedRoot.self, from: data))
        },
        Contender(name: ContenderName.serializationMirror, objectCount: objectCount) {
          Blackhole.consume(try MirroredRoot(dictionary: try Payload.parseRoot(data), mode: mode))
        },
        Contender(name: ContenderName.initJSON, objectCount: objectCount) {
          Blackhole.consume(try MirroredRoot(json: data, mode: mode))
        },
      ])
    decoding.targets = [
      RatioTarget(
        contender: ContenderName.initJSON, against: ContenderName.jsonDecoder,
        limit: .atMost(0.25))
    ]
    if measuresCodable {
      decoding.contenders.append(
        Contender(name: ContenderName.decoderIntoModel, objectCount: objectCount) {
          Blackhole.consume(try decoder.decode(MirroredRoot.self, from: data))
        })
      decoding.targets.append(
        RatioTarget(
          contender: ContenderName.decoderIntoModel, against: ContenderName.jsonDecoder,
          limit: .atMost(1.5)))
      if let decodeStructs {
        decoding.contenders.append(
          Contender(name: ContenderName.jsonDecoderStruct, objectCount: objectCount) {
            Blackhole.consume(try decodeStructs(decoder, data))
          })
        decoding.targets.append(
          RatioTarget(
            contender: ContenderName.decoderIntoModel, against: ContenderName.jsonDecoderStruct,
            limit: .atMost(1.5)))
      }
    }
    var encoding = writing(coded, mirrored, pretty: false)
    if measuresCodable {
      let encoder = JSONEncoder()
      encoding.contenders.append(
        Contender(name: ContenderName.encoderFromModel, objectCount: objectCount) {
          Blackhole.consume(try encoder.encode(mirrored))
        })
      encoding.targets.append(
        RatioTarget(
          contender: ContenderName.encoderFromModel, against: ContenderName.jsonEncoder,
          limit: .atMost(1.5)))
    }
    let pretty = writing(coded, mirrored, pretty: true)
    // Writing does not depend on the mode: measured once, with the standard workload.
    var all = mode == .standard ? [decoding, encoding, pretty] : [decoding]
    if !hasTargets {
      for index in all.indices { all[index].targets = [] }
    }
    return all
  }

  /// `toJSON()` against `JSONEncoder`, compact or pretty-printed with sorted keys.
  private func writing(_ coded: CodedRoot, _ mirrored: MirroredRoot, pretty: Bool) -> Comparison {
    let encoder = JSONEncoder()
    if pretty { encoder.outputFormatting = [.prettyPrinted, .sortedKeys] }
    let encoderName = pretty ? ContenderName.jsonEncoderPretty : ContenderName.jsonEncoder
    let mirrorName = pretty ? ContenderName.toJSONPretty : ContenderName.toJSON
    var comparison = Comparison(
      workload: name, operation: pretty ? "model -> pretty JSON Data" : "model -> JSON Data",
      contenders: [
        Contender(name: encoderName, objectCount: objectCount) {
          Blackhole.consume(try encoder.encode(coded))
        },
        Contender(name: mirrorName, objectCount: objectCount) {
          Blackhole.consume(try mirrored.toJSON(prettyPrinted: pretty))
        },
      ])
    comparison.targets = [
      RatioTarget(contender: mirrorName, against: encoderName, limit: .atMost(0.25))
    ]
    return comparison
  }
}

enum JSONWorkloads {
  /// A workload of the Twitter payload's statuses, named `name`, mapped in `mode`.
  private static func statuses<Mirrored, Coded>(
    _ name: String, _ twitter: Payload, mode: MappingMode = .standard
  ) -> JSONWorkload<Mirrored, Coded> {
    JSONWorkload(
      name: name, origin: twitter.origin, data: twitter.data,
      objectCount: twitter.objects.count, mode: mode)
  }

  static func flat(_ twitter: Payload) -> JSONWorkload<
    Flat.SearchResponse, Flat.CodedSearchResponse
  > {
    statuses("twitter-flat", twitter)
  }

  /// The key-path status model (entities and user fields lifted through key paths).
  static func keyPaths(_ twitter: Payload) -> JSONWorkload<
    KeyPathed.SearchResponse, KeyPathed.CodedSearchResponse
  > {
    var workload: JSONWorkload<KeyPathed.SearchResponse, KeyPathed.CodedSearchResponse> =
      statuses("twitter-keypaths", twitter)
    workload.measuresCodable = true
    workload.decodeStructs = { decoder, data in
      try decoder.decode(KeyPathed.StructSearchResponse.self, from: data)
    }
    return workload
  }

  /// Statuses reading the user and the entities whole and values inside them through key
  /// paths (``SharedKeys``).
  static func sharedKeys(_ twitter: Payload) -> JSONWorkload<
    SharedKeys.SearchResponse, SharedKeys.CodedSearchResponse
  > {
    statuses("twitter-shared-keys", twitter)
  }

  /// The key-path status model mapped in lenient mode: every key no property reads (most of
  /// a status) is an issue.
  static func lenientKeyPaths(_ twitter: Payload) -> JSONWorkload<
    KeyPathed.SearchResponse, KeyPathed.CodedSearchResponse
  > {
    statuses("twitter-keypaths-lenient", twitter, mode: .lenient)
  }

  /// The key-path status model with a `didMap(from:)` override.
  static func hookedKeyPaths(_ twitter: Payload) -> JSONWorkload<
    KeyPathed.HookedSearchResponse, KeyPathed.CodedSearchResponse
  > {
    statuses("twitter-keypaths-didmap", twitter)
  }

  /// Statuses whose class validates its values, nested models included; `JSONDecoder` into
  /// the model too (a validating class's values are decoded straight, then validated).
  static func validated(_ twitter: Payload) -> JSONWorkload<
    Checked.SearchResponse, Checked.CodedSearchResponse
  > {
    var workload: JSONWorkload<Checked.SearchResponse, Checked.CodedSearchResponse> =
      statuses("twitter-validated", twitter)
    workload.measuresCodable = true
    return workload
  }

  static func geoJSON(quick: Bool) -> JSONWorkload<
    Geo.FeatureCollection, Geo.CodedFeatureCollection
  > {
    let features = quick ? 40 : 400
    return JSONWorkload(
      name: "geojson", origin: "generated: \(features) polygons of 120 points",
      data: Geo.generate(features: features, points: 120), objectCount: features)
  }

  /// Places holding `Codable` structs (a location, opening hours).
  static func places(quick: Bool) -> JSONWorkload<Places.Root, Places.CodedRoot> {
    let places = quick ? 200 : 2_000
    var workload = JSONWorkload<Places.Root, Places.CodedRoot>(
      name: "places", origin: "generated: \(places) places with Codable location and hours",
      data: Places.generate(places: places), objectCount: places)
    // Not one of the rows: measured to follow `Codable` values, with no target;
    // `JSONDecoder` into the model too (the values decoded by the caller's decoder).
    workload.hasTargets = false
    workload.measuresCodable = true
    return workload
  }

  static func catalog(quick: Bool) -> JSONWorkload<Catalog.Root, Catalog.CodedRoot> {
    let products = quick ? 200 : 2_000
    return JSONWorkload(
      name: "catalog", origin: "generated: \(products) products by id, \(products / 20) categories",
      data: Catalog.generate(products: products), objectCount: products)
  }
}
