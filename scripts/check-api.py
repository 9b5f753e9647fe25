#!/usr/bin/env python3
"""The public API of what apps link (OverlayCore and OverlaySync, the OverlayClient product) against docs/API.md.

Extracts each module's symbol graph from the debug build (swift symbolgraph-extract, public only; members a
conformance synthesizes are left out), prints one line per declaration, and fails when the list differs from the
block in docs/API.md — so nothing becomes public by accident. After a deliberate change: --write updates the block.
Usage: scripts/check-api.py [--write]   (after `swift build`)
"""
import json, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = ["OverlayCore", "OverlaySync"]
DOC = os.path.join(ROOT, "docs", "API.md")
BEGIN, END = "<!-- api:begin -->", "<!-- api:end -->"


def target_triple():
    out = subprocess.run(["swift", "-print-target-info"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)["target"]["unversionedTriple"]


def declarations():
    lines = []
    with tempfile.TemporaryDirectory() as out:
        for module in MODULES:
            command = ["swift", "symbolgraph-extract", "-module-name", module, "-I", os.path.join(ROOT, ".build/debug/Modules"),
                       "-target", target_triple(), "-minimum-access-level", "public", "-output-dir", out]
            for c in ["CZlib", "CLibCrypto", "CCurl"]:
                command += ["-I", os.path.join(ROOT, "Sources", c)]
            result = subprocess.run(command, capture_output=True, text=True)
            if result.returncode != 0:
                sys.exit(f"check-api: swift symbolgraph-extract failed for {module} (run `swift build` first):\n{result.stderr}")
            graph = json.load(open(os.path.join(out, f"{module}.symbols.json")))
            for symbol in graph["symbols"]:
                if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                    continue
                decl = "".join(f["spelling"] for f in symbol["declarationFragments"])
                decl = re.sub(r"\s+", " ", decl).strip()
                decl = re.sub(r"@backDeployed\([^)]*\) ", "", decl)
                lines.append(f"{module}.{'.'.join(symbol['pathComponents'][:-1]) or '(top level)'}: {decl}")
    return sorted(set(lines))


def main():
    current = declarations()
    text = open(DOC).read()
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    block = "\n```text\n" + "\n".join(current) + "\n```\n"
    if "--write" in sys.argv:
        open(DOC, "w").write(text[:start] + block + text[end:])
        print(f"check-api: docs/API.md lists {len(current)} public declarations")
        return
    documented = [l for l in text[start:end].strip().strip("`").strip().removeprefix("text").strip().split("\n") if l]
    added = sorted(set(current) - set(documented))
    removed = sorted(set(documented) - set(current))
    if added or removed:
        for l in added:
            print(f"  + {l}")
        for l in removed:
            print(f"  - {l}")
        sys.exit(f"check-api: the public API of OverlayCore/OverlaySync differs from docs/API.md ({len(added)} new, "
                 f"{len(removed)} gone). Make the new declarations `package` unless an app needs them; if it does, "
                 f"document them in docs/API.md and run scripts/check-api.py --write")
    print(f"check-api: {len(current)} public declarations, as docs/API.md lists them")


main()
