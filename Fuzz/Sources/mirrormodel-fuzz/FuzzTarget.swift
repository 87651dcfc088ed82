import Foundation
import MirrorModel

/// One fuzz input: arbitrary bytes through MirrorModel's JSON reader and through
/// `JSONSerialization` into ``FuzzRoot``, then every invariant on every model that maps.
///
/// A violated invariant is a `fatalError` naming it, with the input and the values involved;
/// libFuzzer reports it as a crash and saves the input.
enum FuzzTarget {
  /// The input being run, for failure messages.
  nonisolated(unsafe) private static var input = Data()
  /// Every root made while running the input; their node cycles are broken at the end.
  nonisolated(unsafe) private static var made: [FuzzRoot] = []
  /// Nodes that may leave the graph of their root (`update(with:)` replaces arrays).
  nonisolated(unsafe) private static var detached: [FuzzNode] = []

  static func run(_ data: Data) {
    input = data
    defer {
      input = Data()  // LeakSanitizer cannot see a Data buffer through a global at exit
      made.forEach(FuzzGraph.unlink)
      made.removeAll(keepingCapacity: true)
      for node in detached { node.parent = nil }
      detached.removeAll(keepingCapacity: true)
    }
    guard isUTF8Form(data) else {
      // UTF-16 or UTF-32 text (or bytes laid out as it is): read as itself, every invariant
      // of the models it gives. The comparisons with other readers judge UTF-8 bytes; they
      // run on UTF-8 inputs, whose other forms checkEncodingForms compares with them.
      mapJSON(data, serialized: nil)
      return
    }
    checkEncodingForms(data)
    DirectReading.check(data, fail: fail)
    // On one input in two (chosen by the input, so a rerun repeats it): updates put back when
    // they throw against the dry run's.
    if data.reduce(0, { $0 &+ Int($1) }) % 2 == 0 { UpdateJournaling.check(data, fail: fail) }
    let serialized = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    // JSONSerialization (swift-corelibs-foundation) drops U+FEFF inside strings, so its tree
    // is not the one MirrorModel read when the text has one.
    let sameTree = !containsByteOrderMark(data)
    let viaJSON = mapJSON(data, serialized: sameTree ? serialized : nil)
    // The documented promise: every source gives the model and the issue paths JSON text gives.
    // One table, each source with what makes it comparable on this input.
    for source in sources(of: data, serialized: serialized, sameTree: sameTree, viaJSON: viaJSON) {
      guard let result = source.read() else { continue }
      if source.isCompared { compare(viaJSON, result, source.name) }
    }
  }

  /// A source MirrorModel reads besides JSON text, and whether its result is comparable with
  /// `init(json:)`'s on the input at hand.
  private struct Source {
    let name: String
    let isCompared: Bool
    /// Reads the input; `nil` when the source rejects it by rules of its own (not MirrorModel's).
    let read: () -> Result<FuzzRoot, MappingError>?
  }

  /// Every source of the input: `init(dictionary:)` on `JSONSerialization`'s result (past 38
  /// digits `JSONSerialization` keeps only a literal's first ones, as `NSDecimalNumber`, where
  /// `init(json:)` gives `Double` properties the whole literal's rounding; it drops U+FEFF
  /// inside strings), and `JSONDecoder` into the model (`init(from:)`: it keeps a repeated key's
  /// first value where a dictionary keeps the last, and cannot tell some numbers' kinds as the
  /// text does).
  private static func sources(
    of data: Data, serialized: Any?, sameTree: Bool, viaJSON: Result<FuzzRoot, MappingError>
  ) -> [Source] {
    var sources: [Source] = []
    if let dictionary = serialized as? [String: Any] {
      sources.append(
        Source(
          name: "FuzzRoot(dictionary: JSONSerialization.jsonObject)",
          isCompared: sameTree && !containsLongNumber(data) && !hasLiteralReadExactlyFromText(data),
          read: { mapDictionary(dictionary) }))
    }
    if case .failure(let error) = viaJSON, isRootFailure(error) { return sources }
    sources.append(
      Source(
        name: "JSONDecoder().decode(FuzzRoot.self, from:)",
        isCompared: !DuplicateKeys.present(in: data) && !decoderMaySeeOtherNumbers(data),
        read: {
          do {
            let model = try JSONDecoder().decode(FuzzRoot.self, from: data)
            made.append(model)
            return .success(model)
          } catch let error as MappingError {
            return .failure(error)
          } catch {
            return nil  // a DecodingError: JSONDecoder's own syntax rules, not MirrorModel's
          }
        }))
    return sources
  }

