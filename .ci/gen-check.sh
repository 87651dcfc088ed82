#!/usr/bin/env bash
# Proves that what mirrormodel-gen prints compiles against MirrorModel and maps the payload it
# came from.
#
# For each payload (the fixtures in Fixtures/gen/, plus ../shared/data/*.json when that folder
# exists) it generates models, checks the output is deterministic and the same from standard
# input, builds the models in a throwaway SwiftPM package (Swift 6 language mode) that depends on
# this repository by path, then maps the payload with JSONSerialization + init(dictionary:) and
# compares toDictionary() with it: deep JSON equality, where null, a missing key and a null
# string ("<null>") are the same, a key with a dot (which the generator skips) may be missing,
# numbers compare by value, and ISO 8601 strings by the instant they name. Warnings in generated
# code fail the check. Also checks the command's errors (bad JSON, bad arguments).
#
# Usage: .ci/gen-check.sh [--no-shared] [payload.json ...]
#   --no-shared   do not add ../shared/data/*.json
#   payload.json  check these payloads instead of the fixtures
# Environment: MIRRORMODEL_SHARED_DATA overrides the shared data folder; GEN_CHECK_KEEP=1 keeps
# the temporary package (its path is printed) instead of removing it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRATCH="$ROOT/.build-gen"
SHARED_DATA="${MIRRORMODEL_SHARED_DATA:-$ROOT/../shared/data}"

use_shared=1
payloads=()
for argument in "$@"; do
  case "$argument" in
    --no-shared) use_shared=0 ;;
    -h | --help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    -*) echo "gen-check: unknown option $argument" >&2; exit 2 ;;
    *) payloads+=("$(cd "$(dirname "$argument")" && pwd)/$(basename "$argument")") ;;
  esac
