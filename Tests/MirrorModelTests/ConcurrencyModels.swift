import Foundation

@testable import MirrorModel

// Generated: 60 distinct model classes, so that schema builds race for real.

final class Concurrent0: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_0"] }
}

final class Concurrent1: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_1"] }
}

final class Concurrent2: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_2"] }
}

final class Concurrent3: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_3"] }
}

final class Concurrent4: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_4"] }
}

final class Concurrent5: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_5"] }
}

final class Concurrent6: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_6"] }
}

final class Concurrent7: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_7"] }
}

final class Concurrent8: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_8"] }
}

final class Concurrent9: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_9"] }
}

final class Concurrent10: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_10"] }
}

final class Concurrent11: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_11"] }
}

final class Concurrent12: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_12"] }
}

final class Concurrent13: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_13"] }
}

final class Concurrent14: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_14"] }
}

final class Concurrent15: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_15"] }
}

final class Concurrent16: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_16"] }
}

final class Concurrent17: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_17"] }
}

final class Concurrent18: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_18"] }
}

final class Concurrent19: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_19"] }
}

final class Concurrent20: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_20"] }
}

final class Concurrent21: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_21"] }
}

final class Concurrent22: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_22"] }
}

final class Concurrent23: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_23"] }
}

final class Concurrent24: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_24"] }
}

final class Concurrent25: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_25"] }
}

final class Concurrent26: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_26"] }
}

final class Concurrent27: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_27"] }
}

final class Concurrent28: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_28"] }
}

final class Concurrent29: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_29"] }
}

final class Concurrent30: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_30"] }
}

final class Concurrent31: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_31"] }
}

final class Concurrent32: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_32"] }
}

final class Concurrent33: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_33"] }
}

final class Concurrent34: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_34"] }
}

final class Concurrent35: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_35"] }
}

final class Concurrent36: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_36"] }
}

final class Concurrent37: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_37"] }
}

final class Concurrent38: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_38"] }
}

final class Concurrent39: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_39"] }
}

final class Concurrent40: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_40"] }
}

final class Concurrent41: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_41"] }
}

final class Concurrent42: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_42"] }
}

final class Concurrent43: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_43"] }
}

final class Concurrent44: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_44"] }
}

final class Concurrent45: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_45"] }
}

final class Concurrent46: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_46"] }
}

final class Concurrent47: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_47"] }
}

final class Concurrent48: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_48"] }
}

final class Concurrent49: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_49"] }
}

final class Concurrent50: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_50"] }
}

final class Concurrent51: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_51"] }
}

final class Concurrent52: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_52"] }
}

final class Concurrent53: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_53"] }
}

final class Concurrent54: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_54"] }
}

final class Concurrent55: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_55"] }
}

final class Concurrent56: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_56"] }
}

final class Concurrent57: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_57"] }
}

final class Concurrent58: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_58"] }
}

final class Concurrent59: ModelBase {
  var value: Int = 0
  var label: String = ""
  var rooms: [Room] = []
  var score: Double?
  override class var propertyMapping: [String: String] { ["label": "label_59"] }
}