  /// Checks that another way of reading the input agrees with `init(json:)`.
  private static func compare(
    _ viaJSON: Result<FuzzRoot, MappingError>, _ other: Result<FuzzRoot, MappingError>,
    _ call: String
  ) {
    switch (viaJSON, other) {
    case (.success(let model), .success(let otherModel)):
      expectEqual(otherModel, model, "\(call), compared with FuzzRoot(json:),")
    case (.success(let model), .failure(let error)):
      fail("\(call) threw where FuzzRoot(json:) succeeded") {
        "\(error)\nFuzzRoot(json:): \(model.toDictionary())"
      }
    case (.failure(let error), .success(_)) where isRootFailure(error):
      break  // JSONSerialization accepts more than RFC 8259 (a trailing comma, say)
    case (.failure(let error), .success(let otherModel)):
      fail("FuzzRoot(json:) threw where \(call) succeeded") {
        "\(error)\n\(call): \(otherModel.toDictionary())"
      }
    case (.failure(let error), .failure(let otherError)):
      expect(
        isRootFailure(error) || issuePaths(error.issues) == issuePaths(otherError.issues),
        "FuzzRoot(json:) and \(call) found issues at different paths"
      ) { "FuzzRoot(json:): \(error)\n\(call): \(otherError)" }
    }
  }

  /// Whether the text may hold U+FEFF: its UTF-8 bytes, or (conservatively, for UTF-16 and
  /// UTF-32 text, which `init(json:)` reads transcoded) the bytes `FF FE` or `FE FF` anywhere.
  static func containsByteOrderMark(_ data: Data) -> Bool {
    let bytes = [UInt8](data)
    return bytes.indices.dropLast().contains { index in
      (bytes[index] == 0xFF && bytes[index + 1] == 0xFE)
        || (bytes[index] == 0xFE && bytes[index + 1] == 0xFF)
        || (index + 2 < bytes.count && bytes[index] == 0xEF && bytes[index + 1] == 0xBB
          && bytes[index + 2] == 0xBF)
    }
  }

