// The tools' part of the platform layer (with Sources/OverlayCore/Platform/): calls no app makes on a device.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
package import OverlayCore

extension LibC {
    /// `fsync(2)` the durable way, as the store's ``PlatformStorage/synchronize(_:)`` (`F_FULLFSYNC` on Darwin); -1
    /// with `errno` set when it fails.
    package static func synchronize(_ fd: Int32) -> Int32 { PlatformStorage.live.synchronize(fd) }

    /// `futimens(2)`.
    package static func setTimes(_ fd: Int32, accessed: FileTime, modified: FileTime) throws(SystemCallError) {
        var times = [accessed, modified].map { timespec(tv_sec: time_t($0.seconds), tv_nsec: Int($0.nanoseconds)) }
        guard futimens(fd, &times) == 0 else { throw SystemCallError("futimens", errno) }
    }

    /// Minor and major, for benchmarks that count them.
    package static func pageFaults() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        _ = getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        _ = getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage.ru_minflt + usage.ru_majflt
    }
}

extension FileTime {
    package var timeIntervalSince1970: Double { Double(seconds) + Double(nanoseconds) / 1e9 }
}
