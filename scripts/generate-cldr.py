#!/usr/bin/env python3
"""Generate compact CLDR data for OverlayCore from the Debian unicode-cldr-core package.

Reads plurals.xml, ordinals.xml, supplementalData.xml (parentLocales), likelySubtags.xml and
supplementalMetadata.xml (languageAlias) and writes Swift files into
Sources/OverlayCore/Formats/Generated/. Plural rules are parsed here and written as Swift values, one
function case per rule group, so the app never parses rule text; every other dataset is one multi-line
string literal that the Swift side reads in place.

Usage:
    python3 scripts/generate-cldr.py            # (re)write the generated files
    python3 scripts/generate-cldr.py --check    # exit 1 if the committed files differ from a fresh run
    python3 scripts/generate-cldr.py --cldr DIR # CLDR root (default /usr/share/unicode/cldr)

Standard library only; the output is deterministic (input order is kept, no timestamps).
"""

import argparse
import os
import re
import sys
import xml.etree.ElementTree as ET

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(REPO, "Sources", "OverlayCore", "Formats", "Generated")
COMMAND = "python3 scripts/generate-cldr.py"

# Legacy lproj names → language, from swift-corelibs-foundation CFBundle_Locale.c
# (__CFBundleLanguageNamesArray / __CFBundleLanguageAbbreviationsArray; the first name wins, as in CF).
# Not CLDR data: kept here so that every lookup table is produced the same way.
# "Chinese" is listed twice by CF (Mac codes 19 = Traditional and 33 = Simplified); CF's first match is
# code 19, whose region hack is zh_TW, so it maps to zh-Hant. "Nyanja" has no abbreviation in CF and is omitted.
# CF's deprecated codes are written canonically here (Moldavian mo → ro, Tagalog tl → fil).
LEGACY_NAMES = [
    ("English", "en"), ("French", "fr"), ("German", "de"), ("Italian", "it"), ("Dutch", "nl"),
    ("Swedish", "sv"), ("Spanish", "es"), ("Danish", "da"), ("Portuguese", "pt"), ("Norwegian", "nb"),
    ("Hebrew", "he"), ("Japanese", "ja"), ("Arabic", "ar"), ("Finnish", "fi"), ("Greek", "el"),
    ("Icelandic", "is"), ("Maltese", "mt"), ("Turkish", "tr"), ("Croatian", "hr"), ("Chinese", "zh-Hant"),
    ("Urdu", "ur"), ("Hindi", "hi"), ("Thai", "th"), ("Korean", "ko"), ("Lithuanian", "lt"),
    ("Polish", "pl"), ("Hungarian", "hu"), ("Estonian", "et"), ("Latvian", "lv"), ("Sami", "se"),
    ("Faroese", "fo"), ("Farsi", "fa"), ("Russian", "ru"), ("Irish", "ga"), ("Albanian", "sq"),
    ("Romanian", "ro"), ("Czech", "cs"), ("Slovak", "sk"), ("Slovenian", "sl"), ("Yiddish", "yi"),
    ("Serbian", "sr"), ("Macedonian", "mk"), ("Bulgarian", "bg"), ("Ukrainian", "uk"),
    ("Byelorussian", "be"), ("Uzbek", "uz"), ("Kazakh", "kk"), ("Azerbaijani", "az"), ("Armenian", "hy"),
    ("Georgian", "ka"), ("Moldavian", "ro"), ("Kirghiz", "ky"), ("Tajiki", "tg"), ("Turkmen", "tk"),
    ("Mongolian", "mn"), ("Pashto", "ps"), ("Kurdish", "ku"), ("Kashmiri", "ks"), ("Sindhi", "sd"),
    ("Tibetan", "bo"), ("Nepali", "ne"), ("Sanskrit", "sa"), ("Marathi", "mr"), ("Bengali", "bn"),
    ("Assamese", "as"), ("Gujarati", "gu"), ("Punjabi", "pa"), ("Oriya", "or"), ("Malayalam", "ml"),
    ("Kannada", "kn"), ("Tamil", "ta"), ("Telugu", "te"), ("Sinhalese", "si"), ("Burmese", "my"),
    ("Khmer", "km"), ("Lao", "lo"), ("Vietnamese", "vi"), ("Indonesian", "id"), ("Tagalog", "fil"),
    ("Malay", "ms"), ("Amharic", "am"), ("Tigrinya", "ti"), ("Oromo", "om"), ("Somali", "so"),
    ("Swahili", "sw"), ("Kinyarwanda", "rw"), ("Rundi", "rn"), ("Malagasy", "mg"), ("Esperanto", "eo"),
    ("Welsh", "cy"), ("Basque", "eu"), ("Catalan", "ca"), ("Latin", "la"), ("Quechua", "qu"),
    ("Guarani", "gn"), ("Aymara", "ay"), ("Tatar", "tt"), ("Uighur", "ug"), ("Dzongkha", "dz"),
    ("Javanese", "jv"), ("Sundanese", "su"), ("Galician", "gl"), ("Afrikaans", "af"), ("Breton", "br"),
    ("Inuktitut", "iu"), ("Scottish", "gd"), ("Manx", "gv"), ("Tongan", "to"), ("Greenlandic", "kl"),
    ("Nynorsk", "nn"),
]

