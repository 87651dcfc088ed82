public import Foundation

/// A folder of saved models: one JSON file per identified model, written so that nothing is
/// ever half saved.
///
/// ```swift
/// nonisolated final class Game: ModelBase {
///   var gameId = 0
///   var name = ""
///   override class var identifierProperty: String? { "gameId" }
///   override class var propertyMapping: [String: String] { ["gameId": "game_id"] }
/// }
///
/// let store = try ModelStore(directory: applicationSupport.appendingPathComponent("games"))
/// try store.save(game)
/// let again = try store.load(Game.self, id: "42")
/// ```
///
/// Only models whose class names an ``ModelBase/identifierProperty`` can be saved; the
/// identifier's value (a string, or an integer written in decimal) names the model in the
/// store. Each class has its own folder, named after the class's module-qualified name
/// (private and local classes without their enclosing scope, so give stored classes distinct
/// names), and each model a file holding ``ModelBase/toJSON(prettyPrinted:)``, named after the
/// identifier with every byte other than `a-z`, `0-9`, `-`, `_` and `.` percent-encoded: an
/// identifier such as `"../x"` cannot leave its folder, and identifiers differing only in case
/// stay apart on case-insensitive disks. Models are read back through
/// ``ModelBase/init(dictionary:)``, so a store written by one version of a class still loads
/// after properties are added (they keep their initial values).
///
/// **Nothing is lost.** ``save(_:)`` writes a temporary file in the model's folder, syncs it
/// to the disk, renames it over the model's file and syncs the folder: a process killed or a
/// machine losing power in the middle of a save leaves the old version or the new one, never a
/// torn file. Temporary files left by a killed process are never read, and ``init(directory:)``
/// removes them once their process has exited.
///
/// **Thread safety.** A store can be shared by any number of threads (it is `Sendable`): its
/// only state is immutable, writes (``save(_:)``, ``delete(_:id:)``) are serialized by a lock
/// per store, and reads need no lock because every write replaces a whole file at once. Saving
/// the same identifier from many threads leaves one of the saved versions, whole. Several
/// processes may share a directory with the same guarantees, the last save winning. `save`
/// reads the model's properties, so do not change that model from another thread meanwhile.
public final class ModelStore: Sendable {

  /// The folder holding the store: one subfolder per model class.
  public let directory: URL

  private let writeLock = NSLock()

  /// Opens the store in `directory`, creating the folder if needed, and removes the temporary
  /// files left there by processes killed in the middle of a save.
  ///
  /// - Parameter directory: A file URL for the store's folder.
  /// - Throws: ``ModelStoreError`` when the folder cannot be created or read.
  public init(directory: URL) throws {
    self.directory = directory.standardizedFileURL
    do {
      try FileManager.default.createDirectory(
        at: self.directory, withIntermediateDirectories: true)
    } catch {
      throw ModelStoreError(reason: "cannot create the folder: \(error)", fileURL: directory)
    }
    for name in try StoreFiles.names(in: self.directory) {
      let folder = self.directory.appendingPathComponent(name, isDirectory: true)
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
        isFolder.boolValue
      {
        try StoreFiles.removeStaleTemporaries(in: folder)
      }
    }
  }

  /// Saves `model` under its identifier, replacing the version saved before, atomically and
  /// durably.
  ///
  /// - Parameter model: A model whose class has an ``ModelBase/identifierProperty`` holding a
  ///   non-empty string or an integer.
  /// - Throws: ``ModelStoreError`` when the model has no usable identifier, cannot be written
  ///   as JSON, or the file cannot be written (the version saved before is then unchanged) or
  ///   synced.
  public func save(_ model: ModelBase) throws {
    // Each identified model is a file of its own: a nested one is written as a reference (its
    // identifier) and saved too, so references between models, cycles included, resolve to
    // the same models again at load, and no file holds a stale copy of another model.
    var pending = [model]
    var saved: Set<ObjectIdentifier> = [ObjectIdentifier(model)]
    while let next = pending.popLast() {
      for referenced in try saveOne(next)
      where saved.insert(ObjectIdentifier(referenced)).inserted {
        pending.append(referenced)
      }
    }
  }

