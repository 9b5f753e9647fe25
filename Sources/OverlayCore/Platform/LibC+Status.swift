// The platform layer, with LibC.swift: `struct stat`, whose fields differ between Glibc and Darwin. A file of its
// own, without CPlatform: where `stat` is named next to that import, the compiler attributes `stat` to CPlatform
// (its header includes <fcntl.h>) and every other file's `stat()` then fails to build in release.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path names, as `lstat(2)` or `fstat(2)` report it: one reading of `st_mode` for the whole package.
package enum FileKind: Sendable, Hashable {
    case regular, directory, symbolicLink, fifo, socket, characterDevice, blockDevice, unknown

    /// The kind `st_mode`'s type bits name (POSIX gives them the same values on Linux and Darwin; only the width of
    /// `mode_t` differs, 32 bits against 16).
    package init(mode: UInt32) {
        switch mode & UInt32(S_IFMT) {
        case UInt32(S_IFREG): self = .regular
        case UInt32(S_IFDIR): self = .directory
        case UInt32(S_IFLNK): self = .symbolicLink
        case UInt32(S_IFIFO): self = .fifo
        case UInt32(S_IFSOCK): self = .socket
        case UInt32(S_IFCHR): self = .characterDevice
        case UInt32(S_IFBLK): self = .blockDevice
        default: self = .unknown
        }
    }

    package var description: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO (named pipe)"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .unknown: "not a regular file"
        }
    }
}

/// A file time to the nanosecond (`st_mtim` on Linux, `st_mtimespec` on Darwin).
package struct FileTime: Sendable, Hashable, Comparable {
    package var seconds: Int
    package var nanoseconds: Int

    package init(seconds: Int, nanoseconds: Int) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    init(_ time: timespec) {
        self.init(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
    }

    package static func < (lhs: FileTime, rhs: FileTime) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }
}

/// What `stat(2)` says of a file, in one shape on every platform.
package struct FileInfo: Sendable, Hashable {
    package var mode: UInt32
    package var size: Int
    /// Device and inode: equal for two paths (or descriptors) of the same file.
    package var device: UInt64
    package var inode: UInt64
    package var modified: FileTime
    package var accessed: FileTime
    /// The inode's last change (`st_ctim`): moves with every write, rename or attribute change.
    package var changed: FileTime

    package var kind: FileKind { FileKind(mode: mode) }
    package var isDirectory: Bool { kind == .directory }
    package var permissions: UInt32 { mode & 0o7777 }

    init(_ info: stat) {
        mode = UInt32(info.st_mode)
        size = Int(info.st_size)
        // dev_t is a signed 32-bit number on Darwin: keep its bits, never trap on a negative one.
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(info.st_ino)
        #if canImport(Glibc)
        modified = FileTime(info.st_mtim)
        accessed = FileTime(info.st_atim)
        changed = FileTime(info.st_ctim)
        #else
        modified = FileTime(info.st_mtimespec)
        accessed = FileTime(info.st_atimespec)
        changed = FileTime(info.st_ctimespec)
        #endif
    }
}

package struct SystemCallError: Error, Sendable, Hashable, CustomStringConvertible {
    package var call: String
    package var number: Int32

    package init(_ call: String, _ number: Int32) {
        self.call = call
        self.number = number
    }

    package var description: String { "\(call): \(String(cString: strerror(number)))" }
}

extension LibC {
    /// `lstat(2)`, or `stat(2)` when `followingLinks`: the package's one way to ask what a path is. `EINTR` is
    /// retried; nil when nothing is there (`ENOENT`, or a component on the way is not a directory).
    package static func status(_ path: String, followingLinks: Bool = false) throws(SystemCallError) -> FileInfo? {
        try status(followingLinks ? "stat" : "lstat", absentIsNil: true) {
            followingLinks ? stat(path, $0) : lstat(path, $0)
        }
    }

    package static func status(descriptor fd: Int32) throws(SystemCallError) -> FileInfo {
        // Never nil: a descriptor names a file.
        try status("fstat", absentIsNil: false) { fstat(fd, $0) }!
    }

    /// `fstatat(2)` of `name` in the open directory `directory`, without following a final link; nil when absent.
    package static func status(of name: String, in directory: Int32) throws(SystemCallError) -> FileInfo? {
        try status("fstatat", absentIsNil: true) { fstatat(directory, name, $0, AT_SYMLINK_NOFOLLOW) }
    }

    /// Runs one of the `stat` calls until it does not fail with `EINTR`; with `absentIsNil`, `ENOENT` and `ENOTDIR`
    /// are nil rather than an error.
    private static func status(
        _ name: String, absentIsNil: Bool, _ call: (UnsafeMutablePointer<stat>) -> Int32
    ) throws(SystemCallError) -> FileInfo? {
        var info = stat()
        while call(&info) == -1 {
            let number = errno
            if number == EINTR { continue }
            if absentIsNil, number == ENOENT || number == ENOTDIR { return nil }
            throw SystemCallError(name, number)
        }
        return FileInfo(info)
    }
}
