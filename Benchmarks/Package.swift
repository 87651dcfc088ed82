// swift-tools-version:6.0
import PackageDescription

// The benchmark lives in a package of its own, as swift-log keeps its benchmarks: users who
// depend on MirrorModel never build it. Run it from this directory:
//
//   swift run -c release mirrormodel-bench --quick
let package = Package(
  name: "MirrorModelBenchmarks",
  platforms: [
    .macOS("11.3"), .iOS("14.5"), .tvOS("14.5"), .watchOS("7.4"),
  ],
  dependencies: [.package(name: "MirrorModel", path: "..")],
  targets: [
    .executableTarget(
      name: "mirrormodel-bench",
      dependencies: [.product(name: "MirrorModel", package: "MirrorModel")]
    )
  ],
  swiftLanguageModes: [.v6]
)
