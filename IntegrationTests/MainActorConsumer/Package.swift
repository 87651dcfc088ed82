// swift-tools-version:6.2
// An app-like consumer of MirrorModel, compiled as Xcode 26 compiles a new app target: Swift 6
// language mode and MainActor isolation by default (SE-0466, SwiftPM's `.defaultIsolation`).
// Its executable maps models the way the README shows and exits non-zero on any difference.
// Run by .ci/consumer-check.sh and the hosted CI; not part of the MirrorModel package.
import PackageDescription

let package = Package(
  name: "MainActorConsumer",
  platforms: [.macOS("11.3"), .iOS("14.5"), .tvOS("14.5"), .watchOS("7.4")],
  dependencies: [.package(name: "MirrorModel", path: "../..")],
  targets: [
    .executableTarget(
      name: "MainActorConsumer",
      dependencies: [.product(name: "MirrorModel", package: "MirrorModel")],
      swiftSettings: [.defaultIsolation(MainActor.self)]
    )
  ],
  swiftLanguageModes: [.v6]
)
