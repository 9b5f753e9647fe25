#!/usr/bin/env bash
# The concurrency suites under ThreadSanitizer: the resolver's snapshots and handles, the store's locking, the sync
# service and its transports. A separate build (.build/tsan) so it never disturbs the normal one.
set -euo pipefail
cd "$(dirname "$0")/.."
filter="${1:-Localizer|Store|SyncService|Sync|Transport}"
# The SIGKILL loop is about processes, not threads, and sanitizer start-up makes its children far slower.
skip="StoreProcessTests"
swift build --build-tests --sanitize=thread --scratch-path .build/tsan
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
  swift test --skip-build --sanitize=thread --scratch-path .build/tsan --filter "$filter" --skip "$skip"
