import Foundation

/// libFuzzer's driver, from the fuzzer runtime `-sanitize=fuzzer` links in: parses libFuzzer's
/// command line and calls `callback` with each input.
// swift-format-ignore: AlwaysUseLowerCamelCase
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The fuzzer's entry point: `mirrormodel-fuzz [libFuzzer options] [corpus directories]`.
///
/// Build and run it with `.ci/fuzz.sh`; see `Fuzz/README.md`.
@main
enum MirrorModelFuzz {
  static func main() {
    FuzzTarget.selfCheck()
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
      FuzzTarget.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
      return 0
    }
    exit(status)
  }
}