done
if [ ${#payloads[@]} -eq 0 ]; then
  payloads=("$ROOT"/Fixtures/gen/*.json)
  if [ "$use_shared" = 1 ] && [ -d "$SHARED_DATA" ]; then
    for file in twitter.json weibo_timeline.json github_user.json; do
      if [ -f "$SHARED_DATA/$file" ]; then
        payloads+=("$(cd "$SHARED_DATA" && pwd)/$file")
      fi
    done
  fi
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/mirrormodel-gen-check.XXXXXX")"
if [ -n "${GEN_CHECK_KEEP:-}" ]; then
  trap 'echo "gen-check: kept $WORK"' EXIT
else
  trap 'rm -rf "$WORK"' EXIT
fi

fail() {
  echo "gen-check: FAILED: $*" >&2
  exit 1
}

echo "gen-check: building mirrormodel-gen"
swift build --package-path "$ROOT" --scratch-path "$SCRATCH" --product mirrormodel-gen >"$WORK/gen-build.log" 2>&1 \
  || { cat "$WORK/gen-build.log" >&2; fail "mirrormodel-gen does not build"; }
GEN="$(swift build --package-path "$ROOT" --scratch-path "$SCRATCH" --show-bin-path)/mirrormodel-gen"

# The command's own errors: exit status 1, a message on standard error, nothing on standard out.
expect_error() {
  local expected="$1"
  shift
  local status=0
  "$@" >"$WORK/out" 2>"$WORK/err" || status=$?
  [ "$status" = 1 ] || fail "'${*:2}' exited with $status, expected 1"
  [ ! -s "$WORK/out" ] || fail "'${*:2}' printed to standard output"
  grep -q -- "$expected" "$WORK/err" || fail "'${*:2}' did not say '$expected': $(cat "$WORK/err")"
}
printf '{"a": }' >"$WORK/bad.json"
expect_error 'error: invalid JSON in .*bad.json' "$GEN" "$WORK/bad.json"
expect_error 'USAGE: mirrormodel-gen' "$GEN" --bogus
expect_error 'error: cannot read' "$GEN" "$WORK/missing.json"
"$GEN" --help | grep -q 'USAGE: mirrormodel-gen' || fail "--help does not print the usage"

PACKAGE="$WORK/package"
mkdir -p "$PACKAGE/Sources/CheckSupport"
dependency="$(basename "$ROOT")"
targets=""
names=()
payload_of=()
for payload in "${payloads[@]}"; do
  [ -f "$payload" ] || fail "no payload at $payload"
  name="$(basename "$payload" .json | tr -c 'A-Za-z0-9\n' '_')"
  for used in "${names[@]}"; do
    if [ "$used" = "$name" ]; then name="${name}_${#names[@]}"; fi
  done
  target="check_$name"
  mkdir -p "$PACKAGE/Sources/$target"
  models="$PACKAGE/Sources/$target/Models.swift"
  "$GEN" "$payload" >"$models" 2>"$WORK/err" || fail "generating from $payload: $(cat "$WORK/err")"
  "$GEN" "$payload" | cmp -s - "$models" || fail "two runs on $payload printed different source"
  root="$(sed -n 's/^\(nonisolated \)\{0,1\}final class \([A-Za-z0-9_]*\): ModelBase.*/\2/p' \
    "$models" | head -n 1)"
  [ -n "$root" ] || fail "no class generated for $payload"
  "$GEN" --root "$root" <"$payload" | cmp -s - "$models" \
    || fail "standard input and the file $payload gave different source"
  cat >"$PACKAGE/Sources/$target/main.swift" <<EOF
import CheckSupport
import Foundation

exit(checkRoundTrip($root.self, payloadPath: CommandLine.arguments[1]))
EOF
  # Compiled as an Xcode 26 app target compiles them: MainActor isolation by default.
  targets+="    .executableTarget(name: \"$target\", dependencies: [\"CheckSupport\", mirrorModel],
      swiftSettings: mainActorByDefault),
"
  names+=("$name")
  payload_of+=("$payload")
  # The first payload again, as @Observable classes.
  if [ ${#names[@]} = 1 ]; then
    name="${name}_observable"
    target="check_$name"
    mkdir -p "$PACKAGE/Sources/$target"
    "$GEN" --observable "$payload" >"$PACKAGE/Sources/$target/Models.swift" \
      || fail "generating --observable from $payload"
    grep -q "^@Observable nonisolated final class $root: ModelBase" \
      "$PACKAGE/Sources/$target/Models.swift" || fail "--observable did not emit @Observable $root"
    cp "$PACKAGE/Sources/check_${names[0]}/main.swift" "$PACKAGE/Sources/$target/main.swift"
    targets+="    .executableTarget(name: \"$target\", dependencies: [\"CheckSupport\", mirrorModel],
      swiftSettings: mainActorByDefault),
"
    names+=("$name")
    payload_of+=("$payload")
  fi
done

cat >"$PACKAGE/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let mirrorModel = Target.Dependency.product(name: "MirrorModel", package: "$dependency")
let mainActorByDefault: [SwiftSetting] = [.unsafeFlags(["-default-isolation", "MainActor"])]

let package = Package(
  name: "GenCheck",
  platforms: [.macOS("10.15.4"), .iOS("13.4"), .tvOS("13.4"), .watchOS("6.2")],
  dependencies: [.package(path: "$ROOT")],
  targets: [
    .target(name: "CheckSupport", dependencies: [mirrorModel]),
$targets  ],
  swiftLanguageModes: [.v6]
)
EOF

cat >"$PACKAGE/Sources/CheckSupport/RoundTrip.swift" <<'EOF'
import Foundation
import MirrorModel

/// Maps every object of the payload into `Model` and back; returns the exit status.
public func checkRoundTrip<Model: ModelBase>(_ type: Model.Type, payloadPath: String) -> Int32 {
  let name = URL(fileURLWithPath: payloadPath).lastPathComponent
  do {
    let data = try Data(contentsOf: URL(fileURLWithPath: payloadPath))
    let payload = try JSONSerialization.jsonObject(with: data)
    let objects: [(String, [String: Any])]
    if let object = payload as? [String: Any] {
      objects = [("", object)]
    } else if let array = payload as? [Any] {
      objects = array.enumerated().compactMap { index, element in
        (element as? [String: Any]).map { ("[\(index)]", $0) }
      }
    } else {
      print("\(name): the payload is not an object or an array of objects")
      return 1
    }
    var differences: [String] = []
    for (path, object) in objects {
      let model = try Model(dictionary: object)
      let output = model.toDictionary()
      guard JSONSerialization.isValidJSONObject(output) else {
        print("\(name)\(path): toDictionary() is not a valid JSON object")
        return 1
      }
      _ = try JSONSerialization.data(withJSONObject: output)
      compare(object, output, at: path, into: &differences)
    }
    if !differences.isEmpty {
      print("\(name): \(differences.count) difference(s) after the round trip:")
      for difference in differences.prefix(30) { print("  " + difference) }
      return 1
    }
    print("\(name): \(objects.count) object(s) mapped into \(Model.self) and back unchanged")
    return 0
  } catch {
    print("\(name): \(error)")
    return 1
  }
}

private let nullStrings = ModelBase.nullStrings

/// `nil` for what MirrorModel reads as null: a missing key, `NSNull`, a null string.
private func nonNull(_ value: Any?) -> Any? {
  guard let value, !(value is NSNull) else { return nil }
  if let string = value as? String, nullStrings.contains(string) { return nil }
  return value
}

private func compare(_ expected: Any?, _ actual: Any?, at path: String, into differences: inout [String]) {
  let here = path.isEmpty ? "<top>" : path
  switch (nonNull(expected), nonNull(actual)) {
  case (nil, nil):
    return
  case (let value?, nil):
    differences.append("\(here): \(describe(value)) became missing")
  case (nil, let value?):
    differences.append("\(here): missing became \(describe(value))")
  case (let left as [String: Any], let right as [String: Any]):
    for key in Set(left.keys).union(right.keys).sorted() {
      if key.contains("."), right[key] == nil { continue }  // skipped by the generator
      compare(left[key], right[key], at: path.isEmpty ? key : "\(path).\(key)", into: &differences)
    }
  case (let left as [Any], let right as [Any]):
    guard left.count == right.count else {
      differences.append("\(here): \(left.count) elements became \(right.count)")
      return
    }
    for index in left.indices {
      compare(left[index], right[index], at: "\(path)[\(index)]", into: &differences)
    }
  case (let left as String, let right as String):
    if left == right { return }
    if let leftDate = date(left), let rightDate = date(right),
      abs(leftDate.timeIntervalSince(rightDate)) < 0.000_001
    {
      return
    }
    differences.append("\(here): \(describe(left)) became \(describe(right))")
  case (let left as NSNumber, let right as NSNumber):
    if sameNumber(left, right) { return }
    differences.append("\(here): \(describe(left)) became \(describe(right))")
  case (let left?, let right?):
    differences.append("\(here): \(describe(left)) became \(describe(right))")
  }
}

private func isBool(_ number: NSNumber) -> Bool {
  String(cString: number.objCType) == "c"
}

private func sameNumber(_ left: NSNumber, _ right: NSNumber) -> Bool {
  guard isBool(left) == isBool(right) else { return false }
  if isBool(left) { return left.boolValue == right.boolValue }
  if left.compare(right) == .orderedSame { return true }
  // A long literal arrives as NSDecimalNumber, whose doubleValue may be an ulp or two away from
  // the correctly rounded double that MirrorModel stores.
  let (a, b) = (left.doubleValue, right.doubleValue)
  return abs(a - b) <= 4 * max(abs(a), abs(b)).ulp
}

private func date(_ string: String) -> Date? {
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
  if let date = formatter.date(from: string) { return date }
  formatter.formatOptions = [.withInternetDateTime]
  return formatter.date(from: string)
}

private func describe(_ value: Any) -> String {
  if let number = value as? NSNumber {
    return isBool(number) ? (number.boolValue ? "true" : "false") : "\(number)"
  }
  if let string = value as? String { return "\"\(string)\"" }
  if value is [String: Any] { return "an object" }
  if value is [Any] { return "an array" }
  return "\(value) (\(type(of: value)))"
}
EOF

echo "gen-check: building the generated models for ${names[*]}"
BUILD="$WORK/build"
swift build --package-path "$PACKAGE" --scratch-path "$BUILD" >"$WORK/check-build.log" 2>&1 || {
  grep -E 'error:|warning:' "$WORK/check-build.log" | grep -v '^ *|' | sort -u | head -n 40 >&2 || true
  fail "the generated models do not compile (GEN_CHECK_KEEP=1 keeps $PACKAGE)"
}
grep -E 'Sources/check_[^/]*/Models\.swift:[0-9]+:[0-9]+: warning' "$WORK/check-build.log" \
  | sort -u >"$WORK/warnings" || true
if [ -s "$WORK/warnings" ]; then
  head -n 20 "$WORK/warnings" >&2
  fail "the generated models compile with warnings"
fi

BIN="$(swift build --package-path "$PACKAGE" --scratch-path "$BUILD" --show-bin-path)"
for index in "${!names[@]}"; do
  "$BIN/check_${names[$index]}" "${payload_of[$index]}" \
    || fail "${names[$index]}: the generated models do not map the payload back unchanged"
done
echo "gen-check: OK: ${#payloads[@]} payload(s) generated, compiled with MainActor isolation by" \
  "default and round-tripped (${names[*]})"
