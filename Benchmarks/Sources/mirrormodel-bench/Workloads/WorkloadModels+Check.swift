import Foundation
import MirrorModel

/// A contender that produced a different model than the baseline for the same input.
struct CheckFailure: Error, CustomStringConvertible {
  let description: String
}

extension WorkloadModels {
  /// Maps the whole payload with every contender and throws unless all of them agree.
  ///
  /// Models are compared field by field (every field, through `Mirror`) against the idiomatic
  /// baseline; MirrorModel's `toDictionary()` is compared with the hand-written one on key sets
  /// and then on values (as sorted-key JSON). A contender that maps nothing, or the wrong key,
  /// fails here rather than looking fast in the table.
  func checkAgreement() throws {
    let objects = payload.objects
    let plain = objects.map(idiomatic)
    let reference = plain.enumerated().map { index, model in
      Fingerprint.lines(of: model, path: "\(name)[\(index)]")
    }
    func compare(_ contender: String, _ models: [AnyObject]) throws {
      guard models.count == reference.count else {
        throw CheckFailure(
          description: "\(name): \(contender) made \(models.count) models, expected "
            + "\(reference.count)")
      }
      for (index, model) in models.enumerated() {
        let lines = Fingerprint.lines(of: model, path: "\(name)[\(index)]")
        if let difference = Fingerprint.firstDifference(lines, reference[index]) {
          throw CheckFailure(
            description: "\(name): \(contender) disagrees with \(ContenderName.idiomatic): "
              + difference)
        }
      }
    }
    let mirrored = try objects.map { try MirroredModel(dictionary: $0) }
    try compare(ContenderName.tuned, objects.map(tuned))
    try compare(ContenderName.mirrorModel, mirrored)
    // Updated with their own dictionaries (as the update rows time them), in both modes.
    let updated = try objects.map { try MirroredModel(dictionary: $0) }
    for (model, object) in zip(updated, objects) {
      try model.update(with: object)
      try model.update(with: object, mode: .lenient)
    }
    try compare(ContenderName.update, updated)
    try compare(
      ContenderName.jsonDecoder,
      codedObjects(try JSONDecoder().decode(CodedRoot.self, from: payload.data)))
    try compare(
      ContenderName.serializationMirror,
      mirroredObjects(try MirroredRoot(dictionary: try Payload.parseRoot(payload.data))))
    try compare(
      ContenderName.decoderIntoModel,
      mirroredObjects(try JSONDecoder().decode(MirroredRoot.self, from: payload.data)))
    // The structs (a baseline of time only) decode the whole document, every object.
    if let decodeStructs {
      let count = try decodeStructs(JSONDecoder(), payload.data).count
      guard count == objects.count else {
        throw CheckFailure(
          description: "\(name): \(ContenderName.jsonDecoderStruct) made \(count) objects, "
            + "expected \(objects.count)")
      }
    }
    // The pretty text (timed against `JSONEncoder`'s) reads back as the same models.
    try compare(
      ContenderName.toJSONPretty,
      try mirrored.map { try MirroredModel(json: try $0.toJSON(prettyPrinted: true)) })
    for (index, (hand, model)) in zip(plain, mirrored).enumerated() {
      try compareDictionaries(
        handWrittenDictionary(hand), model.toDictionary(), path: "\(name)[\(index)]")
    }
  }

  private func compareDictionaries(
    _ hand: [String: Any], _ mirrored: [String: Any], path: String
  ) throws {
    let handKeys = Fingerprint.keyPaths(of: hand)
    let mirroredKeys = Fingerprint.keyPaths(of: mirrored)
    if handKeys != mirroredKeys {
      let missing = handKeys.subtracting(mirroredKeys).sorted().prefix(5)
      let extra = mirroredKeys.subtracting(handKeys).sorted().prefix(5)
      throw CheckFailure(
        description: "\(path): \(ContenderName.mirrorToDictionary) key set differs from "
          + "\(ContenderName.handToDictionary); missing \(Array(missing)), extra \(Array(extra))")
    }
    let handJSON = try Fingerprint.canonicalJSON(hand)
    let mirroredJSON = try Fingerprint.canonicalJSON(mirrored)
    if handJSON != mirroredJSON {
      let prefix = zip(handJSON, mirroredJSON).prefix { $0 == $1 }.count
      let start = handJSON.index(handJSON.startIndex, offsetBy: max(0, prefix - 60))
      throw CheckFailure(
        description: "\(path): \(ContenderName.mirrorToDictionary) values differ from "
          + "\(ContenderName.handToDictionary) after ...\(handJSON[start...].prefix(120))")
    }
  }
}
