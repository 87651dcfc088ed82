import Foundation

/// Why `JSONWriter` could not write a value, and where (`rooms[2].price`).
struct JSONWriterError: Error, CustomStringConvertible, Equatable {
  /// What could not be written.
  enum Reason: Equatable, Sendable {
    /// A value of a type JSON has no form for; holds the type's name.
    case unsupportedType(String)
    /// An infinite or NaN number; holds how Swift prints it.
    case nonFiniteNumber(String)
    /// Arrays and objects nested deeper than `JSONWriter.maximumDepth`.
    case tooDeep(limit: Int)
  }

  /// One step of the path from the top-level value to the offending one.
  typealias PathComponent = KeyComponent

  /// The reason, boxed: the error is then one word, and every `try` of the writer's recursion
  /// keeps room for a thrown error in its frame.
  private final class Box: Sendable {
    let reason: Reason
    init(_ reason: Reason) { self.reason = reason }
  }

  private let box: Box
  var reason: Reason { box.reason }
  /// From the top-level value down; empty when the top-level value itself is at fault.
  var path: [PathComponent] = []

  init(_ reason: Reason) {
    box = Box(reason)
  }

  static func == (lhs: JSONWriterError, rhs: JSONWriterError) -> Bool {
    lhs.reason == rhs.reason && lhs.path == rhs.path
  }

  /// `rooms[2].price`, or `the top-level value`.
  var location: String {
    guard !path.isEmpty else { return "the top-level value" }
    return KeyComponent.render(path[...])
  }

  var description: String {
    switch reason {
    case .unsupportedType(let name):
      return "cannot write a value of type \(name) as JSON (at \(location))"
    case .nonFiniteNumber(let text):
      return "cannot write the non-finite number \(text) as JSON (at \(location))"
    case .tooDeep(let limit):
      return "cannot write JSON nested deeper than \(limit) levels (at \(location))"
    }
  }

  /// The same error, one level further from the top: inside `component`.
  func inside(_ component: PathComponent) -> JSONWriterError {
    var copy = self
    copy.path.insert(component, at: 0)
    return copy
  }
}
