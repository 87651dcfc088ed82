#!/usr/bin/env bash
# Builds and runs IntegrationTests/MainActorConsumer: an app-like package that depends on this
# repository by path and is compiled as Xcode 26 compiles a new app target (Swift 6 language
# mode, `.defaultIsolation(MainActor.self)`). Its executable maps models as the README shows and
# exits non-zero on any difference. Needs Swift 6.2 or later (the setting's first release);
# with an older toolchain it says so and passes.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version="$(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p' | head -1)"
read -r major minor <<< "${version:-0 0}"
if (( major < 6 || (major == 6 && minor < 2) )); then
  echo "consumer-check: skipped: Swift $major.$minor has no default isolation (6.2+)"
  exit 0
fi
cd "$ROOT/IntegrationTests/MainActorConsumer"
swift build -Xswiftc -warnings-as-errors
swift run MainActorConsumer
