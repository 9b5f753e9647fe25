import Foundation
/// The linter's only way to touch the file system: `lstat`, `opendir`/`readdir`, and a bounded read that cannot
/// block or follow a link. Every call retries `EINTR` and turns a failure into a ``Failure`` naming the call, the
/// path and the errno.
enum LintFileSystem {
    struct Status {
        enum Kind { case regular, directory, symbolicLink, other }

        var kind: Kind
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
        var info = stat()
        while (followingLinks ? stat(path, &info) : lstat(path, &info)) == -1 {
            let number = errno
            if number == EINTR { continue }
            if number == ENOENT || number == ENOTDIR { return nil }
            throw Failure(call: followingLinks ? "stat" : "lstat", path: path, number: number)
        }
        return Status(info)
    }

    /// The names in a directory, sorted, without `.` and `..`, and how many names are not UTF-8 (a `String`
    /// cannot spell them, so they cannot be opened by name here).
    static func list(_ path: String) throws(Failure) -> (names: [String], undecodable: Int) {
        var handle: OpaquePointer?
        while true {
            handle = opendir(path)
            if handle != nil { break }
            let number = errno
            if number == EINTR { continue }
            throw Failure(call: "opendir", path: path, number: number)
        }
        guard let handle else { return ([], 0) }
        defer { closedir(handle) }
        var names: [String] = []
        var undecodable = 0
        while true {
            errno = 0
            guard let entry = readdir(handle) else {
                let number = errno
                if number == 0 { break }
                if number == EINTR { continue }
                throw Failure(call: "readdir", path: path, number: number)
            }
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                String(validatingCString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            guard let name else {
                undecodable += 1
                continue
            }
            if name != "." && name != ".." { names.append(name) }
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
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(call: "fstat", path: path, number: errno) }
        let status = Status(info)
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
    init(_ info: stat) {
        let type = info.st_mode & S_IFMT
        kind = type == S_IFREG ? .regular : type == S_IFDIR ? .directory : type == S_IFLNK ? .symbolicLink : .other
        size = Int(info.st_size)
        identity = LintFileSystem.FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}

/// `read(2)`, outside ``LintFileSystem`` whose own `read` would shadow it.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
