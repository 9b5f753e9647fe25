import Foundation
import Testing
@testable import OverlayCore

/// What a launch maps instead of reading: the same bytes as a read, small files read, and never a symbolic link, a
/// FIFO (no wait), a directory, an empty file or one over its limit.
@Suite struct MappedFileTests {
    @Test func mapsAndReadsTheSameBytes() throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        for count in [1, 100, MappedFile.mappingThreshold - 1, MappedFile.mappingThreshold, 200_000] {
            let bytes = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let path = root.appendingPathComponent("file-\(count)").path
            try bytes.write(to: URL(fileURLWithPath: path))
            let file = try #require(map(path, limit: 1 << 20))
            #expect(file.data == bytes, "\(count) bytes")
            #expect(map(path, limit: count - 1) == nil)
        }
    }

    @Test func refusesWhatIsNotARegularFileOfOurs() throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let real = root.appendingPathComponent("real")
        try Data(repeating: 7, count: 100_000).write(to: real)
        let link = root.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let fifo = root.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let empty = root.appendingPathComponent("empty")
        try Data().write(to: empty)
        #expect(map(real.path, limit: 1 << 20) != nil)
        for refused in [link, fifo, empty, root, root.appendingPathComponent("absent")] {
            #expect(map(refused.path, limit: 1 << 20) == nil, "\(refused.lastPathComponent)")
        }
    }
}

/// The file at `path` as a store reader opens it (``RevisionFiles``: no link followed, no wait on a FIFO), then mapped.
private func map(_ path: String, limit: Int) -> MappedFile? {
    guard let fd = try? Syscalls.live.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0) else { return nil }
    defer { try? Syscalls.live.close(fd, path) }
    return MappedFile.open(descriptor: fd, path: path, limit: limit)
}
