#!/usr/bin/env bash
# Lines of what an app links (OverlayCore + OverlaySync, without the generated CLDR tables), in total and per folder.
# Exits 1 above the limit (first argument, default below): the client holds only what an app runs (issue 26).
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${1:-16000}
count() { find "$@" -name '*.swift' ! -path '*Generated*' -print0 | xargs -0 cat | wc -l; }
for folder in Sources/OverlayCore/* Sources/OverlaySync/*; do
  [ -d "$folder" ] || continue
  printf '%7d  %s\n' "$(count "$folder")" "${folder#Sources/}"
done
total=$(count Sources/OverlayCore Sources/OverlaySync)
printf '%7d  total (limit %d)\n' "$total" "$limit"
if [ "$total" -gt "$limit" ]; then
  echo "count-client-lines: $total lines in OverlayCore + OverlaySync, above $limit: move tool-only code to OverlayPublishing" >&2
  exit 1
fi
