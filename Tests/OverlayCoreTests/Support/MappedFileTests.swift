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
            let file = try #require(MappedFile.open(path, limit: 1 << 20))
            #expect(file.data == bytes, "\(count) bytes")
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
}
