import Foundation

/// Equality and hashing of JSON-compatible value trees.
///
/// Scalars compare by what JSON text can tell apart: strings, booleans (never equal to 0 or
/// 1), numbers by value (`3`, `3.0`, `NSNumber(3)` and `Decimal(3)` are one number, as JSON
/// writes them all `3`), and null.
enum JSONValue {
  /// A scalar reduced to what JSON text keeps of it.
  enum Scalar: Hashable {
    case string(String)
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case double(Double)
    case decimal(Decimal)
    case null
    case other(String)

    init(_ value: Any) {
      if isNSNull(value) {
        self = .null
        return
      }
      switch RawScalar(value) {
      case .string(let string): self = .string(string)
      case .bool(let flag): self = .bool(flag)
      case .signed(let integer): self = .integer(integer)
      case .unsigned(let integer):
        self = Int64(exactly: integer).map(Scalar.integer) ?? .unsigned(integer)
      case .double(let double): self = Scalar(number: double)
      case .decimal(let decimal): self = Scalar(decimal: decimal.decimalValue)
      case .other: self = .other(String(describing: value))
      }
    }

    /// A number as JSON text keeps it: an integral value as an integer.
    ///
    /// Past 2^53 that integer is the one the `Double`'s text names (its shortest digits, as
    /// JSON writes it), not its binary value: `7.20368547758e+18` is 7203685477580000000, as
    /// a decoder that reads integers from any literal (`JSONDecoder`) gives it back, where the
    /// `Double`'s binary value is 7203685477579999744. Each `Double` has its own shortest
    /// digits, so no two compare equal.
    init(number double: Double) {
      guard double.isFinite, double == double.rounded(.towardZero) else {
        self = .double(double)
        return
      }
      if double.magnitude <= 0x1p53 {
        self = .integer(Int64(double))
        return
      }
      let text = NSDecimalNumber(string: "\(double)", locale: Locale(identifier: "en_US_POSIX"))
        .stringValue
      if let integer = Int64(text) {
        self = .integer(integer)
      } else if let integer = UInt64(text) {
        self = .unsigned(integer)
      } else {
        self = .double(double)
      }
    }

    private init(decimal: Decimal) {
      let text = NSDecimalNumber(decimal: decimal).stringValue
      if decimal == decimal.rounded(), let integer = Int64(text) {
        self = .integer(integer)
      } else if decimal == decimal.rounded(), let integer = UInt64(text) {
        self = .unsigned(integer)
      } else if let double = JSONValue.double(holding: decimal, text: text) {
        self = Scalar(number: double)
      } else {
        self = .decimal(decimal)
      }
    }
  }

  /// The `Double` whose shortest text is the same number as `decimal` (written `text`), if
  /// one is: then JSON text cannot tell the two apart.
  static func double(holding decimal: Decimal, text: String) -> Double? {
    guard let double = Double(text),
      Decimal(string: String(double), locale: Locale(identifier: "en_US_POSIX")) == decimal
    else { return nil }
    return double
  }

  static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
    // The trees come from `toDictionary()`, bounded in depth; the stack check keeps a thread
    // with a small stack safe all the same (values too deep to compare are unequal).
    guard StackBounds.hasRoom() else { return false }
    switch (lhs, rhs) {
    case (let left as [String: Any], let right as [String: Any]):
      guard left.count == right.count else { return false }
      for (key, value) in left {
        guard let other = right[key], equal(value, other) else { return false }
      }
      return true
    case (let left as [Any], let right as [Any]):
      return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
    default:
      let (left, right) = (Scalar(lhs), Scalar(rhs))
      if case .double(let a) = left, case .double(let b) = right, a.isNaN, b.isNaN { return true }
      return left == right
    }
  }

  /// A text that orders JSON values deterministically (for sets): dictionaries by sorted
  /// keys, so that equal values always give equal texts.
  static func sortKey(_ value: Any) -> String {
    switch value {
    case let array as [Any]: return "[" + array.map(sortKey).joined(separator: ",") + "]"
    case let dictionary as [String: Any]:
      let entries = dictionary.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map {
        key in key.debugDescription + ":" + (dictionary[key].map(sortKey) ?? "")
      }
      return "{" + entries.joined(separator: ",") + "}"
    default:
      return String(describing: Scalar(value))
    }
  }

  static func hash(_ value: Any, into hasher: inout Hasher) {
    guard StackBounds.hasRoom() else { return }  // deeper values do not feed the hash
    switch value {
    case let dictionary as [String: Any]:
      // Order-independent: combine the entries' own hashes with a commutative sum.
      var sum = 0
      for (key, element) in dictionary {
        var entry = Hasher()
        entry.combine(key)
        hash(element, into: &entry)
        sum = sum &+ entry.finalize()
      }
      hasher.combine(dictionary.count)
      hasher.combine(sum)
    case let array as [Any]:
      hasher.combine(array.count)
      for element in array { hash(element, into: &hasher) }
    default:
      let scalar = Scalar(value)
      if case .double(let double) = scalar, double.isNaN {
        hasher.combine("nan")
      } else {
        hasher.combine(scalar)
      }
    }
  }
}
