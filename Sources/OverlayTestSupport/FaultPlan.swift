import Foundation
package import OverlayCore

/// A script of failures for the store's syscall seam, for tests and `overlay matrix`: fail the Nth call of a kind (or of any kind)
/// with an errno, or "kill the process" there.
///
/// A stop throws ``StoreError/Code/simulatedCrash`` and puts the plan in the crashed state: every later
/// call through it throws the same error without touching the disk (`close` still releases the
/// descriptor, as the kernel would for a dead process). The test then reopens the store with
/// ``Syscalls/live`` as if the process had been restarted.
///
/// ```swift
/// let plan = FaultPlan([.init(kind: .fsync, occurrence: 1, action: .fail(errno: EIO))])
/// let store = try OverlayStore.open(at: url, appVersion: "1.0", sourceHash: hash, syscalls: .injecting(plan))
/// ```
package final class FaultPlan: Sendable {
    /// What happens at the chosen call.
    package enum Action: Sendable, Hashable {
        /// The call fails with this errno and does nothing.
        case fail(errno: Int32)
        /// The process dies just before the call.
        case stop
        /// A `write` writes its first half, then the process dies (on other calls: same as `stop`).
        case tornWrite
        /// The process really dies just before the call: it sends itself SIGKILL (for child processes whose
        /// parent checks the store afterwards, as `overlay matrix` does).
        case kill
    }

    /// One scripted fault: the `occurrence`-th (1-based) call of `kind` (of any kind when `nil`).
    package struct Rule: Sendable, Hashable {
        package var kind: SyscallKind?
        package var occurrence: Int
        package var action: Action

        package init(kind: SyscallKind?, occurrence: Int, action: Action) {
            self.kind = kind
            self.occurrence = occurrence
            self.action = action
        }
    }

    /// One call that went through the plan.
    package struct Call: Sendable, Hashable {
        package var kind: SyscallKind
        package var path: String
    }

    enum Decision { case proceed, fail(Int32), crash, tornWrite, kill }

    private struct State {
        var rules: [Rule]
        var counts: [SyscallKind: Int] = [:]
        var total = 0
        var calls: [Call] = []
        var crashed = false
    }

    private let state: LockedValue<State>

    /// A plan with these rules; an empty plan only records the calls.
    package init(_ rules: [Rule] = []) {
        state = LockedValue(State(rules: rules))
    }

    /// Replaces the rules and restarts counting and recording from zero (e.g. after opening the store).
    package func arm(_ rules: [Rule]) {
        state.withLock { $0 = State(rules: rules) }
    }

    /// The calls made since the plan was created or last armed, in order (including the one that failed or stopped).
    package var calls: [Call] { state.withLock { $0.calls } }

    /// Whether a stop has "killed" the process.
    package var hasCrashed: Bool { state.withLock { $0.crashed } }

    /// Counts the call and decides its fate.
    func decide(_ kind: SyscallKind, _ path: String) -> Decision {
        state.withLock { state in
            if state.crashed { return .crash }
            state.total += 1
            state.counts[kind, default: 0] += 1
            state.calls.append(Call(kind: kind, path: path))
            let ofKind = state.counts[kind, default: 0]
            let rule = state.rules.first { rule in
                rule.kind == nil ? rule.occurrence == state.total : rule.kind == kind && rule.occurrence == ofKind
            }
            switch rule?.action {
            case nil: return .proceed
            case .fail(let number): return .fail(number)
            case .stop:
                state.crashed = true
                return .crash
            case .tornWrite:
                state.crashed = true
                return kind == .write ? .tornWrite : .crash
            case .kill:
                state.crashed = true
                return .kill
            }
        }
    }
}

