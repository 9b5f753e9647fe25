#!/usr/bin/env bash
# The whole loop on a real app's catalog (default: ../shared/realworld/duckduckgo-ios, which CI has and a user's clone
# does not): check it, publish a corrected copy bound to it, sync a client store, resolve the corrections, and compare
# every sampled unchanged string the client serves with Foundation's PropertyListSerialization reading of the files.
# Also proves the other direction: a newly broken translation in the copy is refused.
#
#   scripts/realworld.sh [CATALOG]
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=$(cd "${1:-../shared/realworld/duckduckgo-ios}" 2>/dev/null && pwd) || {
  echo "realworld: no catalog at ${1:-../shared/realworld/duckduckgo-ios} (CI has ../shared; pass a catalog directory)" >&2
  exit 1
}
echo "== building overlay and overlay-realworld (debug)" >&2
swift build --product overlay >/dev/null
swift build --product overlay-realworld >/dev/null
overlay="$PWD/.build/debug/overlay"
checker="$PWD/.build/debug/overlay-realworld"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "realworld: FAIL: $*" >&2; exit 1; }

echo "== overlay check on the catalog as the app ships it"
status=0
"$overlay" check "$corpus" >"$work/check.out" 2>"$work/check.err" || status=$?
cat "$work/check.err" "$work/check.out"
lines=$(wc -l <"$work/check.err")
[ "$lines" -le 60 ] || fail "check printed $lines lines; it must fit on a screen"
grep -q "^checked .*: [0-9]* errors\?, " "$work/check.out" || fail "no summary line"
# What remains are real defects of the shipped translations (a broken %# @sites @ token, a lost %): against the
# catalog itself as the shipped bundle they are all already shipped and nothing blocks.
"$overlay" check "$corpus" --bundle "$corpus" >"$work/bundle.out" 2>/dev/null || fail "check --bundle of the shipped catalog itself fails"
echo "check with --bundle: $(cat "$work/bundle.out")"
[ "$status" -le 1 ] || fail "check exited $status"

echo "== a corrected copy: two fixes a team would publish"
cp -R "$corpus" "$work/corrected"
python3 - "$work/corrected" <<'PY'
import pathlib, sys
root = pathlib.Path(sys.argv[1])
def fix(path, old, new):
    file = root / path
    text = file.read_text(encoding="utf-8")
    assert old in text, (path, old)
    file.write_text(text.replace(old, new, 1), encoding="utf-8")
# A shipped typo (`% @`) corrected and reworded.
fix("DuckDuckGo/de.lproj/Localizable.strings",
    '"autofill.logins.prompt.partial.match.title" = "Von % @";',
    '"autofill.logins.prompt.partial.match.title" = "Passend für %@";')
# Plain rewordings, in English and in French.
fix("DuckDuckGo/en.lproj/Localizable.strings",
    '"autofill.disable.prompt.message" = "You can turn off password saving anytime.";',
    '"autofill.disable.prompt.message" = "You can turn off password saving at any time.";')
fix("DuckDuckGo/fr.lproj/Localizable.strings",
    '"bookmark.addFavorite.title" = "Ajouter un favori";',
    '"bookmark.addFavorite.title" = "Ajouter aux favoris";')
# A shipped crash (`%# @sites @` reads the count as an object) fixed.
fix("SyncUI/cs.lproj/Localizable.stringsdict", "<string>%# @sites @</string>", "<string>%#@sites@</string>")
PY
"$overlay" check "$work/corrected" --bundle "$corpus" >/dev/null 2>&1 || fail "check of the corrected copy against the shipped catalog fails"

echo "== publish the correction, bound to the shipped catalog"
"$overlay" keygen --out "$work/keys" >/dev/null
key="$work/keys/overlay-signing-key.pem"
trust="$work/keys/overlay-signing-key.pub.pem"
"$overlay" publish "$work/corrected" --bundle "$corpus" --app-version 7.150.0 --key "$key" --out "$work/origin" \
  --json >"$work/publish.json" 2>"$work/publish.err" || { cat "$work/publish.err"; fail "publish refused the corrected catalog"; }
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("published revision %d: %d modules" % (r["revision"], len(r["modules"])))' "$work/publish.json"

echo "== sync a client that shipped the catalog"
sync() { "$overlay" sync --origin "$work/origin" --app-version 7.150.0 --bundle "$corpus" --store "$work/store" --trust "$trust"; }
sync | tee "$work/sync.out"
grep -q "^applied revision 1" "$work/sync.out" || fail "the first sync did not apply revision 1"
sync | tee "$work/sync2.out"
grep -q "not-modified" "$work/sync2.out" || fail "the second sync was not a 304-style not-modified"

echo "== resolve the corrections through the overlay"
resolve() { "$overlay" resolve "$@" --bundle "$corpus" --store "$work/store"; }
got=$(resolve autofill.logins.prompt.partial.match.title --module DuckDuckGo --locale de --arg example.com)
echo "de: $got"
[ "$got" = "Passend für example.com" ] || fail "de correction not served: $got"
got=$(resolve bookmarks.invalid.objects.present.description --module SyncUI --locale cs --count 1 --arg example.com)
echo "cs: $got"
case "$got" in "Tvoje z"*"pro example.com a"*) ;; *) fail "cs fix not served: $got" ;; esac
got=$("$overlay" resolve bookmarks.invalid.objects.present.description --module SyncUI --locale cs --count 1 \
  --arg example.com --bundle "$corpus" 2>/dev/null || true)
echo "cs as shipped (broken: the resolver shows the development text where a device would crash): $got"
case "$got" in "Your bookmarks for example.com"*) ;; *) fail "shipped cs value not replaced by the development text: $got" ;; esac

echo "== every sampled unchanged string (and every corrected one) against PropertyListSerialization"
"$checker" --shipped "$corpus" --corrected "$work/corrected" --store "$work/store" --every 3 | tee "$work/compare.out"
grep -q "(2 corrected by the publish)" "$work/compare.out" || fail "the corrected plain strings were not compared"

echo "== a newly broken translation never reaches a device"
cp -R "$work/corrected" "$work/broken"
python3 - "$work/broken" <<'PY'
import pathlib, sys
file = pathlib.Path(sys.argv[1]) / "DuckDuckGo/fr.lproj/Localizable.strings"
text = file.read_text(encoding="utf-8")
old = '"subscription.subscription.expired.caption" = "Votre abonnement a expiré le % @";'
assert old in text
file.write_text(text.replace(old, '"subscription.subscription.expired.caption" = "Votre abonnement a expiré le %d";'), encoding="utf-8")
PY
if "$overlay" publish "$work/broken" --bundle "$corpus" --app-version 7.150.0 --key "$key" --out "$work/origin" \
  >/dev/null 2>"$work/broken.err"; then
  fail "publish accepted a translation that reads an object argument as %d"
fi
grep -q "format.class-mismatch" "$work/broken.err" || fail "the refusal does not name the defect"
echo "refused, as it must be: $(grep -m1 'format.class-mismatch' "$work/broken.err" | cut -c1-160)"
echo "== overlay codegen for every module, compiled against OverlayCore"
bash scripts/codegen-realworld.sh "$corpus"
echo "realworld: OK"
