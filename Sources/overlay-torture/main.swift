// The store's crash-test child: activates alternating revisions of one module until it is killed
// (or until --iterations), printing one line per completed activation.
//
//   overlay-torture <store-path> [--iterations N] [--reopen-every N]
//   overlay-torture sync <store-path> --origin DIR --app-version V --bundle CATALOG --trust PEM... [--kill-at N]
//
// The second form is `overlay matrix`'s child: one real sync cycle (downloads one at a time, so the store's calls
// come in the same order every run) that sends itself SIGKILL just before the Nth store syscall (SyncKillChild.swift).
//
// Revision "A" and "B" each have several files whose bytes name the revision (each activation under a new
// archive hash, so each one writes a new directory; reopening every N activations collects the old ones).
// The tests regenerate the same content (Tests/OverlayCoreTests/Store/TortureRevisions.swift) to prove a killed store serves one revision whole.
import Foundation
import OverlayCore

enum TortureRevisions {
    static let module = "Torture"
    static let appVersion = "torture-1"
    static let sourceHash = String(repeating: "0", count: 64)

    /// A new archive hash per activation, so every activation writes a new revision directory.
    static func sha256(_ tag: String, _ count: Int) -> String {
        SHA256.hash(Data("torture-archive-\(tag)-\(count)-\(ProcessInfo.processInfo.processIdentifier)".utf8)).hex
    }

    static func files(_ tag: String) -> [String: Data] {
        func strings(_ locale: String, lines: Int) -> Data {
            Data((0..<lines).map { "\"key.\($0)\" = \"\(locale) \(tag) \($0)\";\n" }.joined().utf8)
        }
        return [
            "Info.plist": Data("<plist><dict><key>Revision</key><string>\(tag)</string></dict></plist>\n".utf8),
            "overlay-module.json": Data(#"{"module":"Torture","revision":"\#(tag)"}"#.utf8),
            "en.lproj/Localizable.strings": strings("en", lines: 400),
            "fr.lproj/Localizable.strings": strings("fr", lines: 300),
            "fr-CA.lproj/Localizable.strings": strings("fr-CA", lines: 50),
            "de.lproj/Errors.strings": strings("de", lines: 120),
        ]
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("overlay-torture: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "sync" {
    exit(SyncKillChild.run(Array(arguments.dropFirst())))
}
guard let storePath = arguments.first, !storePath.hasPrefix("-") else {
    fail("usage: overlay-torture <store-path> [--iterations N] [--reopen-every N]")
}
arguments.removeFirst()
var iterations = Int.max
var reopenEvery = 25
while let flag = arguments.first {
    arguments.removeFirst()
    guard let value = arguments.first.flatMap(Int.init) else { fail("\(flag) needs a number") }
    arguments.removeFirst()
    switch flag {
    case "--iterations": iterations = value
    case "--reopen-every": reopenEvery = value
    default: fail("unknown option \(flag)")
    }
}

let url = URL(fileURLWithPath: storePath)
func openStore() -> OverlayStore {
    do {
        return try OverlayStore.open(at: url, appVersion: TortureRevisions.appVersion,
                                     sourceHash: TortureRevisions.sourceHash)
    } catch {
        fail("cannot open the store: \(error)")
    }
}

var store = openStore()
let tags = ["A", "B"]
var count = 0
while count < iterations {
    let tag = tags[count % 2]
    do {
        try store.activate(module: TortureRevisions.module, sha256: TortureRevisions.sha256(tag, count),
                           revision: count % 2 + 1, files: TortureRevisions.files(tag))
        try store.appendJournal(.object(JSONObject([("event", .string("torture")), ("tag", .string(tag))])))
    } catch {
        fail("activation \(count) of \(tag) failed: \(error)")
    }
    count += 1
    FileHandle.standardOutput.write(Data("activated \(tag) \(count)\n".utf8))
    if reopenEvery > 0, count % reopenEvery == 0 { store = openStore() }
}
