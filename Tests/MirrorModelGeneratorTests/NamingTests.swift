import Testing

@testable import MirrorModelGenerator

@Suite("Names of properties and classes")
struct NamingTests {
  @Test(arguments: [
    ("hotel_id", "hotelId"), ("name", "name"), ("HotelID", "hotelID"), ("ID", "id"),
    ("URLString", "urlString"), ("avatar_url", "avatarUrl"), ("check-in", "checkIn"),
    ("first name", "firstName"), ("__typename", "typename"), ("@id", "id"),
    ("1st", "value1st"), ("2fa_enabled", "value2faEnabled"), ("class", "classValue"),
    ("default", "defaultValue"), ("self", "selfValue"), ("init", "initValue"),
    ("description", "descriptionValue"), ("propertyMapping", "propertyMappingValue"),
    ("null_strings", "nullStringsValue"), ("to_dictionary", "toDictionaryValue"),
    ("update", "updateValue"), ("validate", "validateValue"), ("key_strategy", "keyStrategyValue"),
    ("open", "open"), ("type", "type"), ("", "value"), ("名前", "value"), ("a_名前", "a"),
  ])
  func propertyName(key: String, name: String) {
    #expect(Identifiers.propertyName(forKey: key) == name)
  }

  @Test(arguments: [
    ("recommended_room", "RecommendedRoom"), ("user", "User"), ("url", "Url"),
    ("URL", "URLModel"), ("data", "DataModel"), ("date", "DateModel"), ("type", "TypeModel"),
    ("1st", "Value1st"), ("", "Value"), ("mapping_error", "MappingErrorModel"),
    ("search-metadata", "SearchMetadata"),
  ])
  func typeName(key: String, name: String) {
    #expect(Identifiers.typeName(forKey: key) == name)
  }

  @Test(arguments: [
    ("rooms", "Room"), ("statuses", "Status"), ("entities", "Entity"),
    ("user_mentions", "UserMention"), ("addresses", "Address"), ("boxes", "Box"),
    ("matches", "Match"), ("wishes", "Wish"), ("buzzes", "Buzz"), ("buses", "Bus"),
    ("houses", "House"), ("causes", "Cause"), ("sizes", "Size"), ("images", "Image"),
    ("ENTITIES", "ENTITY"), ("media", "Media"), ("room_list", "RoomList"),
    ("analysis", "Analysis"), ("status", "Status"), ("class", "Class"), ("us", "Us"),
    ("urls", "Url"), ("URLs", "URLModel"), ("data", "DataModel"),
  ])
  func elementTypeName(key: String, name: String) {
    #expect(Identifiers.elementTypeName(forKey: key) == name)
  }

  @Test func keysThatNeedNoMappingKeepTheirNameAndLaterCollisionsAreNumbered() {
    let slots = PropertyNaming.slots(forKeys: ["_id", "id", "@id", "user_name", "userName", "a.b"])
    #expect(slots.map(\.key) == ["_id", "id", "@id", "user_name", "userName", "a.b"])
    #expect(
      slots.map(\.slot) == [
        .property(name: "id2"), .property(name: "id"), .property(name: "id3"),
        .property(name: "userName2"), .property(name: "userName"),
        .skipped(reason: PropertyNaming.dottedKeyReason),
      ])
  }

  @Test func keysAreEscapedInMappingsAndComments() throws {
    let source = try generate(#"{"say \"hi\"": 1, "tab\there": 2, "x.\"y\"\n": 3}"#)
    #expect(
      memberLines(source, ofClass: "Root") == [
        "var sayHi: Int = 0",
        "var tabHere: Int = 0",
        #"// skipped key "x.\"y\"\n": a "." in propertyMapping reads as a key path"#,
      ])
    #expect(source.contains(#"["sayHi": "say \"hi\"", "tabHere": "tab\there"]"#))
  }

  @Test func differentShapesUnderOneNameAreNumberedShallowestFirst() throws {
    let source = try generate(
      #"{"a": {"user": {"x": 1}}, "user": {"y": 2}, "b": {"user": {"x": 3}}}"#)
    #expect(classNames(source) == ["Root", "A", "User", "B", "User2"])
    #expect(memberLines(source, ofClass: "User") == ["var y: Int = 0"])
    #expect(memberLines(source, ofClass: "A") == ["var user: User2?"])
    #expect(memberLines(source, ofClass: "B") == ["var user: User2?"])
  }

  @Test func identicalShapesShareAClassUnderTheShorterOfTwoRelatedNames() throws {
    let source = try generate(#"{"main_room": {"n": 1}, "room": {"n": 2}, "rooms": [{"n": 3}]}"#)
    #expect(classNames(source) == ["Root", "Room"])
    #expect(
      memberLines(source, ofClass: "Root") == [
        "var mainRoom: Room?", "var room: Room?", "var rooms: [Room] = []",
      ])
  }

  @Test func identicalShapesUnderUnrelatedNamesStaySeparate() throws {
    let source = try generate(#"{"owner": {"id": 1}, "category": {"id": 2}}"#)
    #expect(classNames(source) == ["Root", "Owner", "Category"])
  }

  @Test func objectsKeyedByIdsBecomeDictionariesOfOneClass() throws {
    let source = try generate(
      """
      {"pic_infos": {"7a1": {"w": 1}, "9b2": {"w": 2, "h": 3}},
       "sizes": {"s": {"w": 1}, "l": {"w": 2}}}
      """)
    #expect(classNames(source) == ["Root", "PicInfo", "Sizes", "S", "L"])
    #expect(
      memberLines(source, ofClass: "Root").prefix(2) == [
        "var picInfos: [String: PicInfo] = [:]", "var sizes: Sizes?",
      ])
    #expect(memberLines(source, ofClass: "PicInfo") == ["var w: Int = 0", "var h: Int?"])
  }

  @Test func rootNameIsMadeAClassName() throws {
    #expect(classNames(try generate("{}", root: "github_user")) == ["GithubUser"])
    #expect(classNames(try generate("{}", root: "Data")) == ["DataModel"])
  }
}
