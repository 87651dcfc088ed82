/// Names generated code must not declare.
enum SwiftNames {
  /// Words that cannot be a property name without backticks.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
    "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false",
    "is", "nil", "self", "super", "throws", "true", "try",
  ]

  /// Public members of `ModelBase` (and of the protocols it adopts): a property with one of
  /// these names would override it by accident or make calls such as `toDictionary()`
  /// ambiguous.
  static let modelBaseMembers: Set<String> = [
    "arrayElementTypes", "copy", "debugDescription", "defaultValues", "description", "didMap",
    "encode", "fromMappedValue", "hash", "hashValue", "identifierProperty", "ignoredProperties",
    "keepsUnknownKeys", "keyStrategy", "map", "modelType", "nullStrings", "outputPropertyMapping",
    "propertyMapping", "requiredProperties", "storedUnknownValues", "toDictionary", "toJSON",
    "toJSONString", "toMappedValue", "transformers", "unique", "unknownValues", "update",
    "validate",
  ]

  /// Types the generated code refers to, MirrorModel's public types (a class named
  /// `MappingError` would hide the library's in the user's module), and standard types a reader
  /// expects a name to mean.
  static let reservedTypeNames: Set<String> = [
    "Any", "AnyObject", "Array", "Bool", "Character", "ConversionError", "Data", "Date",
    "Decimal", "Dictionary", "Double", "Error", "Float", "Foundation", "Int", "Int8", "Int16",
    "Int32", "Int64", "KeyStrategy", "MappableValue", "MappingContext", "MappingError",
    "MappingIssue", "MappingMode", "MappingResult", "MirrorModel", "ModelBase", "NSNull",
    "NSNumber", "Never", "Optional", "PropertyTransformer", "Protocol", "Self", "Set", "String",
    "Type", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "URL", "UUID", "Void",
  ]
}
