import Foundation
import Synchronization

extension OverlayStore {
    /// Largest single journal line accepted.
    static let journalLineLimit = 64 * 1024

    /// Appends one JSON line to `journal.jsonl`, first rotating it to `journal.1.jsonl` (replacing the older
    /// one) when the line would take it past the journal limit. Not fsynced (a diagnostic log).
    ///
    /// A line the existing journal takes without rotating is appended without `LOCK`, once the marker is still this
    /// instance's: one `O_APPEND` write never interleaves with another writer's line, and with no `O_CREAT` nothing is
    /// created in a store deleted meanwhile. Creating or rotating the journal takes `LOCK`, unless `waiting` is false:
    /// then the call does nothing.
    /// - Returns: Whether the line was appended.
    @discardableResult
    package func appendJournal(_ line: JSONValue, waiting: Bool = true) throws -> Bool {
        var bytes = Array(line.serialized().utf8)
        guard bytes.count < Self.journalLineLimit else {
            throw StoreError.invalid("a journal line of \(bytes.count) bytes is over the \(Self.journalLineLimit)-byte "
                                     + "limit; journal counters, not payloads")
        }
        bytes.append(0x0A)
        if appendInPlace(bytes) { return true }
        guard waiting else { return false }
        try withWriteLock { _ in
            let size = try syscalls.status(layout.journalPath)?.size ?? 0
            if size > 0, size + bytes.count > journalLimit {
                try syscalls.rename(layout.journalPath, layout.rotatedJournalPath)
            }
            let fd = try syscalls.open(layout.journalPath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
            try syscalls.closing(fd, layout.journalPath) { try syscalls.write($0, layout.journalPath, bytes) }
        }
        return true
    }

    /// `bytes` appended to the journal as it is, when it is a regular file they fit in and the store is still one
    /// this instance may write; false otherwise (the locked path then decides, and reports any error).
    private func appendInPlace(_ bytes: [UInt8]) -> Bool {
        let path = layout.journalPath
        guard isReadable, let fd = try? syscalls.open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0)
        else { return false }
        return (try? syscalls.closing(fd, path) { fd -> Bool in
            let status = try syscalls.descriptorStatus(fd, path)
            guard status.kind == .regular, status.size + bytes.count <= journalLimit else { return false }
            try syscalls.write(fd, path, bytes)
            return true
        }) ?? false
    }
}
