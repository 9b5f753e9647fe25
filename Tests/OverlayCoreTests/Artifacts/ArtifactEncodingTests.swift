import Foundation
import OverlayCore
import OverlayPublishing
import Testing

@Suite("Artifact encoders")
struct ArtifactEncodingTests {
    static let validFixtures: [(ArtifactKind, String)] = [
        (.manifest, "valid"), (.manifest, "valid-unknown-fields"), (.manifest, "valid-offset-and-fraction"),
        (.signature, "valid"), (.moduleHeader, "valid"), (.tableArtifact, "valid"),
        (.tableArtifact, "valid-unknown-fields"), (.cacheHeaders, "valid"),
    ]

    @Test("decode(encoded()) equals the decoded value, and encoding is a fixed point", arguments: validFixtures)
    func roundTrip(_ kind: ArtifactKind, _ fixture: String) throws {
        let (encoded, isEqual) = try kind.roundTrip(try Fixtures.data("artifacts/\(kind)/\(fixture).json"))
        #expect(isEqual)
        #expect(try kind.roundTrip(encoded).encoded == encoded)
    }

    @Test("valid.json is byte for byte what the encoder writes (field order, 2 spaces, final newline)",
          arguments: ArtifactKind.allCases)
    func golden(_ kind: ArtifactKind) throws {
        let data = try kind.valid()
        let encoded = try kind.roundTrip(data).encoded
        #expect(String(decoding: encoded, as: UTF8.self) == String(decoding: data, as: UTF8.self))
        #expect(encoded.last == UInt8(ascii: "\n"))
    }

    @Test("fractions and offsets are normalised to whole UTC seconds on the way through")
    func normalisesDates() throws {
        let manifest = try Manifest.decode(try Fixtures.data("artifacts/manifest/valid-offset-and-fraction.json"))
        let text = String(decoding: manifest.encoded(), as: UTF8.self)
        #expect(text.contains(#""published_at" : "2026-11-30T13:20:59Z""#))
        #expect(text.contains(#""expires_at" : "2026-12-30T13:20:59Z""#))
    }

    static let hash = "sha256:" + String(repeating: "ab", count: 32)
    static let digest = String(repeating: "0123456789abcdef", count: 4)

    @Test("a manifest built in code round-trips and its paths follow the sha256 prefix rule")
    func manifestInCode() throws {
        let module = Manifest.Module(
            name: "App", path: Manifest.archivePath(name: "App", sha256: Self.digest), sha256: Self.digest, size: 0,
            revision: 1, locales: [], tables: [], entries: 0)
        let manifest = Manifest(
            appVersion: "2.0", sourceHash: Self.hash, developmentRegion: "en", revision: 1,
            publishedAt: Date(timeIntervalSince1970: 1_796_044_859), expiresAt: Date(timeIntervalSince1970: 1_798_636_859),
            revoked: [.init(module: "App", sha256: String(repeating: "f", count: 64))], modules: [module])
        #expect(module.path == "modules/App-0123456789abcdef.zip")
        #expect(Manifest.archiveHashPrefixLength == 16)
        #expect(try Manifest.decode(manifest.encoded()) == manifest)
        #expect(manifest.module(named: "App") == module)
        #expect(manifest.module(named: "Checkout") == nil)
        #expect(manifest.isRevoked(module: "App", sha256: String(repeating: "f", count: 64)))
        #expect(!manifest.isRevoked(module: "Other", sha256: String(repeating: "f", count: 64)))
    }

    @Test("table artifact: map keys sorted by bytes, variants in CLDR order, plurals as stringsdict entries")
    func tableInCode() throws {
        let variable = PluralVariable(valueType: "ld", forms: [.other: "%ld items", .one: "%ld item", .zero: "none"])
        let table = TableArtifact(
            sourceHash: Self.hash, module: "Checkout", locale: "en", table: "Localizable", revision: 2,
            generatedAt: Date(timeIntervalSince1970: 0), strings: ["b": "B", "a": "A", "Z": "z", "é": "e"],
            plurals: ["n.items": PluralFormat(format: "%#@v@", variables: ["v": variable])])
        let text = String(decoding: table.encoded(), as: UTF8.self)
        let order = ["\"Z\"", "\"a\"", "\"b\"", "\"é\"", "\"value_type\"", "\"zero\"", "\"one\"", "\"other\""]
        let offsets = order.map { try! #require(text.range(of: $0)).lowerBound }
        #expect(offsets == offsets.sorted())
        #expect(try TableArtifact.decode(table.encoded()) == table)
        #expect(table.stringsdictEntries == ["n.items": .format(table.plurals["n.items"]!)])
    }

    @Test("decoded plurals become StringsdictEntry.format with every variant")
    func decodedPlurals() throws {
        let table = try TableArtifact.decode(try ArtifactKind.tableArtifact.valid())
        guard case .format(let plural) = try #require(table.stringsdictEntries["cart.items"]) else {
            Issue.record("not a format entry")
            return
        }
        #expect(plural.format == "%#@items@")
        #expect(plural.variables["items"]?.valueType == "ld")
        #expect(plural.variables["items"]?.forms.keys.sorted() == [.one, .few, .many, .other])
        #expect(table.strings["quote \"\\ tab\t"] == "line\nbreak")
    }

