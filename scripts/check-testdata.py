#!/usr/bin/env python3
"""Sanity-checks the localization fixtures under testdata/ with the Python standard library only.

  scripts/check-testdata.py            check testdata/catalog and every case under testdata/check
  scripts/check-testdata.py DIR...     check each DIR as a catalog and print its findings

testdata/catalog must have no error and only the deliberate warnings listed in DELIBERATE_WARNINGS
(also documented in testdata/README.md). Each testdata/check/<case> must produce exactly the one finding
its EXPECT file names (or none for `clean`). Exit 0 when all is as expected, 1 otherwise.

This is an independent second implementation of the rules in DESIGN.md "Validation" and
reference/FORMATS.md §1-§5, good enough for these fixtures; the Swift validator is the real one.
"""
import json
import os
import plistlib
import re
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testdata"))
PLURALS_XML = "/usr/share/unicode/cldr/common/supplemental/plurals.xml"
CATEGORIES = ["zero", "one", "two", "few", "many", "other"]
# Used when the CLDR data is not installed: the CLDR 41 categories of the catalog's languages.
FALLBACK_PLURALS = {
    "en": {"one", "other"}, "de": {"one", "other"}, "fr": {"one", "many", "other"},
    "ru": {"one", "few", "many", "other"}, "pl": {"one", "few", "many", "other"},
    "ar": {"zero", "one", "two", "few", "many", "other"},
}
# (code, path relative to the catalog): warnings testdata/catalog is meant to produce.
DELIBERATE_WARNINGS = {
    ("catalog.infoplist-skipped", "App/en.lproj/InfoPlist.strings"),
    ("catalog.infoplist-skipped", "App/fr.lproj/InfoPlist.strings"),
}


# ---------------------------------------------------------------------------------------------- findings

class Finding:
    def __init__(self, severity, code, path, line, message):
        self.severity, self.code, self.path, self.line, self.message = severity, code, path, line, message

    def where(self):
        return self.path if self.line is None else "%s:%d" % (self.path, self.line)

    def __str__(self):
        return "%s %s %s: %s" % (self.severity, self.code, self.where(), self.message)


class Report:
    def __init__(self):
        self.findings = []

    def error(self, code, path, line, message):
        self.findings.append(Finding("error", code, path, line, message))

    def warning(self, code, path, line, message):
        self.findings.append(Finding("warning", code, path, line, message))


# ---------------------------------------------------------------------------------------------- CLDR

def load_plural_categories():
    try:
        tree = ET.parse(PLURALS_XML)
    except (OSError, ET.ParseError):
        return dict(FALLBACK_PLURALS)
    result = {}
    for rules in tree.getroot().iter("pluralRules"):
        cats = {rule.get("count") for rule in rules.iter("pluralRule")} | {"other"}
        for loc in rules.get("locales").split():
            result[loc] = cats
    return result


PLURAL_CATEGORIES = load_plural_categories()


def plural_categories(locale):
    """CLDR categories of a locale's language (fr-CA → fr); `other` only when unknown."""
    tag = locale.replace("_", "-")
    if tag.replace("-", "_") in PLURAL_CATEGORIES:
        return PLURAL_CATEGORIES[tag.replace("-", "_")]
    return PLURAL_CATEGORIES.get(tag.split("-")[0], {"other"})


# ---------------------------------------------------------------------------------------------- .strings

class StringsError(Exception):
    def __init__(self, code, line, message):
        super().__init__(message)
        self.code, self.line, self.message = code, line, message


def decode_strings(data):
    """Bytes → text per FORMATS.md §1.1; raises StringsError for BOM-less UTF-16 and invalid UTF-8."""
    if data[:4] in (b"\x00\x00\xfe\xff", b"\xff\xfe\x00\x00"):
        return data[4:].decode("utf-32-be" if data[0] == 0 else "utf-32-le")
    if data[:3] == b"\xef\xbb\xbf":
        data = data[3:]
    elif data[:2] == b"\xff\xfe":
        return data[2:].decode("utf-16-le")
    elif data[:2] == b"\xfe\xff":
        return data[2:].decode("utf-16-be")
    elif len(data) >= 2 and (data[0] == 0 or data[1] == 0):
        raise StringsError("strings.utf16-without-bom", 1, "UTF-16 without a byte-order mark; save as UTF-8")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise StringsError("strings.invalid-utf8", line, "invalid UTF-8 byte 0x%02X; save the file as UTF-8" % data[e.start])