extension Syscalls {
    /// The `base` seam with the faults of `plan` injected before each call.
    package static func injecting(_ plan: FaultPlan, over base: Syscalls = .live) -> Syscalls {
        @Sendable func gate(_ kind: SyscallKind, _ path: String) throws {
            switch plan.decide(kind, path) {
            case .proceed: return
            case .fail(let number): throw StoreError.syscall(kind.rawValue, path: path, errno: number)
            case .crash, .tornWrite: throw StoreError.simulatedCrash(kind.rawValue, path: path)
            case .kill: killSelf()
            }
        }
        var syscalls = base
        syscalls.open = { path, flags, mode in try gate(.open, path); return try base.open(path, flags, mode) }
        syscalls.read = { fd, path, count in try gate(.read, path); return try base.read(fd, path, count) }
        syscalls.write = { fd, path, bytes in
            switch plan.decide(.write, path) {
            case .proceed: try base.write(fd, path, bytes)
            case .fail(let number): throw StoreError.syscall("write", path: path, errno: number)
            case .crash: throw StoreError.simulatedCrash("write", path: path)
            case .kill: killSelf()
            case .tornWrite:
                try? base.write(fd, path, Array(bytes.prefix(bytes.count / 2)))
                throw StoreError.simulatedCrash("write", path: path)
            }
        }
        syscalls.fsync = { fd, path in try gate(.fsync, path); try base.fsync(fd, path) }
        syscalls.close = { fd, path in
            // Whatever the plan says, the descriptor is released: the kernel closes a dead process's files.
            switch plan.decide(.close, path) {
            case .proceed: try base.close(fd, path)
            case .fail(let number):
                try? base.close(fd, path)
                throw StoreError.syscall("close", path: path, errno: number)
            case .crash, .tornWrite:
                try? base.close(fd, path)
                throw StoreError.simulatedCrash("close", path: path)
            case .kill: killSelf()
            }
        }
        syscalls.rename = { from, to in try gate(.rename, "\(from) -> \(to)"); try base.rename(from, to) }
        syscalls.mkdir = { path, mode in try gate(.mkdir, path); try base.mkdir(path, mode) }
        syscalls.listDirectory = { path in try gate(.readdir, path); return try base.listDirectory(path) }
        syscalls.flock = { fd, path, operation in try gate(.flock, path); try base.flock(fd, path, operation) }
        syscalls.status = { path in try gate(.stat, path); return try base.status(path) }
        syscalls.descriptorStatus = { fd, path in try gate(.stat, path); return try base.descriptorStatus(fd, path) }
        syscalls.openAt = { directory, name, flags, path in
            try gate(.open, path)
            return try base.openAt(directory, name, flags, path)
        }
        syscalls.unlinkAt = { directory, name, flags, path in
            try gate(flags & AT_REMOVEDIR != 0 ? .rmdir : .unlink, path)
            try base.unlinkAt(directory, name, flags, path)
        }
        syscalls.statusAt = { directory, name, path in
            try gate(.stat, path)
            return try base.statusAt(directory, name, path)
        }
        syscalls.listDirectoryAt = { directory, path in
            try gate(.readdir, path)
            return try base.listDirectoryAt(directory, path)
        }
        return syscalls
    }
}

/// SIGKILL to this process: no handler, no unwinding, no flush; the kernel releases its descriptors and `flock`s.
private func killSelf() -> Never {
    kill(getpid(), SIGKILL)
    // Not reached once the signal is delivered; no thread of this one goes on meanwhile.
    while true { pause() }
}

/// One kind of libc call the store makes: the unit a ``FaultPlan`` counts.
package enum SyscallKind: String, Sendable, Hashable, CaseIterable {
    case open, read, write, fsync, close, rename, mkdir, unlink, rmdir, readdir, flock, stat
}

extension StoreError {
    /// The distinguished error a fault plan throws when it "kills" the process at a call.
    package static func simulatedCrash(_ name: String, path: String) -> StoreError {
        StoreError(code: .simulatedCrash,
                   message: "the fault plan stopped the process at \(name)(\(path)); reopen the store to recover",
                   syscall: name, path: path)
    }
}
