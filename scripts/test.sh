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
echo "== public API of what apps link (OverlayCore, OverlaySync) matches docs/API.md"
python3 scripts/check-api.py
# Three runs: the sync and CLI suites spawn servers and child processes and wait on them, and on two cores
# their blocking waits would starve the async tests of a run they shared.
passed=0
run_tests() {
  local log
  log=$(mktemp)
  local status=0
  swift test --skip-build "$@" >"$log" 2>&1 || status=$?
  cat "$log"
  local count
  count=$(grep -oE "Test run with [0-9]+ tests" "$log" | grep -oE "[0-9]+" | tail -n 1)
  rm -f "$log"
  [ "$status" -eq 0 ] || { echo "tests: 0 passed, 1 failed (swift test $*)"; exit "$status"; }
  passed=$((passed + ${count:-0}))
}
echo "== swift test: formats, crypto, archives, validation, store, resolver, tools"
run_tests --skip "OverlaySyncTests|OverlayCLITests"
echo "== swift test: sync client against a real nginx"
run_tests --filter OverlaySyncTests
echo "== swift test: the overlay command line"
run_tests --filter OverlayCLITests
echo "== JSON Schemas: examples and real publisher output (check-jsonschema)"
bash scripts/check-published-schemas.sh | tail -n 1
echo "== release build of overlay"
swift build -c release --static-swift-stdlib --product overlay -Xswiftc -warnings-as-errors
echo "tests: $passed passed, 0 failed"
