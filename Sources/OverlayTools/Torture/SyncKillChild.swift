import Foundation
import OverlayCore
import OverlayPublishing
import OverlaySync
import OverlayTestSupport

/// `overlay _torture sync …`: a sync cycle against a directory origin that dies by SIGKILL at a chosen store syscall.
///
/// `--kill-at N` counts every store syscall from the store's opening (``FaultPlan`` with no kind); without it the
/// cycle runs to its end. Exit 0 when the cycle applied or found nothing new, 1 otherwise, 64 on bad arguments.
enum SyncKillChild {
    static func run(_ arguments: [String]) -> Int32 {
        var options: [String: [String]] = [:]
        var positional: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--"), index + 1 < arguments.count {
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
            return TortureChild.usage("sync <store> --origin DIR --app-version V --bundle CATALOG --trust PEM... [--kill-at N]")
        }
        let killAt = options["kill-at"]?.first.flatMap(Int.init)
        do {
            let keys = try trust.map { path in
                try Ed25519PublicKey(pem: String(decoding: BoundedFile.read(path, maxBytes: 64 * 1024), as: UTF8.self))
            }
            let shipped = try CatalogLoader.load(at: URL(fileURLWithPath: bundle), mode: .lenient).catalog
            let plan = FaultPlan(killAt.map { [FaultPlan.Rule(kind: nil, occurrence: $0, action: .kill)] } ?? [])
            var configuration = SyncConfiguration(
                origin: URL(fileURLWithPath: origin, isDirectory: true), appVersion: appVersion,
                trustedKeys: try TrustedKeys(keys), shipped: shipped, storeURL: URL(fileURLWithPath: positional[0]),
                maxConcurrentDownloads: 1)
            configuration.syscalls = .injecting(plan)
            let outcome = LockedOutcome()
            let done = DispatchSemaphore(value: 0)
            Task {
                outcome.set(await SyncService(configuration: configuration, transport: FileTransport()).start().outcome)
                done.signal()
            }
            done.wait()
            let result = outcome.get()
            print("sync \(result.map(\.rawValue) ?? "none")")
            return result == .applied || result == .notModified ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("overlay \(TortureChild.command) sync: \(error)\n".utf8))
            return 1
        }
    }
}

/// The cycle's outcome, handed from the task to the waiting main thread.
private final class LockedOutcome: @unchecked Sendable {
    // Guarded by `lock`; written once by the task before the semaphore is signalled.
    private let lock = NSLock()
    private var value: SyncReport.Outcome?

    func set(_ outcome: SyncReport.Outcome) { lock.withLock { value = outcome } }
    func get() -> SyncReport.Outcome? { lock.withLock { value } }
}
