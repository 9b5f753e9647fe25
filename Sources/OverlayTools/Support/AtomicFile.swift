import Foundation

/// Whole-file writes that a crash cannot tear: temp file in the same directory, fsync, rename, fsync the directory.
enum AtomicFile {
    /// - Parameter advancingModificationTime: give the new file a modification time at least one second past the
    ///   file it replaces. Static servers derive `ETag` and `Last-Modified` from mtime in seconds and size (nginx:
    ///   `"<mtime hex>-<size hex>"`), so two same-size writes within one second would otherwise share an ETag and
    ///   clients holding the first would be answered 304 for the second.
    static func write(_ data: Data, to url: URL, advancingModificationTime: Bool = false) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("open", temporary) }
        var closed = false
        defer {
            if !closed { close(fd) }
        }
        do {
            try data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw failure("write", temporary)
                    }
                    offset += written
                }
            }
            if advancingModificationTime { try advanceModificationTime(fd, past: url, temporary: temporary) }
            guard fsync(fd) == 0 else { throw failure("fsync", temporary) }
            closed = true
            guard close(fd) == 0 else { throw failure("close", temporary) }
            guard rename(temporary.path, url.path) == 0 else { throw failure("rename", url) }
        } catch {
            unlink(temporary.path)
            throw error
        }
        let directoryFD = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directoryFD >= 0 else { throw failure("open", directory) }
        defer { close(directoryFD) }
        guard fsync(directoryFD) == 0 else { throw failure("fsync", directory) }
    }

    private static func advanceModificationTime(_ fd: Int32, past url: URL, temporary: URL) throws {
        var old = stat()
        guard stat(url.path, &old) == 0 else { return }
        var new = stat()
        guard fstat(fd, &new) == 0 else { throw failure("fstat", temporary) }
        guard new.st_mtim.tv_sec <= old.st_mtim.tv_sec else { return }
        var times = [new.st_atim, timespec(tv_sec: old.st_mtim.tv_sec + 1, tv_nsec: 0)]
        guard futimens(fd, &times) == 0 else { throw failure("futimens", temporary) }
    }

    private static func failure(_ call: String, _ url: URL) -> ToolError {
        ToolError("\(url.path): \(call) failed: \(String(cString: strerror(errno)))")
    }
}
