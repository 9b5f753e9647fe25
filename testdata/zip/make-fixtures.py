#!/usr/bin/env python3
"""Regenerates the ZIP fixtures: valid archives made by Info-ZIP `zip` and Python `zipfile`, and attack
archives crafted byte by byte. Each file is named after what it proves; EXPECTED.tsv lists
`<file>\t<expected code or "valid">` and the Swift tests assert exactly that.

Run from anywhere: python3 testdata/zip/make-fixtures.py   (needs Info-ZIP zip)
"""
import io, os, shutil, struct, subprocess, tempfile, unicodedata, zipfile, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
CATALOG = os.path.join(HERE, "..", "catalog", "Checkout")
FIXED_TIME = (1980, 1, 1, 0, 0, 0)
EXPECTED = []


def raw_deflate(data, level=9):
    c = zlib.compressobj(level, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush()


def read(path):
    with open(path, "rb") as f:
        return f.read()


STRINGS = read(os.path.join(CATALOG, "fr.lproj", "Localizable.strings"))
PLIST = read(os.path.join(CATALOG, "Info.plist"))
MODULE_JSON = b'{"schema_version":1,"module":"Checkout","source_hash":"00","revision":1,"development_region":"en","locales":["fr"],"tables":["Localizable"]}\n'


def save(name, data, expected):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)
    EXPECTED.append((name, expected))


class Entry:
    """One entry with every header field overridable, to build archives that lie."""

    def __init__(self, name, data=b"", method=8, **kw):
        self.name = name.encode("utf-8") if isinstance(name, str) else name
        self.data = data
        self.method = method
        self.body = kw.pop("body", raw_deflate(data) if method == 8 else data)
        self.flags = kw.pop("flags", 0x800 if any(b >= 0x80 for b in self.name) else 0)
        self.crc = kw.pop("crc", zlib.crc32(data))
        self.comp = kw.pop("comp", len(self.body))
        self.uncomp = kw.pop("uncomp", len(data))
        self.made_by = kw.pop("made_by", 0x0314)  # Unix, 2.0
        self.external = kw.pop("external", 0o100644 << 16)
        self.local_name = kw.pop("local_name", self.name)
        self.extra = kw.pop("extra", b"")
        self.local_extra = kw.pop("local_extra", b"")
        self.local = kw.pop("local", {})  # overrides of local header fields
        self.descriptor = kw.pop("descriptor", None)  # bytes after the data
        self.offset = kw.pop("offset", None)  # central directory's local header offset override
        assert not kw, kw

    def local_header(self):
        f = dict(flags=self.flags, method=self.method, crc=self.crc, comp=self.comp, uncomp=self.uncomp)
        f.update(self.local)
        return struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, f["flags"], f["method"], 0, 0x21, f["crc"], f["comp"],
                           f["uncomp"], len(self.local_name), len(self.local_extra)) + self.local_name + self.local_extra

    def central_header(self, offset):
        return struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, self.made_by, 20, self.flags, self.method, 0, 0x21,
                           self.crc, self.comp, self.uncomp, len(self.name), len(self.extra), 0, 0, 0,
                           self.external, offset) + self.name + self.extra


def build(entries, prefix=b"", suffix=b"", count=None, comment=b"", between=b"", eocd=None):
    out = bytearray(prefix)
    offsets = []
    for e in entries:
        offsets.append(len(out) - len(prefix) if e.offset is None else e.offset)
        out += e.local_header() + e.body + (e.descriptor or b"")
    out += between
    cd_offset = len(out) - len(prefix)
    central = b"".join(e.central_header(o) for e, o in zip(entries, offsets))
    out += central
    n = len(entries) if count is None else count
    fields = dict(disk=0, cd_disk=0, on_disk=n, total=n, size=len(central), offset=cd_offset)
    fields.update(eocd or {})
    out += struct.pack("<IHHHHIIH", 0x06054B50, fields["disk"], fields["cd_disk"], fields["on_disk"], fields["total"],
                       fields["size"], fields["offset"], len(comment)) + comment
    return bytes(out) + suffix


def ok(name="fr.lproj/Localizable.strings"):
    return Entry(name, STRINGS)


def make_tree(root):
    os.makedirs(os.path.join(root, "fr.lproj"))
    os.makedirs(os.path.join(root, "en.lproj"))
    for rel, data in [("overlay-module.json", MODULE_JSON), ("Info.plist", PLIST), ("fr.lproj/Localizable.strings", STRINGS),
                      ("en.lproj/Localizable.strings", read(os.path.join(CATALOG, "en.lproj", "Localizable.strings"))),
                      ("fr.lproj/Localizable.stringsdict", read(os.path.join(CATALOG, "fr.lproj", "Localizable.stringsdict")))]:
        with open(os.path.join(root, rel), "wb") as f:
            f.write(data)
    for dirpath, dirnames, filenames in os.walk(root):
        for n in dirnames + filenames:
            os.utime(os.path.join(dirpath, n), (315532800, 315532800))


