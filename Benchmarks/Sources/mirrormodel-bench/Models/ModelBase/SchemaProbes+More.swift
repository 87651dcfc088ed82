import MirrorModel

// Generated: distinct small classes with the same fields, so that the first mapping of each one
// pays for building its schema once. Do not map these classes anywhere else in the benchmark.
extension SchemaProbes {
  final class Probe20: ModelBase {
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

  final class Probe21: ModelBase {
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

  final class Probe22: ModelBase {
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

  final class Probe23: ModelBase {
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

  final class Probe24: ModelBase {
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

  final class Probe25: ModelBase {
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

  final class Probe26: ModelBase {
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

  final class Probe27: ModelBase {
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

  final class Probe28: ModelBase {
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

  final class Probe29: ModelBase {
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

  final class Probe30: ModelBase {
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

  final class Probe31: ModelBase {
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

  final class Probe32: ModelBase {
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

  final class Probe33: ModelBase {
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

  final class Probe34: ModelBase {
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

  final class Probe35: ModelBase {
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

  final class Probe36: ModelBase {
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

  final class Probe37: ModelBase {
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

  final class Probe38: ModelBase {
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

  final class Probe39: ModelBase {
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
