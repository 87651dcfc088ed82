import Foundation
import MirrorModel
import Testing

// Each example of the five seed READMEs (IAModelBase, JsonModeller, IPHBaseModel, KVCParsing,
// FDModel) rewritten with MirrorModel. The seeds' dictionaries are embedded as JSON text.

/// JSON helpers for the seed examples.
enum SeedJSON {
  static func object(_ text: String) throws -> [String: Any] {
    let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [])
    return try #require(parsed as? [String: Any])
  }

  /// Compact JSON text with sorted keys, as an upload of `toDictionary()` would send it.
  static func text(_ dictionary: [String: Any]) throws -> String {
    #expect(JSONSerialization.isValidJSONObject(dictionary))
    let data = try JSONSerialization.data(
      withJSONObject: dictionary, options: [.sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }

  /// The issues `body` throws in a `MappingError`, or a recorded failure if it throws none.
  static func issues(_ body: () throws -> Void) -> [MappingIssue] {
    do {
      try body()
      Issue.record("expected a MappingError, but mapping succeeded")
    } catch let error as MappingError {
      return error.issues
    } catch {
      Issue.record("expected a MappingError, got \(error)")
    }
    return []
  }
}

// MARK: - IAModelBase

/// Example 1: `exID` is read from the key `id` (`propertiesToDictionaryEntriesMapping`).
final class SeedIAYourClass: ModelBase {
  var key1 = ""
  var key2 = ""
  var key3 = ""
  var exID = ""

  override class var propertyMapping: [String: String] { ["exID": "id"] }
}

/// Example 2: the inner dictionary becomes another model class.
final class SeedIAYourMainClass: ModelBase {
  var key = ""
  var keyForSubClass: SeedIAYourSecondClass?
}

final class SeedIAYourSecondClass: ModelBase {
  var subKey1 = ""
  var subKey2 = ""
}

/// Example 3: the element class comes from the declaration, not from a naming convention.
final class SeedIAArrayMainClass: ModelBase {
  var key = ""
  var myArrayObjectCollection: [SeedIAMyArrayObject] = []

  override class var propertyMapping: [String: String] {
    ["myArrayObjectCollection": "myArrayObject"]
  }
}

/// Example 3 with an untyped array, like the seed's `NSArray`: `arrayElementTypes` names the
/// element class.
final class SeedIAUntypedArrayMainClass: ModelBase {
  var key = ""
  var myArrayObjectCollection: [Any] = []

  override class var propertyMapping: [String: String] {
    ["myArrayObjectCollection": "myArrayObject"]
  }
  override class var arrayElementTypes: [String: ModelBase.Type] {
    ["myArrayObjectCollection": SeedIAMyArrayObject.self]
  }
}

final class SeedIAMyArrayObject: ModelBase {
  var subKey1 = ""
  var subKey2 = ""
}

@Suite("Seed examples: IAModelBase")
struct SeedIAModelBaseTests {
  @Test("Example 1: a simple class, with id mapped to exID")
  func simpleClass() throws {
    let json = #"{"key1":"val1","key2":"val2","key3":"val3","id":"some id"}"#
    let object = try SeedIAYourClass(dictionary: try SeedJSON.object(json))
    #expect([object.key1, object.key2, object.key3] == ["val1", "val2", "val3"])
    #expect(object.exID == "some id")
    #expect(
      try SeedJSON.text(object.toDictionary())
        == #"{"id":"some id","key1":"val1","key2":"val2","key3":"val3"}"#)
  }

  @Test("Example 2: a class with a dictionary fills both classes")
  func nestedClass() throws {
    let json = #"{"key":"val1","keyForSubClass":{"subKey1":"val1","subKey2":"val2"}}"#
    let object = try SeedIAYourMainClass(dictionary: try SeedJSON.object(json))
    #expect(object.key == "val1")
    let sub = try #require(object.keyForSubClass)
    #expect(sub.subKey1 == "val1" && sub.subKey2 == "val2")
    #expect(try SeedJSON.text(object.toDictionary()) == json)

    let withoutSub = try SeedIAYourMainClass(dictionary: try SeedJSON.object(#"{"key":"k"}"#))
    #expect(withoutSub.keyForSubClass == nil)
    #expect(try SeedJSON.text(withoutSub.toDictionary()) == #"{"key":"k"}"#)
  }

  @Test("Example 3: an array of models, typed [MyArrayObject] with no hook")
  func typedArray() throws {
    let json =
      #"{"key":"val1","myArrayObject":[{"subKey1":"val1","subKey2":"val2"},"#
      + #"{"subKey1":"a","subKey2":"b"}]}"#
    let object = try SeedIAArrayMainClass(dictionary: try SeedJSON.object(json))
    #expect(object.key == "val1")
    #expect(object.myArrayObjectCollection.map(\.subKey1) == ["val1", "a"])
    #expect(object.myArrayObjectCollection.map(\.subKey2) == ["val2", "b"])
    #expect(try SeedJSON.text(object.toDictionary()) == json)

    let broken = try SeedJSON.object(#"{"myArrayObject":[{"subKey1":"a"},"oops"]}"#)
    #expect(
      SeedJSON.issues { _ = try SeedIAArrayMainClass(dictionary: broken) } == [
        MappingIssue(
          path: "myArrayObject[1]", kind: .typeMismatch, expectedType: "SeedIAMyArrayObject",
          found: #"String "oops""#, reason: "expects a dictionary")
      ])
  }

  @Test("Example 3: an untyped [Any] array with arrayElementTypes holds MyArrayObject models")
  func untypedArray() throws {
    let json = #"{"key":"val1","myArrayObject":[{"subKey1":"val1","subKey2":"val2"}]}"#
    let object = try SeedIAUntypedArrayMainClass(dictionary: try SeedJSON.object(json))
    #expect(object.myArrayObjectCollection.count == 1)
    let element = try #require(object.myArrayObjectCollection.first as? SeedIAMyArrayObject)
    #expect(element.subKey1 == "val1" && element.subKey2 == "val2")
    #expect(try SeedJSON.text(object.toDictionary()) == json)

    let broken = try SeedJSON.object(#"{"myArrayObject":[{"subKey1":"a"},"oops"]}"#)
    #expect(
      SeedJSON.issues { _ = try SeedIAUntypedArrayMainClass(dictionary: broken) } == [
        MappingIssue(
          path: "myArrayObject[1]", kind: .typeMismatch, expectedType: "SeedIAMyArrayObject",
          found: #"String "oops""#, reason: "expects a dictionary")
      ])
  }
}

// MARK: - JsonModeller

final class SeedJMCustomer: ModelBase {
  var customProperty = ""
  var accountHolder = ""
  var accounts: [SeedJMAccount] = []
  var messages: [String] = []
  var lastUpdated = ""

  // `inputKeyForPropertyNamed` and `outputKeyForPropertyNamed` in one: the same keys both ways.
  override class var propertyMapping: [String: String] {
    [
      "customProperty": "custom_property", "accountHolder": "account_holder",
      "lastUpdated": "last_updated",
    ]
  }
}

final class SeedJMAccount: ModelBase {
  var name = ""
  var index: Int32 = 0
  var balance = 0.0
  var active = false
  var lastTransaction: SeedJMTransaction?
}

final class SeedJMTransaction: ModelBase {
  var amount = ""
  var date = ""
  var checkImage = ""
}

/// `typeOfArrayNamed:` kept as a hook: `accounts` declared `[ModelBase]`.
final class SeedJMUntypedCustomer: ModelBase {
  var accountHolder = ""
  var accounts: [ModelBase] = []

  override class var propertyMapping: [String: String] { ["accountHolder": "account_holder"] }
  override class var arrayElementTypes: [String: ModelBase.Type] {
    ["accounts": SeedJMAccount.self]
  }
}

@Suite("Seed examples: JsonModeller")
struct SeedJsonModellerTests {
  private let customerJSON = """
    {"custom_property": "gold", "account_holder": "Jane Roe", "last_updated": "2013-04-02",
     "messages": ["Welcome", 42],
     "accounts": [
       {"name": "Checking", "index": 0, "balance": 1250.75, "active": true,
        "lastTransaction": {"amount": 19.99, "date": "2013-04-01", "checkImage": "check-1.png"}},
       {"name": "Savings", "index": "1", "balance": -20.5, "active": 0}]}
    """

  @Test("Customer, Account and Transaction from JSON text (fromJSON:)")
  func fromJSON() throws {
    let customer = try SeedJMCustomer(dictionary: try SeedJSON.object(customerJSON))
    #expect(customer.customProperty == "gold")
    #expect(customer.accountHolder == "Jane Roe")
    #expect(customer.lastUpdated == "2013-04-02")
    #expect(customer.messages == ["Welcome", "42"])
    #expect(customer.accounts.map(\.name) == ["Checking", "Savings"])
    #expect(customer.accounts.map(\.index) == [0, 1])
    #expect(customer.accounts.map(\.balance) == [1250.75, -20.5])
    #expect(customer.accounts.map(\.active) == [true, false])
    let transaction = try #require(customer.accounts.first?.lastTransaction)
    #expect(transaction.amount == "19.99")
    #expect(transaction.date == "2013-04-01" && transaction.checkImage == "check-1.png")
    #expect(customer.accounts[1].lastTransaction == nil)
  }

  @Test("toJSON writes the same keys the input used")
  func toJSON() throws {
    let customer = try SeedJMCustomer(dictionary: try SeedJSON.object(customerJSON))
    let account1 =
      #"{"active":true,"balance":1250.75,"index":0,"lastTransaction":"#
      + #"{"amount":"19.99","checkImage":"check-1.png","date":"2013-04-01"},"name":"Checking"}"#
    let account2 = #"{"active":false,"balance":-20.5,"index":1,"name":"Savings"}"#
    #expect(
      try SeedJSON.text(customer.toDictionary())
        == #"{"account_holder":"Jane Roe","accounts":[\#(account1),\#(account2)],"#
        + #""custom_property":"gold","last_updated":"2013-04-02","messages":["Welcome","42"]}"#)
  }

  @Test("typeOfArrayNamed: a [ModelBase] array with arrayElementTypes holds Accounts")
  func untypedAccounts() throws {
    let customer = try SeedJMUntypedCustomer(dictionary: try SeedJSON.object(customerJSON))
    #expect(customer.accountHolder == "Jane Roe")
    let accounts = customer.accounts.compactMap { $0 as? SeedJMAccount }
    #expect(accounts.count == 2)
    #expect(accounts.map(\.balance) == [1250.75, -20.5])
  }

  @Test("A wrong value deep inside is reported with its path")
  func wrongBalance() throws {
    let json = #"{"accounts": [{"balance": 1}, {"balance": "lots", "index": 3000000000}]}"#
    let dictionary = try SeedJSON.object(json)
    #expect(
      SeedJSON.issues { _ = try SeedJMCustomer(dictionary: dictionary) } == [
        MappingIssue(
          path: "accounts[1].index", kind: .invalidValue, expectedType: "Int32",
          found: "Number 3000000000",
          reason: "3000000000 is out of range -2147483648...2147483647"),
        MappingIssue(
          path: "accounts[1].balance", kind: .invalidValue, expectedType: "Double",
          found: #"String "lots""#, reason: #"String "lots" is not a finite Double"#),
      ])
  }
}

// MARK: - IPHBaseModel

/// The seed's `IPHRoom`.
///
/// IPHBaseModel turns numbers into strings; a `String` property does the same here.
final class SeedIPHRoom: ModelBase {
  override class var nullStrings: Set<String> { ModelBase.extendedNullStrings }
  var roomId = ""
  var name = ""
  var price = ""

  override class var propertyMapping: [String: String] { ["roomId": "room_id"] }
}

/// `IPHHotle`: `attributeMapDictionary` becomes `propertyMapping`, the types of
/// `attributeTypesMapDictionary` are the declared types, `attributeDefaultValueMapDictionary`
/// becomes `defaultValues`, and `filterStrings` are the default `nullStrings`.
final class SeedIPHHotel: ModelBase {
  var hotelName = ""
  var hotelId = ""
  var recommendedRoom: SeedIPHRoom?
  var rooms: [SeedIPHRoom] = []
  var address = ""
  var phone: String?

  // IPHBaseModel's filterStrings: the whole list, an opt-in here.
  override class var nullStrings: Set<String> { ModelBase.extendedNullStrings }

  override class var propertyMapping: [String: String] {
    [
      "hotelName": "name", "hotelId": "hotle_id", "recommendedRoom": "recommended_room",
      "rooms": "room_list", "address": "address",
    ]
  }
  override class var defaultValues: [String: Any] { ["address": "地址未知"] }
}

/// `attributeTypesMapDictionary` kept as a hook: `rooms` declared `[Any]`.
final class SeedIPHUntypedHotel: ModelBase {
  override class var nullStrings: Set<String> { ModelBase.extendedNullStrings }
  var rooms: [Any] = []

  override class var propertyMapping: [String: String] { ["rooms": "room_list"] }
  override class var arrayElementTypes: [String: ModelBase.Type] { ["rooms": SeedIPHRoom.self] }
}

/// A subclass's own `filterStrings`: the default list plus two more.
final class SeedIPHFilteredRoom: ModelBase {
  var name: String?

  override class var nullStrings: Set<String> {
    ModelBase.extendedNullStrings.union(["N/A", ""])
  }
}

/// No filter strings at all: `"<null>"` is text.
final class SeedIPHLiteralRoom: ModelBase {
  var name: String?

  override class var nullStrings: Set<String> { [] }
}

@Suite("Seed examples: IPHBaseModel")
struct SeedIPHBaseModelTests {
  private let hotelJSON = """
    {"name": "如家酒店", "hotle_id": 1001, "phone": "<null>",
     "recommended_room": {"room_id": 1, "name": "大床房", "price": 299.5},
     "room_list": [{"room_id": 1, "name": "大床房", "price": 299.5},
                   {"room_id": 2, "name": "双床房", "price": "(null)"}]}
    """

  @Test("The hotel: mapped keys, nested room, room list, default address, filtered null")
  func hotel() throws {
    let hotel = try SeedIPHHotel(dictionary: try SeedJSON.object(hotelJSON))
    #expect(hotel.hotelName == "如家酒店")
    #expect(hotel.hotelId == "1001")
    let room = try #require(hotel.recommendedRoom)
    #expect(room.roomId == "1" && room.name == "大床房" && room.price == "299.5")
    #expect(hotel.rooms.map(\.roomId) == ["1", "2"])
    #expect(hotel.rooms.map(\.price) == ["299.5", ""])
    #expect(hotel.address == "地址未知")
    #expect(hotel.phone == nil)
  }

  @Test(
    "attributeDefaultValueMapDictionary: a missing or null address is 地址未知",
    arguments: [
      (#"{}"#, "地址未知"), (#"{"address": null}"#, "地址未知"), (#"{"address": "<null>"}"#, "地址未知"),
      (#"{"address": "nil"}"#, "地址未知"), (#"{"address": "上海"}"#, "上海"),
    ])
  func defaultAddress(_ json: String, _ address: String) throws {
    #expect(try SeedIPHHotel(dictionary: try SeedJSON.object(json)).address == address)
  }

  @Test("toDictionary uses the attributeMapDictionary keys")
  func toDictionary() throws {
    let hotel = try SeedIPHHotel(dictionary: try SeedJSON.object(hotelJSON))
    let room = #"{"name":"大床房","price":"299.5","room_id":"1"}"#
    let room2 = #"{"name":"双床房","price":"","room_id":"2"}"#
    #expect(
      try SeedJSON.text(hotel.toDictionary())
        == #"{"address":"地址未知","hotle_id":"1001","name":"如家酒店","#
        + #""recommended_room":\#(room),"room_list":[\#(room),\#(room2)]}"#)
  }

  @Test("attributeTypesMapDictionary as arrayElementTypes on an untyped array")
  func untypedRooms() throws {
    let hotel = try SeedIPHUntypedHotel(dictionary: try SeedJSON.object(hotelJSON))
    let rooms = hotel.rooms.compactMap { $0 as? SeedIPHRoom }
    #expect(rooms.count == 2)
    #expect(rooms.map(\.name) == ["大床房", "双床房"])
  }

  @Test(
    "filterStrings: the default list, a subclass's own list, and none",
    arguments: [
      "NIL", "Nil", "nil", "NULL", "Null", "null", "(NULL)", "(Null)", "(null)",
      "<NULL>", "<Null>", "<null>",
    ])
  func filterStrings(_ null: String) throws {
    let dictionary = ["name": null]
    #expect(try SeedIPHFilteredRoom(dictionary: dictionary).name == nil)
    #expect(try SeedIPHLiteralRoom(dictionary: dictionary).name == null)
    #expect(try SeedIPHHotel(dictionary: ["phone": null]).phone == nil)
  }

  @Test("A subclass's added filter strings")
  func addedFilterStrings() throws {
    #expect(try SeedIPHFilteredRoom(dictionary: ["name": "N/A"]).name == nil)
    #expect(try SeedIPHFilteredRoom(dictionary: ["name": ""]).name == nil)
    #expect(try SeedIPHFilteredRoom(dictionary: ["name": "n/a"]).name == "n/a")
    #expect(try SeedIPHHotel(dictionary: ["phone": "N/A"]).phone == "N/A")
  }
}

// MARK: - KVCParsing

/// `mappingForKVCParsing` maps JSON keys to properties; `propertyMapping` maps properties to
/// keys, and a subclass's mapping is merged with its parent's (no `[super ...]` needed).
class SeedKVCEntity: ModelBase {
  var identifier = 0

  override class var propertyMapping: [String: String] { ["identifier": "id"] }
}

final class SeedKVCUser: SeedKVCEntity {
  var userName = ""

  override class var propertyMapping: [String: String] { ["userName": "user_name"] }
}

/// The `Video` whose `uploader` dictionary becomes a `User`, with no validation method.
final class SeedKVCVideo: SeedKVCEntity {
  var title = ""
  var duration = 0.0
  var uploader: SeedKVCUser?

  override class var propertyMapping: [String: String] { ["title": "video_title"] }
}

@Suite("Seed examples: KVCParsing")
struct SeedKVCParsingTests {
  @Test("The Video with its uploader User, parsed from a dictionary")
  func video() throws {
    let json = """
      {"id": 7, "video_title": "Cats", "duration": "61.5",
       "uploader": {"id": 3, "user_name": "alice"}}
      """
    let video = try SeedKVCVideo(dictionary: try SeedJSON.object(json))
    #expect(video.identifier == 7)
    #expect(video.title == "Cats")
    #expect(video.duration == 61.5)
    let uploader = try #require(video.uploader)
    #expect(uploader.identifier == 3 && uploader.userName == "alice")
    #expect(
      try SeedJSON.text(video.toDictionary())
        == #"{"duration":61.5,"id":7,"uploader":{"id":3,"user_name":"alice"},"video_title":"Cats"}"#
    )
  }

  @Test("A wrong uploader is reported at its key path")
  func wrongUploader() throws {
    let notADictionary = try SeedJSON.object(#"{"uploader": "alice"}"#)
    let wrongId = try SeedJSON.object(#"{"uploader": {"id": "three"}}"#)
    #expect(
      SeedJSON.issues { _ = try SeedKVCVideo(dictionary: notADictionary) } == [
        MappingIssue(
          path: "uploader", kind: .typeMismatch, expectedType: "SeedKVCUser",
          found: #"String "alice""#, reason: "expects a dictionary")
      ])
    #expect(
      SeedJSON.issues { _ = try SeedKVCVideo(dictionary: wrongId) } == [
        MappingIssue(
          path: "uploader.id", kind: .invalidValue, expectedType: "Int",
          found: #"String "three""#, reason: #""three" is not an integer"#)
      ])
  }
}

// MARK: - FDModel

/// `FDGame`: `remoteKeyPathsToLocalKeyPaths` becomes `propertyMapping`, key paths included.
final class SeedFDGame: ModelBase {
  var gameId = 0
  var name = ""
  var genre = ""
  var releaseDate = ""
  var developer: String?

  override class var propertyMapping: [String: String] {
    ["gameId": "game_id", "releaseDate": "release_date", "developer": "studio.name"]
  }
}

/// The game with a typed release date: ISO 8601 text converts without a transformer.
final class SeedFDDatedGame: ModelBase {
  var name = ""
  var releaseDate: Date?

  override class var propertyMapping: [String: String] { ["releaseDate": "release_date"] }
}

@Suite("Seed examples: FDModel")
struct SeedFDModelTests {
  @Test("The game: name, genre, release_date, and a key path into a nested dictionary")
  func game() throws {
    let json = """
      {"game_id": 42, "name": "Portal 2", "genre": "Puzzle", "release_date": "04-19-2011",
       "studio": {"name": "Valve"}}
      """
    let game = try SeedFDGame(dictionary: try SeedJSON.object(json))
    #expect(game.gameId == 42 && game.name == "Portal 2" && game.genre == "Puzzle")
    #expect(game.releaseDate == "04-19-2011")
    #expect(game.developer == "Valve")
    #expect(
      try SeedJSON.text(game.toDictionary())
        == #"{"game_id":42,"genre":"Puzzle","name":"Portal 2","release_date":"04-19-2011","#
        + #""studio":{"name":"Valve"}}"#)
    #expect(
      game.description == """
        SeedFDGame(
          gameId: 42
          name: "Portal 2"
          genre: "Puzzle"
          releaseDate: "04-19-2011"
          developer: "Valve"
        )
        """)
  }

  @Test("A release date in ISO 8601 maps to a Date and is written back as ISO 8601")
  func isoReleaseDate() throws {
    let json = #"{"name": "Portal 2", "release_date": "2011-04-19T00:00:00Z"}"#
    let game = try SeedFDDatedGame(dictionary: try SeedJSON.object(json))
    #expect(game.releaseDate == Date(timeIntervalSince1970: 1_303_171_200))
    #expect(game.toDictionary()["release_date"] as? String == "2011-04-19T00:00:00Z")
  }

  @Test("An MM-dd-yyyy release date into a Date is an issue until transformers exist")
  func usReleaseDate() throws {
    let dictionary = try SeedJSON.object(#"{"release_date": "04-19-2011"}"#)
    #expect(
      SeedJSON.issues { _ = try SeedFDDatedGame(dictionary: dictionary) } == [
        MappingIssue(
          path: "release_date", kind: .invalidValue, expectedType: "Date",
          found: #"String "04-19-2011""#, reason: #""04-19-2011" is not an ISO 8601 date"#)
      ])
  }

  @Test("A key path through a missing or wrong intermediate value")
  func keyPathGaps() throws {
    #expect(try SeedFDGame(dictionary: ["name": "Portal 2"]).developer == nil)
    #expect(try SeedFDGame(dictionary: ["studio": NSNull()]).developer == nil)
    #expect(
      SeedJSON.issues { _ = try SeedFDGame(dictionary: ["studio": "Valve"]) } == [
        MappingIssue(
          path: "studio.name", kind: .typeMismatch, expectedType: "[String: Any]",
          found: #"String "Valve""#, reason: "key path needs a dictionary at studio")
      ])
  }
}