def infozip(args, cwd):
    subprocess.run(["zip", "-q", "-X"] + args, cwd=cwd, check=True, env={"LC_ALL": "C", "TZ": "UTC", "PATH": os.environ["PATH"]})


def valid_fixtures():
    with tempfile.TemporaryDirectory() as tmp:
        tree = os.path.join(tmp, "Checkout")
        make_tree(tree)
        infozip(["-r", "-9", os.path.join(tmp, "a.zip"), "."], tree)
        save("valid-infozip-deflate-with-directories.zip", read(os.path.join(tmp, "a.zip")), "valid")
        infozip(["-r", "-0", "-D", os.path.join(tmp, "b.zip"), "."], tree)
        save("valid-infozip-stored.zip", read(os.path.join(tmp, "b.zip")), "valid")
        # Info-ZIP 3.0 stores a non-ASCII name as raw bytes without the UTF-8 flag: ambiguous (CP437 or UTF-8?).
        with open(os.path.join(tree, "fr.lproj", "Résumé.strings"), "wb") as f:
            f.write(STRINGS)
        os.utime(os.path.join(tree, "fr.lproj", "Résumé.strings"), (315532800, 315532800))
        infozip([os.path.join(tmp, "c.zip"), "fr.lproj/Résumé.strings"], tree)
        save("non-ascii-name-without-utf8-flag-infozip.zip", read(os.path.join(tmp, "c.zip")), "zip.invalid-name-encoding")
        # A self-extractor stub prepended, offsets adjusted by Info-ZIP `zip -A`.
        with open(os.path.join(tmp, "sfx.zip"), "wb") as f:
            f.write(b"#!/bin/sh\necho self-extracting stub\nexit 0\n" + read(os.path.join(tmp, "b.zip")))
        infozip(["-A", os.path.join(tmp, "sfx.zip")], tmp)
        save("leading-bytes-offsets-adjusted-infozip.zip", read(os.path.join(tmp, "sfx.zip")), "zip.leading-bytes")

    def python_zip(name, files, compression, stream=False, expected="valid"):
        buf = io.BytesIO()
        target = buf
        if stream:  # an unseekable stream makes zipfile write data descriptors
            class Unseekable(io.RawIOBase):
                def writable(self): return True
                def write(self, b): return buf.write(b)
            target = Unseekable()
        with zipfile.ZipFile(target, "w", compression=compression) as z:
            for n, d in files:
                info = zipfile.ZipInfo(n, FIXED_TIME)
                info.compress_type = compression
                info.external_attr = 0o100644 << 16
                z.writestr(info, d)
        save(name, buf.getvalue(), expected)

    module = [("overlay-module.json", MODULE_JSON), ("Info.plist", PLIST), ("fr.lproj/Localizable.strings", STRINGS)]
    python_zip("valid-python-deflate.zip", module, zipfile.ZIP_DEFLATED)
    python_zip("valid-python-stored.zip", module, zipfile.ZIP_STORED)
    python_zip("valid-python-utf8-names.zip", [("fr.lproj/Résumé.strings", STRINGS), ("ja.lproj/設定.strings", STRINGS)], zipfile.ZIP_DEFLATED)
    python_zip("valid-python-data-descriptors.zip", module, zipfile.ZIP_DEFLATED, stream=True)
    python_zip("valid-python-empty-file.zip", [("fr.lproj/Empty.strings", b"")], zipfile.ZIP_DEFLATED)
    python_zip("valid-python-no-entries.zip", [], zipfile.ZIP_DEFLATED)
    python_zip("module-with-unexpected-entry.zip", module + [("scripts/install.sh", b"rm -rf /\n")], zipfile.ZIP_DEFLATED, expected="zip.unexpected-entry")


