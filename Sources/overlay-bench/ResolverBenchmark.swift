import Foundation
import OverlayCore
import OverlayPublishing

/// Lookups and rendering through the Localizer against their baselines.
///
/// Budgets (DESIGN.md, Performance): overlay hit ≤ 2× a `[String: String]` read and ≥ 5× faster than
/// `Bundle.localizedString`; through a three-locale chain to the shipped value ≤ 4×; rendering a plural or
/// arguments ≤ 2× plain string interpolation.
enum ResolverBenchmark {
    static let keys = 2_000
    static let batch = 1_000

    static func run() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-bench-resolver-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let module = root.appendingPathComponent("catalog/Bench")
        var english: [String: String] = [:]
        for index in 0..<keys { english["screen\(index % 40).label\(index)"] = "Label number \(index)" }
        english["pay"] = "Pay %@ for %ld items"
        try write(english, to: module.appendingPathComponent("en.lproj/Localizable.strings"))
        try write(["screen0.label0": "Libellé 0"], to: module.appendingPathComponent("fr.lproj/Localizable.strings"))
        try write(["screen0.label0": "Libellé 0 (CA)"], to: module.appendingPathComponent("fr-CA.lproj/Localizable.strings"))
        try Data(plist.utf8).write(to: module.appendingPathComponent("Info.plist"))
        try Data(stringsdict.utf8).write(to: module.appendingPathComponent("en.lproj/Localizable.stringsdict"))
        let catalog = try CatalogLoader.load(at: root.appendingPathComponent("catalog"), mode: .lenient).catalog
        // The revision as the store writes it: the resolver reads only what its digest list names.
        let overlay = root.appendingPathComponent("overlay.strings")
        try write(["screen1.label1": "Libellé 1 (overlay)"], to: overlay)
        let writer = try OverlayStore.open(at: root.appendingPathComponent("store"), appVersion: "1", sourceHash: catalog.sourceHash)
        try writer.activate(module: "Bench", sha256: SHA256.hash(Data("bench".utf8)).hex, revision: 1,
                            files: ["fr-CA.lproj/Localizable.strings": try Data(contentsOf: overlay)])
        let localizer = Localizer(catalog: catalog, store: writer.snapshot(), preferredLanguages: ["fr-CA"])
        let table = localizer.table(in: "Bench")
        let overlayKey = "screen1.label1"
        let chainKey = "screen2.label2"
        precondition(table.resolve(overlayKey).layer == .overlay && table.resolve(chainKey).locale == "en")
        var dictionary = english
        dictionary[overlayKey] = "Libellé 1 (overlay)"
        let bundle = try require(Bundle(url: module), "Bundle(url:) of the bench module")

        print("resolver: \(keys)-key table, chain \(table.chain.joined(separator: " → ")), \(batch) lookups per sample")
        let baseline = measure("[String: String] read", iterations: 200) {
            for _ in 0..<batch { blackHole(dictionary[overlayKey]) }
        }
        let overlayHit = measure("LocalizedTable.string, overlay hit", iterations: 200) {
            for _ in 0..<batch { blackHole(table.string(forKey: overlayKey)) }
        }
        let chained = measure("LocalizedTable.string, shipped en via fr-CA → fr → en", iterations: 200) {
            for _ in 0..<batch { blackHole(table.string(forKey: chainKey)) }
        }
        let foundation = measure("Bundle.localizedString (same .lproj)", iterations: 50) {
            for _ in 0..<batch { blackHole(bundle.localizedString(forKey: chainKey, value: nil, table: nil)) }
        }
        let count = 21
        let interpolation = measure("plain interpolation \"\\(n) items\"", iterations: 200) {
            for n in 0..<batch { blackHole("\(n + count) items") }
        }
        let plural = measure("LocalizedTable.format(_:count:) plural %#@items@", iterations: 200) {
            for n in 0..<batch { blackHole(table.format("items", count: n + count)) }
        }
        let pluralArray = measure("LocalizedTable.format(_:_:) plural, arguments [.int(n)]", iterations: 200) {
            for n in 0..<batch { blackHole(table.format("items", [.int(Int64(n + count))])) }
        }
        let interpolation2 = measure("plain interpolation \"Pay \\(s) for \\(n) items\"", iterations: 200) {
            for n in 0..<batch { blackHole("Pay \("€5") for \(n) items") }
        }
        let arguments = measure("LocalizedTable.format \"Pay %@ for %ld items\"", iterations: 200) {
            for n in 0..<batch { blackHole(table.format("pay", ["€5", .int(Int64(n))])) }
        }
        // What a format call costs besides rendering: the key lookup and the caller's argument array.
        measure("  part: LocalizedTable.value(forKey:) of the plural key", iterations: 200) {
            for _ in 0..<batch { blackHole(table.value(forKey: "items")) }
        }
        measure("  part: building the argument array [.int(n)]", iterations: 200) {
            for n in 0..<batch { blackHole([FormatArgument.int(Int64(n + count))]) }
        }
        let prebuilt: [[FormatArgument]] = (0..<batch).map { [.int(Int64($0 + count))] }
        measure("  part: LocalizedTable.format plural, argument arrays built beforehand", iterations: 200) {
            for n in 0..<batch { blackHole(table.format("items", prebuilt[n])) }
        }
        // Counts past the per-locale table go through the compiled rules.
        measure("  LocalizedTable.format plural, counts ≥ 1,000,000", iterations: 200) {
            for n in 0..<batch { blackHole(table.format("items", [.int(Int64(1_000_000 + n))])) }
        }
        measure("  plain interpolation \"\\(n) items\", n ≥ 1,000,000", iterations: 200) {
            for n in 0..<batch { blackHole("\(1_000_000 + n) items") }
        }
        budget("overlay hit ≤ 2× a [String: String] read", Figure(overlayHit), over: Figure(baseline), atMost: 2)
        budget("three-locale chain to the shipped value ≤ 4× a [String: String] read", Figure(chained), over: Figure(baseline), atMost: 4)
        budget("overlay hit ≥ 5× faster than Bundle.localizedString", Figure(overlayHit), fasterThan: Figure(foundation), atLeast: 5)
        budget("rendering a plural ≤ 2× plain interpolation", Figure(plural), over: Figure(interpolation), atMost: 2,
            note: "with the caller's argument array: \(rounded(1 / pluralArray.speedup(over: interpolation)))×")
        budget("rendering arguments ≤ 2× plain interpolation", Figure(arguments), over: Figure(interpolation2), atMost: 2)
    }

    struct BenchError: Error { let message: String }

    static func require<T>(_ value: T?, _ what: String) throws -> T {
        guard let value else { throw BenchError(message: "\(what) failed") }
        return value
    }

    static func write(_ strings: [String: String], to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = strings.keys.sorted().map { "\"\($0)\" = \"\(strings[$0]!)\";\n" }.joined()
        try Data(text.utf8).write(to: url)
    }

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>CFBundleDevelopmentRegion</key><string>en</string></dict></plist>
        """

    static let stringsdict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>items</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
        <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>ld</string>
        <key>one</key><string>%ld item</string><key>other</key><string>%ld items</string></dict>
        </dict></dict></plist>
        """
}
