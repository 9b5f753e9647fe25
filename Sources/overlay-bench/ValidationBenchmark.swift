import Foundation
import OverlayCore
import OverlayPublishing

/// Validation throughput in MB/s of table text: a module archive of six locales × 2,000-key tables checked
/// against a shipped catalog (`ModuleValidator.validateContents`: unzip, header binding, strict parse, key,
/// placeholder, plural and coverage rules), against a bare `StringsReader` parse of the same text.
///
/// Budget (DESIGN.md, Performance): validation ≥ 50 MB/s of table text.
enum ValidationBenchmark {
    static let locales = ["en", "fr", "de", "ru", "ar", "pl"]
    static let keys = 2_000

    static func run() throws {
        let shippedFiles = BenchCatalog.moduleFiles(locales: locales, keys: keys, seed: 1)
        let overlayFiles = BenchCatalog.moduleFiles(locales: locales, keys: keys, seed: 2)
        let shippedModule = CatalogLoader.module(named: "Bench", developmentRegion: "en", files: shippedFiles, mode: .lenient).module
        let shipped = Catalog(modules: ["Bench": shippedModule])
        let header = ModuleHeader(
            module: "Bench", sourceHash: shipped.sourceHash, revision: 1, developmentRegion: "en", locales: locales,
            tables: ["Localizable"])
        var archiveFiles = overlayFiles
        archiveFiles[ModuleHeader.fileName] = header.encoded()
        let archive = ZIPWriter.archive(archiveFiles, method: .deflate)
        let context = ValidationContext(
            trustedKeys: try TrustedKeys([]), appVersion: "1.0", sourceHash: shipped.sourceHash, shipped: shipped)
        let tables = overlayFiles.filter { $0.key.hasSuffix(".strings") }.map(\.value)
        let textBytes = tables.reduce(0) { $0 + $1.count }
        print("validation: module of \(locales.count) locales × \(keys)-key tables, \(textBytes) bytes of table text, "
            + "\(archive.count)-byte archive")

        let verdictCheck = ModuleValidator.validateContents(
            archive, expectedModule: "Bench", expectedRevision: 1, context: context, file: "Bench.zip")
        let errors = verdictCheck.findings.filter { $0.severity == .error }
        precondition(verdictCheck.isAccepted, "the generated module was rejected: \(errors.prefix(3))")

        let baseline = try measure("StringsReader.read of the \(tables.count) tables", iterations: 30) {
            for table in tables { blackHole(try StringsReader.read(table)) }
        }
        let whole = measure("ModuleValidator.validateContents (unzip + header + parse + rules)", iterations: 15) {
            blackHole(ModuleValidator.validateContents(
                archive, expectedModule: "Bench", expectedRevision: 1, context: context, file: "Bench.zip"))
        }
        let unzip = try measure("ZIPArchive.extractAll (unzip step alone)", iterations: 15) {
            blackHole(try ZIPArchive(data: archive).extractAll())
        }
        let parse = measure("CatalogLoader.module, strict (parse step alone)", iterations: 15) {
            blackHole(CatalogLoader.module(named: "Bench", developmentRegion: "en", files: overlayFiles, mode: .strict))
        }
        let parsed = CatalogLoader.module(named: "Bench", developmentRegion: "en", files: overlayFiles, mode: .strict).module
        let rules = measure("OverlayContentValidator.validate (rules alone, on parsed tables)", iterations: 15) {
            blackHole(OverlayContentValidator.validate(parsed, shipped: shippedModule))
        }
        // Entries whose specifiers are spelled otherwise than the shipped ones (`%1$@` for `%@`) miss the fast path.
        let positionalFiles = BenchCatalog.moduleFiles(locales: locales, keys: keys, seed: 2, positional: true)
        let positional = CatalogLoader.module(named: "Bench", developmentRegion: "en", files: positionalFiles, mode: .strict).module
        let slowRules = measure("OverlayContentValidator.validate, every placeholder written %1$@ (full check there)", iterations: 15) {
            blackHole(OverlayContentValidator.validate(positional, shipped: shippedModule))
        }
        func mbps(_ measurement: Measurement) -> Double { Double(textBytes) / measurement.medianNanoseconds * 1_000 }
        print("  StringsReader parse: \(rounded(mbps(baseline))) MB/s; unzip: \(rounded(mbps(unzip))) MB/s; "
            + "parse into a CatalogModule: \(rounded(mbps(parse))) MB/s; rules alone: \(rounded(mbps(rules))) MB/s "
            + "(\(rounded(mbps(slowRules))) MB/s with positional placeholders)")
        budget("validation ≤ 5× the bare StringsReader parse of the same tables (≥ 50 MB/s when the parse runs at 250)",
            Figure(whole), over: Figure(baseline), atMost: 5, note: "\(rounded(mbps(whole))) MB/s of table text")
    }
}

