import Foundation

extension MappingOptions {
  /// Runs `body` in a new context with a parser at the first value of `json`, then checks that
  /// only whitespace follows; returns the issues.
  ///
  /// `nil`, with nothing run, when the first value does not start with `opening`: the caller
  /// reads the text the ordinary way, which reports what the text holds instead.
  ///
  /// - Throws: ``MappingError`` with one ``MappingIssue/Kind/invalidJSON`` issue for malformed
  ///   text, whatever was read before the error.
  func read(
    json: Data, opening: UInt8, modelType: Any.Type,
    _ body: (inout JSONReader.Parser, MappingContext) throws(JSONSyntaxError) -> Void
  ) throws -> MappingOutcome? {
    var isOpened = true
    var syntaxError: JSONSyntaxError?
    var options = self
    let longLiterals = options.recordsLongLiterals()
    let outcome = options.run { context in
      do throws(JSONSyntaxError) {
        try JSONReader.withParser(
          json, maximumDepth: ModelBase.maximumJSONDepth, longLiterals: longLiterals
        ) { parser throws(JSONSyntaxError) in
          parser.skipByteOrderMark()
          guard try parser.peekValue() == opening else {
            isOpened = false
            return
          }
          try body(&parser, context)
          try parser.expectEnd()
        }
      } catch {
        syntaxError = error
      }
    }
    if let syntaxError { throw ModelBase.invalidJSON(syntaxError, modelType: modelType) }
    return isOpened ? outcome : nil
  }
}
