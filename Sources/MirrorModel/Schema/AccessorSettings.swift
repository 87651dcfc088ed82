import Foundation

/// Per-property settings from the class hooks, handed to the accessor.
struct AccessorSettings {
  var name: String
  var transformer: PropertyTransformer?
  var isRequired: Bool
  /// Whether the class overrides ``ModelBase/validate(_:forProperty:)``: if not, it is not
  /// called.
  var callsValidate = true
}