UNQUOTED = re.compile(r"[A-Za-z0-9_$/:.\-]")
SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


class StringsParser:
    """The old-style plist grammar of FORMATS.md §1.2, restricted to what a .strings table may hold."""

    def __init__(self, text):
        self.s, self.i, self.line = text, 0, 1

    def advance(self, n=1):
        for _ in range(n):
            if self.s[self.i] == "\n":
                self.line += 1
            self.i += 1

    def peek(self, n=0):
        j = self.i + n
        return self.s[j] if j < len(self.s) else ""

    def skip_ws(self):
        while self.i < len(self.s):
            c = self.peek()
            if c in " \t\n\r\v\f\u2028\u2029":
                self.advance()
            elif c == "/" and self.peek(1) == "/":
                while self.i < len(self.s) and self.peek() not in "\n\r\u2028\u2029":
                    self.advance()
            elif c == "/" and self.peek(1) == "*":
                start = self.line
                end = self.s.find("*/", self.i + 2)
                if end < 0:
                    raise StringsError("strings.unterminated-comment", start,
                                       "comment opened here is never closed; add */")
                self.advance(end + 2 - self.i)
            else:
                return

    def string(self):
        c = self.peek()
        if c in "\"'":
            quote, start = c, self.line
            self.advance()
            out = []
            while True:
                if self.i >= len(self.s):
                    raise StringsError("strings.unterminated-string", start, "string never closed; add %s" % quote)
                c = self.peek()
                if c == quote:
                    self.advance()
                    return "".join(out)
                if c == "\\":
                    self.advance()
                    out.append(self.escape())
                else:
                    out.append(c)
                    self.advance()
        if c and UNQUOTED.match(c):
            start = self.i
            while self.i < len(self.s) and UNQUOTED.match(self.peek()):
                self.advance()
            return self.s[start:self.i]
        return None

    def escape(self):
        c = self.peek()
        self.advance()
        if c in SIMPLE_ESCAPES:
            return SIMPLE_ESCAPES[c]
        if c == "U":
            digits = ""
            while len(digits) < 4 and self.peek() and self.peek() in "0123456789abcdefABCDEF":
                digits += self.peek()
                self.advance()
            return chr(int(digits, 16)) if digits else ""
        if c in "01234567":
            digits = c
            while len(digits) < 3 and self.peek() and self.peek() in "01234567":
                digits += self.peek()
                self.advance()
            return chr(int(digits, 8))
        return c

    def skip_value(self):
        """Skips a {…}, (…) or <…> value; they nest and may contain quoted strings."""
        depth = 0
        while self.i < len(self.s):
            c = self.peek()
            if c in "\"'":
                self.string()
                continue
            if c in "{(<":
                depth += 1
            elif c in "})>":
                depth -= 1
                if depth == 0:
                    self.advance()
                    return
            self.advance()

    def parse(self):
        """Returns ([(key, value, line)], [(line, key)]); a non-string value is None and listed in the second list."""
        entries, non_strings = [], []
        self.skip_ws()
        if self.peek() == "{":  # optional outer braces
            self.advance()
        while True:
            self.skip_ws()
            if self.i >= len(self.s) or self.peek() == "}":
                return entries, non_strings
            line = self.line
            key = self.string()
            if key is None:
                raise StringsError("strings.syntax", self.line, "unexpected character %r; expected a quoted key" % self.peek())
            self.skip_ws()
            if self.peek() == ";":
                self.advance()
                entries.append((key, key, line))
                continue
            if self.peek() != "=":
                raise StringsError("strings.missing-semicolon", line, "entry %r does not end with ';'" % key)
            self.advance()
            self.skip_ws()
            if self.peek() in ("{", "(", "<"):
                self.skip_value()
                non_strings.append((line, key))
                value = None
            else:
                value = self.string()
                if value is None:
                    raise StringsError("strings.syntax", self.line, "expected a quoted value for %r" % key)
            self.skip_ws()
            if self.peek() != ";":
                raise StringsError("strings.missing-semicolon", line, "entry %r does not end with ';'" % key)
            self.advance()
            entries.append((key, value, line))


