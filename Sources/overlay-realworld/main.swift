// Compares what the Localizer serves from a synced store with what Foundation reads from a real catalog's files:
// every sampled plain string of every table and locale must come out byte for byte as PropertyListSerialization
// reads it — from the corrected catalog where the publish changed it, from the shipped one elsewhere.
//
//   overlay-realworld --shipped DIR --corrected DIR --store DIR [--every N]
//
// Samples every Nth key of each table (default 3) and every key whose corrected text differs.
//
// Run by scripts/realworld.sh after check → publish → sync on ../shared/realworld (see that script).
import Foundation
import OverlayCore
import OverlayPublishing

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("overlay-realworld: \(message)\n".utf8))
    exit(1)
}

var options: [String: String] = [:]
var arguments = Array(CommandLine.arguments.dropFirst())
while arguments.count >= 2, arguments[0].hasPrefix("--") {
    options[String(arguments[0].dropFirst(2))] = arguments[1]
    arguments.removeFirst(2)
}
guard arguments.isEmpty, let shippedPath = options["shipped"], let correctedPath = options["corrected"],
    let storePath = options["store"]
else { fail("usage: overlay-realworld --shipped DIR --corrected DIR --store DIR [--every N]") }
let every = options["every"].flatMap(Int.init) ?? 3
guard every >= 1 else { fail("--every takes a positive number") }

/// `<lang>.lproj/<Table>.strings` read the way Apple's Foundation reads it; nil when it does not read as a dictionary.
func foundationStrings(_ url: URL) -> [String: String]? {
    guard let data = FileManager.default.contents(atPath: url.path),
        let plist = try? PropertyListSerialization.propertyList(from: data, format: nil)
    else { return nil }
    return plist as? [String: String]
}

let shipped: Catalog
do {
    shipped = try CatalogLoader.load(at: URL(fileURLWithPath: shippedPath), mode: .lenient).catalog
} catch { fail("\(shippedPath): \(error)") }
let inspection: StoreInspection
do {
    inspection = try OverlayStore.inspect(at: URL(fileURLWithPath: storePath))
} catch { fail("\(storePath): \(error)") }
guard let snapshot = inspection.snapshot, !snapshot.modules.isEmpty else {
    fail("\(storePath) holds no active revision: sync it first")
}

var compared = 0
var changed = 0
var mismatches: [String] = []
let root = URL(fileURLWithPath: shippedPath)
for moduleName in shipped.moduleNames {
    guard let module = shipped.modules[moduleName] else { continue }
    for locale in module.localeIdentifiers {
        guard let localization = module.localizations[locale] else { continue }
        let localizer = Localizer(catalog: shipped, store: snapshot, preferredLanguages: [locale])
        for tableName in localization.tables.keys.sorted() where tableName != CatalogTable.infoPlistTableName {
            let file = "\(moduleName)/\(localization.directoryName)/\(tableName).strings"
            guard let original = foundationStrings(root.appendingPathComponent(file)) else { continue }
            let corrected = foundationStrings(URL(fileURLWithPath: correctedPath).appendingPathComponent(file)) ?? original
            // Every Nth key and every key the correction changed; a text without specifier renders as itself.
            let keys = original.keys.sorted().enumerated()
                .filter { $0.offset % every == 0 || corrected[$0.element] != original[$0.element] }.map(\.element)
            let table = localizer.table(tableName, in: moduleName)
            for key in keys {
                guard let expected = corrected[key], !expected.contains("%"), localization.tables[tableName]?.plurals[key] == nil
                else { continue }
                // The Localizer answers per key through the chain; Foundation per table: compare keys this table has.
                let served = table.string(forKey: key, default: "\u{0}missing")
                compared += 1
                if expected != original[key] { changed += 1 }
                if !served.utf8.elementsEqual(expected.utf8) {
                    mismatches.append("\(file) \"\(key)\": served \"\(served)\", Foundation reads \"\(expected)\"")
                }
            }
        }
    }
}
for line in mismatches.prefix(20) { FileHandle.standardError.write(Data("mismatch: \(line)\n".utf8)) }
print("compared \(compared) sampled strings (\(changed) corrected by the publish) with PropertyListSerialization: \(mismatches.count) mismatch\(mismatches.count == 1 ? "" : "es")")
exit(mismatches.isEmpty && compared > 0 ? 0 : 1)
