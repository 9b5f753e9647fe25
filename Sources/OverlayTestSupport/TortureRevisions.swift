package import Foundation
import OverlayCore

/// What `overlay _torture` (the store's crash-test child) activates: revisions "A" and "B" of one module, several files
/// each, every value naming its revision ("fr A 12"), so a reader can tell whole revisions from a mix. The child and
/// the tests that check its store share this one definition.
package enum TortureRevisions {
    package static let module = "Torture"
    package static let appVersion = "torture-1"
    /// The source hash the child writes under unless told another (`--source-hash`, to match a shipped catalog).
    package static let sourceHash = String(repeating: "0", count: 64)

    /// Locale, table and number of keys of each file.
    package static let tables: [(locale: String, table: String, keys: Int)] = [
        ("en", "Localizable", 400), ("fr", "Localizable", 300), ("fr-CA", "Localizable", 50), ("de", "Errors", 120),
    ]

    /// A new archive hash per activation (and per process), so every activation writes a new revision directory.
    package static func sha256(_ tag: String, _ count: Int) -> String {
        SHA256.hash(Data("torture-archive-\(tag)-\(count)-\(ProcessInfo.processInfo.processIdentifier)".utf8)).hex
    }

    /// One `.strings` table whose every value is "<locale> <tag> <index>".
    package static func strings(_ locale: String, _ tag: String, keys: Int) -> Data {
        Data((0..<keys).map { "\"key.\($0)\" = \"\(locale) \(tag) \($0)\";\n" }.joined().utf8)
    }

    /// The files of revision `tag`.
    package static func files(_ tag: String) -> [String: Data] {
        var files = [
            "Info.plist": Data("<plist><dict><key>Revision</key><string>\(tag)</string></dict></plist>\n".utf8),
            "overlay-module.json": Data(#"{"module":"Torture","revision":"\#(tag)"}"#.utf8),
        ]
        for (locale, table, keys) in tables { files["\(locale).lproj/\(table).strings"] = strings(locale, tag, keys: keys) }
        return files
    }

    /// Writes a shipped catalog of the module (the revisions' keys, every value "<locale> shipped <index>", and the
    /// development language, English, holding every table) under `directory`.
    package static func writeShippedCatalog(in directory: URL) throws {
        for (locale, table, keys) in tables + [("en", "Errors", 120)] {
            let folder = directory.appendingPathComponent("\(module)/\(locale).lproj", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try strings(locale, "shipped", keys: keys).write(to: folder.appendingPathComponent("\(table).strings"))
        }
    }
}
