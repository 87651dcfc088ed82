/// The per-object hooks of ``ModelBase`` a class overrides (itself or through a superclass).
///
/// A hook nobody overrides costs nothing: `validate(_:forProperty:)` is not called for every
/// property, `didMap(from:)` and `modelType(for:)` are not called, and JSON text can be read
/// straight into the class's models without building the dictionaries those hooks take.
///
/// Found by comparing the class's vtable slot for each hook with `ModelBase`'s (see
/// ``ClassMetadata``). Each slot is located once, with probe classes that override exactly
/// one hook. Where that does not work out (a layout not understood, pointer authentication
/// signing slots differently per class), every hook counts as overridden: MirrorModel then
/// calls it, and builds the dictionaries it takes, as it always did.
struct HookOverrides: OptionSet, Sendable {
  let rawValue: Int

  /// ``ModelBase/didMap(from:)``.
  static let didMap = HookOverrides(rawValue: 1 << 0)
  /// ``ModelBase/validate(_:forProperty:)``.
  static let validate = HookOverrides(rawValue: 1 << 1)
  /// ``ModelBase/modelType(for:)``.
  static let modelType = HookOverrides(rawValue: 1 << 2)
  /// ``ModelBase/willWrite(to:)``.
  static let willWrite = HookOverrides(rawValue: 1 << 3)
  static let all: HookOverrides = [.didMap, .validate, .modelType, .willWrite]

  /// The hooks `type` overrides; all of them when this cannot be told.
  static func of(_ type: ModelBase.Type) -> HookOverrides {
    guard let slots = Slots.located, let metadata = ClassMetadata(type),
      metadata.wordCount >= slots.base.wordCount
    else { return .all }
    var result: HookOverrides = []
    for (hook, slot) in slots.byHook
    where metadata.word(at: slot) != slots.base.word(at: slot) {
      result.insert(hook)
    }
    return result
  }

  /// Where each hook's slot is.
  private struct Slots: Sendable {
    let base: ClassMetadata
    let byHook: [(HookOverrides, Int)]

    static let located: Slots? = {
      guard let base = ClassMetadata(ModelBase.self),
        let plain = ClassMetadata(PlainProbe.self)
      else { return nil }
      // Words that differ in any subclass: superclass, description, synthesized initializers.
      let differing = Set(
        (0..<base.wordCount).filter { plain.word(at: $0) != base.word(at: $0) })
      var byHook: [(HookOverrides, Int)] = []
      for (hook, probe) in [
        (HookOverrides.didMap, DidMapProbe.self as ModelBase.Type),
        (.validate, ValidateProbe.self), (.modelType, ModelTypeProbe.self),
        (.willWrite, WillWriteProbe.self),
      ] {
        guard let metadata = ClassMetadata(probe) else { return nil }
        let slots = (0..<base.wordCount).filter {
          !differing.contains($0) && metadata.word(at: $0) != base.word(at: $0)
        }
        guard slots.count == 1, let slot = slots.first else { return nil }
        byHook.append((hook, slot))
      }
      return Slots(base: base, byHook: byHook)
    }()
  }
}

// Probe classes: never instantiated, compared slot by slot with ModelBase.

private final class PlainProbe: ModelBase {}

private final class DidMapProbe: ModelBase {
  override func didMap(from dictionary: [String: Any]) throws {
    _ = dictionary.count
  }
}

private final class ValidateProbe: ModelBase {
  override func validate(_ value: Any, forProperty property: String) throws -> Any {
    _ = property.count
    return value
  }
}

private final class WillWriteProbe: ModelBase {
  override func willWrite(to dictionary: inout [String: Any]) throws {
    dictionary["probe"] = nil
  }
}

private final class ModelTypeProbe: ModelBase {
  override class func modelType(for dictionary: [String: Any]) -> ModelBase.Type? {
    dictionary.isEmpty ? nil : PlainProbe.self
  }
}
