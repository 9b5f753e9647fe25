// The platform layer, with LibC.swift: `struct stat`, whose fields differ between Glibc and Darwin. A file of its
// own, without CPlatform: where `stat` is named next to that import, the compiler attributes `stat` to CPlatform
// (its header includes <fcntl.h>) and every other file's `stat()` then fails to build in release.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LibC {
    /// What `lstat(2)` says of a path (`EINTR` retried); nil when it fails. The modification time is `st_mtim` on
    /// Linux and `st_mtimespec` on Apple platforms.
    package static func linkStatus(_ path: String)
        -> (mode: UInt32, size: Int, modified: Double, device: UInt64, inode: UInt64)? {
        var info = stat()
        while lstat(path, &info) != 0 {
            if errno == EINTR { continue }
            return nil
        }
        #if canImport(Glibc)
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #else
        let modified = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #endif
        return (UInt32(info.st_mode), Int(info.st_size), modified, UInt64(info.st_dev), UInt64(info.st_ino))
    }
}
