#!/usr/bin/env bash
# Installs the system packages Overlay builds, tests and demos with (Debian 12). Idempotent and quiet when
# everything is present.
set -euo pipefail
packages=(libssl-dev zlib1g-dev libcurl4-openssl-dev unicode-cldr-core nginx varnish zip unzip openssl jq python3-venv chromium strace curl)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "setup: swift is not on PATH (Swift 6.x toolchain required)" >&2; exit 1; }
