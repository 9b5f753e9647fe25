#!/usr/bin/env bash
# The SwiftPM build-tool plugin (Plugins/OverlayCodegenPlugin) in a real consumer package: a tiny package in a
# temporary directory depends on this one by path, applies the plugin to a target with an en.lproj table, and builds
# on this machine. Checks that the generated file appears in the plugin's work directory, that the target compiles
# against it (its code uses a typed key), and that editing the table regenerates it on the next build.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
identity="$(basename "$repo" | tr '[:upper:]' '[:lower:]')"
work="$(mktemp -d "${TMPDIR:-/tmp}/overlay-plugin-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/Checkout/Resources/en.lproj" "$work/Sources/Checkout/Resources/fr.lproj"
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PluginConsumer",
    defaultLocalization: "en",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(path: "$repo")],
    targets: [
        .target(
            name: "Checkout",
            dependencies: [.product(name: "OverlayClient", package: "$identity")],
            resources: [.process("Resources")],
            plugins: [.plugin(name: "OverlayCodegenPlugin", package: "$identity")]),
    ]
)
SWIFT
cat > "$work/Sources/Checkout/Resources/en.lproj/Localizable.strings" <<'STRINGS'
"cart.title" = "Cart";
"cart.subtotal" = "Subtotal: %@";
STRINGS
cat > "$work/Sources/Checkout/Resources/fr.lproj/Localizable.strings" <<'STRINGS'
"cart.title" = "Panier";
"cart.subtotal" = "Sous-total : %@";
STRINGS
cat > "$work/Sources/Checkout/CartTexts.swift" <<'SWIFT'
import OverlayCore

/// Uses the typed keys the plugin generates: this file compiles only if the plugin ran.
struct CartTexts {
    let strings: Checkout.Localizable
    init(localizer: Localizer) { strings = Checkout.Localizable(localizer) }
    var title: String { strings.cartTitle }
    func subtotal(_ amount: String) -> String { strings.cartSubtotal(amount) }
}
SWIFT
cd "$work"
echo "plugin-test: building a consumer of $repo in $work (compiles overlay for the plugin: a few minutes)"
swift build 2>&1 | tail -n 5
generated=$(find .build -path '*OverlayCodegenPlugin*' -name 'Checkout+OverlayKeys.swift' | head -n 1)
[ -n "$generated" ] || { echo "plugin-test: the plugin wrote no Checkout+OverlayKeys.swift" >&2; exit 1; }
grep -q 'var cartTitle: String' "$generated" || { echo "plugin-test: $generated has no cartTitle member" >&2; exit 1; }
grep -q 'func cartSubtotal(' "$generated" || { echo "plugin-test: $generated has no cartSubtotal member" >&2; exit 1; }
echo "plugin-test: generated $generated"
# A key added to the table is a new member after the next build, without a clean.
printf '"cart.empty" = "Your cart is empty";\n' >> Sources/Checkout/Resources/en.lproj/Localizable.strings
swift build 2>&1 | tail -n 2
grep -q 'var cartEmpty: String' "$generated" || { echo "plugin-test: editing the table did not regenerate $generated" >&2; exit 1; }
echo "plugin-test: passed (typed keys generated, compiled, and regenerated after an edit)"
