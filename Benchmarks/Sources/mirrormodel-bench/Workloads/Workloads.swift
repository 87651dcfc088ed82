import Foundation
import MirrorModel

/// The workloads, each tying a payload to its four model flavours.
enum Workloads {
  typealias Twitter = WorkloadModels<
    Mirrored.Status, Mirrored.SearchResponse, Idiomatic.Status, Tuned.Status, Coded.Status,
    Coded.SearchResponse
  >
  typealias GitHub = WorkloadModels<
    Mirrored.GitHubUser, Mirrored.GitHubUser, Idiomatic.GitHubUser, Tuned.GitHubUser,
    Coded.GitHubUser, Coded.GitHubUser
  >
  typealias Hotels = WorkloadModels<
    Mirrored.Hotel, Mirrored.HotelList, Idiomatic.Hotel, Tuned.Hotel, Coded.Hotel,
    Coded.HotelList
  >
  typealias GitHubEvents = WorkloadModels<
    Mirrored.GitHubEvent, Mirrored.GitHubEventList, Idiomatic.GitHubEvent, Tuned.GitHubEvent,
    Coded.GitHubEvent, Coded.GitHubEventList
  >

  static func twitter(_ payload: Payload) -> Twitter {
    Twitter(
      name: "twitter", payload: payload, idiomatic: Idiomatic.Status.init,
      idiomaticRoot: Idiomatic.SearchResponse.init, tuned: Tuned.Status.init,
      handWrittenDictionary: { $0.toDictionary() }, mirroredObjects: { $0.statuses },
      codedObjects: { $0.statuses }, hasTargets: true,
      decodeStructs: { try $0.decode(Structs.SearchResponse.self, from: $1).statuses })
  }

  static func gitHub(_ payload: Payload) -> GitHub {
    GitHub(
      name: "github-user", payload: payload, idiomatic: Idiomatic.GitHubUser.init,
      idiomaticRoot: Idiomatic.GitHubUser.init, tuned: Tuned.GitHubUser.init,
      handWrittenDictionary: { $0.toDictionary() }, mirroredObjects: { [$0] },
      codedObjects: { [$0] }, hasTargets: false,
      decodeStructs: { [try $0.decode(Structs.GitHubUser.self, from: $1)] })
  }

  static func hotels(_ payload: Payload) -> Hotels {
    Hotels(
      name: "hotel", payload: payload, idiomatic: Idiomatic.Hotel.init,
      idiomaticRoot: Idiomatic.HotelList.init, tuned: Tuned.Hotel.init,
      handWrittenDictionary: { $0.toDictionary() }, mirroredObjects: { $0.hotels },
      codedObjects: { $0.hotels }, hasTargets: false,
      decodeStructs: { try $0.decode(Structs.HotelList.self, from: $1).hotels })
  }

  static func gitHubEvents(_ payload: Payload) -> GitHubEvents {
    GitHubEvents(
      name: "github-events", payload: payload, idiomatic: Idiomatic.GitHubEvent.init,
      idiomaticRoot: Idiomatic.GitHubEventList.init, tuned: Tuned.GitHubEvent.init,
      handWrittenDictionary: { $0.toDictionary() }, mirroredObjects: { $0.events },
      codedObjects: { $0.events }, hasTargets: true,
      decodeStructs: { try $0.decode(Structs.GitHubEventList.self, from: $1).events })
  }
}
