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

    /// The regular file at `path`, mapped (or read when small); nil when it cannot be opened, is not a regular file,
    /// is empty or larger than `limit`.
    static func open(_ path: String, limit: Int) -> MappedFile? {
        guard let fd = try? Syscalls.live.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0) else { return nil }
        defer { _ = LibC.close(fd) }
        return open(descriptor: fd, path: path, limit: limit)
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

    /// Parts of the regular file open at `fd` (its caller closes it), each mapped on its own, so only their pages are
    /// faulted in. `head` bytes are read, then as many more as `more` says; `locate` names the parts in those bytes as
    /// (offset, count); nil for a part outside the file or that cannot be mapped, and for a file not regular or over
    /// `limit` bytes.
    static func parts(
        descriptor fd: Int32, path: String, limit: Int, head: Int, syscalls: Syscalls = .live,
        more: (UnsafeRawBufferPointer) -> Int, locate: (UnsafeRawBufferPointer, Int) -> [(offset: Int, count: Int)?]
    ) -> [Data?]? {
        guard let status = try? syscalls.descriptorStatus(fd, path), status.kind == .regular, status.size <= limit,
            var start = try? syscalls.read(fd, path, min(head, Int(status.size)))
        else { return nil }
        let size = Int(status.size)
        // Then as many bytes more as the head says (a directory), never more than the file holds.
        let rest = min(max(start.withUnsafeBytes { more($0) }, 0), size - start.count)
        if start.count == head, rest > 0 {
            guard let read = try? syscalls.read(fd, path, rest), read.count == rest else { return nil }
            start += read
        }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let wanted = start.withUnsafeBytes { locate($0, size) }
        return wanted.map { part -> Data? in
            guard let part, part.offset >= 0, part.count > 0, part.offset <= size, part.count <= size - part.offset
            else { return part.map { $0.count == 0 ? Data() : nil } ?? nil }
            let mapStart = part.offset / pageSize * pageSize
            let mapCount = part.offset + part.count - mapStart
            guard let mapped = mmap(nil, mapCount, PROT_READ, MAP_PRIVATE, fd, off_t(mapStart)), mapped != MAP_FAILED
            else { return nil }
            let file = MappedFile(bytes: UnsafeRawBufferPointer(start: mapped, count: mapCount), isMapped: true)
            return file.part(part.offset - mapStart, part.count)
        }
    }

    /// `count` bytes from `offset` as `Data` without a copy, keeping the file mapped while it lives; nil when the
    /// range is not inside the file.
    func part(_ offset: Int, _ count: Int) -> Data? {
        guard offset >= 0, count >= 0, offset <= bytes.count, count <= bytes.count - offset,
            let base = bytes.baseAddress
        else { return nil }
        if count == 0 { return Data() }
        return Data(
            bytesNoCopy: UnsafeMutableRawPointer(mutating: base + offset), count: count,
            deallocator: .custom { _, _ in withExtendedLifetime(self) {} })
    }

    /// The whole file as `Data` without a copy.
    var data: Data { part(0, bytes.count) ?? Data() }
}
