#!/usr/bin/env bash
# Publishes testdata/catalog with the built overlay into a temp origin and validates every file it wrote
# against the JSON Schemas (manifest, signature file, module headers, cache headers), plus the schema examples.
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
bash "$root/scripts/validate-schemas.sh" "${pairs[@]}"