def quoted_overlap_bomb(files=8):
    """David Fifield's quoted-overlap construction at small scale: each entry's deflate data starts with a
    non-final stored block that quotes the next entry's local header, then continues into that entry's data,
    so every entry shares the same compressed kernel. The kernel is table text, so each entry's ratio stays
    low and only the overlap check can catch it (a full-scale bomb would also trip the ratio cap)."""
    kernel_raw = STRINGS
    kernel = raw_deflate(kernel_raw)
    names = [b"%c.strings" % (ord("A") + i) for i in range(files)]
    data = [None] * files
    raw = [None] * files
    entries = [None] * files
    data[-1], raw[-1] = kernel, kernel_raw
    entries[-1] = Entry(names[-1], raw[-1], body=data[-1])
    for i in range(files - 2, -1, -1):
        quoted = entries[i + 1].local_header()
        stored_header = struct.pack("<BHH", 0x00, len(quoted), len(quoted) ^ 0xFFFF)
        data[i] = stored_header + quoted + data[i + 1]
        raw[i] = quoted + raw[i + 1]
        entries[i] = Entry(names[i], raw[i], body=data[i])
    out = bytearray()
    offsets = []
    for i, e in enumerate(entries):
        offsets.append(len(out))
        header = e.local_header()
        out += header
        if i < files - 1:
            out += data[i][:5]  # the stored-block header; the rest is the next entry's header and data
        else:
            out += kernel
    cd_offset = len(out)
    central = b"".join(e.central_header(o) for e, o in zip(entries, offsets))
    out += central + struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, files, files, len(central), cd_offset, 0)
    return bytes(out)