  /// Saves one model, its nested identified models as references; returns those models.
  private func saveOne(_ model: ModelBase) throws -> [ModelBase] {
    let identifier = try Self.identifier(of: model)
    let url = try fileURL(for: type(of: model), id: identifier)
    let references = WrittenReferences()
    let context = MappingContext(writtenReferences: references)
    let data: Data
    do {
      data = try model.json(context: context)
    } catch {
      throw ModelStoreError(
        reason: "cannot write the model as JSON: "
          + "\(error.mappingError(modelType: type(of: model)))", fileURL: url)
    }
    do {
      // What the store writes loads back equal, or the save fails: nothing cut in silence.
      try model.throwIssues(of: context)
    } catch {
      throw ModelStoreError(reason: "cannot write the model as JSON: \(error)", fileURL: url)
    }
    writeLock.lock()
    defer { writeLock.unlock() }
    try StoreFiles.makeFolder(url.deletingLastPathComponent())
    try StoreFiles.writeAtomically(data, to: url)
    return references.models
  }

  /// The model of class `type` saved under `id`, as a new instance, or `nil` if there is none.
  ///
  /// - Parameters:
  ///   - type: The model's class (a subclass's metatype loads from the subclass's folder).
  ///   - id: The identifier, as text: `"42"` for an integer identifier.
  /// - Returns: The saved model, or `nil` when no model is saved under `id`.
  /// - Throws: ``ModelStoreError`` naming the file when it cannot be read, is not a valid
  ///   model of `type` (the reason holds the ``MappingError``), or holds another identifier;
  ///   and when `id` is empty or too long for a file name.
  public func load<T: ModelBase>(_ type: T.Type, id: String) throws -> T? {
    let url = try fileURL(for: type, id: id)
    guard let data = try StoreFiles.contents(of: url) else { return nil }
    return try decode(type, from: data, url: url, map: IdentityMap(loadingFrom: self))
  }

  /// The saved file of the model of class `type` under `id`, or `nil` if there is none; for
  /// ``IdentityMap``, which fills a registered instance from it.
  func storedFile(of type: ModelBase.Type, id: String) throws -> StoredFile? {
    let url = try fileURL(for: type, id: id)
    guard let data = try StoreFiles.contents(of: url) else { return nil }
    let file: StoredFile
    do {
      file = try StoredFile(data, of: type)
    } catch {
      throw ModelStoreError(reason: "not a valid \(typeName(type)): \(error)", fileURL: url)
    }
    guard file.identifier == id else {
      throw ModelStoreError(
        reason:
          "holds the \(typeName(type)) with identifier \(file.identifier.map(quoted) ?? "none"), "
          + "not \(quoted(id))", fileURL: url)
    }
    return file
  }

  /// Removes the model of class `type` saved under `id`; nothing happens if there is none.
  ///
  /// - Parameters:
  ///   - type: The model's class.
  ///   - id: The identifier, as text.
  /// - Throws: ``ModelStoreError`` when the file cannot be removed, or `id` is empty or too
  ///   long for a file name.
  public func delete<T: ModelBase>(_ type: T.Type, id: String) throws {
    let url = try fileURL(for: type, id: id)
    writeLock.lock()
    defer { writeLock.unlock() }
    try StoreFiles.remove(url)
  }

  /// Every model of class `type` in the store, in the order of their file names; throws if any
  /// file is bad.
  ///
  /// Strict: a corrupt or foreign file makes the call throw, so that no saved model is ever
  /// silently missing. To get every good model even then, use ``allReportingErrors(_:)``.
  /// Files that are not model files (temporary files of a save in progress or killed, names
  /// not ending in `.json`) are ignored.
  ///
  /// - Parameter type: The models' class.
  /// - Returns: The saved models; empty when none is saved.
  /// - Throws: ``ModelStoreError`` whose ``ModelStoreError/failures`` hold one error per bad
  ///   file, each naming its file; or one for a folder that cannot be read.
  public func all<T: ModelBase>(_ type: T.Type) throws -> [T] {
    let (models, errors) = try allReportingErrors(type)
    guard errors.isEmpty else {
      let count = errors.count == 1 ? "1 file" : "\(errors.count) files"
      throw ModelStoreError(
        reason: "\(count) of \(typeName(type)) could not be loaded",
        fileURL: try folderURL(for: type), failures: errors)
    }
    return models
  }