def read_strings(path, rel, report):
    """Parses a .strings file strictly; returns {key: (value, line)} (value None: not a string) or None."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        entries, non_strings = StringsParser(decode_strings(data)).parse()
    except StringsError as e:
        report.error(e.code, rel, e.line, e.message)
        return None
    for line, key in non_strings:
        report.error("strings.non-string-value", rel, line, "value of %r is not a string; a .strings table holds only strings" % key)
    table = {}
    for key, value, line in entries:
        if key in table:
            report.error("strings.duplicate-key", rel, line, "key %r already defined on line %d; remove one" % (key, table[key][1]))
            continue
        table[key] = (value, line)
    return table


# ---------------------------------------------------------------------------------------------- format specifiers

SPEC = re.compile(
    r"%(?:(?P<pos>[1-9][0-9]*)\$)?(?P<flags>[-+ 0#']*)"
    r"(?P<width>\*(?:[1-9][0-9]*\$)?|[0-9]+)?(?:\.(?P<prec>\*(?:[1-9][0-9]*\$)?|[0-9]*))?"
    r"(?P<len>hh|h|ll|l|q|L|z|t|j)?(?P<conv>[@dDiuUxXoOfFeEgGaAcCsSpn])"
)
TOKEN = re.compile(r"%(?:(?P<pos>[1-9][0-9]*)\$)?#@(?P<name>[A-Za-z0-9_]+)@")
NAMED = re.compile(r"%\{(?P<name>[A-Za-z_][A-Za-z0-9_]*)\}")


def spec_class(conv, length):
    longish = length in ("l", "ll", "q", "z", "t", "j")
    if conv == "@":
        return "object"
    if conv in "di" or conv == "c":
        return "int64" if longish and conv != "c" else "int32"
    if conv == "D":
        return "int64"
    if conv in "uxXo":
        return "uint64" if longish else "uint32"
    if conv in "UO":
        return "uint64"
    if conv in "fFeEgGaA":
        return "longdouble" if length == "L" else "double"
    return {"C": "unichar", "s": "cstring", "S": "unistring", "p": "pointer", "n": "pointer"}[conv]


class Slots:
    """What one string (or a whole plural entry) consumes: slot → class, named tokens, problems."""

    def __init__(self):
        self.slots, self.names, self.problems = {}, set(), []
        self.positional = self.sequential = False

    def add(self, slot, cls, positional):
        if positional:
            self.positional = True
        else:
            self.sequential = True
        old = self.slots.get(slot)
        if old is not None and old != cls:
            self.problems.append(("format.class-mismatch", "slot %d is used as both %s and %s" % (slot, old, cls)))
        self.slots[slot] = cls


def scan(text, slots, start=1, tokens=None):
    """Adds text's specifiers to slots, sequential numbering from `start`. `tokens`: name → handler for %#@name@."""
    i, seq = 0, start
    local_pos = local_seq = False
    while True:
        i = text.find("%", i)
        if i < 0:
            break
        if text.startswith("%%", i):
            i += 2
            continue
        m = NAMED.match(text, i)
        if m:
            slots.names.add(m.group("name"))
            i = m.end()
            continue
        m = TOKEN.match(text, i) if tokens is not None else None
        if m:
            pos = int(m.group("pos")) if m.group("pos") else None
            slot = pos or seq
            if pos:
                local_pos = True
            else:
                local_seq = True
                seq += 1
            tokens(m.group("name"), slot, pos is not None)
            i = m.end()
            continue
        m = SPEC.match(text, i)
        if m and " " in m.group("flags"):
            # "50% off": an accidental specifier through the space flag.
            slots.problems.append(("format.accidental-specifier", "accidental specifier at %r; write %%%% for a literal percent sign" % text[i:i + 6]))
            i = m.end()
            continue
        if not m:
            slots.problems.append(("format.stray-percent", "stray %% at %r; write %%%% for a literal percent sign" % text[i:i + 6]))
            i = m.end() if m else i + 1
            continue
        if m.group("conv") == "n":
            slots.problems.append(("format.write-back", "%n writes to memory and is never allowed; remove it"))
            i = m.end()
            continue
        pos = int(m.group("pos")) if m.group("pos") else None
        for star in (m.group("width"), m.group("prec")):
            if star and star.startswith("*"):
                if len(star) > 1:
                    slots.add(int(star[1:-1]), "int32", True)
                    local_pos = True
                else:
                    slots.add(seq, "int32", False)
                    seq += 1
                    local_seq = True
        cls = spec_class(m.group("conv"), m.group("len"))
        if pos:
            slots.add(pos, cls, True)
            local_pos = True
        else:
            slots.add(seq, cls, False)
            seq += 1
            local_seq = True
        i = m.end()
    if local_pos and local_seq:
        slots.problems.append(("format.mixed-positional", "mixes positional (%1$@) and sequential (%@) specifiers; use one style"))


