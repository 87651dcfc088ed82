/// The key a polymorphic base class's payloads carry, and the class each of its values names.
///
/// Declared once, on the base class, through ``ModelBase/discriminator``:
///
/// ```swift
/// nonisolated class Animal: ModelBase {
///   var name = ""
///   override class var discriminator: ModelDiscriminator? {
///     ModelDiscriminator(key: "type", classes: ["dog": Dog.self, "cat": Cat.self])
///   }
/// }
/// nonisolated final class Dog: Animal { var barks = true }
/// nonisolated final class Cat: Animal { var lives = 9 }
///
/// let zoo = try Zoo(json: data)          // zoo.animals: [Animal] holds Dogs and Cats
/// let text = try zoo.toJSON()            // each animal written with its "type"
/// ```
///
/// Reading picks the class its value names wherever the base class (or a subclass) is
/// declared: a nested model, array elements, dictionary values, and the top level through
/// ``MappableValue/make(dictionary:at:mode:userInfo:)``. Writing always writes the key with the
/// model's own value (after the properties, so it wins over a property mapped to the same
/// key), so ``ModelBase/toDictionary()``, ``ModelBase/toJSON(prettyPrinted:)`` and
/// ``ModelStore`` give back the same classes. A value that names no class gives the declared
/// class (an issue in strict mode). ``ModelBase/modelType(for:)`` stays for anything more
/// dynamic; it is asked only when the discriminator names no class.
public struct ModelDiscriminator {
  /// The key that holds the class's value, such as `"type"`.
  public var key: String
  /// The class each value names, such as `Dog.self` for `"dog"`.
  ///
  /// The base class may have a value too.
  public var classes: [String: ModelBase.Type]

  /// Creates a discriminator.
  ///
  /// - Parameters:
  ///   - key: The key that holds the class's value, such as `"type"`.
  ///   - classes: The class each value names.
  public init(key: String, classes: [String: ModelBase.Type]) {
    self.key = key
    self.classes = classes
  }
}

extension ClassSchema {
  /// The class the discriminator value in `dictionary` names; `nil` when the class has no
  /// discriminator, the key is missing, or its value names no class (an issue in strict mode).
  func discriminatedClass(
    in dictionary: [String: Any], context: MappingContext
  ) throws -> ModelBase.Type? {
    guard let discriminator else { return nil }
    return try discriminatedClass(named: dictionary[discriminator.key], context: context)
  }

  /// The class the discriminator value `raw` names (the value under the key, `nil` when the
  /// key is missing), as ``discriminatedClass(in:context:)`` finds it in a dictionary.
  func discriminatedClass(named raw: Any?, context: MappingContext) throws -> ModelBase.Type? {
    guard let discriminator, let raw, !context.isNull(raw) else { return nil }
    let text = stringValue(raw) ?? numberValue(raw).map(NumberText.text(of:))
    if let text, let named = discriminator.classes[text] { return named }
    if context.isStrict {
      throw ConversionError(
        expectedType: typeName(modelType),
        reason: "\(discriminator.key) is \(describeValue(raw)), which names no class: expected "
          + discriminator.classes.keys.sorted().map(quoted).joined(separator: ", "))
    }
    return nil
  }
}
