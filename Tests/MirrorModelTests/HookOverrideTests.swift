import Foundation
import Testing

@testable import MirrorModel

// Which hooks a class overrides decides what MirrorModel may skip: a wrong "not overridden"
// would lose a hook's work, so every way of overriding is checked.

final class HookPlain: ModelBase {
  var name = ""
}

class HookDidMap: ModelBase {
  var name = ""
  var seen: [String] = []
  override func didMap(from dictionary: [String: Any]) throws {
    seen = dictionary.keys.sorted()
  }
}

/// Inherits the override of its superclass.
final class HookDidMapChild: HookDidMap {
  var extra = 0
}

final class HookValidate: ModelBase {
  var name = ""
  override func validate(_ value: Any, forProperty property: String) throws -> Any {
    (value as? String).map { $0.uppercased() } ?? value
  }
}

class HookModelType: ModelBase {
  var name = ""
  override class func modelType(for dictionary: [String: Any]) -> ModelBase.Type? {
    dictionary["child"] != nil ? HookModelTypeChild.self : nil
  }
}

final class HookModelTypeChild: HookModelType {
  var child = false
}

/// Overrides a hook and calls `super`: still an override.
final class HookCallsSuper: ModelBase {
  var name = ""
  var didRun = false
  override func didMap(from dictionary: [String: Any]) throws {
    try super.didMap(from: dictionary)
    didRun = true
  }
}

final class HookGeneric<Value: MappableValue>: ModelBase {
  var value: Value?
  override func didMap(from dictionary: [String: Any]) throws {
    if value == nil { throw ConversionError(expectedType: "value", reason: "missing") }
  }
}

final class HookGenericPlain<Value: MappableValue>: ModelBase {
  var value: Value?
}

@Suite struct HookOverrideTests {
  @Test func overridesAreFoundPerHook() {
    #expect(HookOverrides.of(HookPlain.self) == [])
    #expect(HookOverrides.of(ModelBase.self) == [])
    #expect(HookOverrides.of(HookDidMap.self) == .didMap)
    #expect(HookOverrides.of(HookDidMapChild.self) == .didMap)
    #expect(HookOverrides.of(HookValidate.self) == .validate)
    #expect(HookOverrides.of(HookModelType.self) == .modelType)
    #expect(HookOverrides.of(HookCallsSuper.self) == .didMap)
    #expect(HookOverrides.of(HookGeneric<Int>.self) == .didMap)
    #expect(HookOverrides.of(HookGenericPlain<String>.self) == [])
  }

  @Test func overriddenHooksRunOnEveryPath() throws {
    let json = Data(#"{"name":"a","extra":1,"child":true}"#.utf8)
    let dictionary = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    for model in [try HookDidMapChild(json: json), try HookDidMapChild(dictionary: dictionary)] {
      #expect(model.seen == ["child", "extra", "name"])
      #expect(model.extra == 1)
    }
    #expect(try HookValidate(json: json).name == "A")
    #expect(try HookValidate(dictionary: dictionary).name == "A")
    #expect(try HookCallsSuper(json: json).didRun)
    let made = try HookModelType.make(json: json)
    #expect((made as? HookModelTypeChild)?.child == true)
    #expect(throws: MappingError.self) { try HookGeneric<Int>(json: Data("{}".utf8)) }
  }

  @Test func metadataGivesInstanceSizes() throws {
    let base = try #require(ClassMetadata(ModelBase.self))
    #expect(base.instanceSize == 3 * MemoryLayout<Int>.size)
    let plain = try #require(ClassMetadata(HookPlain.self))
    #expect(plain.instanceSize == base.instanceSize + MemoryLayout<String>.size)
  }
}
