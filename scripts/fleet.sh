#!/usr/bin/env bash
# Fleet run (issue 14): devices syncing through a real Varnish in front of nginx after a publish; reports the
# requests and bytes that reached the origin for a fleet of 100 and of 1,000 devices, p50/p99 cycle times, and
# that every device ends on the new revision. Needs nginx and varnish (scripts/setup.sh).
#   scripts/fleet.sh            # the measurement (release build, a few minutes)
#   scripts/fleet.sh --quick    # a smoke run with 5 and 20 devices
#   scripts/fleet.sh --json     # figures and the budget as JSON on stdout
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in nginx varnishd; do
    command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] || { echo "error: $tool is not installed: scripts/setup.sh" >&2; exit 1; }
done
swift build -c release --product overlay-bench >&2
exec .build/release/overlay-bench "$@" fleet
