import Foundation
import OverlayCore
import OverlayPublishing
import OverlaySync

/// `overlay _torture launch …`: one app launch for the crash-loop guard's tests. It takes the launch snapshot
/// through ``SyncService/snapshot()`` (which counts the launch, and rolls back after too many unfinished ones),
/// prints what it serves, optionally runs a sync cycle and prints its `launchRollbacks`, then either reaches
/// `launchCompleted()` (`--complete`) or dies by SIGKILL, as an app that crashes during its launch.
///
///     overlay _torture launch <store> --origin DIR --app-version V --bundle CATALOG --trust PEM... [--limit N] [--sync] [--complete]
enum LaunchChild {
    static func run(_ arguments: [String]) -> Int32 {
        var options: [String: [String]] = [:]
        var flags: Set<String> = []
        var positional: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--sync" || argument == "--complete" {
                flags.insert(argument)
                index += 1
            } else if argument.hasPrefix("--"), index + 1 < arguments.count {
                options[String(argument.dropFirst(2)), default: []].append(arguments[index + 1])
                index += 2
            } else {
                positional.append(argument)
                index += 1
            }
        }
        guard positional.count == 1, let origin = options["origin"]?.first, let appVersion = options["app-version"]?.first,
              let bundle = options["bundle"]?.first, let trust = options["trust"], !trust.isEmpty
        else {
            return TortureChild.usage(
                "launch <store> --origin DIR --app-version V --bundle CATALOG --trust PEM... [--limit N] [--sync] [--complete]")
        }
        do {
            let keys = try trust.map { path in
                try Ed25519PublicKey(pem: String(decoding: BoundedFile.read(path, maxBytes: 64 * 1024), as: UTF8.self))
            }
            let shipped = try CatalogLoader.load(at: URL(fileURLWithPath: bundle), mode: .lenient).catalog
            var configuration = SyncConfiguration(
                origin: URL(fileURLWithPath: origin, isDirectory: true), appVersion: appVersion,
                trustedKeys: try TrustedKeys(keys), shipped: shipped, storeURL: URL(fileURLWithPath: positional[0]))
            if let limit = options["limit"]?.first.flatMap(Int.init) { configuration.unfinishedLaunchLimit = limit }
            let service = SyncService(configuration: configuration, transport: FileTransport())
            let lines = LockedLines()
            let done = DispatchSemaphore(value: 0)
            let sync = flags.contains("--sync")
            let complete = flags.contains("--complete")
            Task {
                do {
                    let snapshot = try await service.snapshot()
                    let serving = snapshot.modules.keys.sorted().map { "\($0)=\(snapshot.modules[$0]!.sha256)" }
                    lines.append("serving \(serving.isEmpty ? "shipped" : serving.joined(separator: " "))")
                    if sync {
                        let report = await service.start()
                        for rollback in report.launchRollbacks {
                            lines.append("rollback \(rollback.module) \(rollback.fromSHA256) -> \(rollback.toSHA256 ?? "shipped")")
                        }
                        lines.append("sync \(report.outcome.rawValue)")
                    }
                    if complete {
                        await service.launchCompleted()
                        lines.append("completed")
                    }
                } catch {
                    lines.append("error \(error)")
                }
                done.signal()
            }
            done.wait()
            FileHandle.standardOutput.write(Data(lines.text.utf8))
            if complete { return 0 }
            // The app dies before its launch completes.
            kill(getpid(), SIGKILL)
            return 1
        } catch {
            FileHandle.standardError.write(Data("overlay \(TortureChild.command) launch: \(error)\n".utf8))
            return 1
        }
    }
}

/// Lines handed from the task to the waiting main thread.
private final class LockedLines: @unchecked Sendable {
    // Guarded by `lock`; written by the task before the semaphore is signalled.
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var text: String { lock.withLock { lines.map { $0 + "\n" }.joined() } }
}