  /// Every model of class `type` that loads, and one error for each file that does not.
  ///
  /// Lenient: a corrupt or foreign file becomes an error in `errors`, naming the file, and
  /// every other model is still returned.
  ///
  /// - Parameter type: The models' class.
  /// - Returns: The models that loaded, in the order of their file names, and an error for
  ///   each file that did not, with its URL and the reason.
  /// - Throws: ``ModelStoreError`` only when the class's folder cannot be listed.
  public func allReportingErrors<T: ModelBase>(
    _ type: T.Type
  ) throws -> (models: [T], errors: [ModelStoreError]) {
    let folder = try folderURL(for: type)
    var models: [T] = []
    var errors: [ModelStoreError] = []
    let map = IdentityMap(loadingFrom: self)
    for name in try StoreFiles.names(in: folder) where StoreFiles.isModelFile(name) {
      let url = folder.appendingPathComponent(name)
      do {
        // A file removed since the listing was deleted meanwhile: not an error.
        guard let data = try StoreFiles.contents(of: url) else { continue }
        models.append(try decode(type, from: data, url: url, map: map))
      } catch let error as ModelStoreError {
        errors.append(error)
      } catch {
        errors.append(ModelStoreError(reason: "\(error)", fileURL: url))
      }
    }
    return (models, errors)
  }

  // MARK: Internals

  /// The folder of `type`'s models: the class's full name, each uppercase letter written
  /// `^` and the letter (`MyApp.User` is `^my^app.^user`), so that two classes whose names
  /// differ only in case never share a folder on a case-insensitive file system.
  ///
  /// A folder an earlier version named with the uppercase letters as they are is renamed to
  /// this name the first time the class is used.
  func folderURL(for type: ModelBase.Type) throws -> URL {
    var name = String(reflecting: type)
    // Private and local classes carry the address of their scope, which changes every run.
    while let start = name.range(of: "(unknown context at $"),
      let end = name.range(of: ").", range: start.upperBound..<name.endIndex)
    {
      name.removeSubrange(start.lowerBound..<end.upperBound)
    }
    let encoded = StoreFiles.encode(name, markingUppercase: true)
    guard encoded.utf8.count <= StoreFiles.maximumNameLength else {
      throw ModelStoreError(
        reason: "the class name \(name) is too long for a folder name", fileURL: directory)
    }
    let url = directory.appendingPathComponent(encoded, isDirectory: true)
    let legacy = StoreFiles.encode(name, keepingUppercase: true)
    if legacy != encoded {
      try StoreFiles.adoptLegacyFolder(
        directory.appendingPathComponent(legacy, isDirectory: true), as: url)
    }
    return url
  }

  /// The file of the model of `type` with identifier `id`.
  func fileURL(for type: ModelBase.Type, id: String) throws -> URL {
    let folder = try folderURL(for: type)
    guard !id.isEmpty else {
      throw ModelStoreError(reason: "an empty identifier names no model", fileURL: folder)
    }
    // Identifiers equal as strings are one model (the identity map's rule): `"é"` written
    // precomposed or decomposed names one file, its precomposed (NFC) form.
    let name =
      StoreFiles.encode(id.precomposedStringWithCanonicalMapping) + StoreFiles.fileExtension
    guard name.utf8.count <= StoreFiles.maximumNameLength else {
      throw ModelStoreError(
        reason: "the identifier is too long: its file name would take \(name.utf8.count) "
          + "bytes, more than \(StoreFiles.maximumNameLength)", fileURL: folder)
    }
    return folder.appendingPathComponent(name, isDirectory: false)
  }

  /// The identifier of `model` as text: a string as it is, an integer in decimal.
  ///
  /// Read from the value ``ModelBase/toDictionary()`` writes for the
  /// ``ModelBase/identifierProperty``, so it is the same text as in the model's JSON.
  static func identifier(of model: ModelBase) throws -> String {
    let modelType = type(of: model)
    let className = typeName(modelType)
    guard let name = modelType.identifierProperty else {
      throw ModelStoreError(
        reason: "\(className) has no identifierProperty; ModelStore keeps identified models only")
    }
    let schema = SchemaCache.shared.schema(for: model)
    guard let property = schema.properties.first(where: { $0.name == name }) else {
      throw ModelStoreError(
        reason: "the identifierProperty of \(className), \(name), is not a mapped property")
    }
    guard let value = property.accessor.mappedValue(of: model, context: MappingContext()) else {
      throw ModelStoreError(reason: "the identifier \(name) of this \(className) is nil")
    }
    // The same text the identity registry uses, so a stored model is found by `unique`.
    guard let text = IdentityMap.identifierText(value), !text.isEmpty else {
      throw ModelStoreError(
        reason: "the identifier \(name) of this \(className) is \(describeValue(value)); "
          + "an identifier must be a non-empty string or an integer")
    }
    return text
  }

