import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing
import OverlayTestSupport

/// An app and its extension (a widget, a share sheet) read one store in an App Group container: the app's process
/// syncs while the extension's launches. Here one process (`overlay _torture`) activates revisions A and B in a loop,
/// reopening the store (which collects old revisions) every few, while this process launches Localizers over the
/// same store the way an extension's cold start does.
@Suite("Two processes: an extension launching Localizers while the app activates revisions", .serialized)
struct StoreExtensionTests {
    /// One value read by a launch: "<locale> <revision tag> <key number>", or the shipped "<locale> shipped <number>".
    struct Reading {
        var locale: Substring
        var tag: Substring
    }

    /// The locale that must answer key `index` of `table` (Localizable in fr-CA, Errors in German): the first locale of
    /// the chain whose file has the key (the overlay and the shipped catalog hold the same keys).
    static func expectedLocale(table: String, index: Int) -> String {
        if table == "Errors" { return "de" }
        return index < 50 ? "fr-CA" : index < 300 ? "fr" : "en"
    }

    /// Reads every key of both tables; a problem for any value that is not wholly one revision's or the shipped one's,
    /// and for any file whose values come from more than one revision.
    static func launch(_ shipped: Catalog, store: URL) throws -> (tags: Set<Substring>, problems: [String]) {
        let snapshot = try OverlayStore.readSnapshot(at: store, appVersion: TortureRevisions.appVersion,
                                                     sourceHash: shipped.sourceHash)
        var problems: [String] = []
        var tags: Set<Substring> = []
        for (table, keys, language) in [("Localizable", 400, "fr-CA"), ("Errors", 120, "de")] {
            let localizer = Localizer(catalog: shipped, store: snapshot, preferredLanguages: [language],
                                      sourceHash: shipped.sourceHash)
            let handle = localizer.table(table, in: TortureRevisions.module)
            var tagByLocale: [Substring: Set<Substring>] = [:]
            for index in 0..<keys {
                let value = handle.string(forKey: "key.\(index)")
                let words = value.split(separator: " ")
                guard words.count == 3, words[2] == "\(index)", words[0] == Self.expectedLocale(table: table, index: index),
                      ["A", "B", "shipped"].contains(words[1])
                else {
                    problems.append("\(table) key.\(index) read '\(value)'")
                    continue
                }
                tagByLocale[words[0], default: []].insert(words[1])
                tags.insert(words[1])
            }
            for (locale, seen) in tagByLocale where seen.count > 1 {
                problems.append("\(table) \(locale): one file answered from \(seen.sorted())")
            }
        }
        return (tags, problems)
    }

    @Test("every value a launch reads is wholly one revision's or the shipped one, and every file one revision's")
    func launchesNeverSeeATornRevision() throws {
        let temp = TemporaryDirectory()
        let catalog = temp.url.appendingPathComponent("catalog", isDirectory: true)
        try TortureRevisions.writeShippedCatalog(in: catalog)
        let shipped = try CatalogLoader.load(at: catalog, mode: .strict).catalog
        let writer = Process()
        writer.executableURL = overlayExecutable
        writer.arguments = ["_torture", temp.store.path, "--source-hash", shipped.sourceHash, "--reopen-every", "5"]
        writer.standardOutput = FileHandle.nullDevice
        let log = temp.url.appendingPathComponent("writer.stderr")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        writer.standardError = try FileHandle(forWritingTo: log)
        try writer.run()
        defer {
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
        }
        var served: [Substring: Int] = [:]
        var problems: [String] = []
        var launches = 0
        // Until each revision has served many launches (bounded: the writer could die), never by time.
        while launches < 3_000, min(served["A", default: 0], served["B", default: 0]) < 40 {
            launches += 1
            let launch = try Self.launch(shipped, store: temp.store)
            problems += launch.problems.map { "launch \(launches): \($0)" }
            for tag in launch.tags { served[tag, default: 0] += 1 }
            if problems.count > 20 { break }
        }
        #expect(writer.isRunning, "the writer stopped: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        #expect(problems.isEmpty, "\(problems.prefix(20).joined(separator: "\n"))")
        // Launches met both revisions (else nothing was proven).
        #expect(served["A", default: 0] > 0 && served["B", default: 0] > 0, "served \(served) in \(launches) launches")
    }
}
