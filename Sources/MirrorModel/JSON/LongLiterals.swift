import Foundation

/// The number literals of one mapping call's input that are longer than the `NSDecimalNumber`
/// standing for them holds (more than 38 significant digits), each with its correctly rounded
/// `Double`.
///
/// A reader that builds such a number for a tree (the JSON text reader, the `Decoder` walk)
/// records it in the table of the call it reads for; `Double` and `Float` conversions look the
/// number up there, where the `NSDecimalNumber`'s own `Double` (from its first 38 or 39
/// digits, as `JSONSerialization` keeps them) could round differently. The table is made by
/// the entry point that reads text or a decoder and handed to the call's context when it is
/// made (``MappingContext/longLiterals``): a parameter of the call, not a field the readers
/// set on the context.
final class LongLiterals {
  /// By the `NSDecimalNumber`'s identity, the number kept with its `Double` so that the
  /// identifier stays its own for the call.
  private var doubles: [ObjectIdentifier: (number: NSDecimalNumber, double: Double)] = [:]

  /// Records the correctly rounded `Double` of the literal `number` stands for.
  func record(_ number: NSDecimalNumber, double: Double) {
    doubles[ObjectIdentifier(number)] = (number, double)
  }

  /// The `Double` of the literal `number` was read from, when it is one of the table's.
  func double(of number: NSDecimalNumber) -> Double? {
    doubles.isEmpty ? nil : doubles[ObjectIdentifier(number)]?.double
  }
}
