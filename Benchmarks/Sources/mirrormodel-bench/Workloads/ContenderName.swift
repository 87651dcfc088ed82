/// The contenders' names as printed in the table; targets refer to contenders by these.
enum ContenderName {
  // dict -> model
  static let idiomatic = "idiomatic (as? T)"
  static let tuned = "tuned (as? NSNumber, objCType)"
  static let mirrorModel = "MirrorModel init(dictionary:)"
  // dict -> model, into models already there
  static let update = "MirrorModel update(with:)"
  static let updateLenient = "MirrorModel update(with:), lenient"
  // model -> dict
  static let handToDictionary = "hand-written toDictionary()"
  static let mirrorToDictionary = "MirrorModel toDictionary()"
  // JSON Data -> model
  static let jsonDecoder = "JSONDecoder, Codable"
  static let serializationMirror = "JSONSerialization + init(dictionary:)"
  static let serializationIdiomatic = "JSONSerialization + idiomatic"
  static let serializationHandWritten = "JSONSerialization + hand-written"
  // model -> JSON Data
  static let jsonEncoder = "JSONEncoder, Codable"
  static let serializationToDictionary = "toDictionary() + JSONSerialization"
  static let serializationHand = "hand toDictionary() + JSONSerialization"
  static let initJSON = "MirrorModel init(json:)"
  // JSON Data -> model through Codable
  static let decoderIntoModel = "JSONDecoder, MirrorModel init(from:)"
  static let jsonDecoderStruct = "JSONDecoder, struct"
  static let encoderFromModel = "JSONEncoder, MirrorModel encode(to:)"
  static let toJSON = "MirrorModel toJSON()"
  // model -> pretty JSON Data, sorted keys
  static let jsonEncoderPretty = "JSONEncoder, Codable, pretty + sorted"
  static let toJSONPretty = "MirrorModel toJSON(prettyPrinted:)"
}
