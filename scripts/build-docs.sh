#!/usr/bin/env bash
# Builds MirrorModel's DocC documentation with the toolchain alone (no package dependency, no
# plugin): `swift build` emits the module's symbol graph, then `docc convert` turns it and the
# catalog at Sources/MirrorModel/Documentation.docc into a documentation archive.
#
# Any DocC warning (an unresolved ``symbol`` link, a missing article, a malformed directive)
# is an error: the script exits non-zero and prints the diagnostics.
#
# Usage: scripts/build-docs.sh [OUTPUT_DIR]
#   OUTPUT_DIR   where to write the archive; .build-docs/MirrorModel.doccarchive by default
# Environment:
#   DOCC   the docc executable (default: docc on PATH, then next to swift, then xcrun's)
# Runnable from any directory. Builds in its own scratch path, .build-docs, so it never
# contends with `swift build` in .build.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRATCH="$ROOT/.build-docs"
SYMBOLS="$SCRATCH/symbol-graphs"
CATALOG="$ROOT/Sources/MirrorModel/Documentation.docc"

case "${1:-}" in
  -h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  -*) echo "build-docs: unknown option $1" >&2; exit 2 ;;
esac
OUTPUT="${1:-$SCRATCH/MirrorModel.doccarchive}"
mkdir -p "$(dirname "$OUTPUT")"
OUTPUT="$(cd "$(dirname "$OUTPUT")" && pwd)/$(basename "$OUTPUT")"

find_docc() {
  if [ -n "${DOCC:-}" ]; then
    echo "$DOCC"
  elif command -v docc >/dev/null 2>&1; then
    command -v docc
  elif [ -x "$(dirname "$(command -v swift)")/docc" ]; then
    echo "$(dirname "$(command -v swift)")/docc"
  elif command -v xcrun >/dev/null 2>&1 && xcrun --find docc >/dev/null 2>&1; then
    xcrun --find docc
  else
    echo "build-docs: no docc found; set DOCC to the toolchain's docc" >&2
    exit 1
  fi
}
DOCC_BIN="$(find_docc)"

[ -d "$CATALOG" ] || { echo "build-docs: no catalog at $CATALOG" >&2; exit 1; }

build_symbols() {
  swift build --package-path "$ROOT" --scratch-path "$SCRATCH" --target MirrorModel \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$SYMBOLS" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public \
    -Xswiftc -symbol-graph-skip-synthesized-members -Xswiftc -emit-extension-block-symbols
}

# The compiler writes symbol graphs only when it compiles the module (and rewrites only the
# files whose content changed), so start from an empty directory every time: after a build
# that compiled, it holds exactly the module's current graphs. After an up-to-date build it
# stays empty, and the copy kept from the last build that compiled is still current.
CACHE="$SCRATCH/symbol-graphs-last"
rm -rf "$SYMBOLS"
mkdir -p "$SYMBOLS"
echo "build-docs: building MirrorModel with symbol graphs ($SCRATCH)"
build_symbols
if [ -f "$SYMBOLS/MirrorModel.symbols.json" ]; then
  rm -rf "$CACHE"
  cp -R "$SYMBOLS" "$CACHE"
elif [ -f "$CACHE/MirrorModel.symbols.json" ] && [ -z "$(find "$SCRATCH" \
  -name MirrorModel.swiftmodule -newer "$CACHE/MirrorModel.symbols.json" | head -n 1)" ]; then
  cp -R "$CACHE/." "$SYMBOLS/"
else
  # No trustworthy copy: compile the module again from clean (this scratch path only).
  swift package --package-path "$ROOT" --scratch-path "$SCRATCH" clean
  build_symbols
  rm -rf "$CACHE"
  cp -R "$SYMBOLS" "$CACHE"
fi
[ -f "$SYMBOLS/MirrorModel.symbols.json" ] \
  || { echo "build-docs: the build emitted no symbol graph for MirrorModel" >&2; exit 1; }

echo "build-docs: converting the catalog with $DOCC_BIN"
rm -rf "$OUTPUT"
LOG="$(mktemp "${TMPDIR:-/tmp}/mirrormodel-docs.XXXXXX")"
trap 'rm -f "$LOG"' EXIT
status=0
"$DOCC_BIN" convert "$CATALOG" \
  --fallback-display-name MirrorModel \
  --fallback-bundle-identifier org.mirrormodel.MirrorModel \
  --fallback-default-module-kind Framework \
  --additional-symbol-graph-dir "$SYMBOLS" \
  --output-path "$OUTPUT" \
  --warnings-as-errors >"$LOG" 2>&1 || status=$?
cat "$LOG"
# Belt and braces: --warnings-as-errors turns warnings into errors, and this catches any
# warning a docc version might still print without failing.
if [ "$status" -ne 0 ] || grep -qE '(^|[^a-z])(warning|error):' "$LOG"; then
  echo "build-docs: FAILED: docc reported the diagnostics above" >&2
  exit 1
fi
echo "build-docs: documentation archive at $OUTPUT"
