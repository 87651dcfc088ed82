// swift-tools-version:6.0
// The libFuzzer target for MirrorModel (issue 6). A separate package, so that a plain
// `swift build` at the repository root never builds it. Build and run it with .ci/fuzz.sh.
import PackageDescription

let package = Package(
  name: "MirrorModelFuzz",
  platforms: [.macOS("10.15.4")],
  dependencies: [.package(name: "MirrorModel", path: "..")],
  targets: [
    .executableTarget(
      name: "mirrormodel-fuzz",
      dependencies: [.product(name: "MirrorModel", package: "MirrorModel")]
    )
  ],
  swiftLanguageModes: [.v6]
)