    @Test("signature bytes decode from base64")
    func signatureBytes() throws {
        let file = try SignatureFile.decode(try ArtifactKind.signature.valid())
        #expect(file.signatures.map(\.alg) == ["ed25519", "future-alg"])
        #expect(Base64.decode(file.signatures[1].sig) == Data([0, 1, 2, 3]))
        #expect(Base64.decode(file.signatures[0].sig)?.count == 64)
    }

    @Test("a sig must be canonical base64: nonzero unused bits are refused, as the verifier's decoder refuses them")
    func signatureNotCanonical() throws {
        let keyid = String(repeating: "ab", count: 32)
        let text = #"{"schema_version":1,"signatures":[{"keyid":"\#(keyid)","alg":"ed25519","sig":"AB=="}]}"#
        let error = try #require(throws: ArtifactError.self) { try SignatureFile.decode(Data(text.utf8)) }
        #expect(error.code == .invalidValue)
        #expect(error.path?.description == "signatures[0].sig")
        #expect(try SignatureFile.decode(Data(text.replacingOccurrences(of: "AB==", with: "AA==").utf8)).signatures.count == 1)
        #expect(throws: ArtifactError.self) { try SignatureFile.decode(Data(text.replacingOccurrences(of: "AB==", with: "").utf8)) }
    }

    @Test("module header and signature file built in code round-trip")
    func otherInCode() throws {
        let header = ModuleHeader(
            module: "Account", sourceHash: Self.hash, revision: 4, developmentRegion: "en", locales: ["en", "pl"],
            tables: ["Errors", "Localizable"])
        #expect(try ModuleHeader.decode(header.encoded()) == header)
        #expect(ModuleHeader.fileName == "overlay-module.json")
        let file = SignatureFile(signatures: [.init(keyid: Self.digest, alg: "ed25519", sig: "AA==")])
        #expect(try SignatureFile.decode(file.encoded()) == file)
    }
}

@Suite("Cache headers")
struct CacheHeadersTests {
    static let immutable = "public, max-age=31536000, immutable"

    @Test("standard rules", arguments: [
        ("1.4.0/manifest.json", "no-cache"),
        ("1.4.0/signatures/3f2a.sig", immutable),
        ("1.4.0/modules/Checkout-0123456789abcdef.zip", immutable),
        ("1.4.0/history/manifest.3.json", immutable),
        ("cache-headers.json", "no-cache"),
        ("manifest.json", nil),
        ("a/1.4.0/manifest.json", nil),
        ("1.4.0/manifest.json.bak", nil),
        ("1.4.0/notes.txt", nil),
    ] as [(String, String?)])
    func standard(_ path: String, _ expected: String?) {
        #expect(CacheHeaders.standard.cacheControl(for: path) == expected)
    }

    @Test("globs: * and ? stop at /, the first matching rule wins", arguments: [
        ("*.json", "a.json", "first"), ("*.json", "a/b.json", nil), ("?/x", "a/x", "first"), ("?/x", "/x", nil),
        ("*", "", "first"), ("a*b*c", "aXbYbZc", "first"), ("a*b*c", "aXb/c", nil), ("x", "x", "first"),
    ] as [(String, String, String?)])
    func globs(_ pattern: String, _ path: String, _ expected: String?) {
        let headers = CacheHeaders(rules: [
            .init(pattern: pattern, cacheControl: "first"), .init(pattern: pattern, cacheControl: "second"),
        ])
        #expect(headers.cacheControl(for: path) == expected)
    }

    @Test("testdata's valid cache-headers.json is the standard rules")
    func standardIsFixture() throws {
        #expect(try CacheHeaders.decode(try ArtifactKind.cacheHeaders.valid()) == .standard)
        #expect(CacheHeaders.standard.encoded() == (try ArtifactKind.cacheHeaders.valid()))
    }
}
