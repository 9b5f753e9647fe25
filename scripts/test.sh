#!/usr/bin/env bash
# Sets up, builds, and runs every test: unit, CLI and data checks, then a release build of `overlay`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "== generated CLDR data is current"
python3 scripts/generate-cldr.py --check
echo "== sample catalog sanity (independent Python checker)"
python3 scripts/check-testdata.py
echo "== swift build (warnings are errors)"
swift build --build-tests -Xswiftc -warnings-as-errors
echo "== swift test"
swift test --skip-build
echo "== JSON Schemas: examples and real publisher output (check-jsonschema)"
bash scripts/check-published-schemas.sh | tail -n 1
echo "== release build of overlay"
swift build -c release --product overlay -Xswiftc -warnings-as-errors