def string_slots(text):
    slots = Slots()
    scan(text, slots)
    return slots


def compare(source, target, report, rel, line, key):
    """Reports target's own problems and its incompatibilities with source (FORMATS.md §4.4, §4.5)."""
    seen = set()
    for code, message in target.problems:
        if code not in seen:
            seen.add(code)
            report.error(code, rel, line, "%s: %s" % (key, message))
    if seen:
        return
    for slot, cls in sorted(target.slots.items()):
        if slot not in source.slots:
            report.error("format.class-mismatch", rel, line, "%s: slot %d (%s) does not exist in the source" % (key, slot, cls))
        elif source.slots[slot] != cls:
            report.error("format.class-mismatch", rel, line, "%s: slot %d is %s here but %s in the source" % (key, slot, cls, source.slots[slot]))
    used = sorted(target.slots)
    if used and used != list(range(1, used[-1] + 1)):
        missing = sorted(set(range(1, used[-1] + 1)) - set(used))
        report.error("format.gap", rel, line, "%s: slot(s) %s unused before slot %d shift later arguments; use them" % (key, missing, used[-1]))
    for name in sorted(target.names - source.names):
        report.error("format.unknown-name", rel, line, "%s: %%{%s} does not exist in the source (it has %s)" % (key, name, sorted(source.names) or "none"))


# Rendering bounds (DESIGN.md "Bounds"): one rendering of a value expands at most MAX_EXPANSION specifiers and tokens
# (a variable counted with its largest variant every time a token names it), asks for no field wider than MAX_FIELD,
# and writes at most MAX_TEXT_BYTES of its own text (literal bytes plus field widths; a `*` field counts MAX_FIELD).
MAX_EXPANSION, MAX_FIELD, MAX_TEXT_BYTES = 64, 1024, 128 * 1024


def render_cost(text, variable=lambda name: None):
    """(expansion, bytes, widest field, its specifier) of one format string; `variable` gives a variable's cost."""
    expansion = size = widest = 0
    widest_spec = ""
    i = 0
    while i < len(text):
        if text[i] != "%":
            size += len(text[i].encode("utf-8"))
            i += 1
            continue
        if text.startswith("%%", i):
            size, i = size + 1, i + 2
            continue
        m = NAMED.match(text, i)
        if m:
            expansion, i = expansion + 1, m.end()
            continue
        m = TOKEN.match(text, i)
        if m:
            cost = variable(m.group("name")) or (0, 0, 0, "")
            expansion += 1 + cost[0]
            size += cost[1]
            if cost[2] > widest:
                widest, widest_spec = cost[2], cost[3]
            i = m.end()
            continue
        m = SPEC.match(text, i)
        if not m:
            size, i = size + 1, i + 1
            continue
        expansion += 1
        fields = [MAX_FIELD if f.startswith("*") else int(f) for f in (m.group("width"), m.group("prec")) if f]
        size += max(fields, default=0)
        for f in (m.group("width"), m.group("prec")):
            if f and not f.startswith("*") and int(f) > widest:
                widest, widest_spec = int(f), m.group(0)
        i = m.end()
    return expansion, size, widest, widest_spec


