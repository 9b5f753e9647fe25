import Foundation
import Testing
@testable import OverlayCore

/// What a launch maps instead of reading: the same bytes as a read, small files read, and never a symbolic link, a
/// FIFO (no wait), a directory, an empty file or one over its limit; a part outside the file is nil, not a trap.
@Suite struct MappedFileTests {
    @Test func mapsAndReadsTheSameBytes() throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        for count in [1, 100, MappedFile.mappingThreshold - 1, MappedFile.mappingThreshold, 200_000] {
            let bytes = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let path = root.appendingPathComponent("file-\(count)").path
            try bytes.write(to: URL(fileURLWithPath: path))
            let file = try #require(MappedFile.open(path, limit: 1 << 20))
            #expect(file.data == bytes, "\(count) bytes")
            #expect(file.part(1, count - 1) == bytes.dropFirst(), "\(count) bytes")
            #expect(file.part(count, 0) == Data())
            #expect(file.part(count, 1) == nil)
            #expect(file.part(-1, 1) == nil)
            #expect(MappedFile.open(path, limit: count - 1) == nil)
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
        #expect(MappedFile.open(real.path, limit: 1 << 20) != nil)
        for refused in [link, fifo, empty, root, root.appendingPathComponent("absent")] {
            #expect(MappedFile.open(refused.path, limit: 1 << 20) == nil, "\(refused.lastPathComponent)")
        }
    }

    /// Parts are mapped one by one from what a head read names; a part past the file's end is nil.
    @Test func partsAreMappedFromWhatTheHeadNames() throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 / 7) })
        let path = root.appendingPathComponent("parts").path
        try bytes.write(to: URL(fileURLWithPath: path))
        var headSeen = 0
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        let parts = try #require(MappedFile.parts(descriptor: fd, path: path, limit: 1 << 20, head: 16, more: { _ in 8 }) { head, size in
            headSeen = head.count
            return [(5, 10), (4_096 * 20 + 3, 50_000), (size - 1, 1), (size, 1), nil, (0, 0)]
        })
        #expect(headSeen == 24)
        #expect(parts[0] == bytes[5..<15])
        #expect(parts[1] == bytes[(4_096 * 20 + 3)..<(4_096 * 20 + 3 + 50_000)])
        #expect(parts[2] == bytes.suffix(1))
        #expect(parts[3] == nil && parts[4] == nil)
        #expect(parts[5] == Data())
        let directory = open(root.path, O_RDONLY | O_DIRECTORY)
        defer { close(directory) }
        #expect(MappedFile.parts(descriptor: directory, path: root.path, limit: 1 << 20, head: 16, more: { _ in 0 }) { _, _ in [] } == nil)
    }
}
