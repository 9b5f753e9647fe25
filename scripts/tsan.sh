#!/usr/bin/env bash
# The concurrency suites under ThreadSanitizer: the resolver's snapshots and handles, the store's locking, the sync
# service and its transports. A separate build (.build/tsan) so it never disturbs the normal one.
# Usage: scripts/tsan.sh [filter]   (default: both runs below)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests --sanitize=thread --scratch-path .build/tsan
run() {
  TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
    swift test --skip-build --sanitize=thread --scratch-path .build/tsan "$@"
}
if [ $# -gt 0 ]; then
  run --filter "$1" --skip StoreProcessTests
  exit
fi
# Two runs, as in scripts/test.sh: the store's long synchronous crash loops hold cooperative threads, and on two
# cores the sync suites' cycles would wait behind them past their deadlines. The SIGKILL loop is about processes,
# not threads, and sanitizer start-up makes its children far slower, so it stays out.
echo "== ThreadSanitizer: resolver and store"
run --filter "Localizer|Store" --skip "StoreProcessTests|OverlaySyncTests"
echo "== ThreadSanitizer: sync service and transports"
run --filter OverlaySyncTests
