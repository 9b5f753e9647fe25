#!/usr/bin/env python3
"""Regenerates testdata/artifacts/ and schemas/examples/ (standard library only): python3 testdata/artifacts/generate.py"""
import json, os, copy, hashlib
R = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
def h(s): return hashlib.sha256(s.encode()).hexdigest()
SH = "sha256:" + h("source")
def dump(obj):
    # the encoder's style: 2 spaces, "key" : value
    return json.dumps(obj, indent=2, ensure_ascii=False, separators=(",", " : ")) + "\n"
def write(path, text):
    p = os.path.join(R, path); os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "wb") as f: f.write(text.encode() if isinstance(text, str) else text)

ck, ac = h("checkout-archive"), h("account-archive")
manifest = {
  "schema_version": 1, "app_version": "1.4.0", "source_hash": SH, "development_region": "en",
  "revision": 3, "published_at": "2026-11-30T13:20:59Z", "expires_at": "2026-12-30T13:20:59Z",
  "revoked": [{"module": "Checkout", "sha256": h("bad-checkout")}],
  "modules": [
    {"name": "Checkout", "path": f"modules/Checkout-{ck[:16]}.zip", "sha256": ck, "size": 5120, "revision": 3,
     "locales": ["en", "fr", "fr-CA", "de", "ru", "ar", "pl"], "tables": ["Localizable"], "entries": 170},
    {"name": "Account", "path": f"modules/Account-{ac[:16]}.zip", "sha256": ac, "size": 2048, "revision": 1,
     "locales": ["en", "fr", "de"], "tables": ["Localizable", "Errors"], "entries": 63},
  ],
}
signature = {"schema_version": 1, "signatures": [
  {"keyid": h("key-1"), "alg": "ed25519", "sig": "q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJCrze8SNFZ4kA=="},
  {"keyid": h("key-2"), "alg": "future-alg", "sig": "AAECAw=="}]}
header = {"schema_version": 1, "module": "Checkout", "source_hash": SH, "revision": 3, "development_region": "en",
          "locales": ["en", "fr", "ru"], "tables": ["Localizable"]}
table = {"schema_version": 1, "source_hash": SH, "module": "Checkout", "locale": "ru", "table": "Localizable",
  "revision": 3, "generated_at": "2026-11-30T13:20:59Z",
  "strings": {"cart.title": "Корзина", "cart.total": "Итого: %@", "quote \"\\ tab\t": "line\nbreak"},
  "plurals": {"cart.items": {"format": "%#@items@", "variables": {"items": {
      "value_type": "ld", "one": "%ld товар", "few": "%ld товара", "many": "%ld товаров", "other": "%ld товара"}}}}}
cache = {"schema_version": 1, "rules": [
  {"pattern": "*/manifest.json", "cache_control": "no-cache"},
  {"pattern": "*/signatures/*", "cache_control": "public, max-age=31536000, immutable"},
  {"pattern": "*/modules/*", "cache_control": "public, max-age=31536000, immutable"},
  {"pattern": "*/history/*", "cache_control": "public, max-age=31536000, immutable"},
  {"pattern": "cache-headers.json", "cache_control": "no-cache"}]}
valid = {"manifest": manifest, "signature": signature, "module-header": header, "table-artifact": table, "cache-headers": cache}
for name, obj in valid.items():
    write(f"testdata/artifacts/{name}/valid.json", dump(obj))
    write(f"schemas/examples/{name}.json", dump(obj))

def mut(obj, fn):
    o = copy.deepcopy(obj); fn(o); return o
def setp(path, value):
    def f(o):
        t = o
        for k in path[:-1]: t = t[k]
        t[path[-1]] = value
    return f
def delp(path):
    def f(o):
        t = o
        for k in path[:-1]: t = t[k]
        del t[path[-1]]
    return f

extra = {
  "manifest": mut(manifest, lambda o: (o.__setitem__("channel", "beta"), o["modules"][0].__setitem__("color", "blue"), o["revoked"][0].__setitem__("reason", "typo"))),
  "table-artifact": mut(table, lambda o: (o.__setitem__("comment", "x"), o["plurals"]["cart.items"]["variables"]["items"].__setitem__("several", "x"))),
}
for name, obj in extra.items():
    write(f"testdata/artifacts/{name}/valid-unknown-fields.json", dump(obj))
write("testdata/artifacts/manifest/valid-offset-and-fraction.json",
      dump(mut(manifest, lambda o: (o.__setitem__("published_at", "2026-11-30T14:20:59.999+01:00"), o.__setitem__("expires_at", "2026-12-30t13:20:59.5z")))))

