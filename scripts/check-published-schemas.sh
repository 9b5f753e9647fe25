#!/usr/bin/env bash
# Publishes testdata/catalog with the built overlay into a temp origin and validates every file it wrote
# against the JSON Schemas (manifest, signature file, module headers, cache headers), plus the schema examples, and
# what `overlay inspect --json` reports about a store synced from it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
overlay="${OVERLAY:-$root/.build/debug/overlay}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$overlay" keygen --out "$work/keys" >/dev/null
"$overlay" publish "$root/testdata/catalog" --app-version 1.0 --key "$work/keys/overlay-signing-key.pem" \
  --out "$work/origin" >/dev/null 2>&1
pairs=("manifest:$work/origin/1.0/manifest.json" "cache-headers:$work/origin/cache-headers.json")
for sig in "$work"/origin/1.0/signatures/*.sig; do pairs+=("signature:$sig"); done
for archive in "$work"/origin/1.0/modules/*.zip; do
  header="$work/$(basename "$archive" .zip)-overlay-module.json"
  unzip -p "$archive" overlay-module.json > "$header"
  pairs+=("module-header:$header")
done
# A client store synced from that origin, as inspect reports it: healthy (with --explain, --origin, --verify), then
# damaged (state.json cut in half, a journal line cut, a revision file changed), which must still follow the schema.
"$overlay" sync --origin "$work/origin" --app-version 1.0 --bundle "$root/testdata/catalog" --store "$work/store" \
  --trust "$work/keys/overlay-signing-key.pub.pem" >/dev/null
"$overlay" inspect "$work/store" --bundle "$root/testdata/catalog" --trust "$work/keys/overlay-signing-key.pub.pem" \
  --origin "$work/origin" --verify --explain cart.title --module Checkout --locale fr-CA --json > "$work/inspect.json"
pairs+=("inspect-report.v1:$work/inspect.json")
table="$(find "$work/store/modules" -name Localizable.strings | head -n 1)"
printf 'changed' > "$table"
head -c 100 "$work/store/state.json" > "$work/state.cut" && cat "$work/state.cut" > "$work/store/state.json"
printf '{"at":"2026-' >> "$work/store/journal.jsonl"
if "$overlay" inspect "$work/store" --verify --json > "$work/inspect-damaged.json"; then
  echo "check-published-schemas: inspect of a damaged store exited 0" >&2
  exit 1
fi
pairs+=("inspect-report.v1:$work/inspect-damaged.json")
bash "$root/scripts/validate-schemas.sh" "${pairs[@]}"
