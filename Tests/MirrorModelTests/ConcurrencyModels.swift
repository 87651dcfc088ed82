import Foundation

@testable import MirrorModel

// Generated: 60 distinct model classes, so that schema builds race for real.

final class Concurrent0: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_0"] }
}
final class Concurrent1: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_1"] }
}
final class Concurrent2: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_2"] }
}
final class Concurrent3: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_3"] }
}
final class Concurrent4: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_4"] }
}
final class Concurrent5: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_5"] }
}
final class Concurrent6: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_6"] }
}
final class Concurrent7: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_7"] }
}
final class Concurrent8: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_8"] }
}
final class Concurrent9: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_9"] }
}
final class Concurrent10: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_10"] }
}
final class Concurrent11: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_11"] }
}
final class Concurrent12: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_12"] }
}
final class Concurrent13: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_13"] }
}
final class Concurrent14: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_14"] }
}
final class Concurrent15: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_15"] }
}
final class Concurrent16: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_16"] }
}
final class Concurrent17: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_17"] }
}
final class Concurrent18: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_18"] }
}
final class Concurrent19: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_19"] }
}
final class Concurrent20: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_20"] }
}
final class Concurrent21: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_21"] }
}
final class Concurrent22: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_22"] }
}
final class Concurrent23: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_23"] }
}
final class Concurrent24: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_24"] }
}
final class Concurrent25: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_25"] }
}
final class Concurrent26: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_26"] }
}
final class Concurrent27: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_27"] }
}
final class Concurrent28: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_28"] }
}
final class Concurrent29: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_29"] }
}
final class Concurrent30: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_30"] }
}
final class Concurrent31: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_31"] }
}
final class Concurrent32: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_32"] }
}
final class Concurrent33: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_33"] }
}
final class Concurrent34: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_34"] }
}
final class Concurrent35: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_35"] }
}
final class Concurrent36: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_36"] }
}
final class Concurrent37: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_37"] }
}
final class Concurrent38: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_38"] }
}
final class Concurrent39: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_39"] }
}
final class Concurrent40: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_40"] }
}
final class Concurrent41: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_41"] }
}
final class Concurrent42: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_42"] }
}
final class Concurrent43: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_43"] }
}
final class Concurrent44: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_44"] }
}
final class Concurrent45: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_45"] }
}
final class Concurrent46: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_46"] }
}
final class Concurrent47: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_47"] }
}
final class Concurrent48: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_48"] }
}
final class Concurrent49: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_49"] }
}
final class Concurrent50: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_50"] }
}
final class Concurrent51: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_51"] }
}
final class Concurrent52: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_52"] }
}
final class Concurrent53: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_53"] }
}
final class Concurrent54: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_54"] }
}
final class Concurrent55: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_55"] }
}
final class Concurrent56: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_56"] }
}
final class Concurrent57: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_57"] }
}
final class Concurrent58: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_58"] }
}
final class Concurrent59: ModelBase {
  var value = 0, label = "", rooms: [Room] = [], score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_59"] }
}

private func payload(_ index: Int) -> [String: Any] {
  ["value": index, "label_\(index)": "x", "rooms": [["price": index]], "score": 1.5]
}

let concurrencyModelFactories: [@Sendable () throws -> [String: Any]] = [
  { try Concurrent0(dictionary: payload(0)).toDictionary() },
  { try Concurrent1(dictionary: payload(1)).toDictionary() },
  { try Concurrent2(dictionary: payload(2)).toDictionary() },
  { try Concurrent3(dictionary: payload(3)).toDictionary() },
  { try Concurrent4(dictionary: payload(4)).toDictionary() },
  { try Concurrent5(dictionary: payload(5)).toDictionary() },
  { try Concurrent6(dictionary: payload(6)).toDictionary() },
  { try Concurrent7(dictionary: payload(7)).toDictionary() },
  { try Concurrent8(dictionary: payload(8)).toDictionary() },
  { try Concurrent9(dictionary: payload(9)).toDictionary() },
  { try Concurrent10(dictionary: payload(10)).toDictionary() },
  { try Concurrent11(dictionary: payload(11)).toDictionary() },
  { try Concurrent12(dictionary: payload(12)).toDictionary() },
  { try Concurrent13(dictionary: payload(13)).toDictionary() },
  { try Concurrent14(dictionary: payload(14)).toDictionary() },
  { try Concurrent15(dictionary: payload(15)).toDictionary() },
  { try Concurrent16(dictionary: payload(16)).toDictionary() },
  { try Concurrent17(dictionary: payload(17)).toDictionary() },
  { try Concurrent18(dictionary: payload(18)).toDictionary() },
  { try Concurrent19(dictionary: payload(19)).toDictionary() },
  { try Concurrent20(dictionary: payload(20)).toDictionary() },
  { try Concurrent21(dictionary: payload(21)).toDictionary() },
  { try Concurrent22(dictionary: payload(22)).toDictionary() },
  { try Concurrent23(dictionary: payload(23)).toDictionary() },
  { try Concurrent24(dictionary: payload(24)).toDictionary() },
  { try Concurrent25(dictionary: payload(25)).toDictionary() },
  { try Concurrent26(dictionary: payload(26)).toDictionary() },
  { try Concurrent27(dictionary: payload(27)).toDictionary() },
  { try Concurrent28(dictionary: payload(28)).toDictionary() },
  { try Concurrent29(dictionary: payload(29)).toDictionary() },
  { try Concurrent30(dictionary: payload(30)).toDictionary() },
  { try Concurrent31(dictionary: payload(31)).toDictionary() },
  { try Concurrent32(dictionary: payload(32)).toDictionary() },
  { try Concurrent33(dictionary: payload(33)).toDictionary() },
  { try Concurrent34(dictionary: payload(34)).toDictionary() },
  { try Concurrent35(dictionary: payload(35)).toDictionary() },
  { try Concurrent36(dictionary: payload(36)).toDictionary() },
  { try Concurrent37(dictionary: payload(37)).toDictionary() },
  { try Concurrent38(dictionary: payload(38)).toDictionary() },
  { try Concurrent39(dictionary: payload(39)).toDictionary() },
  { try Concurrent40(dictionary: payload(40)).toDictionary() },
  { try Concurrent41(dictionary: payload(41)).toDictionary() },
  { try Concurrent42(dictionary: payload(42)).toDictionary() },
  { try Concurrent43(dictionary: payload(43)).toDictionary() },
  { try Concurrent44(dictionary: payload(44)).toDictionary() },
  { try Concurrent45(dictionary: payload(45)).toDictionary() },
  { try Concurrent46(dictionary: payload(46)).toDictionary() },
  { try Concurrent47(dictionary: payload(47)).toDictionary() },
  { try Concurrent48(dictionary: payload(48)).toDictionary() },
  { try Concurrent49(dictionary: payload(49)).toDictionary() },
  { try Concurrent50(dictionary: payload(50)).toDictionary() },
  { try Concurrent51(dictionary: payload(51)).toDictionary() },
  { try Concurrent52(dictionary: payload(52)).toDictionary() },
  { try Concurrent53(dictionary: payload(53)).toDictionary() },
  { try Concurrent54(dictionary: payload(54)).toDictionary() },
  { try Concurrent55(dictionary: payload(55)).toDictionary() },
  { try Concurrent56(dictionary: payload(56)).toDictionary() },
  { try Concurrent57(dictionary: payload(57)).toDictionary() },
  { try Concurrent58(dictionary: payload(58)).toDictionary() },
  { try Concurrent59(dictionary: payload(59)).toDictionary() },
]
