import Foundation

/// Optionals of mappable types: an accessor whose decoder gets a value already known not to be
/// null.
protocol PresentOptional {
  static func presentAccessor(
    offset: Int, override: ModelBase.Type?, settings: AccessorSettings
  ) -> PropertyAccessor
}
