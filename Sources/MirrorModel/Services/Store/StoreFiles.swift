import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The file system work of ``ModelStore``: safe names, durable atomic writes, reads, listings.
enum StoreFiles {
  /// The extension of every stored model file.
  static let fileExtension = ".json"
  /// The extension of temporary files; their names start with `~`, which ``encode(_:)`` never
  /// writes, so they can never be mistaken for (or collide with) a stored model.
  static let temporaryExtension = ".tmp"
  /// The longest file name most file systems accept, in bytes.
  static let maximumNameLength = 255

  // MARK: Names

  /// `text` as a file name: ASCII lowercase letters, digits, `-`, `_` and `.` as they are,
  /// every other UTF-8 byte as `%XX` (uppercase hex); with `markingUppercase`, an ASCII
  /// uppercase letter as `^` and the letter in lowercase (`^user^profile`), for readable
  /// class folder names.
  ///
  /// Injective, so two identifiers never share a file; free of `/` and NUL, so a name never
  /// leaves its folder; and injective on case-insensitive and normalization-insensitive file
  /// systems (APFS and HFS+ as macOS and iOS format them) too: no letter's case is left to
  /// tell two names apart (`^` is otherwise written `%5E`, and hex digits only follow `%`),
  /// and non-ASCII bytes are all encoded.
  static func encode(
    _ text: String, markingUppercase: Bool = false, keepingUppercase: Bool = false
  ) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
        bytes.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z") where markingUppercase:
        bytes += [UInt8(ascii: "^"), byte | 0x20]
      case UInt8(ascii: "A")...UInt8(ascii: "Z") where keepingUppercase:
        bytes.append(byte)
      default:
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `name` is a stored model file's name rather than a temporary or foreign file.
  static func isModelFile(_ name: String) -> Bool {
    name.hasSuffix(fileExtension) && name.count > fileExtension.count && !name.hasPrefix("~")
  }

  /// A fresh temporary name for this process: `~<pid>.<uuid>.tmp`.
  static func temporaryName() -> String {
    "~\(getpid()).\(UUID().uuidString)\(temporaryExtension)"
  }

  /// The process that wrote a temporary file, from its name; `nil` for any other name.
  static func writerProcess(ofTemporary name: String) -> pid_t? {
    guard name.hasPrefix("~"), name.hasSuffix(temporaryExtension) else { return nil }
    let parts = name.dropFirst().dropLast(temporaryExtension.count).split(separator: ".")
    guard parts.count == 2, UUID(uuidString: String(parts[1])) != nil else { return nil }
    return pid_t(parts[0])
  }

  // MARK: Writing

  /// Writes `data` to `url` so that a crash at any moment leaves the old content or the new,
  /// never a mix: a temporary file in the same folder, synced, renamed over `url`, then the
  /// folder synced so that the rename itself survives a power loss.
  ///
  /// Every step goes through the folder's own descriptor, opened without following a link:
  /// a class folder replaced by a symbolic link (to a folder outside the store) is refused,
  /// never written through, even if it is replaced between the check and the write.
  static func writeAtomically(_ data: Data, to url: URL) throws {
    guard let folder = try openFolder(url.deletingLastPathComponent()) else {
      throw ModelStoreError.system("open", ENOENT, url.deletingLastPathComponent())
    }
    defer { close(folder) }
    let temporaryName = temporaryName()
    let temporary = url.deletingLastPathComponent().appendingPathComponent(temporaryName)
    let descriptor = openat(
      folder, temporaryName, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else { throw ModelStoreError.system("open", errno, temporary) }
    var renamed = false
    defer { if !renamed { unlinkat(folder, temporaryName, 0) } }
    do {
      defer { close(descriptor) }
      try writeAll(data, to: descriptor, url: temporary)
      try sync(descriptor, url: temporary)
    }
    guard renameat(folder, temporaryName, folder, url.lastPathComponent) == 0 else {
      throw ModelStoreError.system("rename", errno, url)
    }
    renamed = true
    try sync(folder, url: url.deletingLastPathComponent())
  }

  /// Removes the file at `url` and syncs its folder; a missing file is not an error.
  ///
  /// Never through a folder that is a symbolic link (see ``writeAtomically(_:to:)``).
  ///
  /// Returns whether a file was removed.
  @discardableResult
  static func remove(_ url: URL) throws -> Bool {
    guard let folder = try openFolder(url.deletingLastPathComponent()) else { return false }
    defer { close(folder) }
    guard unlinkat(folder, url.lastPathComponent, 0) == 0 else {
      if errno == ENOENT { return false }
      throw ModelStoreError.system("unlink", errno, url)
    }
    try sync(folder, url: url.deletingLastPathComponent())
    return true
  }

  /// A descriptor of the folder at `url`, which must be a folder and not a symbolic link;
  /// `nil` when there is nothing at `url`.
  static func openFolder(_ url: URL) throws -> Int32? {
    let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      if errno == ELOOP || errno == ENOTDIR {
        throw ModelStoreError(
          reason: "is not a folder of the store but a symbolic link or a file; a store reads "
            + "and writes only its own folders", fileURL: url)
      }
      throw ModelStoreError.system("open", errno, url)
    }
    return descriptor
  }

