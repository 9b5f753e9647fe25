import Foundation

/// A store file mapped read-only instead of read, for the launch: page faults on freshly read buffers were a third
/// of a cold launch (BENCHMARKS.md). Only a regular file of at most `limit` bytes is mapped; the store never rewrites
/// a file in place, so a mapping never shrinks under a reader. Files under ``mappingThreshold`` are read instead.
final class MappedFile: @unchecked Sendable {
    static let mappingThreshold = 16 << 10

    /// The whole file; its bytes are immutable for as long as this object lives.
    let bytes: UnsafeRawBufferPointer
    private let isMapped: Bool

    private init(bytes: UnsafeRawBufferPointer, isMapped: Bool) {
        self.bytes = bytes
        self.isMapped = isMapped
    }

    deinit {
        guard let base = bytes.baseAddress else { return }
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
        } else {
            UnsafeMutableRawPointer(mutating: base).deallocate()
        }
    }

    /// The file open at `fd` (its caller closes it), mapped or read; nil when it is not a regular file, is empty, is
    /// larger than `limit`, or is not `size` bytes when a size is given.
    static func open(descriptor fd: Int32, path: String, limit: Int, size expected: Int? = nil,
                     syscalls: Syscalls = .live) -> MappedFile? {
        guard let status = try? syscalls.descriptorStatus(fd, path), status.kind == .regular,
            status.size > 0, status.size <= limit, expected.map({ $0 == status.size }) ?? true
        else { return nil }
        let count = Int(status.size)
        if count >= mappingThreshold {
            guard let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else { return nil }
            return MappedFile(bytes: UnsafeRawBufferPointer(start: mapped, count: count), isMapped: true)
        }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        var filled = 0
        while filled < count {
            let got = LibC.read(fd, buffer + filled, count - filled)
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        guard filled == count else {
            buffer.deallocate()
            return nil
        }
        return MappedFile(bytes: UnsafeRawBufferPointer(start: buffer, count: count), isMapped: false)
    }

    /// The whole file as `Data` without a copy, keeping the file mapped while it lives.
    var data: Data {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return Data() }
        return Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count,
                    deallocator: .custom { _, _ in withExtendedLifetime(self) {} })
    }
}
