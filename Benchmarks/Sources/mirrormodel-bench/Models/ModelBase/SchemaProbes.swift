import MirrorModel

// Generated: distinct small classes with the same fields, so that the first mapping of each one
// pays for building its schema once. Do not map these classes anywhere else in the benchmark.
extension SchemaProbes {
  final class Warm: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe00: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe01: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe02: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe03: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe04: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe05: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe06: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe07: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe08: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe09: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe10: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe11: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe12: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe13: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe14: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe15: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe16: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe17: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe18: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }

  final class Probe19: ModelBase {
    var name: String = ""
    var userName: String = ""
    var count: Int = 0
    var score: Double = 0
    var flag: Bool = false
    var note: String?
    var tags: [String] = []
    var ids: [Int64] = []
    override class var propertyMapping: [String: String] { ["userName": "user_name"] }
  }
}

/// Classes used only by the schema-build measurement, each mapped for the first time there.
enum SchemaProbes {
  /// The class mapped first, to warm the library's code paths; its time is not reported.
  static var warmUp: ModelBase.Type { Warm.self }

  /// The measured classes, none of them mapped before the measurement.
  static var measured: [ModelBase.Type] {
    [
      Probe00.self, Probe01.self, Probe02.self, Probe03.self, Probe04.self, Probe05.self,
      Probe06.self, Probe07.self, Probe08.self, Probe09.self, Probe10.self, Probe11.self,
      Probe12.self, Probe13.self, Probe14.self, Probe15.self, Probe16.self, Probe17.self,
      Probe18.self, Probe19.self, Probe20.self, Probe21.self, Probe22.self, Probe23.self,
      Probe24.self, Probe25.self, Probe26.self, Probe27.self, Probe28.self, Probe29.self,
      Probe30.self, Probe31.self, Probe32.self, Probe33.self, Probe34.self, Probe35.self,
      Probe36.self, Probe37.self, Probe38.self, Probe39.self,
    ]
  }
}
