// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "MirrorModel",
  // The runtime reflection entry points MirrorModel binds to
  // (`swift_reflectionMirror_recursiveCount`, `...recursiveChildMetadata`,
  // `...recursiveChildOffset`) take the four-field metadata struct (with `isStrong` and
  // `isVar`) from the Swift 5.4 runtime on, which these OS versions ship.
  platforms: [
    .macOS("11.3"), .iOS("14.5"), .tvOS("14.5"), .watchOS("7.4"),
  ],
  products: [
    .library(name: "MirrorModel", targets: ["MirrorModel"]),
    .executable(name: "mirrormodel-demo", targets: ["mirrormodel-demo"]),
    .executable(name: "mirrormodel-gen", targets: ["mirrormodel-gen"]),
  ],
  targets: [
    .target(name: "MirrorModel"),
    .executableTarget(name: "mirrormodel-demo", dependencies: ["MirrorModel"]),
    .target(name: "MirrorModelGenerator", dependencies: ["MirrorModel"]),
    .executableTarget(name: "mirrormodel-gen", dependencies: ["MirrorModelGenerator"]),
    // Models compiled without reflection metadata, to test that MirrorModel refuses them
    // clearly. Test-only: no product includes it, so the unsafe flag never reaches users.
    .target(
      name: "StrippedFixtures",
      dependencies: ["MirrorModel"],
      path: "Tests/StrippedFixtures",
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-reflection-metadata"])]
    ),
    // Models compiled without reflection names (Xcode's "Reflection Metadata Level: Without
    // Names"), to test that MirrorModel refuses them clearly too.
    .target(
      name: "NamelessFixtures",
      dependencies: ["MirrorModel"],
      path: "Tests/NamelessFixtures",
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-reflection-names"])]
    ),
    .testTarget(
      name: "MirrorModelTests",
      dependencies: ["MirrorModel", "StrippedFixtures", "NamelessFixtures"]
    ),
    .testTarget(name: "MirrorModelGeneratorTests", dependencies: ["MirrorModelGenerator"]),
  ],
  swiftLanguageModes: [.v6]
)

#if compiler(>=6.2)
  // Models as an Xcode 26 app target compiles them: MainActor isolation by default (SE-0466).
  // The flag exists from Swift 6.2 on; test-only, so the unsafe flag never reaches users.
  package.targets.append(
    .testTarget(
      name: "MainActorModelTests",
      dependencies: ["MirrorModel"],
      swiftSettings: [.unsafeFlags(["-default-isolation", "MainActor"])]
    ))
#endif

// The upcoming features swift-custom-dump enables, for every target: `any` spelled out,
// imports internal unless declared otherwise, and (from Swift 6.1, which introduced it)
// members visible only through a module imported in the file itself.
var upcomingFeatures: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]
#if compiler(>=6.1)
  upcomingFeatures.append(.enableUpcomingFeature("MemberImportVisibility"))
#endif
for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + upcomingFeatures
}
