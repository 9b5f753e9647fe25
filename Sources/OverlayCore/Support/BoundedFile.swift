package import Foundation

/// Reads of files the user or an origin hands us (catalog tables, artifacts, a directory origin's files) that never
/// hang and never read without a bound: `O_NONBLOCK` (a FIFO opens at once), then `fstat(2)` on the descriptor, so
/// only a regular file within the cap is read (a 2 GB file is refused from its size), and the read stops at cap + 1
/// bytes should the file grow meanwhile. The store's own files go through ``Syscalls``, which can inject faults.
package enum BoundedFile {
    /// Why a read was refused.
    package enum Failure: Error, Sendable, Hashable {
        /// Nothing at the path (`ENOENT`, or a path component is not a directory).
        case notFound
        /// The path is a symbolic link and links were not to be followed.
        case symbolicLink
        /// The path is a directory, a FIFO, a socket or a device: only regular files are read.
        case notRegular(FileKind)
        /// The file holds `size` bytes, more than the cap (`size` is at least cap + 1 when the file grew while read).
        case tooLarge(size: Int, cap: Int)
        /// A system call failed with `errno`.
        case systemCall(String, errno: Int32)

        /// One clause for a message: "is a FIFO (named pipe); only regular files are read".
        package var reason: String {
            switch self {
            case .notFound: "does not exist"
            case .symbolicLink: "is a symbolic link, which is never followed here"
            case .notRegular(let kind): "is \(kind.description); only regular files are read"
            case .tooLarge(let size, let cap): "is \(size) bytes, over the \(cap)-byte cap"
            case .systemCall(let call, let errno): "cannot be read (\(call): \(String(cString: strerror(errno))))"
            }
        }
    }

    /// The whole file at `path` when it is a regular file of at most `maxBytes` bytes.
    /// - Parameter followSymlinks: false refuses a symbolic link as the last component (`O_NOFOLLOW`).
    package static func read(_ path: String, maxBytes: Int, followSymlinks: Bool = true) throws(Failure) -> Data {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followSymlinks ? 0 : O_NOFOLLOW)
        let fd = Int32(try retrying("open", refusingLinks: !followSymlinks) { open(path, flags) })
        defer { close(fd) }
        let info: FileInfo
        do {
            info = try LibC.status(descriptor: fd)
        } catch {
            throw .systemCall(error.call, errno: error.number)
        }
        guard info.kind == .regular else { throw .notRegular(info.kind) }
        let size = info.size
        guard size <= maxBytes else { throw .tooLarge(size: size, cap: maxBytes) }
        var data = Data(count: size + 1)
        var total = 0
        while true {
            let room = data.count - total
            let got = try retrying("read") {
                data.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + total, room) }
            }
            if got == 0 { break }
            total += got
            if total > maxBytes { throw .tooLarge(size: total, cap: maxBytes) }
            if total == data.count { data.count += min(64 << 10, maxBytes + 1 - total) }
        }
        data.count = total
        return data
    }

    /// What `path` names, or nil when nothing is there: without following a final symbolic link (`lstat(2)`), or
    /// following it (`stat(2)`) for a path the user gave as an output.
    package static func kind(of path: String, followingLinks: Bool = false) -> FileKind? {
        (try? LibC.status(path, followingLinks: followingLinks))??.kind
    }

    /// Runs a libc call until it does not fail with `EINTR`; -1 becomes a ``Failure``.
    private static func retrying<T: BinaryInteger>(
        _ name: String, refusingLinks: Bool = false, _ call: () -> T
    ) throws(Failure) -> Int {
        while true {
            let result = call()
            if result != -1 { return Int(result) }
            let number = errno
            if number == EINTR { continue }
            if name == "open" {
                if number == ENOENT || number == ENOTDIR { throw .notFound }
                if number == ELOOP && refusingLinks { throw .symbolicLink }
            }
            throw .systemCall(name, errno: number)
        }
    }
}

/// `read(2)`, named apart from ``BoundedFile/read(_:maxBytes:followSymlinks:)``.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
