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
      self.init(JSONKind(value), value)
    }

    /// The scalar of `value`, whose kind is `kind`.
    init(_ kind: JSONKind, _ value: Any) {
      switch kind {
      case .null, .absent: self = .null
      case .string(let string): self = .string(string)
      case .bool(let flag): self = .bool(flag)
      case .int(let integer): self = .integer(Int64(integer))
      case .signed(let integer): self = .integer(integer)
      case .uint(let integer): self = Scalar(unsigned: UInt64(integer))
      case .unsigned(let integer): self = Scalar(unsigned: integer)
      case .double(let double): self = Scalar(number: double)
      case .float(let float): self = Scalar(number: Double(float))
      case .decimal(let decimal): self = Scalar(decimal: decimal)
      case .object, .array, .foundationObject, .foundationArray, .other:
        self = .other(String(describing: value))
      }
    }

    private init(unsigned integer: UInt64) {
      self = Int64(exactly: integer).map(Scalar.integer) ?? .unsigned(integer)
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
    // What each side is, asked in helpers: this function is on the recursive path, and its
    // frame holds only the two containers.
    switch containers(lhs, rhs) {
    case .objects(let left, let right):
      guard left.count == right.count else { return false }
      for (key, value) in left {
        guard let other = right[key], equal(value, other) else { return false }
      }
      return true
    case .arrays(let left, let right):
      return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
    case .scalars(let equal):
      return equal
    }
  }

  /// Two values as ``equal(_:_:)`` compares them.
  private enum Pair {
    case objects([String: Any], [String: Any])
    case arrays([Any], [Any])
    /// Anything else, compared as scalars: whether they are equal.
    case scalars(Bool)
  }

  @inline(never)
  private static func containers(_ lhs: Any, _ rhs: Any) -> Pair {
    let (leftKind, rightKind) = (JSONKind(lhs), JSONKind(rhs))
    if let left = leftKind.members, let right = rightKind.members {
      return .objects(left, right)
    }
    if let left = leftKind.elements, let right = rightKind.elements {
      return .arrays(left, right)
    }
    let (left, right) = (Scalar(leftKind, lhs), Scalar(rightKind, rhs))
    if case .double(let a) = left, case .double(let b) = right, a.isNaN, b.isNaN {
      return .scalars(true)
    }
    return .scalars(left == right)
  }

  /// A text that orders JSON values deterministically (for sets): dictionaries by sorted
  /// keys, so that equal values always give equal texts.
  static func sortKey(_ value: Any) -> String {
    let kind = JSONKind(value)
    if let array = kind.elements {
      return "[" + array.map(sortKey).joined(separator: ",") + "]"
    }
    if let dictionary = kind.members {
      let entries = dictionary.keys.sorted(by: utf8Precedes).map {
        key in key.debugDescription + ":" + (dictionary[key].map(sortKey) ?? "")
      }
      return "{" + entries.joined(separator: ",") + "}"
    }
    return String(describing: Scalar(kind, value))
  }

  static func hash(_ value: Any, into hasher: inout Hasher) {
    guard StackBounds.hasRoom() else { return }  // deeper values do not feed the hash
    switch hashed(value, into: &hasher) {
    case .object(let dictionary):
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
    case .array(let array):
      hasher.combine(array.count)
      for element in array { hash(element, into: &hasher) }
    case .scalar:
      break
    }
  }

  /// What ``hash(_:into:)`` walks.
  private enum Hashed {
    case object([String: Any])
    case array([Any])
    /// A scalar, already hashed.
    case scalar
  }

  /// The container `value` is, or `value` hashed as a scalar: apart, so that its kind is not
  /// in the frame of the recursive ``hash(_:into:)``.
  @inline(never)
  private static func hashed(_ value: Any, into hasher: inout Hasher) -> Hashed {
    let kind = JSONKind(value)
    if let dictionary = kind.members { return .object(dictionary) }
    if let array = kind.elements { return .array(array) }
    let scalar = Scalar(kind, value)
    if case .double(let double) = scalar, double.isNaN {
      hasher.combine("nan")
    } else {
      hasher.combine(scalar)
    }
    return .scalar
  }
}
