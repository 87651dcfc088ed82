/// How dictionary keys are derived from property names that ``ModelBase/propertyMapping``
/// does not list.
public enum KeyStrategy: Sendable, Hashable {
  /// The key is the property's name.
  case useDefaultKeys
  /// The key is the property's name in snake case: `hotelId` reads and writes `hotel_id`,
  /// `imageURL` `image_url`, `urlString` `url_string`.
  case snakeCase

  /// The key for a property name.
  ///
  /// - Parameter propertyName: The property's name in the class.
  /// - Returns: The dictionary key.
  public func key(for propertyName: String) -> String {
    switch self {
    case .useDefaultKeys: return propertyName
    case .snakeCase: return Self.snakeCase(propertyName)
    }
  }

  private static func snakeCase(_ name: String) -> String {
    let characters = Array(name)
    var result = ""
    for (index, character) in characters.enumerated() {
      if character.isUppercase, index > 0 {
        let previous = characters[index - 1]
        let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
        if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
          result.append("_")
        }
      }
      result += character.lowercased()
    }
    return result
  }
}
