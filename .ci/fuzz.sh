#!/usr/bin/env bash
# Fuzzes MirrorModel: builds the libFuzzer target in Fuzz/ (a separate package, never built by a
# plain `swift build`) with AddressSanitizer and LeakSanitizer, and runs it for a fixed time on a
# throwaway copy of the seed corpus Fuzz/Corpus/ (the committed corpus never grows here).
#
# Fails on any crash, violated invariant, leak or timeout (the input is kept in fuzz-artifacts/
# at the repository root; rerun it with `Fuzz/.build-fuzz/release/mirrormodel-fuzz FILE`), and
# when the run was too small to mean much: coverage must be counted (`INITED cov:` above 0) and
# at least FUZZ_MIN_UNITS inputs must have run. Ends with a one-line summary.
#
# Environment:
#   FUZZ_SECONDS     how long to fuzz (default 480: 200 000 inputs needed; every input is
#                    also read straight into models and through dictionaries, under several
#                    pairs of classes, written back by each writer, and one in two updates
#                    models both ways: 483 to 650 inputs a second in CI's clean clone
#                    here on 2026-12-03, 232 656 to 313 022 in 480 s; 964 a second on
#                    2026-12-06, 463 764 in 480 s, before encode(to:) was checked too:
#                    981 a second in a 180 s run after)
#   FUZZ_MIN_UNITS   the fewest inputs a passing run executes (default 200000)
#   FUZZ_SEED        libFuzzer's -seed, to repeat a run (default: random, printed in the log)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FUZZ="$ROOT/Fuzz"
SCRATCH="$FUZZ/.build-fuzz"
ARTIFACTS="$ROOT/fuzz-artifacts"
SECONDS_TO_RUN="${FUZZ_SECONDS:-480}"
MIN_UNITS="${FUZZ_MIN_UNITS:-200000}"

fail() {
  echo "fuzz: FAILED: $*" >&2
  exit 1
}

# SwiftPM links with gold by default, which dies on the fuzzer runtime ("internal error in
# format_file_lineno"); link with the toolchain's lld (or bfd) through a toolset instead.
swift_dir="$(dirname "$(readlink -f "$(command -v swift)")")"
linker="$swift_dir/ld.lld"
[ -x "$linker" ] || linker="$(command -v ld.lld || command -v ld.bfd || true)"
[ -n "$linker" ] || fail "no lld or bfd linker found"
mkdir -p "$SCRATCH"
printf '{"schemaVersion": "1.0", "linker": {"path": "%s"}}\n' "$linker" >"$SCRATCH/toolset.json"

build=(swift build --package-path "$FUZZ" --scratch-path "$SCRATCH" -c release
  -Xswiftc -sanitize=fuzzer,address --toolset "$SCRATCH/toolset.json")
echo "fuzz: building the fuzz target (release, -sanitize=fuzzer,address)"
"${build[@]}" >"$SCRATCH/build.log" 2>&1 || { tail -n 40 "$SCRATCH/build.log" >&2; fail "build"; }
BIN="$("${build[@]}" --show-bin-path)/mirrormodel-fuzz"
[ -x "$BIN" ] || fail "no fuzzer binary at $BIN"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/mirrormodel-fuzz.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/corpus" "$ARTIFACTS"
cp "$FUZZ"/Corpus/* "$WORK/corpus/"
LOG="$WORK/fuzz.log"

options=(
  -max_total_time="$SECONDS_TO_RUN" -max_len=4096 -timeout=10 -rss_limit_mb=4096
  -dict="$FUZZ/json.dict" -print_final_stats=1 -artifact_prefix="$ARTIFACTS/"
)
[ -z "${FUZZ_SEED:-}" ] || options+=(-seed="$FUZZ_SEED")

echo "fuzz: running for ${SECONDS_TO_RUN}s on a copy of $(ls "$FUZZ/Corpus" | wc -l | tr -d ' ') seeds"
status=0
(
  cd "$WORK"
  # Hashing stays randomly seeded (SWIFT_DETERMINISTIC_HASHING unset): it hid a bug that
  # depended on a Set's iteration order.
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" \
    "$BIN" "${options[@]}" corpus
) >"$LOG" 2>&1 || status=$?
rmdir "$ARTIFACTS" 2>/dev/null || true

if [ "$status" != 0 ]; then
  # The fuzzer's progress lines out; stack frames too, unless a sanitizer reported (a leak).
  noise='^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)|NEW_FUNC|^"'
  grep -q -E 'ERROR: (Leak|Address)Sanitizer' "$LOG" || noise="$noise|^ +#[0-9]+ 0x"
  grep -v -E "$noise" "$LOG" | tail -n 80 >&2
  fail "the fuzzer exited with status $status (input saved in $ARTIFACTS/)"
fi

cov="$(sed -n 's/^#[0-9]*[[:space:]]*INITED cov: \([0-9]*\).*/\1/p' "$LOG" | head -n 1)"
units="$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\)/\1/p' "$LOG")"
rate="$(sed -n 's/^stat::average_exec_per_sec: *\([0-9]*\)/\1/p' "$LOG")"
done_line="$(grep -E '^#[0-9]+[[:space:]]+DONE ' "$LOG" | tail -n 1 || true)"
final_cov="$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$done_line")"
features="$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$done_line")"
corpus="$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<<"$done_line")"

[ -n "$cov" ] && [ "$cov" -gt 0 ] || fail "coverage is not counted (no 'INITED cov:' above 0)"
[ -n "$units" ] || fail "no final stats in the log"
[ "$units" -ge "$MIN_UNITS" ] \
  || fail "only $units inputs ran in ${SECONDS_TO_RUN}s ($rate/s), fewer than $MIN_UNITS"

echo "fuzz: OK: $units inputs in ${SECONDS_TO_RUN}s ($rate inputs/s), cov $final_cov (at start $cov), ft $features, corpus $corpus units"
