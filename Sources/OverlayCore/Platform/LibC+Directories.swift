// The platform layer, with LibC.swift: directory listing, the package's one `fdopendir`/`readdir`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LibC {
    /// `open(2)` of the directory at `path` (`O_DIRECTORY`), then calls `body` with every name in it but `.` and `..`,
    /// as the C string `readdir` returned (the caller decides how to decode it). `EINTR` is retried.
    package static func forEachName(in path: String, _ body: (UnsafePointer<CChar>) -> Void) throws(SystemCallError) {
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0) } while fd == -1 && errno == EINTR
        guard fd != -1 else { throw SystemCallError("open", errno) }
        try forEachName(owning: fd, body)
    }

    /// The same for a directory already open as `directory` (read through a duplicate, so `directory` stays open and
    /// positioned where it was).
    package static func forEachName(inDirectory directory: Int32, _ body: (UnsafePointer<CChar>) -> Void)
        throws(SystemCallError) {
        var copy: Int32
        repeat { copy = dup(directory) } while copy == -1 && errno == EINTR
        guard copy != -1 else { throw SystemCallError("dup", errno) }
        try forEachName(owning: copy, body)
    }

    /// `fdopendir(3)` of `fd` (the stream owns it from then on), `readdir(3)` to the end, `closedir(3)`. The stream
    /// is an `OpaquePointer` on Glibc, whose headers keep `DIR` incomplete, and typed on Darwin: never named here.
    private static func forEachName(owning fd: Int32, _ body: (UnsafePointer<CChar>) -> Void) throws(SystemCallError) {
        guard let handle = fdopendir(fd) else {
            let number = errno
            _ = LibC.close(fd)
            throw SystemCallError("fdopendir", number)
        }
        defer { closedir(handle) }
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
