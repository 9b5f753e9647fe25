// The platform layer, with LibC.swift: directory listing, the package's one `opendir`/`readdir`.
#if canImport(Glibc)
import Glibc

/// What `opendir(3)` returns: Glibc's headers keep `DIR` incomplete, so Swift sees an opaque pointer.
typealias DirectoryHandle = OpaquePointer
#elseif canImport(Darwin)
import Darwin

/// What `opendir(3)` returns: Darwin's <dirent.h> declares `DIR`, so Swift sees a typed pointer.
typealias DirectoryHandle = UnsafeMutablePointer<DIR>
#endif

extension LibC {
    /// `opendir(3)`, `readdir(3)` to the end, `closedir(3)`: calls `body` with every name in the directory at `path`
    /// but `.` and `..`, as the C string `readdir` returned (the caller decides how to decode it). `EINTR` is retried.
    package static func forEachName(in path: String, _ body: (UnsafePointer<CChar>) -> Void) throws(SystemCallError) {
        var handle: DirectoryHandle?
        while true {
            handle = opendir(path)
            if handle != nil { break }
            let number = errno
            if number == EINTR { continue }
            throw SystemCallError("opendir", number)
        }
        guard let handle else { return }
        defer { closedir(handle) }
        try readNames(handle, body)
    }

    /// The same for a directory already open as `directory` (`fdopendir(3)` of a duplicate, so `directory` stays open
    /// and positioned where it was).
    package static func forEachName(inDirectory directory: Int32, _ body: (UnsafePointer<CChar>) -> Void)
        throws(SystemCallError) {
        var copy: Int32
        repeat { copy = dup(directory) } while copy == -1 && errno == EINTR
        guard copy != -1 else { throw SystemCallError("dup", errno) }
        guard let handle = fdopendir(copy) else {
            let number = errno
            _ = LibC.close(copy)
            throw SystemCallError("fdopendir", number)
        }
        defer { closedir(handle) }
        try readNames(handle, body)
    }

    private static func readNames(_ handle: DirectoryHandle, _ body: (UnsafePointer<CChar>) -> Void) throws(SystemCallError) {
        while true {
            errno = 0
            guard let entry = readdir(handle) else {
                let number = errno
                if number == 0 { return }
                if number == EINTR { continue }
                throw SystemCallError("readdir", number)
            }
            // `d_name` is a fixed array (256 bytes on Linux, 1,024 on Darwin) holding a NUL-terminated name.
            let isDot = withUnsafeBytes(of: &entry.pointee.d_name) { name in
                name[0] == UInt8(ascii: ".") && (name[1] == 0 || (name[1] == UInt8(ascii: ".") && name[2] == 0))
            }
            if isDot { continue }
            withUnsafePointer(to: &entry.pointee.d_name) { body(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        }
    }

    /// The names in the directory at `path`, sorted; names that are not UTF-8 are repaired (U+FFFD), as
    /// `String(cString:)` does.
    package static func names(in path: String) throws(SystemCallError) -> [String] {
        var names: [String] = []
        try forEachName(in: path) { names.append(String(cString: $0)) }
        return names.sorted()
    }
}
