import Foundation
import Synchronization

extension OverlayStore {
    /// Largest single journal line accepted.
    static let journalLineLimit = 64 * 1024

    /// Appends one JSON line to `journal.jsonl`, first rotating it to `journal.1.jsonl` (replacing the older
    /// one) when the line would take it past the journal limit. Takes `LOCK`; not fsynced (a diagnostic log).
    package func appendJournal(_ line: JSONValue) throws {
        var bytes = Array(line.serialized().utf8)
        guard bytes.count < Self.journalLineLimit else {
            throw StoreError.invalid("a journal line of \(bytes.count) bytes is over the \(Self.journalLineLimit)-byte "
                                     + "limit; journal counters, not payloads")
        }
        bytes.append(0x0A)
        try withWriteLock { _ in
            let size = try syscalls.status(layout.journalPath)?.size ?? 0
            if size > 0, size + bytes.count > journalLimit {
                try syscalls.rename(layout.journalPath, layout.rotatedJournalPath)
            }
            let fd = try syscalls.open(layout.journalPath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
            try syscalls.closing(fd, layout.journalPath) { try syscalls.write($0, layout.journalPath, bytes) }
        }
    }
}
