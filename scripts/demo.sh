#!/usr/bin/env bash
# The main job on the embedded sample catalog (testdata/catalog): check it, print its source hash, and show
# a few plural categories. Later stages (publish → sync → resolve → inspect) extend this script.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product overlay >&2
overlay=".build/release/overlay"
catalog="testdata/catalog"

echo "\$ overlay check $catalog"
"$overlay" check "$catalog"
echo
echo "\$ overlay source-hash $catalog"
"$overlay" source-hash "$catalog"
echo
echo "\$ overlay plural ru 1 2 5 21 1.5"
"$overlay" plural ru 1 2 5 21 1.5
echo
echo "\$ overlay plural ar 0 1 2 3 11 100"
"$overlay" plural ar 0 1 2 3 11 100