SIMPLE_TAG = re.compile(r"^[a-z]{2,8}(_[A-Z][a-z]{3})?(_(?:[A-Z]{2}|[0-9]{3}))?$")
BARE_LANGUAGE = re.compile(r"^[a-z]{2,8}$")


def cldr_version(root):
    dtd = os.path.join(root, "common", "dtd", "ldmlSupplemental.dtd")
    with open(dtd, encoding="utf-8") as handle:
        match = re.search(r'<!ATTLIST version cldrVersion CDATA #FIXED "([^"]+)"', handle.read())
    if not match:
        sys.exit(f"error: no cldrVersion in {dtd}")
    return match.group(1)


def supplemental(root, name):
    return ET.parse(os.path.join(root, "common", "supplemental", name)).getroot()


RELATION = re.compile(r"^([nivwftce])(?: (?:%|mod) ([0-9]+))? (=|!=|is not|is|not in|in|not within|within) "
                      r"([0-9]+(?:\.\.[0-9]+)?(?:,[0-9]+(?:\.\.[0-9]+)?)*)$")
MAXIMUM_INTEGER = 1_000_000_000_000  # keeps `%` on digit strings inside UInt64 in the app


def relation_swift(text, where):
    """One relation (`n % 10 != 11..14`) as a Swift `PluralRelation(...)` call; bounds are low, high pairs."""
    text = re.sub(r"\s*(%|!?=|\.\.|,)\s*", r" \1 ", text)
    text = " ".join(text.split()).replace(" .. ", "..").replace(" , ", ",")
    match = RELATION.match(text)
    if not match:
        sys.exit(f"error: {where}: cannot parse plural relation '{text}'")
    operand, modulus, operator, ranges = match.groups()
    bounds = []
    for item in ranges.split(","):
        low, _, high = item.partition("..")
        low, high = int(low), int(high or low)
        if low > high or high > MAXIMUM_INTEGER:
            sys.exit(f"error: {where}: bad range {item} in '{text}'")
        bounds += [low, high]
    if modulus is not None and not 0 < int(modulus) <= MAXIMUM_INTEGER:
        sys.exit(f"error: {where}: bad modulus in '{text}'")
    arguments = [f".{operand}"]
    if modulus is not None:
        arguments.append(f"mod: {int(modulus)}")
    if operator in ("!=", "is not", "not in", "not within"):
        arguments.append("negated: true")
    if operator.endswith("within"):
        arguments.append("within: true")
    arguments.append("[" + ", ".join(map(str, bounds)) + "]")
    return "PluralRelation(" + ", ".join(arguments) + ")"


def plural_groups(root, name):
    """Per rule group: its locale ids and the Swift rules (`other` is implicit), samples dropped."""
    groups = []
    for group in supplemental(root, name).iter("pluralRules"):
        locales = " ".join(group.get("locales").split())
        rules = []
        for rule in group.iter("pluralRule"):
            category = rule.get("count")
            condition = " ".join((rule.text or "").split("@", 1)[0].split())
            where = f"{name} {locales} {category}"
            if category == "other":
                if condition:
                    sys.exit(f"error: {where}: 'other' has a condition")
                continue
            if not condition:
                sys.exit(f"error: {where}: no condition")
            alternatives = ["[" + ", ".join(relation_swift(r, where) for r in alternative.split(" and ")) + "]"
                            for alternative in condition.split(" or ")]
            rules.append(f"PluralRules.Rule(.{category}, [{', '.join(alternatives)}])")
        groups.append((locales, rules))
    return groups


def plural_file(version, root):
    out = [
        "// GENERATED FILE: do not edit by hand.",
        f"// Source: CLDR {version} (cldrVersion from common/dtd/ldmlSupplemental.dtd), "
        "common/supplemental/plurals.xml and ordinals.xml.",
        f"// Regenerate with `{COMMAND}`; `{COMMAND} --check` verifies this file is current.",
        "",
        "/// CLDR plural rules, parsed by the generator: the locale ids of each rule group, and each group's rules",
        "/// (`other` is implicit) built only when an app asks for that group.",
        "enum CLDRPluralData {",
    ]
    kinds = [(name, source, plural_groups(root, source))
             for name, source in [("cardinal", "plurals.xml"), ("ordinal", "ordinals.xml")]]
    for name, source, groups in kinds:
        out.append(f"    /// {name.capitalize()} rule groups ({source}): space-separated locale ids, one string per group.")
        out.append(f"    static let {name}Locales: [String] = [")
        out.extend(f'        "{locales}",' for locales, _ in groups)
        out.append("    ]")
        out.append("")
    for index, (name, source, groups) in enumerate(kinds):
        if index:
            out.append("")
        out.append(f"    static func {name}Rules(group: Int) -> [PluralRules.Rule] {{")
        out.append("        switch group {")
        for number, (locales, rules) in enumerate(groups):
            out.append(f"        case {number}:  // {locales.split()[0]}")
            out.append(f"            return [{', '.join(rules)}]")
        out.append("        default:")
        out.append(f'            preconditionFailure("no {name} plural rule group \\(group); rerun {COMMAND}")')
        out.append("        }")
        out.append("    }")
    out.append("}")
    return "\n".join(out) + "\n"


