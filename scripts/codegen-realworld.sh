#!/usr/bin/env bash
# `overlay codegen` on a real app's catalog (default: ../shared/realworld/duckduckgo-ios, which CI has): typed keys and
# the integration file for every module, compiled together with swiftc against the built OverlayCore (Swift 6,
# warnings as errors), then a program that calls one member of each kind and prints what it renders.
#
#   scripts/codegen-realworld.sh [CATALOG]
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=$(cd "${1:-../shared/realworld/duckduckgo-ios}" 2>/dev/null && pwd) || {
  echo "codegen-realworld: no catalog at ${1:-../shared/realworld/duckduckgo-ios} (CI has ../shared; pass a catalog directory)" >&2
  exit 1
}
swift build --product overlay >/dev/null
build=$(swift build --show-bin-path)
overlay="$build/overlay"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "codegen-realworld: FAIL: $*" >&2; exit 1; }

modules=0
for dir in "$corpus"/*/; do
  module=$(basename "$dir")
  "$overlay" codegen "$corpus" --module "$module" --out "$work/$module.swift" \
    --integration "$work/${module}Integration.swift" 2>>"$work/warnings.txt" >/dev/null || fail "codegen --module $module"
  "$overlay" codegen "$corpus" --module "$module" --out "$work/$module.swift" \
    --integration "$work/${module}Integration.swift" --check >/dev/null 2>&1 || fail "--check right after generating $module"
  modules=$((modules + 1))
done
members=$(cat "$work"/*.swift | grep -cE '^        public (var|func) ')
echo "codegen: $modules modules, $members members, $(grep -c 'warning:' "$work/warnings.txt" || true) warnings"
sed 's/^/  /' "$work/warnings.txt" | head -n 20

cat >"$work/main.swift" <<'SWIFT'
import Foundation
import OverlayCore
import OverlayPublishing  // the source catalog's loader (an app reads its built bundles instead)

let catalog = try CatalogLoader.load(at: URL(fileURLWithPath: CommandLine.arguments[1]), mode: .lenient).catalog
let localizer = Localizer(catalog: catalog, preferredLanguages: ["de"])
let strings = DuckDuckGo.Localizable(localizer)
print(strings.actionTextZoomMenuItem(120))
print(strings.alertMessageCloseTabsWithCount(3))
print(localizer.duckDuckGoTable().string(forKey: "action.text-zoom-menu-item"))
SWIFT
# Objects of files still in each module's sources (an incremental build keeps those of moved files). The generated
# files need only OverlayCore; the program's catalog loading needs OverlayPublishing.
objects=""
for target in OverlayCore OverlayPublishing; do
  for object in "$build/$target.build"/*.swift.o; do
    name=$(basename "$object" .o)
    [ -n "$(find "Sources/$target" -name "$name" -print -quit)" ] && objects="$objects $object"
  done
done
maps=""
for module in Sources/C*/module.modulemap; do maps="$maps -Xcc -fmodule-map-file=$module"; done
swiftc -swift-version 6 -warnings-as-errors -I "$build/Modules" $maps \
  "$work"/*.swift $objects -lcrypto -lz -o "$work/program" || fail "the generated files do not compile"
"$work/program" "$corpus" | tee "$work/out.txt"
[ "$(wc -l <"$work/out.txt")" -eq 3 ] || fail "the program printed $(wc -l <"$work/out.txt") lines, not 3"
echo "codegen-realworld: ok"