  /// Maps a file's content to a model of `type` and checks that it belongs in that file.
  ///
  /// The model is registered in `map` before it is filled, and nested identified models (saved
  /// as references) come from `map` or from this store, so models that refer to each other
  /// load as the same instances, cycles included.
  private func decode<T: ModelBase>(
    _ type: T.Type, from data: Data, url: URL, map: IdentityMap
  ) throws -> T {
    var model = type.init()
    do {
      let file = try StoredFile(data, of: type)
      if let id = file.identifier {
        // Loaded already in this call, as a model another one refers to: the same instance.
        if let loaded = map.registered(type, identifier: id) {
          model = loaded
          return try checked(model, in: url)
        }
        map.register(model, identifier: id)
      }
      // Keys a newer version of the app stored (in the model and the models inside it) are
      // kept and written back by the next save: saving never loses what it did not read.
      var options = MappingOptions(identityMap: map)
      options.keepsUnknownKeys = true
      options.longLiterals = file.longLiterals
      let outcome = options.run { [model] context in
        model.fill(from: file, context: context)
      }
      if !outcome.issues.isEmpty {
        throw MappingError(issues: outcome.issues, modelType: typeName(type))
      }
    } catch let error as ModelStoreError {
      throw error
    } catch {
      throw ModelStoreError(reason: "not a valid \(typeName(type)): \(error)", fileURL: url)
    }
    return try checked(model, in: url)
  }

  /// `model`, after checking that it belongs in the file at `url`.
  private func checked<T: ModelBase>(_ model: T, in url: URL) throws -> T {
    let type = T.self
    let identifier: String
    do {
      identifier = try Self.identifier(of: model)
    } catch let error as ModelStoreError {
      throw ModelStoreError(reason: error.reason, fileURL: url)
    }
    let expected = try fileURL(for: type, id: identifier)
    guard expected.lastPathComponent == url.lastPathComponent else {
      throw ModelStoreError(
        reason: "holds the \(typeName(type)) with identifier \"\(identifier)\", which belongs "
          + "in \(expected.lastPathComponent)", fileURL: url)
    }
    return model
  }
}

/// A model file's content, checked: well-formed JSON whose top level is an object, and the
/// identifier it holds.
///
/// The file is read straight from its text into a model when its class is read from JSON text
/// and its identifier is found under a plain key or a key path of keys (found first, by
/// stepping over the other members, ``IdentityMap/identifierKeys(_:)``); through its
/// dictionary otherwise (hooks that take one, an identifier under a path with an index, under
/// alternative keys or matched case-insensitively).
struct StoredFile {
  let data: Data
  /// The identifier the file holds, as text (``IdentityMap/identifierText(_:)``).
  let identifier: String?
  /// The file's dictionary, when its class is not read from the text.
  let dictionary: [String: Any]?
  /// The long literals of the file: recorded as its dictionary was read, and as its text is
  /// read into a model; the table of the call (or nested context) that fills a model from it.
  let longLiterals = LongLiterals()

  /// Checks `data`, the file of a model of class `type`.
  ///
  /// - Throws: ``MappingError`` for malformed text or a top level that is not an object, as
  ///   ``ModelBase/init(json:mode:)`` throws.
  init(_ data: Data, of type: ModelBase.Type) throws {
    self.data = data
    let schema = SchemaCache.shared.schema(for: type)
    if schema.jsonKeys != nil && IdentityMap.identifierKeys(schema) != nil {
      identifier = try IdentityMap.identifier(inJSON: data, schema: schema, modelType: type)
      dictionary = nil
    } else {
      let dictionary = try ModelBase.jsonDictionary(
        data, modelType: type, longLiterals: longLiterals)
      identifier = IdentityMap.identifier(in: dictionary, schema: schema, context: MappingContext())
      self.dictionary = dictionary
    }
  }
}

extension ModelBase {
  /// Fills the model, new, from a stored file in the mapping `context` (a store's load, or an
  /// identity map's): from its text as ``init(json:mode:)`` reads it, or from its dictionary.
  final func fill(from file: StoredFile, context: MappingContext) {
    let schema = SchemaCache.shared.schema(for: self)
    guard file.dictionary == nil, let keys = schema.jsonKeys else {
      fill(from: file.dictionary ?? [:], schema: schema, context: context, updating: false)
      return
    }
    do throws(JSONSyntaxError) {
      try JSONReader.withParser(
        file.data, maximumDepth: ModelBase.maximumJSONDepth, longLiterals: context.longLiterals
      ) { parser throws(JSONSyntaxError) in
        parser.skipByteOrderMark()
        _ = try parser.peekValue()
        try parser.readModel(self, schema: schema, keys: keys, context: context)
      }
    } catch {
      // Checked when the file was read (``StoredFile``): never met.
      context.record(
        .invalidJSON, expected: "JSON", found: "malformed JSON text", reason: error.description)
    }
  }
}
