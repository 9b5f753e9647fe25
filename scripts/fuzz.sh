#!/usr/bin/env bash
# Bounded libFuzzer runs of the parsers, the renderer, the CLI argument readers and the sync client's HTTP header
# readers: scripts/fuzz.sh [seconds-per-target] [target...]
# Each target starts from Fuzz/Corpus/<target>; a crash is written to Fuzz/Crashes/<target>/ and fails the run.
# Keep a crashing input as a fixture under testdata/ with a regression test, then fix the parser.
set -euo pipefail
cd "$(dirname "$0")/../Fuzz"
seconds="${1:-30}"
shift || true
targets=("$@")
((${#targets[@]})) || targets=(FuzzStrings FuzzStringsdict FuzzFormatSpecifier FuzzZIP FuzzJSON FuzzArguments FuzzHeaders FuzzRender)
export SWIFT_BACKTRACE=enable=no   # the Swift backtracer clashes with ASan and can hang
# Foundation's property-list parser leaks on every rejected input; leak reports would drown real crashes.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
status=0
for target in "${targets[@]}"; do
  echo "== $target (${seconds}s)"
  swift build -c debug --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
    --product "$target" >/dev/null
  work=$(mktemp -d)
  mkdir -p "Corpus/$target" "Crashes/$target"
  cp -r "Corpus/$target/." "$work/" 2>/dev/null || true
  if ! ".build/debug/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
       -artifact_prefix="Crashes/$target/" -print_final_stats=1 "$work" 2>"$work.log"; then
    echo "$target: crash; input saved under Fuzz/Crashes/$target/" >&2
    tail -n 40 "$work.log" >&2
    status=1
  else
    grep -E "stat::number_of_executed_units|cov:" "$work.log" | tail -n 2
  fi
  rm -rf "$work" "$work.log"
done
exit $status