def render_bound(item):
    """(code, message) for the first rendering bound a .strings value or .stringsdict entry passes, else None."""
    value, _, kind, _ = item
    if kind == "plural" and isinstance(value, dict):
        variables = {k: v for k, v in value.items() if k != "NSStringLocalizedFormatKey" and isinstance(v, dict)}
        known = {}

        def variable(name, depth=0):
            if name not in known:
                forms = [t for c, t in variables.get(name, {}).items() if c in CATEGORIES and isinstance(t, str)]
                costs = [render_cost(t, lambda n: variable(n, depth + 1) if depth < 16 else None) for t in forms]
                known[name] = (max((c[0] for c in costs), default=0), max((c[1] for c in costs), default=0),
                               *max(((c[2], c[3]) for c in costs), default=(0, "")))
            return known[name]

        fmt = value.get("NSStringLocalizedFormatKey", "")
        expansion, size, widest, spec = render_cost(fmt if isinstance(fmt, str) else "", variable)
    elif isinstance(value, str):
        expansion, size, widest, spec = render_cost(value)
    else:
        return None
    if widest > MAX_FIELD:
        return "render.field-too-wide", "%s asks for a field %d wide, over %d" % (spec, widest, MAX_FIELD)
    if expansion > MAX_EXPANSION:
        return "render.expansion-too-large", "one rendering expands %d specifiers and tokens, over %d" % (expansion, MAX_EXPANSION)
    if size > MAX_TEXT_BYTES:
        return "render.output-too-long", "one rendering writes %d bytes of its own text, over %d" % (size, MAX_TEXT_BYTES)
    return None


# ---------------------------------------------------------------------------------------------- .stringsdict

def xml_line(lines, needle, after=0):
    for n in range(after, len(lines)):
        if needle in lines[n]:
            return n + 1
    return None


def plural_entry_slots(entry, variables_seen=None):
    """Slot map of a format entry: format key plus every variant (FORMATS.md §4.4)."""
    slots = Slots()
    variables = {k: v for k, v in entry.items() if k != "NSStringLocalizedFormatKey" and isinstance(v, dict)}
    used = variables_seen if variables_seen is not None else set()
    missing = []

    def token(name, slot, positional, depth=0):
        used.add(name)
        var = variables.get(name)
        if var is None:
            missing.append(name)
            return
        slots.add(slot, spec_class_of_value_type(var.get("NSStringFormatValueTypeKey", "")), positional)
        if depth > 8:
            return
        for cat in CATEGORIES:
            if isinstance(var.get(cat), str):
                scan(var[cat], slots, start=slot, tokens=lambda n, s, p: token(n, s, p, depth + 1))

    fmt = entry.get("NSStringLocalizedFormatKey", "")
    scan(fmt if isinstance(fmt, str) else "", slots, tokens=token)
    return slots, missing


def class_of_spec(spec):
    """Class of a specifier written without its %, e.g. `lld` → int64, `@` → object."""
    m = SPEC.fullmatch("%" + spec)
    return spec_class(m.group("conv"), m.group("len")) if m else "invalid"


def spec_class_of_value_type(value_type):
    m = SPEC.fullmatch("%" + value_type)
    if not m or m.group("conv") not in "dDiuUxXoOfFeEgGaAc":
        return "invalid"
    return spec_class(m.group("conv"), m.group("len"))


