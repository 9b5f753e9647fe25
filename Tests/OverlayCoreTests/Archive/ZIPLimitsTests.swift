import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayPublishing

/// Every `ZIPLimits` cap rejects one byte, entry or ratio past it, and accepts exactly at it.
@Suite struct ZIPLimitsTests {
    static let table = Data(String(repeating: "\"key\" = \"value\";\n", count: 100).utf8)  // 1,700 bytes
    static let archive = ZIPWriter.archive(["a.strings": table, "b.strings": table], method: .stored)

    static func limits(_ change: (inout ZIPLimits) -> Void) -> ZIPLimits {
        var limits = ZIPLimits.default
        change(&limits)
        return limits
    }

    static let cases: [(name: String, over: ZIPLimits, at: ZIPLimits, code: ZIPError.Code)] = [
        ("archive bytes", limits { $0.maxArchiveBytes = archive.count - 1 }, limits { $0.maxArchiveBytes = archive.count }, .tooLarge),
        ("entries", limits { $0.maxEntries = 1 }, limits { $0.maxEntries = 2 }, .tooManyEntries),
        ("entry bytes", limits { $0.maxEntryBytes = table.count - 1 }, limits { $0.maxEntryBytes = table.count }, .tooLarge),
        ("total inflated", limits { $0.maxTotalInflatedBytes = 2 * table.count - 1 }, limits { $0.maxTotalInflatedBytes = 2 * table.count }, .tooLarge),
        ("name length", limits { $0.maxNameLength = 8 }, limits { $0.maxNameLength = 9 }, .nameTooLong),
    ]

    @Test("A cap rejects past it and accepts at it", arguments: cases)
    func cap(_ testCase: (name: String, over: ZIPLimits, at: ZIPLimits, code: ZIPError.Code)) throws {
        let error = #expect(throws: ZIPError.self) { try ZIPArchive(data: Self.archive, limits: testCase.over) }
        #expect(error?.code == testCase.code)
        #expect(try ZIPArchive(data: Self.archive, limits: testCase.at).extractAll().count == 2)
    }

    @Test("The ratio cap compares declared sizes before inflating")
    func ratio() throws {
        let zeros = ZIPWriter.archive(["z": Data(count: 100_000)])
        let archive = try ZIPArchive(data: zeros, limits: Self.limits { $0.maxRatio = 100_000 })
        let entry = archive.entries[0]
        let exact = entry.uncompressedSize / entry.compressedSize
        let error = #expect(throws: ZIPError.self) { try ZIPArchive(data: zeros, limits: Self.limits { $0.maxRatio = exact - 1 }) }
        #expect(error?.code == .ratio)
        #expect(error?.entryName == "z")
        #expect(try ZIPArchive(data: zeros, limits: Self.limits { $0.maxRatio = exact + 1 }).extractAll()["z"] == Data(count: 100_000))
    }

    @Test("extract refuses an entry of another archive")
    func foreignEntry() throws {
        let one = try ZIPArchive(data: ZIPWriter.archive(["a.strings": Self.table]))
        let other = try ZIPArchive(data: ZIPWriter.archive(["a.strings": Data("x".utf8)]))
        let error = #expect(throws: ZIPError.self) { try one.extract(other.entries[0]) }
        #expect(error?.code == .unknownEntry)
        #expect(try one.extract(one.entries[0]) == Self.table)
    }

    @Test("Truncating a valid archive anywhere is a rejection, never a crash", arguments: [.stored, .deflate] as [ZIPEntry.Method])
    func everyTruncation(_ method: ZIPEntry.Method) {
        let data = ZIPWriter.archive(["a.strings": Self.table, "b/c.strings": Data("x".utf8)], method: method)
        for length in 0..<data.count {
            #expect(throws: ZIPError.self) { _ = try ZIPArchive(data: data.prefix(length)).extractAll() }
        }
    }

    @Test("A data slice with a non-zero start index reads like a fresh copy")
    func sliceInput() throws {
        let padded = Data("junk".utf8) + Self.archive
        let slice = padded[4...]
        #expect(try ZIPArchive(data: slice).extractAll() == ["a.strings": Self.table, "b.strings": Self.table])
    }
}

/// Outputs of 2 MiB and more are extracted into mapped memory (`ExtractionBuffer`); the same checks apply.
@Suite struct ZIPLargeEntryTests {
    /// Pseudo-random bytes (an LCG), so deflate cannot shrink them past the ratio cap.
    static let large: Data = {
        var state: UInt64 = 42
        return Data((0..<(3 << 20)).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        })
    }()

    @Test("A 3 MiB entry round-trips through mapped memory", arguments: [.stored, .deflate] as [ZIPEntry.Method])
    func roundTrip(_ method: ZIPEntry.Method) throws {
        #expect(Self.large.count >= ExtractionBuffer.mappingThreshold)
        let archive = try ZIPArchive(data: ZIPWriter.archive(["big.strings": Self.large, "small": Data("x".utf8)], method: method))
        let files = try archive.extractAll()
        #expect(files["big.strings"] == Self.large)
        #expect(files["small"] == Data("x".utf8))
    }

    /// Mapped in whole huge pages from a huge-page boundary, at every size around the threshold; each byte writable.
    @Test func largeBuffersStartOnAHugePageBoundary() {
        let huge = ExtractionBuffer.mappingThreshold
        for capacity in [huge - 1, huge, huge + 1, 3 * huge - 7] {
            let buffer = ExtractionBuffer(capacity: capacity)
            defer { buffer.release() }
            #expect(buffer.capacity == capacity)
            #expect(Int(bitPattern: buffer.pointer) % huge == 0 || capacity < huge, "\(capacity)")
            buffer.pointer.initializeMemory(as: UInt8.self, repeating: 0xA5, count: capacity)
            #expect(buffer.pointer.load(fromByteOffset: capacity - 1, as: UInt8.self) == 0xA5)
        }
    }

    @Test("A large entry whose CRC lies is rejected and its mapped buffer released")
    func crcMismatch() throws {
        var data = ZIPWriter.archive(["big.strings": Self.large], method: .stored)
        data[14] ^= 0xFF  // local header CRC
        let directory = data.count - 22 - 46 - "big.strings".utf8.count
        data[directory + 16] ^= 0xFF  // central directory CRC
        let bytes = data
        let error = #expect(throws: ZIPError.self) { _ = try ZIPArchive(data: bytes).extractAll() }
        #expect(error?.code == .crcMismatch)
    }
}
