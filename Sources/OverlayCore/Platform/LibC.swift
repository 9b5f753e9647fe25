// The platform layer (this folder): the only files of the package that name the platform's C library (Glibc on Linux, Darwin on
// Apple platforms) or test which platform they are built for; PlatformLayerTests greps the sources to keep it so.
// Everything else reaches POSIX through Foundation, and through these wrappers where the platforms differ (`stat`
// times, directory handles, durable writes), where a Swift member of the same name would shadow the C function
// (`Syscalls.open`) or where Swift cannot import the function at all (`flock`).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("Overlay supports Linux (Glibc) and Apple platforms (Darwin)")
#endif
import CPlatform

package enum LibC {
    package static func open(_ path: String, _ flags: Int32, _ mode: Int) -> Int32 { posixOpen(path, flags, mode) }
    package static func openat(_ directory: Int32, _ name: String, _ flags: Int32, _ mode: Int) -> Int32 {
        posixOpenat(directory, name, flags, mode)
    }
    package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { posixRead(fd, buffer, count) }
    package static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { posixWrite(fd, buffer, count) }
    package static func close(_ fd: Int32) -> Int32 { posixClose(fd) }
    package static func rename(_ from: String, _ to: String) -> Int32 { posixRename(from, to) }
    package static func mkdir(_ path: String, _ mode: Int) -> Int32 { posixMkdir(path, mode) }
    package static func unlinkat(_ directory: Int32, _ name: String, _ flags: Int32) -> Int32 {
        posixUnlinkat(directory, name, flags)
    }
    package static func flock(_ fd: Int32, _ operation: Int32) -> Int32 { overlay_flock(fd, operation) }

    static var storage: PlatformStorage {
        #if canImport(Darwin)
        // fsync(2) on Darwin moves data to the drive, which may keep it in its cache and write it out of order; the
        // F_FULLFSYNC fcntl asks the drive to write it to permanent storage (man page fsync(2), developer.apple.com
        // "Darwin/Reference/ManPages/man2/fsync.2").
        #if os(macOS)
        // Macs have no file protection classes for an app's own files to choose (Data Protection is the iOS family's).
        let protect: (@Sendable (String, PlatformStorage.Protection) throws -> Void)? = nil
        #else
        let protect: (@Sendable (String, PlatformStorage.Protection) throws -> Void)? = PlatformStorage.appleProtect
        #endif
        return PlatformStorage(
            fullSync: { fcntl($0, F_FULLFSYNC) }, fsync: { posixFsync($0) },
            excludeFromBackup: PlatformStorage.appleExcludeFromBackup, protect: protect)
        #else
        // Linux: fsync(2) flushes the drive's write cache itself; no backup flag or protection class exists.
        return PlatformStorage(fullSync: nil, fsync: { posixFsync($0) }, excludeFromBackup: nil, protect: nil)
        #endif
    }

    /// Asks Linux to back an anonymous mapping with huge pages (advisory: failure only costs speed); elsewhere
    /// nothing, Darwin has no `MADV_HUGEPAGE`.
    package static func adviseHugePages(_ pointer: UnsafeMutableRawPointer, _ count: Int) {
        #if canImport(Glibc)
        _ = madvise(pointer, count, MADV_HUGEPAGE)
        #endif
    }
}

// At file scope the names are the C functions (inside `LibC` they would be its own members).
private func posixOpen(_ path: String, _ flags: Int32, _ mode: Int) -> Int32 { open(path, flags, mode_t(mode)) }
private func posixOpenat(_ directory: Int32, _ name: String, _ flags: Int32, _ mode: Int) -> Int32 {
    openat(directory, name, flags, mode_t(mode))
}
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
private func posixFsync(_ fd: Int32) -> Int32 { fsync(fd) }
private func posixClose(_ fd: Int32) -> Int32 { close(fd) }
private func posixRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
private func posixMkdir(_ path: String, _ mode: Int) -> Int32 { mkdir(path, mode_t(mode)) }
private func posixUnlinkat(_ directory: Int32, _ name: String, _ flags: Int32) -> Int32 { unlinkat(directory, name, flags) }