  /// Whether the text may have a literal with an exponent that `init(json:)` reads exactly.
  ///
  /// An integer of 2^53 or more (`720368547758E7`) is that integer to `init(json:)`, as to
  /// `JSONDecoder`, and a number that is no integer but whose nearest `Double` is
  /// (`10000000000000001e-16`) an exact decimal, which integer properties refuse; in both
  /// `JSONSerialization` gives the nearest `Double`. Conservative: a run of number characters
  /// with 17 digits or more before its `e` or `E`, or as many as the exponent lacks to reach 16.
  static func hasLiteralReadExactlyFromText(_ data: Data) -> Bool {
    var digits = 0
    var index = data.startIndex
    while index < data.endIndex {
      let byte = data[index]
      index += 1
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        digits += 1
        continue
      }
      if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") { continue }
      guard (byte | 0x20) == UInt8(ascii: "e") else {
        digits = 0
        continue
      }
      var negative = false
      if index < data.endIndex
        && (data[index] == UInt8(ascii: "-") || data[index] == UInt8(ascii: "+"))
      {
        negative = data[index] == UInt8(ascii: "-")
        index += 1
      }
      var exponent = 0
      while index < data.endIndex && data[index] >= UInt8(ascii: "0")
        && data[index] <= UInt8(ascii: "9")
      {
        exponent = min(exponent * 10 + Int(data[index] - UInt8(ascii: "0")), 1_000)
        index += 1
      }
      if digits >= 17 || digits + (negative ? -exponent : exponent) >= 16 { return true }
      digits = 0
    }
    return false
  }

  /// Whether the text has a run of more than 38 digits (a number literal, or anything else:
  /// a cheap and conservative test).
  static func containsLongNumber(_ data: Data) -> Bool {
    var run = 0
    for byte in data {
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        run += 1
        if run > 38 { return true }
      } else if byte != UInt8(ascii: ".") {
        run = 0
      }
    }
    return false
  }

  /// Whether the text holds a number whose kind a `Decoder` cannot tell as `init(json:)` does.
  ///
  /// `JSONSerialization`, and `init(json:)` after it, choose `NSDecimalNumber` or `Double` by
  /// how a literal is written: an integer too large for `UInt64` is a decimal, a mantissa of
  /// 18 characters or more with an exponent or fraction too. A `Decoder` hands over only the
  /// `Decimal` value, the same for `1e20` and `100000000000000000000`, or for
  /// `92233720368547758e7` and `922337203685477580000000`, or a fraction of 18 characters
  /// or more with fewer significant digits: `900719925474099.30` is a decimal to
  /// `init(json:)` (and what `toJSON()` writes for one no `Double` holds) and the `Double`
  /// `900719925474099.25` through a decoder, which takes 16 digits for a `Double`'s. The
  /// documented limit of the `Decoder` source; `Double` and integer properties get the same
  /// values either way. (Conservative: from 16 digits, for a minus sign before them.)
  static func decoderMaySeeOtherNumbers(_ data: Data) -> Bool {
    var digits = 0
    var fraction = false
    for byte in data {
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        digits += 1
        continue
      }
      if (byte | 0x20) == UInt8(ascii: "e") && digits >= 17 { return true }
      if byte == UInt8(ascii: ".") {
        fraction = true
        continue
      }
      // An integer of 20 digits or more: beyond UInt64, or about to be.
      if !fraction && digits >= 20 { return true }
      if fraction && digits >= 16 { return true }
      digits = 0
      fraction = false
    }
    return (!fraction && digits >= 20) || (fraction && digits >= 16) || hasCutShortLiteral(data)
      || hasLongNonIntegerLiteral(data)
  }

  /// Whether the text has a number literal of 18 characters or more with a fraction or an
  /// exponent.
  ///
  /// `init(json:)` reads `9223372036854775E87` as a decimal by its length, which a decoder
  /// cannot see (it hands over the `Decimal` of 16 digits, read as a `Double`). Conservative:
  /// any run of number characters counts, inside a string too.
  static func hasLongNonIntegerLiteral(_ data: Data) -> Bool {
    var length = 0
    var nonInteger = false
    for byte in data {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"):
        length += 1
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
        length += 1
        nonInteger = true
      default:
        if nonInteger && length >= 18 { return true }
        length = 0
        nonInteger = false
      }
    }
    return nonInteger && length >= 18
  }

  /// Whether the text has a literal of more than 38 significant digits whose first 38, their
  /// trailing zeros dropped, are fewer than 17: the `Decimal` a decoder hands over
  /// (`9111111111111111e59` for `911…1100…001857….00…01`) is then a number that
  /// `JSONSerialization` would give as a `Double` had it been written so.
  static func hasCutShortLiteral(_ data: Data) -> Bool {
    var significant: [UInt8] = []
    func isCutShort() -> Bool {
      guard significant.count > 38 else { return false }
      let kept = significant.prefix(38)
      return kept.count - kept.reversed().prefix { $0 == UInt8(ascii: "0") }.count < 17
    }
    for byte in data {
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        if !significant.isEmpty || byte != UInt8(ascii: "0") { significant.append(byte) }
      } else if byte != UInt8(ascii: ".") {
        if isCutShort() { return true }
        significant.removeAll(keepingCapacity: true)
      }
    }
    return isCutShort()
  }

  private static func issuePaths(_ issues: [MappingIssue]) -> [String] {
    issues.map { "\($0.path) (\($0.kind))" }.sorted()
  }

  /// Fails at startup when the fuzz models themselves are misconfigured.
  static func selfCheck() {
    let result = FuzzRoot.map([:], mode: .standard)
    if !result.issues.isEmpty {
      fatalError("the fuzz models are misconfigured: \(result.issues)")
    }
    made.append(result.model)
    check(result.model, origin: "FuzzRoot.map([:])")
    made.forEach(FuzzGraph.unlink)
    made.removeAll()
  }

  // MARK: Sources

  @discardableResult
  private static func mapJSON(_ data: Data, serialized: Any?) -> Result<FuzzRoot, MappingError> {
    let standard: Result<FuzzRoot, MappingError> = mapping("FuzzRoot(json:)") {
      try FuzzRoot(json: data)
    }
    let lenient: Result<FuzzRoot, MappingError> = mapping("FuzzRoot(json:mode: .lenient)") {
      try FuzzRoot(json: data, mode: .lenient)
    }
    switch (standard, lenient) {
    case (.success(let model), .success(let lenientModel)):
      check(model, origin: "FuzzRoot(json:)")
      expectEqual(lenientModel, model, "FuzzRoot(json:mode: .lenient)", hashes: false)
    case (.failure(let error), .failure(let lenientError)):
      check(error.issues, in: serialized, origin: "FuzzRoot(json:)")
      expect(isRootFailure(error), "lenient init(json:) threw for issues inside the object") {
        "standard: \(error)\nlenient: \(lenientError)"
      }
      expect(
        lenientError.issues == error.issues, "lenient and standard init(json:) threw differently"
      ) { "standard: \(error)\nlenient: \(lenientError)" }
    case (.failure(let error), .success(let lenientModel)):
      check(error.issues, in: serialized, origin: "FuzzRoot(json:)")
      expect(!isRootFailure(error), "lenient init(json:) accepted what is not a JSON object") {
        "\(error)"
      }
      checkLenient(lenientModel, origin: "FuzzRoot(json:mode: .lenient)")
    case (.success(let model), .failure(let lenientError)):
      fail("lenient init(json:) threw where standard succeeded") {
        "\(lenientError)\nstandard: \(model.toDictionary())"
      }
    }
    return standard
  }

  private static func mapDictionary(
    _ dictionary: [String: Any]
  ) -> Result<FuzzRoot, MappingError> {
    let standard: Result<FuzzRoot, MappingError> = mapping("FuzzRoot(dictionary:)") {
      try FuzzRoot(dictionary: dictionary)
    }
    let lenient = FuzzRoot.map(dictionary, mode: .lenient)
    made.append(lenient.model)
    check(
      lenient.issues, in: dictionary, origin: "FuzzRoot.map(_:mode: .lenient)", allowEmpty: true)
    let otherIssues = lenient.issues.filter { $0.kind != .unknownKey }
    switch standard {
    case .success(let model):
      check(model, origin: "FuzzRoot(dictionary:)", thorough: false)
      expect(otherIssues.isEmpty, "lenient map found issues where standard mapping found none") {
        "\(otherIssues)"
      }
      expectEqual(
        lenient.model, model, "FuzzRoot.map(_:mode: .lenient).model", hashes: false)
    case .failure(let error):
      check(error.issues, in: dictionary, origin: "FuzzRoot(dictionary:)")
      expect(
        sortedIssues(otherIssues) == sortedIssues(error.issues),
        "lenient map and standard mapping found different issues"
      ) { "standard: \(error.issues)\nlenient: \(lenient.issues)" }
      checkLenient(lenient.model, origin: "FuzzRoot.map(_:mode: .lenient)")
    }
    return standard
  }

  /// Runs a mapping call.
  ///
  /// Returns the model, or the `MappingError` it threw; any other error fails the run.
  private static func mapping(
    _ call: String, _ body: () throws -> FuzzRoot
  ) -> Result<FuzzRoot, MappingError> {
    do {
      let model = try body()
      made.append(model)
      return .success(model)
    } catch let error as MappingError {
      return .failure(error)
    } catch {
      fail("\(call) threw \(type(of: error)), not MappingError") { "\(error)" }
    }
  }

  // MARK: Invariants

  /// The checks for a model that mapped: output, round trips, copy, equality, description.
  ///
  /// `thorough: false` (models from `JSONSerialization` and lenient models, which
  /// `init(json:)` models already cover in the same code paths) leaves out the slowest checks:
  /// `update(with:)`, `JSONDecoder`, and comparing descriptions.
  private static func check(_ model: FuzzRoot, origin: String, thorough: Bool = true) {
    FuzzGraph.link(model)  // child.parent = node: cycles for every service below
    let dictionary = model.toDictionary()
    // JSON text can put infinity (`1e400`) into an untyped property, as JSONDecoder reads it;
    // such a model has no JSON form (toJSON() documents that it throws), and nothing else may
    // hold a non-finite number.
    let nonFinite = nonFiniteNumberPaths(in: dictionary)
    let typedNonFinite = dictionary.filter { key, value in
      typedKeys.contains(key) && !nonFiniteNumberPaths(in: value).isEmpty
    }
    expect(typedNonFinite.isEmpty, "\(origin): a typed property holds a non-finite number") {
      "paths: \(nonFinite)\ndictionary: \(dictionary)"
    }
    expect(
      !nonFinite.isEmpty || JSONSerialization.isValidJSONObject(dictionary),
      "\(origin): toDictionary() is not a valid JSON object"
    ) { "\(dictionary)" }

    // Round trip through the dictionary.
    let again: FuzzRoot
    do {
      again = try FuzzRoot(dictionary: dictionary)
      made.append(again)
    } catch {
      fail("\(origin): FuzzRoot(dictionary: model.toDictionary()) threw") {
        "\(error)\ndictionary: \(dictionary)"
      }
    }
    expectEqual(again, model, "\(origin): FuzzRoot(dictionary: model.toDictionary())")

    // Copy.
    let copy = model.copy()
    made.append(copy)
    expect(copy !== model, "\(origin): copy() returned the same object") { "" }
    expectEqual(copy, model, "\(origin): model.copy()", hashes: false)

    // Description.
    let description = model.description
    expect(!description.isEmpty, "\(origin): description is empty") { "" }
    if thorough {
      expect(
        copy.description == description, "\(origin): the copy describes itself differently"
      ) { "original:\n\(description)\ncopy:\n\(copy.description)" }
      expect(
        model.debugDescription == description,
        "\(origin): debugDescription differs from description"
      ) { "" }

      // update(with:) with the model's own dictionary changes nothing.
      let updated = model.copy()
      made.append(updated)
      detached.append(contentsOf: FuzzGraph.nodes(of: updated))
      do {
        try updated.update(with: dictionary)
      } catch {
        fail("\(origin): update(with: toDictionary()) threw") {
          "\(error)\ndictionary: \(dictionary)"
        }
      }
      expectEqual(
        updated, model, "\(origin): copy().update(with: toDictionary())", hashes: false)
    }

    // JSON text, read back by MirrorModel, JSONSerialization and JSONDecoder.
    let pretty = input.count % 2 == 1
    guard nonFinite.isEmpty else {
      expect(
        (try? model.toJSON(prettyPrinted: pretty)) == nil,
        "\(origin): toJSON() wrote a non-finite number"
      ) { "paths: \(nonFinite)" }
      return
    }
    let json: Data
    do {
      json = try model.toJSON(prettyPrinted: pretty)
    } catch {
      fail("\(origin): toJSON(prettyPrinted: \(pretty)) threw") {
        "\(error)\ndictionary: \(dictionary)"
      }
    }
    if thorough {
      expect(
        (try? JSONSerialization.jsonObject(with: json)) is [String: Any],
        "\(origin): JSONSerialization cannot read what toJSON() wrote"
      ) { text(json) }
    }
    do {
      let fromJSON = try FuzzRoot(json: json)
      made.append(fromJSON)
      expectEqual(fromJSON, model, "\(origin): FuzzRoot(json: model.toJSON())") {
        "json: \(text(json))"
      }
    } catch {
      fail("\(origin): FuzzRoot(json: model.toJSON()) threw") { "\(error)\njson: \(text(json))" }
    }
    guard thorough else { return }
    // The Encoder sink: `encode(to:)` through JSONEncoder writes what reads back as the model
    // (every writer of the `Any` properties' values shares one classifier, JSONKind), but for
    // the numbers an Encoder writes as their `Decimal` (decoderMaySeeOtherNumbers: JSONEncoder
    // writes `900719925474099.3` where toJSON() keeps it a decimal, `900719925474099.30`).
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      let encoded = try encoder.encode(model)
      let fromEncoded = try FuzzRoot(json: encoded)
      made.append(fromEncoded)
      if !decoderMaySeeOtherNumbers(json) {
        expectEqual(
          fromEncoded, model, "\(origin): FuzzRoot(json: JSONEncoder().encode(model))"
        ) { "encoded: \(text(encoded))\ntoJSON: \(text(json))" }
      }
    } catch {
      fail("\(origin): JSONEncoder().encode(model) or reading it back threw") {
        "\(error)\ntoJSON: \(text(json))"
      }
    }
    do {
      let decoded = try JSONDecoder().decode(FuzzRoot.self, from: json)
      made.append(decoded)
      if !decoderMaySeeOtherNumbers(json) {
        expectEqual(
          decoded, model, "\(origin): JSONDecoder().decode(FuzzRoot.self, from: toJSON())"
        ) { "json: \(text(json))" }
      }
    } catch {
      fail("\(origin): JSONDecoder().decode(FuzzRoot.self, from: toJSON()) threw") {
        "\(error)\njson: \(text(json))"
      }
    }
  }

  /// The top-level keys of typed FuzzRoot properties, where no non-finite number may appear.
  private static let typedKeys: Set<String> = {
    let names = Mirror(reflecting: FuzzRoot()).children.compactMap(\.label)
    let untyped: Set<String> = ["anything", "optAnything", "list", "object", "objects"]
    return Set(names).subtracting(untyped).subtracting(["metaId", "metaName"]).union(["meta"])
  }()

  /// The paths of the non-finite `Double`s and `Float`s in a value tree.
  private static func nonFiniteNumberPaths(in value: Any, path: String = "") -> [String] {
    switch value {
    case let dictionary as [String: Any]:
      return dictionary.flatMap { key, element in
        nonFiniteNumberPaths(in: element, path: path.isEmpty ? key : "\(path).\(key)")
      }
    case let array as [Any]:
      return array.enumerated().flatMap { index, element in
        nonFiniteNumberPaths(in: element, path: "\(path)[\(index)]")
      }
    case let double as Double:
      return double.isFinite ? [] : [path]
    case let float as Float:
      return float.isFinite ? [] : [path]
    default:
      return []
    }
  }

  /// A lenient model holds only converted values: it passes every check, unless a hook it
  /// bypassed (a throwing `didMap`) rejects its values in standard mode.
  private static func checkLenient(_ model: FuzzRoot, origin: String) {
    let blockedByHook: Bool
    do {
      made.append(try FuzzRoot(dictionary: model.toDictionary()))
      blockedByHook = false
    } catch let error as MappingError {
      let onlyDidMap = error.issues.allSatisfy {
        $0.kind == .hookFailed && $0.reason.contains("didMap-throws")
      }
      expect(onlyDidMap, "\(origin): the lenient model's dictionary does not map back") {
        "\(error)\ndictionary: \(model.toDictionary())"
      }
      blockedByHook = true
    } catch {
      fail("\(origin): mapping the lenient model's dictionary threw \(type(of: error))") {
        "\(error)"
      }
    }
    if !blockedByHook { check(model, origin: origin, thorough: false) }
  }

  /// The checks for the issues of a failed mapping call.
  private static func check(
    _ issues: [MappingIssue], in tree: Any?, origin: String, allowEmpty: Bool = false
  ) {
    expect(allowEmpty || !issues.isEmpty, "\(origin): a MappingError without issues") { "" }
    for issue in issues {
      if issue.path.isEmpty {
        expect(isRootIssue(issue), "\(origin): an issue with an empty path") { "\(issue)" }
      } else if let tree {
        expect(
          IssuePaths.resolves(issue.path, in: tree),
          "\(origin): an issue whose path is not in the input"
        ) { "\(issue)\ninput: \(tree)" }
      }
    }
  }

  /// Issues about the whole input, whose path is the root (empty).
  private static func isRootIssue(_ issue: MappingIssue) -> Bool {
    switch issue.kind {
    case .invalidJSON: return true
    case .typeMismatch: return issue.expectedType == "FuzzRoot"  // not a JSON object
    case .hookFailed: return issue.reason.contains("the root's string is didMap-throws")
    default: return false
    }
  }

  /// `true` when `init(json:)` failed before mapping: malformed JSON, or not an object.
  private static func isRootFailure(_ error: MappingError) -> Bool {
    error.issues.count == 1 && error.issues[0].path.isEmpty
      && (error.issues[0].kind == .invalidJSON || error.issues[0].kind == .typeMismatch)
  }

  private static func sortedIssues(_ issues: [MappingIssue]) -> [String] {
    issues.map { "\($0.path)|\($0.kind)|\($0.expectedType)|\($0.reason)" }.sorted()
  }

  // MARK: Encoding forms

  /// Whether `data` is read as UTF-8: no zero byte among its first four and no UTF-16 or
  /// UTF-32 byte order mark (bytes that are UTF-8 text never hold either).
  static func isUTF8Form(_ data: Data) -> Bool {
    let start = [UInt8](data.prefix(4))
    return !start.contains(0) && start.first != 0xFE && start.first != 0xFF
  }

  /// The text of `data` (well-formed UTF-8) in one of the five other forms (chosen by the
  /// input, so a rerun repeats it), read as `data` is read: the same model, or the same
  /// issues (their lines and columns too).
  private static func checkEncodingForms(_ data: Data) {
    // Decoded as it is (Foundation's `String(data:encoding:)` drops a leading U+FEFF), and
    // only when well-formed (a repair would change the bytes).
    let text = String(decoding: data, as: UTF8.self)
    guard text.utf8.elementsEqual(data) else { return }
    let scalars = Array(text.unicodeScalars)
    // Without a byte order mark, the form is told from the first characters being ASCII.
    let asciiStart = scalars.prefix(2).allSatisfy { $0.value > 0 && $0.value < 0x80 }
    let form = data.count % 6
    var bytes: [UInt8] = []
    func append<Unit: FixedWidthInteger>(_ unit: Unit, bigEndian: Bool) {
      let width = MemoryLayout<Unit>.size
      for index in 0..<width {
        let shift = 8 * (bigEndian ? width - 1 - index : index)
        bytes.append(UInt8(truncatingIfNeeded: unit >> shift))
      }
    }
    switch form {
    case 0, 1, 2:
      let bigEndian = form == 1
      if form == 0 || !asciiStart { append(UInt16(0xFEFF), bigEndian: bigEndian) }
      for unit in text.utf16 { append(unit, bigEndian: bigEndian) }
    default:
      let bigEndian = form == 4
      if form == 3 || !asciiStart { append(UInt32(0xFEFF), bigEndian: bigEndian) }
      for scalar in scalars { append(scalar.value, bigEndian: bigEndian) }
    }
    let other = Data(bytes)
    for mode in [MappingMode.standard, .lenient] {
      let expected: Result<FuzzRoot, MappingError> = mapping("FuzzRoot(json:mode:)") {
        try FuzzRoot(json: data, mode: mode)
      }
      let read: Result<FuzzRoot, MappingError> = mapping("FuzzRoot(json:mode:) of another form") {
        try FuzzRoot(json: other, mode: mode)
      }
      let what = "FuzzRoot(json:mode: .\(mode)) of the text in form \(form)"
      switch (expected, read) {
      case (.success(let model), .success(let otherModel)):
        expectEqual(otherModel, model, what)
      case (.failure(let error), .failure(let otherError)):
        expect(otherError.issues == error.issues, "\(what) found other issues") {
          "UTF-8: \(error)\nother form: \(otherError)"
        }
      default:
        fail("\(what) and the UTF-8 text gave different outcomes") {
          "UTF-8: \(expected)\nother form: \(read)"
        }
      }
    }
  }

  // MARK: Failing

  /// `actual == expected`, and (with `hashes`, for models read from other input than
  /// `expected`'s) equal hash values.
  private static func expectEqual(
    _ actual: FuzzRoot, _ expected: FuzzRoot, _ what: String, hashes: Bool = true,
    _ more: () -> String = { "" }
  ) {
    expect(actual == expected, "\(what) is not == the model") {
      "keys that differ: \(differingKeys(expected, actual))\n"
        + "model:  \(expected.toDictionary())\nresult: \(actual.toDictionary())\n\(more())"
    }
    expect(
      !hashes || actual.hashValue == expected.hashValue,
      "\(what) is == the model but hashes differently"
    ) { "model: \(expected.toDictionary())\nresult: \(actual.toDictionary())" }
  }

  /// The top-level keys whose values print differently, for messages.
  private static func differingKeys(_ left: FuzzRoot, _ right: FuzzRoot) -> [String] {
    let (left, right) = (left.toDictionary(), right.toDictionary())
    return Set(left.keys).union(right.keys).sorted().filter { key in
      String(reflecting: left[key]) != String(reflecting: right[key])
    }
  }

  private static func expect(
    _ condition: Bool, _ invariant: @autoclosure () -> String, _ details: () -> String
  ) {
    if !condition { fail(invariant(), details) }
  }

  private static func fail(_ invariant: String, _ details: () -> String) -> Never {
    let shown = String(decoding: input.prefix(4096), as: UTF8.self)
    fatalError(
      """
      MirrorModel fuzz invariant violated: \(invariant)
      input (\(input.count) bytes): \(shown.debugDescription)
      \(String(details().prefix(12_000)))
      """)
  }

  private static func text(_ data: Data) -> String {
    String(decoding: data, as: UTF8.self)
  }
}
