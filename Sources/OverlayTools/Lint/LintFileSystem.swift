import Foundation
import OverlayCore

/// The linter's only way to touch the file system: `lstat` and `opendir`/`readdir` through the platform layer
/// (`LibC`), and a bounded read that cannot block or follow a link. Every call retries `EINTR` and turns a failure
/// into a ``Failure`` naming the call, the path and the errno.
enum LintFileSystem {
    struct Status {
        var kind: FileKind
        var size: Int
        /// Device and inode: the same directory reached twice (a bind mount) is walked once.
        var identity: FileIdentity
    }

    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    struct Failure: Error {
        var call: String
        var path: String
        var number: Int32

        /// `opendir(Sources/Secret): Permission denied`.
        var description: String { "\(call)(\(path)): \(String(cString: strerror(number)))" }
    }

    /// What a bounded read found.
    enum Contents {
        case bytes([UInt8])
        /// More than the limit; the size seen so far.
        case tooLarge(Int)
        /// Not a regular file (it was replaced by a link, a FIFO or a device since it was listed).
        case notRegular
    }

    /// `lstat(2)` (or `stat(2)` when `followingLinks`); nil when nothing is there.
    static func status(_ path: String, followingLinks: Bool = false) throws(Failure) -> Status? {
        do {
            return try LibC.status(path, followingLinks: followingLinks).map(Status.init)
        } catch {
            throw Failure(call: error.call, path: path, number: error.number)
        }
    }

    /// The names in a directory, sorted, without `.` and `..`, and how many names are not UTF-8 (a `String`
    /// cannot spell them, so they cannot be opened by name here).
    static func list(_ path: String) throws(Failure) -> (names: [String], undecodable: Int) {
        var names: [String] = []
        var undecodable = 0
        do {
            try LibC.forEachName(in: path) { name in
                if let decoded = String(validatingCString: name) { names.append(decoded) } else { undecodable += 1 }
            }
        } catch {
            throw Failure(call: error.call, path: path, number: error.number)
        }
        return (names.sorted(), undecodable)
    }

    /// Reads at most `limit` bytes of a regular file. `O_NOFOLLOW` refuses a link put in its place since it was
    /// listed, `O_NONBLOCK` keeps a FIFO put there from blocking the open, and `fstat` on the open descriptor
    /// decides what was actually opened.
    static func read(_ path: String, limit: Int) throws(Failure) -> Contents {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        } while descriptor == -1 && errno == EINTR
        if descriptor == -1 {
            let number = errno
            if number == ELOOP { return .notRegular }
            throw Failure(call: "open", path: path, number: number)
        }
        defer { close(descriptor) }
        let status: Status
        do {
            status = Status(try LibC.status(descriptor: descriptor))
        } catch {
            throw Failure(call: error.call, path: path, number: error.number)
        }
        guard status.kind == .regular else { return .notRegular }
        if status.size > limit { return .tooLarge(status.size) }
        var buffer = [UInt8](repeating: 0, count: min(max(status.size, 0), limit) + 1)
        var count = 0
        while true {
            if count == buffer.count {
                guard buffer.count <= limit else { break }
                buffer += [UInt8](repeating: 0, count: min(64 * 1024, limit + 1 - buffer.count))
            }
            let got = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return readBytes(descriptor, base + count, raw.count - count)
            }
            if got < 0 {
                let number = errno
                if number == EINTR { continue }
                throw Failure(call: "read", path: path, number: number)
            }
            if got == 0 { break }
            count += got
        }
        if count > limit { return .tooLarge(count) }
        buffer.removeSubrange(count...)
        return .bytes(buffer)
    }

    /// `realpath(3)`: the absolute path without links, or nil.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension LintFileSystem.Status {
    init(_ info: FileInfo) {
        kind = info.kind
        size = info.size
        identity = LintFileSystem.FileIdentity(device: info.device, inode: info.inode)
    }
}

/// `read(2)`, outside ``LintFileSystem`` whose own `read` would shadow it.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