def read_stringsdict(path, rel, locale, report):
    """Loads and checks one .stringsdict; returns {key: (entry, line)} or None."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        top = plistlib.loads(data)
    except Exception as e:  # plistlib raises several types
        report.error("stringsdict.invalid", rel, None, "not a property list (%s)" % e)
        return None
    lines = data.decode("utf-8", "replace").splitlines()
    if not isinstance(top, dict):
        report.error("stringsdict.invalid", rel, None, "top level is not a dict")
        return None
    result = {}
    allowed = plural_categories(locale) | {"zero"}
    required = plural_categories(locale)
    for key, entry in top.items():
        key_line = xml_line(lines, "<key>%s</key>" % key) or 1
        if not isinstance(entry, dict) or "NSStringLocalizedFormatKey" not in entry:
            report.error("stringsdict.invalid", rel, key_line, "%s: entry has no NSStringLocalizedFormatKey" % key)
            continue
        result[key] = (entry, key_line)
        used = set()
        _, missing = plural_entry_slots(entry, used)
        for name in missing:
            report.error("stringsdict.missing-variable", rel, xml_line(lines, "@%s@" % name, key_line) or key_line,
                         "%s: %%#@%s@ has no variable dict; add one" % (key, name))
        for name, var in entry.items():
            if name == "NSStringLocalizedFormatKey":
                continue
            var_line = xml_line(lines, "<key>%s</key>" % name, key_line) or key_line
            if not isinstance(var, dict):
                report.error("stringsdict.invalid", rel, var_line, "%s: %s is not a dict" % (key, name))
                continue
            if name not in used:
                # CF never applies a variable no token names: unusual, harmless on a device.
                report.warning("stringsdict.unused-variable", rel, var_line, "%s: variable %s is never referenced; remove it" % (key, name))
            if var.get("NSStringFormatSpecTypeKey") != "NSStringPluralRuleType":
                report.error("stringsdict.spec-type", rel, var_line, "%s.%s: spec type must be NSStringPluralRuleType" % (key, name))
            if spec_class_of_value_type(var.get("NSStringFormatValueTypeKey", "")) == "invalid":
                report.error("stringsdict.value-type", rel, var_line, "%s.%s: value type must be numeric" % (key, name))
            cats = {c for c in var if c in CATEGORIES}
            unknown = set(var) - set(CATEGORIES) - {"NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey"}
            for u in sorted(unknown):
                report.error("stringsdict.invalid", rel, var_line, "%s.%s: unknown key %s" % (key, name, u))
            if "other" not in cats:
                report.error("plural.missing-other", rel, var_line, "%s.%s: 'other' is required; add it" % (key, name))
            for cat in sorted(required - cats - {"other"}, key=CATEGORIES.index):
                report.warning("plural.missing-category", rel, key_line, "%s.%s: %s needs '%s'; add it" % (key, name, locale, cat))
            for cat in sorted(cats - allowed, key=CATEGORIES.index):
                report.warning("plural.extra-category", rel, key_line,
                               "%s.%s: %s has no '%s' category; it is never used" % (key, name, locale, cat))
    return result


# ---------------------------------------------------------------------------------------------- .xcstrings

def reject_duplicates(pairs):
    keys = [k for k, _ in pairs]
    dupes = {k for k in keys if keys.count(k) > 1}
    if dupes:
        raise ValueError("duplicate JSON key(s) %s" % sorted(dupes))
    return dict(pairs)


def localization_slots(loc, slots, report, rel, line, where, lang, start=1, sub=None):
    """Collects a Localization's specifiers and checks its plural variations' categories."""
    subs = loc.get("substitutions", {}) or {}

    def token(name, slot, positional):
        sub = subs.get(name)
        if sub is None:
            report.error("xcstrings.missing-substitution", rel, line, "%s: %%#@%s@ has no substitution" % (where, name))
            return
        arg = sub.get("argNum", slot)
        slots.add(arg, class_of_spec(sub.get("formatSpecifier", "")), True)
        localization_slots(sub, slots, report, rel, line, "%s.%s" % (where, name), lang, arg,
                           (arg, sub.get("formatSpecifier", "lld")))

    unit = loc.get("stringUnit")
    if unit is not None:
        value = unit.get("value", "")
        if sub is not None:  # %arg is the substitution's own argument
            value = value.replace("%arg", "%%%d$%s" % sub)
        scan(value, slots, start, tokens=token)
    variations = loc.get("variations", {}) or {}
    plural = variations.get("plural")
    if plural is not None:
        cats = set(plural)
        if "other" not in cats:
            report.error("plural.missing-other", rel, line, "%s (%s): plural variation needs 'other'" % (where, lang))
        for cat in sorted(plural_categories(lang) - cats - {"other"}, key=CATEGORIES.index):
            report.warning("plural.missing-category", rel, line, "%s (%s): needs '%s'" % (where, lang, cat))
        for cat in sorted(cats - plural_categories(lang) - {"zero"}, key=CATEGORIES.index):
            report.warning("plural.extra-category", rel, line, "%s (%s): has no '%s' category" % (where, lang, cat))
        for cat in plural.values():
            localization_slots(cat, slots, report, rel, line, where, lang, start, sub)
    for variant in (variations.get("device") or {}).values():
        localization_slots(variant, slots, report, rel, line, where, lang, start, sub)


def check_xcstrings(path, rel, report):
    """Checks a String Catalog; returns {table_name: {lang: {key}}} for coverage reporting."""
    with open(path, "rb") as f:
        data = f.read()
    text = data.decode("utf-8")
    lines = text.splitlines()
    try:
        doc = json.loads(text, object_pairs_hook=reject_duplicates)
    except ValueError as e:
        report.error("xcstrings.invalid", rel, None, "not valid JSON: %s" % e)
        return
    if doc.get("version") != "1.0":
        report.error("xcstrings.unsupported-version", rel, xml_line(lines, '"version"'),
                     "version %r is not supported; only \"1.0\"" % doc.get("version"))
        return
    source_lang = doc.get("sourceLanguage", "en")
    for key, entry in (doc.get("strings") or {}).items():
        line = xml_line(lines, json.dumps(key, ensure_ascii=False)) or 1
        locs = entry.get("localizations") or {}
        source = Slots()
        if source_lang in locs:
            localization_slots(locs[source_lang], source, report, rel, line, key, source_lang)
        else:
            scan(key, source)
        for code, message in source.problems:
            report.error(code, rel, line, "%s (%s): %s" % (key, source_lang, message))
        if entry.get("shouldTranslate") is False:
            continue
        for lang, loc in locs.items():
            if lang == source_lang:
                continue
            target = Slots()
            localization_slots(loc, target, report, rel, line, key, lang)
            compare(source, target, report, rel, line, "%s (%s)" % (key, lang))


# ---------------------------------------------------------------------------------------------- catalog

def lproj_locale(name):
    return name[: -len(".lproj")]


def parents(locale, dev):
    """The locales a key may fall back to before the development language: fr-CA → [fr]."""
    chain = []
    parts = locale.split("-")
    while len(parts) > 1:
        parts = parts[:-1]
        chain.append("-".join(parts))
    return [p for p in chain if p != dev]


def check_module(catalog, module, report):
    mdir = os.path.join(catalog, module)
    dev = "en"
    info = os.path.join(mdir, "Info.plist")
    if os.path.exists(info):
        with open(info, "rb") as f:
            dev = plistlib.load(f).get("CFBundleDevelopmentRegion", "en")
    # tables[locale][table] = {key: (value|entry, line, kind, rel)}
    tables = {}
    unreadable = set()  # (locale, table) whose file did not parse: not compared further
    for name in sorted(os.listdir(mdir)):
        full = os.path.join(mdir, name)
        rel = "%s/%s" % (module, name)
        if name.endswith(".xcstrings"):
            check_xcstrings(full, rel, report)
        if not (name.endswith(".lproj") and os.path.isdir(full)):
            continue
        locale = lproj_locale(name)
        for fname in sorted(os.listdir(full)):
            frel = "%s/%s" % (rel, fname)
            fpath = os.path.join(full, fname)
            if fname == "InfoPlist.strings":
                read_strings(fpath, frel, report)
                report.warning("catalog.infoplist-skipped", frel, None,
                               "InfoPlist.strings is read by the OS and never published; it is skipped")
                continue
            table, ext = os.path.splitext(fname)
            slot = tables.setdefault(locale, {}).setdefault(table, {})
            if ext == ".strings":
                parsed = read_strings(fpath, frel, report)
                if parsed is None:
                    unreadable.add((locale, table))
                for key, (value, line) in (parsed or {}).items():
                    slot.setdefault(key, (value, line, "strings", frel))
            elif ext == ".stringsdict":
                parsed = read_stringsdict(fpath, frel, locale, report)
                if parsed is None:
                    unreadable.add((locale, table))
                for key, (entry, line) in (parsed or {}).items():
                    slot[key] = (entry, line, "plural", frel)  # .stringsdict wins over .strings
    # The source: the development language, falling back to Base.lproj key by key.
    source = {}
    for loc in ("Base", dev):
        for table, entries in tables.get(loc, {}).items():
            source.setdefault(table, {}).update(entries)
    # The source's own problems (a stray %, %n, mixed styles) are errors too.
    for table, entries in sorted(source.items()):
        for key, item in sorted(entries.items()):
            for code, message in dict(getattr(slots_of(item), "problems", [])).items():
                report.error(code, item[3], item[1], "%s: %s" % (key, message))
            bound = render_bound(item)
            if bound:
                report.error(bound[0], item[3], item[1], "%s: %s" % (key, bound[1]))
    for locale, ltables in sorted(tables.items()):
        if locale in ("Base", dev):
            continue
        for table, entries in sorted(ltables.items()):
            src = source.get(table, {})
            for key, (value, line, kind, rel) in entries.items():
                if key not in src:
                    report.warning("catalog.unknown-key", rel, line, "%s is not in the %s table of %s; remove it or add it there" % (key, dev, table))
                    continue
                source_slots, target_slots = slots_of(src[key]), slots_of((value, line, kind, rel))
                if source_slots is not None and target_slots is not None:
                    compare(source_slots, target_slots, report, rel, line, key)
                bound = render_bound((value, line, kind, rel))
                if bound:
                    report.error(bound[0], rel, line, "%s: %s" % (key, bound[1]))
        # Missing translations: keys of the source no file of this locale (or its parent) has.
        for table, src in sorted(source.items()):
            if (locale, table) in unreadable:
                continue
            here = set(ltables.get(table, {}))
            for parent in parents(locale, dev):
                here |= set(tables.get(parent, {}).get(table, {}))
            missing = sorted(set(src) - here)
            if missing:
                files = sorted({e[3] for e in ltables.get(table, {}).values()}) or ["%s/%s.lproj/%s.strings" % (module, locale, table)]
                report.warning("catalog.missing-translation", files[0], None,
                               "%d key(s) of %s have no %s translation: %s" % (len(missing), table, locale, ", ".join(missing)))


def slots_of(item):
    value, _, kind, _ = item
    if value is None:
        return None
    if kind == "plural":
        return plural_entry_slots(value)[0]
    return string_slots(value)


def check_catalog(catalog):
    report = Report()
    for module in sorted(os.listdir(catalog)):
        if os.path.isdir(os.path.join(catalog, module)):
            check_module(catalog, module, report)
    return report


# ---------------------------------------------------------------------------------------------- main

def run(catalog):
    report = check_catalog(catalog)
    report.findings.sort(key=lambda f: (f.path, f.line or 0, f.code))
    return report


def summary(findings):
    errors = sum(f.severity == "error" for f in findings)
    return "%d error(s), %d warning(s)" % (errors, len(findings) - errors)


def main(argv):
    if argv:
        status = 0
        for catalog in argv:
            report = run(catalog)
            for f in report.findings:
                print(f)
            print("%s: %s" % (catalog, summary(report.findings)))
            status |= any(f.severity == "error" for f in report.findings)
        return status

    ok = True
    catalog = os.path.join(ROOT, "catalog")
    report = run(catalog)
    counts = {}
    for dirpath, _, files in os.walk(catalog):
        for fname in files:
            ext = os.path.splitext(fname)[1]
            counts[ext] = counts.get(ext, 0) + 1
    print("testdata/catalog: %s files (%s)" % (sum(counts.values()), ", ".join("%d %s" % (n, e) for e, n in sorted(counts.items()))))
    for f in report.findings:
        deliberate = f.severity == "warning" and (f.code, f.path) in DELIBERATE_WARNINGS
        print("  %s%s" % (f, "  [deliberate]" if deliberate else ""))
        ok &= deliberate
    print("testdata/catalog: %s" % summary(report.findings))

    check_root = os.path.join(ROOT, "check")
    cases = sorted(d for d in os.listdir(check_root) if os.path.isdir(os.path.join(check_root, d))) if os.path.isdir(check_root) else []
    passed = 0
    for case in cases:
        case_dir = os.path.join(check_root, case)
        with open(os.path.join(case_dir, "EXPECT"), encoding="utf-8") as f:
            expect = f.read().strip()
        got = run(case_dir).findings
        got_lines = ["%s %s %s" % (f.severity, f.code, f.where()) for f in got]
        want = [] if expect == "clean" else [expect]
        if got_lines == want:
            passed += 1
        else:
            ok = False
            print("check/%s: expected %s, got:" % (case, want or "clean"))
            for f in got:
                print("    %s" % f)
    print("testdata/check: %d/%d cases produce exactly their EXPECT finding" % (passed, len(cases)))
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
