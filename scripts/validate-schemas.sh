#!/usr/bin/env bash
# Validates the JSON Schemas in schemas/ against their examples with an independent validator
# (check-jsonschema, installed into .venv-tools on first use):
#   every schemas/examples/<name>.json must pass <name>.schema.json;
#   every schemas/examples/invalid/<name>-<defect>.json must FAIL <name>.schema.json;
#   every extra argument <name>:<file> (e.g. manifest:out/origin/1.0/manifest.json) must pass.
# Prints one line per file; exits 1 on any surprise, 64 on a bad argument.
# Usage: scripts/validate-schemas.sh [schema:file ...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
schemas="$root/schemas"
venv="$root/.venv-tools"

for pair in "$@"; do
  if [[ "$pair" != *:* ]]; then
    echo "usage: scripts/validate-schemas.sh [schema:file ...]   (got '$pair')" >&2
    exit 64
  fi
done

if [[ ! -x "$venv/bin/check-jsonschema" ]]; then
  [[ -d "$venv" ]] || python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check check-jsonschema
fi
checker="$venv/bin/check-jsonschema"

surprises=0
# check <expect: pass|fail> <schema name> <file>
check() {
  local expect="$1" name="$2" file="$3" schema="$schemas/$2.schema.json" got
  if [[ ! -f "$schema" ]]; then
    echo "SURPRISE  $file: no schema named '$name' (schemas/$name.schema.json)"
    surprises=$((surprises + 1))
    return
  fi
  if "$checker" --schemafile "$schema" "$file" >/dev/null 2>&1; then got=pass; else got=fail; fi
  local shown="${file#"$root"/}"
  if [[ "$got" == "$expect" ]]; then
    echo "ok        $shown ($name: ${got}, as expected)"
  else
    echo "SURPRISE  $shown ($name: expected ${expect}, got ${got})"
    surprises=$((surprises + 1))
  fi
}

names=()
for schema in "$schemas"/*.schema.json; do
  name="$(basename "$schema" .schema.json)"
  names+=("$name")
  "$checker" --check-metaschema "$schema" >/dev/null 2>&1 \
    || { echo "SURPRISE  schemas/$name.schema.json is not a valid JSON Schema"; surprises=$((surprises + 1)); }
  if [[ -f "$schemas/examples/$name.json" ]]; then
    check pass "$name" "$schemas/examples/$name.json"
  else
    echo "SURPRISE  schemas/examples/$name.json is missing"
    surprises=$((surprises + 1))
  fi
done

for file in "$schemas"/examples/invalid/*.json; do
  [[ -e "$file" ]] || continue
  base="$(basename "$file" .json)"
  match=""
  for name in "${names[@]}"; do   # the longest schema name that prefixes "<name>-<defect>"
    if [[ "$base" == "$name-"* && ${#name} -gt ${#match} ]]; then match="$name"; fi
  done
  if [[ -z "$match" ]]; then
    echo "SURPRISE  ${file#"$root"/}: name matches no schema (<schema>-<defect>.json)"
    surprises=$((surprises + 1))
  else
    check fail "$match" "$file"
  fi
done

for pair in "$@"; do
  check pass "${pair%%:*}" "${pair#*:}"
done

if ((surprises)); then
  echo "validate-schemas: $surprises surprise(s)" >&2
  exit 1
fi
echo "validate-schemas: all as expected"
