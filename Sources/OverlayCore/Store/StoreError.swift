import Foundation

/// Why the durable client store refused or failed an operation. Errors from the syscall seam name the libc call
/// (`syscall`), the `path` it was given and the `errno` (`cause`). Whatever the error, the revision that was active
/// before the failing call keeps serving.
package typealias StoreError = Diagnostic<StoreErrorCode>

package enum StoreErrorCode: String, DiagnosticCode {
    package typealias Context = SystemCall

    /// The disk (or the user's quota) is full: `ENOSPC`, `EDQUOT`.
    case diskFull = "store.disk-full"
    /// `fsync` failed (usually `EIO`): the data may not be on disk; the operation was abandoned, not retried.
    case fsyncFailed = "store.fsync-failed"
    /// The storage reported an input/output error (`EIO`) on a call other than `fsync`.
    case ioError = "store.io-error"
    /// The process may not read or write the store: `EACCES`, `EPERM`, `EROFS`.
    case permissionDenied = "store.permission-denied"
    /// A path the operation needs does not exist: `ENOENT`.
    case notFound = "store.not-found"
    /// Any other failing system call; `cause` holds the errno.
    case systemCallFailed = "store.system-call-failed"
    /// `store.json` names a newer (or unreadable) format: the store is ignored and never written.
    case newerFormat = "store.newer-format"
    /// After taking `LOCK`, the store turned out to belong to another app version or source hash.
    case identityChanged = "store.identity-changed"
    /// The directory is not a store Overlay made: it holds files and no valid `store.json`, its `store.json` is
    /// not a marker Overlay wrote, or the path is a symbolic link. Nothing in it was touched.
    case notAStore = "store.not-a-store"
    /// A name the store owns is of the wrong kind (`LOCK` a directory or a symbolic link): the store cannot be
    /// written until `overlay disable` resets it. Readers get the shipped strings meanwhile.
    case damaged = "store.damaged"
    /// The store was deleted (kill switch); this instance refuses further writes.
    case deleted = "store.deleted"
    /// A module name, SHA-256, relative path or journal line the store does not accept.
    case invalidArgument = "store.invalid-argument"
    /// A file is larger than the store reads for its kind.
    case tooLarge = "store.too-large"
    /// A fault plan stopped the process at this call (tests only): nothing after it happened.
    case simulatedCrash = "store.simulated-crash"

    package static func describe(_ error: StoreError) -> String { "\(error.code): \(error.message)" }
}

/// The system call behind a store error, when one failed.
package struct SystemCall: Sendable, Hashable {
    /// The libc function that failed (`open`, `fsync`, …).
    package var name: String?
    /// The path the call was given.
    package var path: String?
    /// The `errno` the call set.
    package var errno: Int32?
}

extension StoreError {
    package init(code: Code, message: String, syscall: String? = nil, path: String? = nil, cause: Int32? = nil) {
        self.init(code: code, message: message, context: SystemCall(name: syscall, path: path, errno: cause))
    }

    package var syscall: String? { context.name }
    package var path: String? { context.path }
    package var cause: Int32? { context.errno }

    /// The error for a failed system call: `code` from `errno`, a message naming the call, the path and the fix.
    package static func syscall(_ name: String, path: String, errno number: Int32) -> StoreError {
        let reason = String(cString: strerror(number))
        let (code, fix): (Code, String)
        switch number {
        case ENOSPC, EDQUOT:
            (code, fix) = (.diskFull, "the disk is full; free space, the active revision keeps serving")
        case EIO where name == "fsync":
            (code, fix) = (.fsyncFailed,
                           "the storage could not confirm the write; the operation was abandoned without retry "
                           + "and the active revision keeps serving; check the disk")
        case EIO:
            (code, fix) = (.ioError, "the storage reported an I/O error; check the disk, the active revision keeps serving")
        case EACCES, EPERM, EROFS:
            (code, fix) = (.permissionDenied, "give the process read and write access to the store directory")
        case ENOENT:
            (code, fix) = (.notFound, "the path is missing; reopen the store to recreate its layout")
        default:
            (code, fix) = (.systemCallFailed, "the active revision keeps serving; retry later")
        }
        return StoreError(code: code, message: "\(name)(\(path)) failed: \(reason) (errno \(number)); \(fix)",
                          syscall: name, path: path, cause: number)
    }

    static func invalid(_ message: String) -> StoreError {
        StoreError(code: .invalidArgument, message: message)
    }

    static func newerFormat(_ path: String) -> StoreError {
        StoreError(code: .newerFormat,
                   message: "\(path) names a store format this build does not know; the store is ignored and left "
                       + "untouched; update the app, or delete the store to start over",
                   path: path)
    }

    static func notAStore(_ path: String, _ reason: String) -> StoreError {
        StoreError(code: .notAStore, message: "\(path) \(reason); Overlay left it untouched; pass an empty or new directory "
                       + "as the store", path: path)
    }

    /// `store.json` is there but is not a marker Overlay wrote.
    static func invalidMarker(_ root: String, _ reason: String) -> StoreError {
        StoreError(code: .notAStore,
                   message: "\(root): \(reason), so this is not a store marker Overlay wrote; Overlay neither reads, "
                       + "writes nor deletes anything here (apps show their shipped strings); remove the directory "
                       + "by hand, or pass another store directory", path: "\(root)/\(StoreLayout.formatFile)")
    }

    static func symbolicLinkRoot(_ path: String) -> StoreError {
        StoreError(code: .notAStore,
                   message: "\(path) is a symbolic link; Overlay does not follow it for a store; pass the directory "
                       + "it points to", path: path)
    }

    static func damagedLock(_ root: String, _ kind: String) -> StoreError {
        StoreError(code: .damaged,
                   message: "\(root)/LOCK is \(kind), not the lock file Overlay creates; the store is not written "
                       + "and apps keep their shipped or active strings; run 'overlay disable --store \(root)' to reset it",
                   path: "\(root)/\(StoreLayout.lockFile)")
    }

    static func deleted(_ path: String) -> StoreError {
        StoreError(code: .deleted,
                   message: "the store at \(path) was deleted (kill switch); open it again to start over", path: path)
    }
}
