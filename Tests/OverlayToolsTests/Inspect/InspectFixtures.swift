import Foundation
import OverlayCore
@testable import OverlayTools

/// Client stores written by the real store code, then damaged on purpose, for the inspect tests.
struct InspectWorkspace {
    let root: URL
    let store: URL
    static let sourceHash = "sha256:" + String(repeating: "1", count: 64)

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("inspect-\(UUID().uuidString)")
        store = root.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// A catalog with module M (en, fr): `greeting` and `farewell`.
    static let catalog = Catalog(modules: [
        "M": module(["en": ["greeting": "Hello", "farewell": "Bye", "only.en": "E"], "fr": ["greeting": "Bonjour"]]),
    ])

    static func module(_ strings: [String: [String: String]], name: String = "M") -> CatalogModule {
        var module = CatalogModule(name: name, developmentRegion: "en")
        for (locale, table) in strings {
            var localization = CatalogLocalization(identifier: locale, directoryName: "\(locale).lproj")
            localization.tables["Localizable"] = CatalogTable(name: "Localizable", strings: table)
            module.localizations[locale] = localization
        }
        return module
    }

    static func strings(_ pairs: [String: String]) -> Data {
        Data(pairs.sorted { $0.key < $1.key }.map { "\"\($0.key)\" = \"\($0.value)\";\n" }.joined().utf8)
    }

    static func sha(_ digit: Character) -> String { String(repeating: digit, count: 64) }

    /// A store with M active at revision 2 (previous 1) and a journal of two cycles.
    @discardableResult
    func healthy(sourceHash: String = catalog.sourceHash) throws -> OverlayStore {
        let store = try OverlayStore.open(at: self.store, appVersion: "1.0", sourceHash: sourceHash)
        try store.activate(module: "M", sha256: Self.sha("a"), revision: 1,
                           files: ["fr.lproj/Localizable.strings": Self.strings(["greeting": "Salut"])])
        try store.activate(module: "M", sha256: Self.sha("b"), revision: 2,
                           files: ["fr.lproj/Localizable.strings": Self.strings(["greeting": "Coucou"]),
                                   "en.lproj/Localizable.strings": Self.strings(["greeting": "Hi"])])
        try store.appendJournal(.object(JSONObject([("at", .string("2026-12-01T10:00:00Z")), ("outcome", .string("applied")),
                                                    ("revision", .number(JSONNumber(2))), ("requests", .number(JSONNumber(3))),
                                                    ("ms", .number(JSONNumber(12)))])))
        try store.appendJournal(.object(JSONObject([("at", .string("2026-12-01T11:00:00Z")), ("outcome", .string("not-modified")),
                                                    ("requests", .number(JSONNumber(1))), ("ms", .number(JSONNumber(1)))])))
        return store
    }

    func path(_ relative: String) -> String { store.appendingPathComponent(relative).path }

    func write(_ relative: String, _ data: Data) throws {
        try data.write(to: store.appendingPathComponent(relative))
    }

    func inspect(verify: Bool = true, shipped: Catalog? = catalog) -> InspectReport {
        var options = StoreInspector.Options(store: store.path)
        options.verify = verify
        options.shipped = shipped
        return StoreInspector.inspect(options)
    }

    /// Every path under the store with its kind, mode, size and (for regular files) SHA-256, without following links.
    func fingerprint() -> [String] {
        var lines: [String] = []
        func visit(_ path: String, _ relative: String) {
            guard let info = (try? LibC.status(path)) ?? nil else { return }
            var line = "\(relative) mode=\(String(info.mode, radix: 8)) size=\(info.size) mtime=\(info.modified.seconds).\(info.modified.nanoseconds)"
            switch info.kind {
            case .regular:
                // A sparse multi-gigabyte file is compared by size and mtime: reading it would only slow the test.
                if info.size < 64 << 20, let data = FileManager.default.contents(atPath: path) {
                    line += " sha=\(SHA256.hash(data).hex)"
                }
            case .symbolicLink:
                line += " -> \((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")"
            case .directory:
                lines.append(line)
                for name in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() {
                    visit("\(path)/\(name)", "\(relative)/\(name)")
                }
                return
            default: break
            }
            lines.append(line)
        }
        visit(store.path, ".")
        return lines
    }
}
