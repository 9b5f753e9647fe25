#!/usr/bin/env bash
# The main job on the embedded sample catalog (testdata/catalog), end to end with no network: check the catalog,
# make a signing key, publish a signed origin (a directory), sync a client store from it, resolve strings through
# the overlay, publish a correction, sync again (only the changed module moves), show the corrected text, then
# inspect the store and explain why an app launched before the correction still shows the typo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "building overlay (release)…" >&2
swift build -c release --static-swift-stdlib --product overlay >&2
overlay="$PWD/.build/release/overlay"
work="$PWD/out/demo"
rm -rf "$work"
mkdir -p "$work"
cp -R testdata/catalog "$work/catalog"   # a copy: the demo corrects a typo in it later
catalog="$work/catalog"
origin="$work/origin"
store="$work/store"
trust="$work/keys/overlay-signing-key.pub.pem"

step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; "$@"; }
show() { printf '\n\033[1m$ %s\033[0m\n' "$*"; }

step "$overlay" check "$catalog"
step "$overlay" source-hash "$catalog"
step "$overlay" keygen --out "$work/keys"
step "$overlay" publish "$catalog" --app-version 1.0 --key "$work/keys/overlay-signing-key.pem" --out "$origin"
step "$overlay" validate "$origin" --bundle testdata/catalog --trust "$trust"
# The release gate: the candidate through the real client in every state an app can be in (docs/RELEASING.md).
step "$overlay" matrix --bundle testdata/catalog --origin "$origin" --trust "$trust" \
  --sources testdata/lint/Sources/Checkout/Correct.swift --junit "$work/matrix.xml" --html "$work/matrix.html"

# The client: a build that shipped testdata/catalog, syncing from the origin into its store.
sync() { "$overlay" sync --origin "$origin" --app-version 1.0 --bundle testdata/catalog --store "$store" --trust "$trust"; }
show overlay sync --origin "$origin" --app-version 1.0 --bundle testdata/catalog --store "$store" --trust "$trust"
sync
show "overlay sync …   # again: one conditional request, answered 304, nothing written"
sync

# The "app" launches now, between the first sync and the correction: it keeps the strings it launched with.
sleep 1; launched="$(date -u +%Y-%m-%dT%H:%M:%SZ)"; sleep 1

resolve() { "$overlay" resolve "$@" --bundle testdata/catalog --store "$store"; }
show 'overlay resolve settings.notifications.title --module App --locale en   # the shipped typo'
resolve settings.notifications.title --module App --locale en
for n in 1 2 5 21; do
  show "overlay resolve cart.items --module Checkout --locale ru --count $n"
  resolve cart.items --module Checkout --locale ru --count "$n"
done
for n in 0 1 2 3 11 100; do
  show "overlay resolve cart.items --module Checkout --locale ar --count $n"
  resolve cart.items --module Checkout --locale ar --count "$n"
done
show 'overlay resolve cart.empty --module Checkout --locale fr-CA --trace   # fr-CA has no value: falls back to fr'
resolve cart.empty --module Checkout --locale fr-CA --trace

# A correction ships without a new build: fix the typo, publish, sync.
sed -i 's/Notifcations/Notifications/' "$catalog/App/en.lproj/Localizable.strings"
step "$overlay" publish "$catalog" --app-version 1.0 --key "$work/keys/overlay-signing-key.pem" --out "$origin"
show "overlay sync …   # only the App module moves"
sync
show 'overlay resolve settings.notifications.title --module App --locale en --trace'
resolve settings.notifications.title --module App --locale en --trace

# On-call triage (docs/TRIAGE.md): the store in one screen, then why the app launched before the correction still
# shows the typo: the fix is staged for its next launch.
step "$overlay" inspect "$store" --bundle testdata/catalog --trust "$trust" --origin "$origin" --verify
step "$overlay" inspect "$store" --explain settings.notifications.title --module App --locale en \
  --bundle testdata/catalog --launched-at "$launched"
echo
echo "Everything is under $work (origin/, store/, keys/)."
