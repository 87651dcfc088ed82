import Foundation

/// Lets the writer look inside an `Optional` it receives as `Any`.
protocol JSONWriterOptional {
  var unwrappedForJSON: Any? { get }
}

extension Optional: JSONWriterOptional {
  var unwrappedForJSON: Any? { self.map { $0 as Any } }
}
