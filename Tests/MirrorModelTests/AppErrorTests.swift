import Foundation
import MirrorModel
import Testing

// Errors as app code meets them: localized text, issues sent to a crash reporter, models
// inside `Codable` values.

private struct OrderList: Codable {
  var customer: String
  var orders: [Order]
}

final class Order: ModelBase {
  var orderId = 0
  var lines: [OrderLine] = []
  override class var keyStrategy: KeyStrategy { .snakeCase }
}

final class OrderLine: ModelBase {
  var quantity = 0
}

@Suite("Errors in app code")
struct AppErrorTests {
  @Test func localizedDescriptionNamesTheModelAndTheCount() {
    let issues = mappingIssuesAndError { _ = try Order(dictionary: ["order_id": "x"]) }
    #expect(issues.error?.localizedDescription == "Mapping Order failed with 1 issue.")
    let two = mappingIssuesAndError {
      _ = try Order(dictionary: ["order_id": "x", "lines": [["quantity": []]]])
    }
    #expect(two.error?.localizedDescription == "Mapping Order failed with 2 issues.")
    #expect(
      two.error?.failureReason
        == "order_id: expected Int, found String \"x\": \"x\" is not an integer\n"
        + "lines[0].quantity: expected Int, found Array of 0 elements: expects an integer, a "
        + "numeric string or a boolean")
  }

  @Test func issuesEncodeFieldByField() throws {
    let issue = MappingIssue(
      path: "lines[0].quantity", kind: .typeMismatch, expectedType: "Int", found: "null",
      reason: "r")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = String(decoding: try encoder.encode(issue), as: UTF8.self)
    #expect(
      text
        == #"{"expectedType":"Int","found":"null","kind":"typeMismatch","#
        + #""path":"lines[0].quantity","reason":"r"}"#)
    #expect(try JSONDecoder().decode(MappingIssue.self, from: Data(text.utf8)) == issue)
    let error = MappingError(issues: [issue], modelType: "Order")
    let decoded = try JSONDecoder().decode(MappingError.self, from: encoder.encode(error))
    #expect(decoded.issues == [issue] && decoded.modelType == "Order")
  }

  @Test func aModelInsideACodableValueReportsItsWholePath() throws {
    let text = #"""
      {"customer": "Ann",
       "orders": [{"order_id": 1}, {"order_id": "x", "lines": [{}, {"quantity": "y"}]}]}
      """#
    let caught = mappingIssuesAndError {
      _ = try JSONDecoder().decode(OrderList.self, from: Data(text.utf8))
    }
    #expect(caught.issues.map(\.path) == ["orders[1].order_id", "orders[1].lines[1].quantity"])
    let good = try JSONDecoder().decode(
      OrderList.self, from: Data(#"{"customer": "B", "orders": [{"order_id": 5}]}"#.utf8))
    #expect(good.orders.map(\.orderId) == [5])
  }
}

/// The issues and the error a body throws.
private func mappingIssuesAndError(
  _ body: () throws -> Void
) -> (issues: [MappingIssue], error: MappingError?) {
  do {
    try body()
    return ([], nil)
  } catch let error as MappingError {
    return (error.issues, error)
  } catch {
    return ([], nil)
  }
}