# Schema-expressible defects: also schema examples (the two validators must agree).
schema_invalid = {
  "manifest": {
    "schema-version-2": setp(["schema_version"], 2),
    "missing-modules": delp(["modules"]),
    "revision-zero": setp(["revision"], 0),
    "source-hash-wrong-prefix": setp(["source_hash"], "sha1:" + h("source")),
    "source-hash-uppercase": setp(["source_hash"], SH.upper().replace("SHA256", "sha256")),
    "module-sha256-uppercase": setp(["modules", 0, "sha256"], ck.upper()),
    "module-sha256-short": setp(["modules", 0, "sha256"], ck[:63]),
    "module-name-with-slash": setp(["modules", 0, "name"], "Check/out"),
    "module-size-negative": setp(["modules", 0, "size"], -1),
    "module-size-string": setp(["modules", 0, "size"], "5120"),
    "module-path-short-prefix": setp(["modules", 0, "path"], f"modules/Checkout-{ck[:8]}.zip"),
    "published-at-month-13": setp(["published_at"], "2026-13-01T00:00:00Z"),
    "published-at-february-30": setp(["published_at"], "2026-02-30T00:00:00Z"),
    "published-at-missing-zone": setp(["published_at"], "2026-11-30T13:20:59"),
    "expires-at-date-only": setp(["expires_at"], "2026-12-30"),
    "revoked-sha256-bad-hex": setp(["revoked", 0, "sha256"], "z" * 64),
    "locales-not-array": setp(["modules", 0, "locales"], "en"),
  },
  "signature": {
    "no-signatures": setp(["signatures"], []),
    "keyid-uppercase": setp(["signatures", 0, "keyid"], h("key-1").upper()),
    "sig-not-base64": setp(["signatures", 0, "sig"], "not base64!"),
    "sig-missing-padding": setp(["signatures", 1, "sig"], "AAECAw"),
    "alg-empty": setp(["signatures", 0, "alg"], ""),
    "missing-sig": delp(["signatures", 0, "sig"]),
    "schema-version-0": setp(["schema_version"], 0),
  },
  "module-header": {
    "revision-zero": setp(["revision"], 0),
    "module-name-empty": setp(["module"], ""),
    "missing-locales": delp(["locales"]),
    "source-hash-missing-prefix": setp(["source_hash"], h("source")),
    "tables-duplicate": setp(["tables"], ["Localizable", "Localizable"]),
  },
  "table-artifact": {
    "plural-without-other": delp(["plurals", "cart.items", "variables", "items", "other"]),
    "plural-variant-number": setp(["plurals", "cart.items", "variables", "items", "few"], 2),
    "plural-no-variables": setp(["plurals", "cart.items", "variables"], {}),
    "string-value-number": setp(["strings", "cart.title"], 1),
    "generated-at-february-29-2026": setp(["generated_at"], "2026-02-29T00:00:00Z"),
    "missing-plurals": delp(["plurals"]),
    "locale-empty": setp(["locale"], ""),
  },
  "cache-headers": {
    "missing-rules": delp(["rules"]),
    "pattern-empty": setp(["rules", 0, "pattern"], ""),
    "cache-control-number": setp(["rules", 0, "cache_control"], 3600),
    "schema-version-string": setp(["schema_version"], "1"),
  },
}
for name, cases in schema_invalid.items():
    for defect, fn in cases.items():
        text = dump(mut(valid[name], fn))
        write(f"schemas/examples/invalid/{name}-{defect}.json", text)
        write(f"testdata/artifacts/{name}/reject/{defect}.json", text)

# Defects only our decoders see (semantic, or lost by Python's json): Swift fixtures only.
swift_only = {
  "manifest": {
    "module-revision-above-manifest": setp(["modules", 0, "revision"], 4),
    "duplicate-module-name": setp(["modules", 1], mut(manifest["modules"][0], lambda m: None)),
    "module-path-other-module": setp(["modules", 1, "path"], f"modules/Checkout-{ac[:16]}.zip"),
    "expires-before-published": setp(["expires_at"], "2026-11-29T13:20:59Z"),
    "expires-equal-published": setp(["expires_at"], "2026-11-30T14:20:59+01:00"),
    "revision-fraction": setp(["revision"], 3.0),
  },
  "table-artifact": {
    "key-in-strings-and-plurals": setp(["strings", "cart.items"], "%ld items"),
  },
}
for name, cases in swift_only.items():
    for defect, fn in cases.items():
        write(f"testdata/artifacts/{name}/reject/{defect}.json", dump(mut(valid[name], fn)))
t = dump(manifest)
write("testdata/artifacts/manifest/reject/duplicate-key.json", t.replace('"revision" : 3,', '"revision" : 3,\n  "revision" : 4,', 1))
write("testdata/artifacts/manifest/reject/invalid-utf8.json", t.replace("1.4.0", "1.4.\udce9", 1).encode("utf-8", "surrogateescape"))
write("testdata/artifacts/manifest/reject/top-level-array.json", "[" + t.rstrip() + "]\n")
deep = '"locales" : ' + "[" * 8 + '"en"' + "]" * 8
write("testdata/artifacts/manifest/reject/nested-too-deep.json", t.replace('"locales" : [\n        "en",\n        "fr",\n        "de"\n      ]', deep))
tt = dump(table)
write("testdata/artifacts/table-artifact/reject/duplicate-key.json", tt.replace('"cart.title" : "Корзина",', '"cart.title" : "Корзина",\n    "cart.title" : "Тележка",'))
write("testdata/artifacts/signature/reject/duplicate-key.json", dump(signature).replace('"alg" : "ed25519",', '"alg" : "ed25519",\n      "alg" : "none",'))