def attack_fixtures():
    limits_ratio_ok = STRINGS
    for fname, name, code in [
        ("name-parent-traversal.zip", "../x", "zip.path-traversal"),
        ("name-inner-traversal.zip", "x/../../y", "zip.path-traversal"),
        ("name-absolute-path.zip", "/x", "zip.absolute-path"),
        ("name-double-slash-traversal.zip", "//../", "zip.absolute-path"),
        ("name-backslash.zip", "a\\b", "zip.backslash"),
        ("name-drive-letter.zip", "C:x", "zip.drive-letter"),
        ("name-empty-segment.zip", "a//b", "zip.empty-segment"),
        ("name-empty.zip", "", "zip.empty-segment"),
        ("name-dot-segment.zip", "a/./b", "zip.dot-segment"),
        ("name-nul.zip", "a\x00b", "zip.control-character"),
        ("name-control-character.zip", "a\x1bb", "zip.control-character"),
        ("name-too-long.zip", "a" * 300, "zip.name-too-long"),
    ]:
        save(fname, build([Entry(name, limits_ratio_ok)]), code)
    save("name-invalid-utf8.zip", build([Entry(b"a\xffb.strings", STRINGS, flags=0x800)]), "zip.invalid-name-encoding")

    save("duplicate-name.zip", build([ok(), ok()]), "zip.duplicate-name")
    save("duplicate-name-case-folded.zip", build([Entry("Info.plist", PLIST), Entry("INFO.PLIST", PLIST)]), "zip.duplicate-name")
    nfc = unicodedata.normalize("NFC", "fr.lproj/Résumé.strings")
    nfd = unicodedata.normalize("NFD", nfc)
    assert nfc != nfd
    save("duplicate-name-nfc-nfd.zip", build([Entry(nfc, STRINGS), Entry(nfd, STRINGS)]), "zip.duplicate-name")
    save("duplicate-name-file-is-also-folder.zip", build([Entry("fr.lproj", STRINGS), ok()]), "zip.duplicate-name")

    save("symlink.zip", build([Entry("fr.lproj/Localizable.strings", b"/etc/passwd", method=0, external=0o120777 << 16)]), "zip.symlink")
    save("special-file-fifo.zip", build([Entry("fifo", b"", method=0, external=0o010644 << 16)]), "zip.special-file")
    save("directory-with-data.zip", build([Entry("fr.lproj/", STRINGS, method=0, external=(0o040755 << 16) | 0x10)]), "zip.directory-with-data")
    save("encrypted-flag.zip", build([Entry("a.strings", STRINGS, flags=1)]), "zip.encrypted")
    save("zip64-extra-field.zip", build([Entry("a.strings", STRINGS, extra=struct.pack("<HHQQ", 1, 16, len(STRINGS), 0))]), "zip.zip64")
    save("zip64-size-marker.zip", build([Entry("a.strings", STRINGS, comp=0xFFFFFFFF, uncomp=0xFFFFFFFF)]), "zip.zip64")
    plain = build([ok()])
    eocd_at = len(plain) - 22
    locator = struct.pack("<IIQI", 0x07064B50, 0, 0, 1)
    save("zip64-end-locator.zip", plain[:eocd_at] + locator + plain[eocd_at:], "zip.zip64")
    save("method-bzip2.zip", build([Entry("a.strings", STRINGS, method=12, body=b"BZh91AY&SY")]), "zip.unsupported-method")

    save("prepended-bytes.zip", b"MZ\x90\x00junk" * 8 + plain, "zip.leading-bytes")
    save("appended-bytes.zip", plain + b"trailing junk", "zip.trailing-bytes")
    save("gap-between-entries.zip", build([ok("a.strings"), ok("b.strings")], between=b"\x00" * 16), "zip.gap")
    save("truncated-end-record.zip", plain[:-10], "zip.no-end-record")
    save("not-a-zip.zip", STRINGS, "zip.no-end-record")
    fake = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 0, 0, 0, 0, 0)
    first = build([ok()], comment=fake)
    save("multiple-end-records.zip", first, "zip.multiple-end-records")
    save("count-larger-than-directory.zip", build([ok()], count=1000), "zip.too-many-entries")
    save("count-above-limit.zip", build([ok()], count=60000), "zip.too-many-entries")
    save("multi-disk.zip", build([ok()], eocd={"disk": 1, "cd_disk": 1}), "zip.invalid-central-directory")

    # Overlap: the first entry's stored data covers the second entry's local header and data.
    second = Entry("b.strings", STRINGS, method=0)
    second_bytes = second.local_header() + second.body
    first_data = STRINGS + second_bytes
    a = Entry("a.strings", first_data, method=0, body=STRINGS)
    a.comp = a.uncomp = len(first_data)  # lies: claims the next entry's bytes
    save("overlapping-entries.zip", build([a, second]), "zip.overlap")
    b = Entry("c.strings", STRINGS, offset=0)  # both central records point at one local header
    save("overlapping-entries-shared-header.zip", build([ok("b.strings"), b]), "zip.overlap")
    save("quoted-overlap-bomb.zip", quoted_overlap_bomb(), "zip.overlap")
    into_cd = Entry("a.strings", STRINGS, method=0)
    into_cd.comp = into_cd.uncomp = len(STRINGS) + 10
    save("entry-overlaps-central-directory.zip", build([into_cd]), "zip.overlap")

    save("local-central-name-mismatch.zip", build([Entry("fr.lproj/Localizable.strings", STRINGS, local_name=b"../../etc/cron.d/x")]), "zip.name-mismatch")
    save("local-header-size-mismatch.zip", build([Entry("a.strings", STRINGS, local={"uncomp": 1})]), "zip.header-mismatch")
    save("local-header-method-mismatch.zip", build([Entry("a.strings", STRINGS, local={"method": 0})]), "zip.header-mismatch")
    d = Entry("a.strings", STRINGS, flags=8, local={"crc": 0, "comp": 0, "uncomp": 0})
    d.descriptor = struct.pack("<IIII", 0x08074B50, d.crc, d.comp, d.uncomp + 1)
    save("data-descriptor-mismatch.zip", build([d]), "zip.header-mismatch")
    save("offset-not-a-local-header.zip", build([ok("a.strings"), Entry("b.strings", STRINGS, offset=4)]), "zip.header-mismatch")

    save("lying-uncompressed-size-smaller.zip", build([Entry("a.strings", STRINGS, uncomp=len(STRINGS) // 2)]), "zip.inflated-size-mismatch")
    save("lying-uncompressed-size-larger.zip", build([Entry("a.strings", STRINGS, uncomp=len(STRINGS) + 100)]), "zip.inflated-size-mismatch")
    save("stored-sizes-differ.zip", build([Entry("a.strings", STRINGS, method=0, uncomp=len(STRINGS) + 1)]), "zip.inflated-size-mismatch")
    padded = raw_deflate(STRINGS) + b"\x00" * 8
    save("compressed-size-mismatch.zip", build([Entry("a.strings", STRINGS, body=padded)]), "zip.compressed-size-mismatch")
    save("corrupt-deflate.zip", build([Entry("a.strings", STRINGS, body=b"\xff" * 64)]), "zip.corrupt-data")
    save("ratio-bomb.zip", build([Entry("zeros.strings", b"\x00" * 1_000_000)]), "zip.ratio")
    save("bad-crc.zip", build([Entry("a.strings", STRINGS, crc=zlib.crc32(STRINGS) ^ 1)]), "zip.crc-mismatch")
    save("crc-zero.zip", build([Entry("a.strings", STRINGS, crc=0)]), "zip.crc-mismatch")
    big = Entry("a.strings", STRINGS, method=0)
    big.comp = big.uncomp = 10_000_000
    save("entry-data-past-end.zip", build([big]), "zip.truncated")
    broken_cd = bytearray(plain)
    cd_offset = struct.unpack("<I", plain[-6:-2])[0]
    broken_cd[cd_offset] = ord("X")
    save("central-directory-bad-signature.zip", bytes(broken_cd), "zip.invalid-central-directory")


def main():
    for n in os.listdir(HERE):
        if n.endswith(".zip"):
            os.remove(os.path.join(HERE, n))
    valid_fixtures()
    attack_fixtures()
    with open(os.path.join(HERE, "EXPECTED.tsv"), "w") as f:
        for name, code in sorted(EXPECTED):
            f.write(f"{name}\t{code}\n")


if __name__ == "__main__":
    main()