let concurrencyModelFactories: [@Sendable () throws -> [String: Any]] = [
  { try Concurrent0(dictionary: ["value": 0, "label_0": "x", "rooms": [["price": 0]], "score": 1.5]).toDictionary() },
  { try Concurrent1(dictionary: ["value": 1, "label_1": "x", "rooms": [["price": 1]], "score": 1.5]).toDictionary() },
  { try Concurrent2(dictionary: ["value": 2, "label_2": "x", "rooms": [["price": 2]], "score": 1.5]).toDictionary() },
  { try Concurrent3(dictionary: ["value": 3, "label_3": "x", "rooms": [["price": 3]], "score": 1.5]).toDictionary() },
  { try Concurrent4(dictionary: ["value": 4, "label_4": "x", "rooms": [["price": 4]], "score": 1.5]).toDictionary() },
  { try Concurrent5(dictionary: ["value": 5, "label_5": "x", "rooms": [["price": 5]], "score": 1.5]).toDictionary() },
  { try Concurrent6(dictionary: ["value": 6, "label_6": "x", "rooms": [["price": 6]], "score": 1.5]).toDictionary() },
  { try Concurrent7(dictionary: ["value": 7, "label_7": "x", "rooms": [["price": 7]], "score": 1.5]).toDictionary() },
  { try Concurrent8(dictionary: ["value": 8, "label_8": "x", "rooms": [["price": 8]], "score": 1.5]).toDictionary() },
  { try Concurrent9(dictionary: ["value": 9, "label_9": "x", "rooms": [["price": 9]], "score": 1.5]).toDictionary() },
  { try Concurrent10(dictionary: ["value": 10, "label_10": "x", "rooms": [["price": 10]], "score": 1.5]).toDictionary() },
  { try Concurrent11(dictionary: ["value": 11, "label_11": "x", "rooms": [["price": 11]], "score": 1.5]).toDictionary() },
  { try Concurrent12(dictionary: ["value": 12, "label_12": "x", "rooms": [["price": 12]], "score": 1.5]).toDictionary() },
  { try Concurrent13(dictionary: ["value": 13, "label_13": "x", "rooms": [["price": 13]], "score": 1.5]).toDictionary() },
  { try Concurrent14(dictionary: ["value": 14, "label_14": "x", "rooms": [["price": 14]], "score": 1.5]).toDictionary() },
  { try Concurrent15(dictionary: ["value": 15, "label_15": "x", "rooms": [["price": 15]], "score": 1.5]).toDictionary() },
  { try Concurrent16(dictionary: ["value": 16, "label_16": "x", "rooms": [["price": 16]], "score": 1.5]).toDictionary() },
  { try Concurrent17(dictionary: ["value": 17, "label_17": "x", "rooms": [["price": 17]], "score": 1.5]).toDictionary() },
  { try Concurrent18(dictionary: ["value": 18, "label_18": "x", "rooms": [["price": 18]], "score": 1.5]).toDictionary() },
  { try Concurrent19(dictionary: ["value": 19, "label_19": "x", "rooms": [["price": 19]], "score": 1.5]).toDictionary() },
  { try Concurrent20(dictionary: ["value": 20, "label_20": "x", "rooms": [["price": 20]], "score": 1.5]).toDictionary() },
  { try Concurrent21(dictionary: ["value": 21, "label_21": "x", "rooms": [["price": 21]], "score": 1.5]).toDictionary() },
  { try Concurrent22(dictionary: ["value": 22, "label_22": "x", "rooms": [["price": 22]], "score": 1.5]).toDictionary() },
  { try Concurrent23(dictionary: ["value": 23, "label_23": "x", "rooms": [["price": 23]], "score": 1.5]).toDictionary() },
  { try Concurrent24(dictionary: ["value": 24, "label_24": "x", "rooms": [["price": 24]], "score": 1.5]).toDictionary() },
  { try Concurrent25(dictionary: ["value": 25, "label_25": "x", "rooms": [["price": 25]], "score": 1.5]).toDictionary() },
  { try Concurrent26(dictionary: ["value": 26, "label_26": "x", "rooms": [["price": 26]], "score": 1.5]).toDictionary() },
  { try Concurrent27(dictionary: ["value": 27, "label_27": "x", "rooms": [["price": 27]], "score": 1.5]).toDictionary() },
  { try Concurrent28(dictionary: ["value": 28, "label_28": "x", "rooms": [["price": 28]], "score": 1.5]).toDictionary() },
  { try Concurrent29(dictionary: ["value": 29, "label_29": "x", "rooms": [["price": 29]], "score": 1.5]).toDictionary() },
  { try Concurrent30(dictionary: ["value": 30, "label_30": "x", "rooms": [["price": 30]], "score": 1.5]).toDictionary() },
  { try Concurrent31(dictionary: ["value": 31, "label_31": "x", "rooms": [["price": 31]], "score": 1.5]).toDictionary() },
  { try Concurrent32(dictionary: ["value": 32, "label_32": "x", "rooms": [["price": 32]], "score": 1.5]).toDictionary() },
  { try Concurrent33(dictionary: ["value": 33, "label_33": "x", "rooms": [["price": 33]], "score": 1.5]).toDictionary() },
  { try Concurrent34(dictionary: ["value": 34, "label_34": "x", "rooms": [["price": 34]], "score": 1.5]).toDictionary() },
  { try Concurrent35(dictionary: ["value": 35, "label_35": "x", "rooms": [["price": 35]], "score": 1.5]).toDictionary() },
  { try Concurrent36(dictionary: ["value": 36, "label_36": "x", "rooms": [["price": 36]], "score": 1.5]).toDictionary() },
  { try Concurrent37(dictionary: ["value": 37, "label_37": "x", "rooms": [["price": 37]], "score": 1.5]).toDictionary() },
  { try Concurrent38(dictionary: ["value": 38, "label_38": "x", "rooms": [["price": 38]], "score": 1.5]).toDictionary() },
  { try Concurrent39(dictionary: ["value": 39, "label_39": "x", "rooms": [["price": 39]], "score": 1.5]).toDictionary() },
  { try Concurrent40(dictionary: ["value": 40, "label_40": "x", "rooms": [["price": 40]], "score": 1.5]).toDictionary() },
  { try Concurrent41(dictionary: ["value": 41, "label_41": "x", "rooms": [["price": 41]], "score": 1.5]).toDictionary() },
  { try Concurrent42(dictionary: ["value": 42, "label_42": "x", "rooms": [["price": 42]], "score": 1.5]).toDictionary() },
  { try Concurrent43(dictionary: ["value": 43, "label_43": "x", "rooms": [["price": 43]], "score": 1.5]).toDictionary() },
  { try Concurrent44(dictionary: ["value": 44, "label_44": "x", "rooms": [["price": 44]], "score": 1.5]).toDictionary() },
  { try Concurrent45(dictionary: ["value": 45, "label_45": "x", "rooms": [["price": 45]], "score": 1.5]).toDictionary() },
  { try Concurrent46(dictionary: ["value": 46, "label_46": "x", "rooms": [["price": 46]], "score": 1.5]).toDictionary() },
  { try Concurrent47(dictionary: ["value": 47, "label_47": "x", "rooms": [["price": 47]], "score": 1.5]).toDictionary() },
  { try Concurrent48(dictionary: ["value": 48, "label_48": "x", "rooms": [["price": 48]], "score": 1.5]).toDictionary() },
  { try Concurrent49(dictionary: ["value": 49, "label_49": "x", "rooms": [["price": 49]], "score": 1.5]).toDictionary() },
  { try Concurrent50(dictionary: ["value": 50, "label_50": "x", "rooms": [["price": 50]], "score": 1.5]).toDictionary() },
  { try Concurrent51(dictionary: ["value": 51, "label_51": "x", "rooms": [["price": 51]], "score": 1.5]).toDictionary() },
  { try Concurrent52(dictionary: ["value": 52, "label_52": "x", "rooms": [["price": 52]], "score": 1.5]).toDictionary() },
  { try Concurrent53(dictionary: ["value": 53, "label_53": "x", "rooms": [["price": 53]], "score": 1.5]).toDictionary() },
  { try Concurrent54(dictionary: ["value": 54, "label_54": "x", "rooms": [["price": 54]], "score": 1.5]).toDictionary() },
  { try Concurrent55(dictionary: ["value": 55, "label_55": "x", "rooms": [["price": 55]], "score": 1.5]).toDictionary() },
  { try Concurrent56(dictionary: ["value": 56, "label_56": "x", "rooms": [["price": 56]], "score": 1.5]).toDictionary() },
  { try Concurrent57(dictionary: ["value": 57, "label_57": "x", "rooms": [["price": 57]], "score": 1.5]).toDictionary() },
  { try Concurrent58(dictionary: ["value": 58, "label_58": "x", "rooms": [["price": 58]], "score": 1.5]).toDictionary() },
  { try Concurrent59(dictionary: ["value": 59, "label_59": "x", "rooms": [["price": 59]], "score": 1.5]).toDictionary() },
]