def hyphen(tag):
    return tag.replace("_", "-")


def parent_lines(root):
    lines = []
    for entry in supplemental(root, "supplementalData.xml").iter("parentLocale"):
        parent = entry.get("parent")
        for child in entry.get("locales").split():
            lines.append(f"{hyphen(child)} {hyphen(parent)}")
    return lines


def likely_lines(root):
    return [f"{hyphen(e.get('from'))} {hyphen(e.get('to'))}"
            for e in supplemental(root, "likelySubtags.xml").iter("likelySubtag")]


def alias_lines(root):
    """Language aliases from a bare language to a simple tag (iw→he, sh→sr-Latn); variant forms are skipped."""
    lines = []
    for entry in supplemental(root, "supplementalMetadata.xml").iter("languageAlias"):
        source, target = entry.get("type"), entry.get("replacement") or ""
        if BARE_LANGUAGE.match(source) and SIMPLE_TAG.match(target):
            lines.append(f"{source} {hyphen(target)}")
    return lines


def sorted_pairs(lines):
    """`from to` lines sorted by the key's UTF-8 bytes, each key once (the first wins): the app binary-searches them."""
    first = {}
    for line in lines:
        first.setdefault(line.split(" ")[0], line)
    return [first[key] for key in sorted(first, key=lambda k: k.encode("utf-8"))]


def swift_file(version, sources, type_name, summary, datasets):
    out = [
        "// GENERATED FILE: do not edit by hand.",
        f"// Source: CLDR {version} (cldrVersion from common/dtd/ldmlSupplemental.dtd), {sources}.",
        f"// Regenerate with `{COMMAND}`; `{COMMAND} --check` verifies this file is current.",
        "",
        f"/// {summary}",
        f"enum {type_name} {{",
    ]
    for index, (name, doc, lines) in enumerate(datasets):
        if index:
            out.append("")
        out.append(f"    /// {doc}")
        out.append(f'    static let {name}: String = #"""')
        out.extend("    " + line for line in lines)
        out.append('    """#')
    out.append("}")
    return "\n".join(out) + "\n"


def generate(root):
    version = cldr_version(root)
    files = {}
    files["CLDRPluralData.swift"] = plural_file(version, root)
    files["CLDRLocaleData.swift"] = swift_file(
        version, "common/supplemental/supplementalData.xml, likelySubtags.xml and supplementalMetadata.xml",
        "CLDRLocaleData",
        "CLDR locale tables, one `from to` pair per line sorted by key, tags written with hyphens.",
        [("parentLocales", "parentLocales: `child parent`.", sorted_pairs(parent_lines(root))),
         ("likelySubtags", "likelySubtags: `from to`.", sorted_pairs(likely_lines(root))),
         ("languageAliases", "languageAlias entries from a bare language to a simple tag.",
          sorted_pairs(alias_lines(root)))])
    files["LegacyLocalizationNames.swift"] = swift_file(
        version, "not CLDR: swift-corelibs-foundation CFBundle_Locale.c language-name tables",
        "LegacyLocalizationNames",
        "Legacy English lproj names (`English.lproj`) and the language tag CF maps each to.",
        [("table", "`Name tag`, first name wins as in CF.",
          sorted_pairs([f"{name} {tag}" for name, tag in LEGACY_NAMES]))])
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cldr", default="/usr/share/unicode/cldr", help="CLDR root directory")
    parser.add_argument("--check", action="store_true", help="fail if generated files are out of date")
    args = parser.parse_args()
    if not os.path.isdir(os.path.join(args.cldr, "common", "supplemental")):
        sys.exit(f"error: no CLDR data at {args.cldr}; install it with `apt-get install unicode-cldr-core`")
    files = generate(args.cldr)
    stale = []
    for name, text in sorted(files.items()):
        path = os.path.join(OUT_DIR, name)
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if current == text:
            continue
        if args.check:
            stale.append(path)
        else:
            os.makedirs(OUT_DIR, exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            print(f"wrote {os.path.relpath(path, REPO)}")
    if stale:
        for path in stale:
            print(f"stale: {os.path.relpath(path, REPO)} (run `{COMMAND}`)", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
