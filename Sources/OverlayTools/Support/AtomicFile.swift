import Foundation
import OverlayCore
import OverlayPublishing

/// Whole-file writes that a crash cannot tear: temp file in the same directory, a durable sync, rename, a durable sync of
/// the directory (`LibC.synchronize`: `F_FULLFSYNC` on Darwin, whose `fsync` stops at the drive's cache).
enum AtomicFile {
    /// - Parameter advancingModificationTime: give the new file a modification time at least one second past the
    ///   file it replaces. Static servers derive `ETag` and `Last-Modified` from mtime in seconds and size (nginx:
    ///   `"<mtime hex>-<size hex>"`), so two same-size writes within one second would otherwise share an ETag and
    ///   clients holding the first would be answered 304 for the second.
    static func write(_ data: Data, to url: URL, advancingModificationTime: Bool = false) throws {
        let directory = url.deletingLastPathComponent()
        try makeDirectories(directory)
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
            guard LibC.synchronize(fd) == 0 else { throw failure("fsync", temporary) }
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
        guard LibC.synchronize(directoryFD) == 0 else { throw failure("fsync", directory) }
    }

    /// `mkdir -p` with messages a person can act on: a path component that exists but is a file (or a link to one)
    /// is named as such, and every other failure names the directory and the errno.
    static func makeDirectories(_ directory: URL) throws {
        var path = ""
        let components = directory.standardizedFileURL.path.split(separator: "/", omittingEmptySubsequences: true)
        for component in components {
            path += "/" + component
            if let kind = BoundedFile.kind(of: path, followingLinks: true) {
                guard kind == .directory else {
                    throw ToolError("\(path) is \(kind.description), not a directory; choose another path or move it away")
                }
                continue
            }
            if mkdir(path, 0o755) != 0 && errno != EEXIST {
                throw failure("mkdir", URL(fileURLWithPath: path))
            }
        }
    }

    private static func advanceModificationTime(_ fd: Int32, past url: URL, temporary: URL) throws {
        guard let old = (try? LibC.status(url.path, followingLinks: true)) ?? nil else { return }
        do {
            let new = try LibC.status(descriptor: fd)
            guard new.modified.seconds <= old.modified.seconds else { return }
            try LibC.setTimes(fd, accessed: new.accessed, modified: FileTime(seconds: old.modified.seconds + 1, nanoseconds: 0))
        } catch {
            throw ToolError("\(temporary.path): \(error)")
        }
    }

    private static func failure(_ call: String, _ url: URL) -> ToolError {
        ToolError("\(url.path): \(call) failed: \(String(cString: strerror(errno)))")
    }
}