/// Generated catalog content for the benchmarks: `.strings` tables shaped like real translations (dotted keys,
/// pseudo-random words, `%@`/`%ld` placeholders identical in every locale of a key, so validation accepts them).
enum BenchCatalog {
    /// `modules` modules (`moduleName(index)`) of `keys` keys in `locales`, each seeded by its index, under `catalog`.
    static func writeCatalog(modules: Int, locales: [String], keys: Int, under catalog: URL) throws {
        for index in 0..<modules {
            try write(
                moduleFiles(locales: locales, keys: keys, seed: UInt64(index + 1)),
                under: catalog.appendingPathComponent(moduleName(index)))
        }
    }

    static let words = ["save", "changes", "before", "closing", "Grüße", "aus", "Köln", "messages", "Загрузка",
        "設定を保存", "tap", "done", "to", "finish", "order", "ready", "cart", "items", "the", "your", "new", "account",
        "mot de passe", "paiement", "zamówienie", "الطلب", "Bestellung", "配送", "envío", "spedizione"]

    static func key(_ index: Int) -> String { "screen\(index % 40).element\(index).title" }

    /// A `.strings` table of `keys` entries; `seed` varies the wording, never the keys or placeholders.
    /// `positional` writes the placeholders `%1$@`, `%2$ld` (the same arguments, spelled otherwise).
    static func table(keys: Int, seed: UInt64, comments: Bool = true, positional: Bool = false) -> Data {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var text = ""
        text.reserveCapacity(keys * 90)
        for index in 0..<keys {
            if comments { text += "/* Screen \(index % 40), element \(index). */\n" }
            text += "\"\(key(index))\" = \""
            for word in 0..<(2 + next(6)) { text += (word == 0 ? "" : " ") + words[next(words.count)] }
            if index % 5 == 0 { text += positional ? " %1$@" : " %@" }
            if index % 7 == 0 { text += positional ? (index % 5 == 0 ? " %2$ld" : " %1$ld") : " %ld" }
            text += "\";\n"
        }
        return Data(text.utf8)
    }

    static func infoPlist(developmentRegion: String = "en") -> Data {
        Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>CFBundleDevelopmentRegion</key><string>\(developmentRegion)</string></dict></plist>

            """.utf8)
    }

    /// A module folder's files: `Info.plist` and `<locale>.lproj/Localizable.strings` per locale.
    static func moduleFiles(
        locales: [String], keys: Int, seed: UInt64, comments: Bool = true, positional: Bool = false
    ) -> [String: Data] {
        var files = ["Info.plist": infoPlist()]
        for (index, locale) in locales.enumerated() {
            files["\(locale).lproj/Localizable.strings"] = table(
                keys: keys, seed: seed &* 31 &+ UInt64(index), comments: comments, positional: positional)
        }
        return files
    }

    /// Writes `files` (relative paths) under `directory`.
    static func write(_ files: [String: Data], under directory: URL) throws {
        for (path, data) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
    }

    /// `Module01`, `Module02`, …
    static func moduleName(_ index: Int) -> String { index < 9 ? "Module0\(index + 1)" : "Module\(index + 1)" }
}
