#!/usr/bin/env bash
# Smoke test of the benchmark, a package of its own in Benchmarks/: a release build of
# mirrormodel-bench runs its --quick mode on the built-in payloads and must print the table.
# Timings are not judged here.
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
out="$(mktemp)"
swift run -c release mirrormodel-bench --quick | tee "$out"
grep -q "check: all contenders agree" "$out"
grep -q "targets:" "$out"
