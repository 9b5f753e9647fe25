#!/usr/bin/env python3
"""How far real catalogs go towards the rendering bounds (docs/DESIGN.md "Bounds"), read independently of Overlay.

    python3 scripts/render-bounds.py CATALOG_DIR...

Walks each directory for .strings, .stringsdict and .xcstrings files (read where they lie, never copied) and prints,
per directory, the largest value of each measure and where it is:
- expansion: specifiers and %#@v@ tokens one rendering expands, a variable counted with its largest variant each time
  a token names it (so a token repeated r times over k levels counts about r^k);
- static bytes: the literal UTF-8 of the largest rendering plus the field widths and precisions it asks for;
- rendered bytes: the same with every argument rendered as 32 bytes (a long name or a formatted number);
- field: the largest width or precision written in a specifier.
The plist and JSON readers are Python's own; .strings files are tokenized here (quoted and bare words, comments).
"""
import json
import os
import plistlib
import re
import sys

ARGUMENT_BYTES = 32
CONVERSIONS = set("@diDuUxXoOcCfFeEgGaAsSPpn")
LENGTHS = ("hh", "ll", "h", "l", "q", "L", "z", "t", "j")


def tokens(text):
    """Yields ('literal', bytes), ('spec', width, precision) and ('var', name) for a format string, as CF reads it."""
    i, n = 0, len(text)
    literal = 0
    while i < n:
        if text[i] != "%":
            literal += len(text[i].encode("utf-8"))
            i += 1
            continue
        if i + 1 < n and text[i + 1] == "%":
            literal += 1
            i += 2
            continue
        j = i + 1
        width = precision = 0
        variable = None
        while j < n:
            m = re.match(r"(\d+)\$", text[j:])
            if m:
                j += m.end()
                continue
            if text[j] == "#" and text[j + 1:j + 2] == "@":
                m = re.match(r"#@([A-Za-z0-9_]+)@", text[j:])
                if m:
                    variable = m.group(1)
                    j += m.end()
                break
            if text[j] in "-+ 0#":
                j += 1
                continue
            m = re.match(r"\d+", text[j:])
            if m:
                width = max(width, int(m.group(0)))
                j += m.end()
                continue
            break
        if variable is not None:
            if literal:
                yield ("literal", literal)
                literal = 0
            yield ("var", variable)
            i = j
            continue
        m = re.match(r"\*(\d+\$)?", text[j:])
        if m:
            j += m.end()
        if text[j:j + 1] == ".":
            j += 1
            m = re.match(r"\d+|\*(\d+\$)?", text[j:])
            if m:
                if m.group(0).isdigit():
                    precision = int(m.group(0))
                j += m.end()
        for length in LENGTHS:
            if text.startswith(length, j):
                j += len(length)
                break
        if j < n and text[j] in CONVERSIONS:
            if literal:
                yield ("literal", literal)
                literal = 0
            yield ("spec", width, precision)
            i = j + 1
        else:  # not a specifier: CF prints it; count it as text
            literal += len(text[i:j + 1].encode("utf-8"))
            i = j + 1
    if literal:
        yield ("literal", literal)


class Measure:
    """expansion, static bytes, rendered bytes, largest field of one format string over an entry's variables."""

    def __init__(self, variables):
        self.variables = variables  # name -> list of variant strings
        self.memo = {}

    def of(self, text, depth=0):
        expansion = static = rendered = field = 0
        for token in tokens(text):
            if token[0] == "literal":
                static += token[1]
                rendered += token[1]
            elif token[0] == "spec":
                expansion += 1
                static += max(token[1], token[2])
                rendered += max(token[1], token[2], ARGUMENT_BYTES)
                field = max(field, token[1], token[2])
            else:
                variant = self.variable(token[1], depth)
                expansion += 1 + variant[0]
                static += variant[1]
                rendered += variant[2]
                field = max(field, variant[3])
        return (expansion, static, rendered, field)

    def variable(self, name, depth):
        if name in self.memo:
            return self.memo[name]
        if depth > 16 or name not in self.variables:
            return (0, 0, 0, 0)
        worst = tuple(max(values) for values in zip((0, 0, 0, 0), *(self.of(v, depth + 1) for v in self.variables[name])))
        self.memo[name] = worst
        return worst


