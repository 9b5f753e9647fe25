import Foundation

/// The store's only way to touch the file system: one closure per libc call.
///
/// Every live call retries `EINTR` and turns a failure into a ``StoreError`` naming the call, the path
/// and the errno. Tests replace the seam with `Syscalls.injecting(_:over:)` (OverlayTestSupport) to fail or "kill" the Nth call.
package struct Syscalls: Sendable {
    /// `open(2)`; returns the descriptor.
    package var open: @Sendable (_ path: String, _ flags: Int32, _ mode: UInt32) throws -> Int32
    /// One `read(2)` of at most `count` bytes; empty at end of file.
    package var read: @Sendable (_ fd: Int32, _ path: String, _ count: Int) throws -> [UInt8]
    /// `write(2)` in a loop until every byte is written.
    package var write: @Sendable (_ fd: Int32, _ path: String, _ bytes: [UInt8]) throws -> Void
    /// `fsync(2)`, the durable way: ``PlatformStorage/synchronize(_:)`` (`F_FULLFSYNC` on Darwin).
    package var fsync: @Sendable (_ fd: Int32, _ path: String) throws -> Void
    /// `close(2)`; `EINTR` counts as closed (Linux frees the descriptor anyway).
    package var close: @Sendable (_ fd: Int32, _ path: String) throws -> Void
    package var rename: @Sendable (_ from: String, _ to: String) throws -> Void
    package var mkdir: @Sendable (_ path: String, _ mode: UInt32) throws -> Void
    /// `opendir`/`readdir`/`closedir`: the names in a directory, without `.` and `..`.
    package var listDirectory: @Sendable (_ path: String) throws -> [String]
    /// `flock(2)` with the given operation (`LOCK_EX`, `LOCK_UN`).
    package var flock: @Sendable (_ fd: Int32, _ path: String, _ operation: Int32) throws -> Void
    /// `lstat(2)`; `nil` when the path does not exist.
    package var status: @Sendable (_ path: String) throws -> FileInfo?
    /// `fstat(2)` (counted as a `stat` call).
    package var descriptorStatus: @Sendable (_ fd: Int32, _ path: String) throws -> FileInfo
    /// `openat(2)` of `name` in the open directory `directory` (counted as `open`); `path` names it in errors.
    package var openAt: @Sendable (_ directory: Int32, _ name: String, _ flags: Int32, _ path: String) throws -> Int32
    /// `unlinkat(2)`, the one removal call (``unlink(_:)`` and ``rmdir(_:)`` of a path too); with `AT_REMOVEDIR` it
    /// removes an empty directory (counted as `rmdir`, else `unlink`).
    package var unlinkAt: @Sendable (_ directory: Int32, _ name: String, _ flags: Int32, _ path: String) throws -> Void
    /// `fstatat(2)` with `AT_SYMLINK_NOFOLLOW` (counted as `stat`); `nil` when the name does not exist.
    package var statusAt: @Sendable (_ directory: Int32, _ name: String, _ path: String) throws -> FileInfo?
    /// `fdopendir` of a duplicate of `directory`, `readdir`, `closedir` (counted as `readdir`).
    package var listDirectoryAt: @Sendable (_ directory: Int32, _ path: String) throws -> [String]
    /// The platform's durability, backup and protection calls: the live `fsync` goes through it, and the store asks it
    /// to prepare its directory at every open that writes.
    package var storage: PlatformStorage

    /// The real libc calls.
    package static let live = Syscalls.live(storage: .live)

    /// The real libc calls, with `storage`'s durability and directory calls (a test records them).
    package static func live(storage: PlatformStorage) -> Syscalls {
        Syscalls(
            open: { path, flags, mode in
                Int32(try retrying("open", path) { LibC.open(path, flags, Int(mode)) })
            },
            read: { fd, path, count in
                // Uninitialized: zeroing a 64 KiB buffer per read cost more than reading a small file.
                try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                    initialized = try retrying("read", path) { LibC.read(fd, buffer.baseAddress, count) }
                }
            },
            write: { fd, path, bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = try retrying("write", path) {
                        bytes.withUnsafeBytes { LibC.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
                    }
                    offset += written
                }
            },
            fsync: { fd, path in _ = try retrying("fsync", path) { storage.synchronize(fd) } },
            close: { fd, path in
                if LibC.close(fd) == -1, errno != EINTR { throw StoreError.syscall("close", path: path, errno: errno) }
            },
            rename: { from, to in _ = try retrying("rename", "\(from) -> \(to)") { LibC.rename(from, to) } },
            mkdir: { path, mode in _ = try retrying("mkdir", path) { LibC.mkdir(path, Int(mode)) } },
            listDirectory: { path in try storeCall(path) { () throws(SystemCallError) in try LibC.names(in: path) } },
            flock: { fd, path, operation in _ = try retrying("flock", path) { LibC.flock(fd, operation) } },
            status: { path in try storeCall(path) { () throws(SystemCallError) in try LibC.status(path) } },
            descriptorStatus: { fd, path in
                try storeCall(path) { () throws(SystemCallError) in try LibC.status(descriptor: fd) }
            },
            openAt: { directory, name, flags, path in
                Int32(try retrying("openat", path) { LibC.openat(directory, name, flags, 0) })
            },
            unlinkAt: { directory, name, flags, path in
                _ = try retrying("unlinkat", path) { LibC.unlinkat(directory, name, flags) }
            },
            statusAt: { directory, name, path in
                try storeCall(path) { () throws(SystemCallError) in try LibC.status(of: name, in: directory) }
            },
            listDirectoryAt: { directory, path in
                try storeCall(path) { () throws(SystemCallError) in
                    var names: [String] = []
                    try LibC.forEachName(inDirectory: directory) { names.append(String(cString: $0)) }
                    return names.sorted()
                }
            },
            storage: storage)
    }
}

/// Runs a libc call until it does not fail with `EINTR`; `-1` becomes a ``StoreError``.
private func retrying<T: BinaryInteger>(_ name: String, _ path: String, _ call: () -> T) throws -> Int {
    while true {
        let result = call()
        if result != -1 { return Int(result) }
        let number = errno
        if number == EINTR { continue }
        throw StoreError.syscall(name, path: path, errno: number)
    }
}

/// A platform-layer call whose failure becomes a ``StoreError`` naming the call, the path and the errno.
private func storeCall<T>(_ path: String, _ call: () throws(SystemCallError) -> T) throws -> T {
    do {
        return try call()
    } catch {
        throw StoreError.syscall(error.call, path: path, errno: error.number)
    }
}