  /// Renames the folder `legacy` to `url` when `url` does not exist and `legacy` is a folder
  /// (not a symbolic link): a class folder named the way an earlier version named it.
  static func adoptLegacyFolder(_ legacy: URL, as url: URL) throws {
    var info = stat()
    guard lstat(url.path, &info) != 0, errno == ENOENT,
      lstat(legacy.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR
    else { return }
    guard rename(legacy.path, url.path) == 0 else {
      // Another thread or process adopted it first.
      if errno == ENOENT || errno == EEXIST || errno == ENOTEMPTY { return }
      throw ModelStoreError.system("rename", errno, legacy)
    }
    try syncFolder(url.deletingLastPathComponent())
  }

  /// Creates the folder at `url` if it is missing, and syncs its parent so it stays.
  static func makeFolder(_ url: URL) throws {
    if mkdir(url.path, 0o755) == 0 {
      try syncFolder(url.deletingLastPathComponent())
    } else if errno != EEXIST {
      throw ModelStoreError.system("mkdir", errno, url)
    }
  }

  /// Flushes a folder's entries (creations, renames, removals) to the disk.
  static func syncFolder(_ url: URL) throws {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw ModelStoreError.system("open", errno, url) }
    defer { close(descriptor) }
    try sync(descriptor, url: url)
  }

  private static func writeAll(_ data: Data, to descriptor: Int32, url: URL) throws {
    try data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let remaining = buffer.count - offset
        let written = write(descriptor, buffer.baseAddress?.advanced(by: offset), remaining)
        if written < 0 {
          if errno == EINTR { continue }
          throw ModelStoreError.system("write", errno, url)
        }
        offset += written
      }
    }
  }

  private static func sync(_ descriptor: Int32, url: URL) throws {
    #if canImport(Darwin)
      // On Apple platforms only F_FULLFSYNC asks the drive to flush its cache.
      if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
    #endif
    while fsync(descriptor) != 0 {
      if errno == EINTR { continue }
      // Some file systems cannot sync a folder; the rename is as durable as they allow.
      if errno == EINVAL || errno == EBADF { return }
      throw ModelStoreError.system("fsync", errno, url)
    }
  }

  // MARK: Reading

  /// The largest file a store reads: a model file is a few kilobytes; anything this large is
  /// not one of the store's, and reading it could exhaust memory.
  static let maximumFileSize = 64 * 1024 * 1024

  /// The content of the file at `url`, or `nil` when there is no such file.
  ///
  /// Reads only a regular file of at most ``maximumFileSize`` bytes, and never through a
  /// symbolic link: a FIFO named `x.json` would block the read forever, a link to
  /// `/dev/zero` would read until memory runs out, and a link out of the store's folder would
  /// read another program's file.
  static func contents(of url: URL) throws -> Data? {
    let folder: Int32
    do {
      guard let opened = try openFolder(url.deletingLastPathComponent()) else { return nil }
      folder = opened
    } catch let error as ModelStoreError {
      throw ModelStoreError(
        reason: "is in a folder that is a symbolic link; a store reads only its own folders",
        fileURL: url, failures: error.failures)
    }
    defer { close(folder) }
    // O_NONBLOCK: opening a FIFO must not wait for a writer. O_NOFOLLOW: a link is refused.
    let descriptor = openat(
      folder, url.lastPathComponent, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      if errno == ELOOP {
        throw ModelStoreError(
          reason: "is a symbolic link; a store reads only its own regular files", fileURL: url)
      }
      throw ModelStoreError.system("open", errno, url)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw ModelStoreError.system("fstat", errno, url) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw ModelStoreError(
        reason: "is not a regular file; a store reads only its own regular files", fileURL: url)
    }
    guard Int64(info.st_size) <= Int64(maximumFileSize) else {
      throw ModelStoreError(
        reason: "is \(info.st_size) bytes, more than the \(maximumFileSize) a model file may be",
        fileURL: url)
    }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw ModelStoreError.system("read", errno, url)
      }
      if count == 0 { return data }
      data.append(contentsOf: chunk[0..<count])
      guard data.count <= maximumFileSize else {
        throw ModelStoreError(
          reason: "grew past the \(maximumFileSize) bytes a model file may be", fileURL: url)
      }
    }
  }

  /// The names in the folder at `url`, sorted; empty when the folder does not exist.
  static func names(in url: URL) throws -> [String] {
    do {
      return try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      return []
    } catch {
      var isFolder: ObjCBool = false
      if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) { return [] }
      throw ModelStoreError(reason: "cannot list the folder: \(error)", fileURL: url)
    }
  }

  /// Removes the temporary files in `folder` whose writing process has exited.
  ///
  /// Such a file is what a save leaves when its process is killed in the middle of it.
  /// Temporary files of live processes are left alone.
  static func removeStaleTemporaries(in folder: URL) throws {
    for name in try names(in: folder) {
      guard let writer = writerProcess(ofTemporary: name), writer != getpid() else { continue }
      if kill(writer, 0) == 0 || errno != ESRCH { continue }  // alive, or not ours to ask
      try remove(folder.appendingPathComponent(name))
    }
  }
}