def strings_file(data):
    """Key → value of an old-style .strings file."""
    if data.startswith(b"\xff\xfe") or data.startswith(b"\xfe\xff"):
        text = data.decode("utf-16")
    else:
        text = data.decode("utf-8-sig", errors="replace")
    words = []
    i, n = 0, len(text)
    escapes = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "'": "'", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif text.startswith("//", i):
            i = text.find("\n", i) if text.find("\n", i) >= 0 else n
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif c == '"':
            i += 1
            out = []
            while i < n and text[i] != '"':
                if text[i] == "\\" and i + 1 < n:
                    e = text[i + 1]
                    if e == "U" and re.match(r"[0-9A-Fa-f]{4}", text[i + 2:i + 6]):
                        out.append(chr(int(text[i + 2:i + 6], 16)))
                        i += 6
                        continue
                    out.append(escapes.get(e, e))
                    i += 2
                else:
                    out.append(text[i])
                    i += 1
            words.append("".join(out))
            i += 1
        elif c in "=;":
            words.append(c)
            i += 1
        else:
            m = re.match(r"[A-Za-z0-9_$+/:.\-]+", text[i:])
            if not m:
                i += 1
                continue
            words.append(m.group(0))
            i += m.end()
    table = {}
    k = 0
    while k < len(words):
        if k + 3 < len(words) + 1 and k + 2 < len(words) and words[k + 1] == "=":
            table[words[k]] = words[k + 2]
            k += 4
        else:
            k += 1
    return table


def stringsdict_entries(data):
    """Key → (format, {variable: [variants]}) of a .stringsdict file (plural, width and device rules)."""
    plist = plistlib.loads(data)
    entries = {}
    for key, entry in plist.items():
        if not isinstance(entry, dict):
            continue
        variables = {}
        formats = []
        if "NSStringLocalizedFormatKey" in entry:
            formats.append(entry["NSStringLocalizedFormatKey"])
            for name, spec in entry.items():
                if isinstance(spec, dict):
                    variables[name] = [v for c, v in spec.items() if not c.startswith("NSString") and isinstance(v, str)]
        for rule in ("NSStringVariableWidthRuleType", "NSStringDeviceSpecificRuleType"):
            if isinstance(entry.get(rule), dict):
                for variant in entry[rule].values():
                    if isinstance(variant, str):
                        formats.append(variant)
                    elif isinstance(variant, dict) and "NSStringLocalizedFormatKey" in variant:
                        formats.append(variant["NSStringLocalizedFormatKey"])
        entries[key] = (formats, variables)
    return entries


def xcstrings_entries(data):
    """(locale, key) → (formats, {substitution: [variants]}) of a String Catalog."""
    catalog = json.loads(data)
    entries = {}

    def texts(node):
        if not isinstance(node, dict):
            return []
        found = []
        if "stringUnit" in node:
            found.append(node["stringUnit"].get("value", ""))
        for rule in node.get("variations", {}).values():
            for variant in rule.values():
                found += texts(variant)
        return found

    for key, entry in catalog.get("strings", {}).items():
        for locale, localization in entry.get("localizations", {}).items():
            variables = {name: texts(sub) for name, sub in localization.get("substitutions", {}).items()}
            entries[(locale, key)] = (texts(localization), variables)
    return entries


def main(roots):
    for root in roots:
        best = {}
        counts = {"strings": 0, "stringsdict": 0, "xcstrings": 0, "values": 0}

        def record(where, formats, variables):
            measure = Measure(variables)
            for text in formats:
                counts["values"] += 1
                result = measure.of(text)
                kind = "plural" if variables else "plain"
                for index, name in enumerate(("expansion", "static bytes", "rendered bytes", "field")):
                    label = f"{name} ({kind})"
                    if result[index] > best.get(label, (-1, ""))[0]:
                        best[label] = (result[index], where)

        for directory, _, files in os.walk(root):
            for name in sorted(files):
                path = os.path.join(directory, name)
                where = os.path.relpath(path, root)
                try:
                    data = open(path, "rb").read()
                    if name.endswith(".strings"):
                        counts["strings"] += 1
                        for key, value in strings_file(data).items():
                            record(f"{where}: {key}", [value], {})
                    elif name.endswith(".stringsdict"):
                        counts["stringsdict"] += 1
                        for key, (formats, variables) in stringsdict_entries(data).items():
                            record(f"{where}: {key}", formats, variables)
                    elif name.endswith(".xcstrings"):
                        counts["xcstrings"] += 1
                        for (locale, key), (formats, variables) in xcstrings_entries(data).items():
                            record(f"{where} [{locale}]: {key}", formats, variables)
                except Exception as error:  # a file Python cannot read is reported, not measured
                    print(f"  skipped {where}: {error}", file=sys.stderr)
        print(f"{root}: {counts['strings']} .strings, {counts['stringsdict']} .stringsdict, "
              f"{counts['xcstrings']} .xcstrings, {counts['values']} format strings")
        for label in sorted(best):
            value, where = best[label]
            print(f"  {label:26} {value:>7}  {where[:150]}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: render-bounds.py CATALOG_DIR...")
    main(sys.argv[1:])
