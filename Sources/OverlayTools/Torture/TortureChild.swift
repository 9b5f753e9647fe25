import Foundation
import OverlayCore
import OverlayTestSupport

/// `overlay _torture`: the store's crash-test child, a hidden mode of `overlay` (never listed in its help) so that one
/// installed binary is all `overlay matrix` needs.
///
///     overlay _torture <store> [--iterations N] [--reopen-every N] [--source-hash H]
///     overlay _torture sync <store> --origin DIR --app-version V --bundle CATALOG --trust PEM... [--kill-at N]
///     overlay _torture launch <store> --origin DIR --app-version V --bundle CATALOG --trust PEM... [--sync] [--complete]
///
/// The first activates revisions A and B of one module (``TortureRevisions``) alternately until killed (or N times),
/// printing one line per activation and reopening the store every N (which collects old revisions). The second is the
/// matrix's killed-process scenario: one sync cycle that SIGKILLs itself before the Nth store syscall (``SyncKillChild``).
/// The third is one app launch for the crash-loop guard (``LaunchChild``).
package enum TortureChild {
    /// The hidden first argument.
    package static let command = "_torture"

    /// Runs the child; the exit code (0 done, 1 failed, 64 bad arguments).
    package static func run(_ arguments: [String]) -> Int32 {
        if arguments.first == "sync" { return SyncKillChild.run(Array(arguments.dropFirst())) }
        if arguments.first == "launch" { return LaunchChild.run(Array(arguments.dropFirst())) }
        guard let storePath = arguments.first, !storePath.hasPrefix("-") else {
            return usage("<store> [--iterations N] [--reopen-every N] [--source-hash H]")
        }
        var iterations = Int.max
        var reopenEvery = 25
        var sourceHash = TortureRevisions.sourceHash
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { return usage("\(flag) needs a value") }
            switch flag {
            case "--iterations", "--reopen-every":
                guard let number = Int(value) else { return usage("\(flag) needs a number") }
                if flag == "--iterations" { iterations = number } else { reopenEvery = number }
            case "--source-hash":
                sourceHash = value
            default:
                return usage("unknown option \(flag)")
            }
        }
        return activateInALoop(URL(fileURLWithPath: storePath), iterations: iterations, reopenEvery: reopenEvery,
                               sourceHash: sourceHash)
    }

    private static func activateInALoop(_ url: URL, iterations: Int, reopenEvery: Int, sourceHash: String) -> Int32 {
        func open() throws -> OverlayStore {
            try OverlayStore.open(at: url, appVersion: TortureRevisions.appVersion, sourceHash: sourceHash)
        }
        var count = 0
        do {
            var store = try open()
            while count < iterations {
                let tag = count % 2 == 0 ? "A" : "B"
                try store.activate(module: TortureRevisions.module, sha256: TortureRevisions.sha256(tag, count),
                                   revision: count % 2 + 1, files: TortureRevisions.files(tag))
                try store.appendJournal(.object(JSONObject([("event", .string("torture")), ("tag", .string(tag))])))
                count += 1
                FileHandle.standardOutput.write(Data("activated \(tag) \(count)\n".utf8))
                if reopenEvery > 0, count % reopenEvery == 0 { store = try open() }
            }
        } catch {
            FileHandle.standardError.write(Data("overlay \(command): activation \(count) failed: \(error)\n".utf8))
            return 1
        }
        return 0
    }

    static func usage(_ text: String) -> Int32 {
        FileHandle.standardError.write(Data("usage: overlay \(command) \(text)\n".utf8))
        return 64
    }
}
