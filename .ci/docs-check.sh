#!/usr/bin/env bash
# Builds the DocC documentation into a throwaway directory and fails on any DocC warning.
# CI runs it when present; locally, scripts/build-docs.sh keeps the archive.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$(mktemp -d "${TMPDIR:-/tmp}/mirrormodel-docs-check.XXXXXX")"
trap 'rm -rf "$OUT"' EXIT

bash "$ROOT/scripts/build-docs.sh" "$OUT/MirrorModel.doccarchive"
[ -f "$OUT/MirrorModel.doccarchive/data/documentation/mirrormodel.json" ] \
  || { echo "docs-check: FAILED: the archive has no MirrorModel page" >&2; exit 1; }
echo "docs-check: OK"
