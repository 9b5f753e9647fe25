package import Foundation

/// A ZIP archive read from memory and checked against every known ZIP attack (each with its own
/// ``ZIPError/Code``, DESIGN.md "Module archive") before anything is extracted. Extraction inflates in memory, never
/// past the declared size, and checks the CRC-32.
package struct ZIPArchive: Sendable {
    package let entries: [ZIPEntry]
    package let limits: ZIPLimits
    private let data: Data

    /// Parses and checks `data`; nothing is inflated yet.
    /// - Throws: ``ZIPError`` naming the first problem found.
    package init(data: Data, limits: ZIPLimits = .default) throws(ZIPError) {
        guard data.count <= limits.maxArchiveBytes else {
            throw ZIPError(code: .tooLarge, message: "the archive is \(data.count) bytes, more than the limit of \(limits.maxArchiveBytes); ship smaller modules or raise maxArchiveBytes")
        }
        let parsed = data.withUnsafeBytes { buffer in
            Result { () throws(ZIPError) -> [ZIPEntry] in try Self.parse(ZIPBytes(buffer: buffer), limits) }
        }
        self.entries = try parsed.get()
        self.limits = limits
        self.data = data
    }

    static func parse(_ bytes: ZIPBytes, _ limits: ZIPLimits) throws(ZIPError) -> [ZIPEntry] {
        let end = try findEndRecord(bytes)
        try checkDirectoryBounds(end, bytes, limits)
        var entries = try readCentralDirectory(end, bytes, limits)
        try locate(&entries, bytes)
        try checkTiling(entries, end)
        for entry in entries { try checkLocalHeader(entry, bytes) }
        return entries
    }

    /// The extracted bytes of `entry` (empty for a directory).
    package func extract(_ entry: ZIPEntry) throws(ZIPError) -> Data {
        guard entry.index >= 0, entry.index < entries.count, entries[entry.index] == entry else {
            throw ZIPError(code: .unknownEntry, message: "entry \(entry.name.debugDescription) does not belong to this archive; pass one of its `entries`", entryName: entry.name)
        }
        // One spare byte lets inflate show that the data would run past the declared size.
        let buffer = ExtractionBuffer(capacity: entry.uncompressedSize + 1)
        let result = data.withUnsafeBytes { archive in
            Result { () throws(ZIPError) in
                let source = UnsafeRawBufferPointer(rebasing: archive[entry.dataOffset..<(entry.dataOffset + entry.compressedSize)])
                try Self.decompress(entry, source, into: UnsafeMutableRawBufferPointer(start: buffer.pointer, count: buffer.capacity))
            }
        }
        do {
            try result.get()
        } catch {
            buffer.release()
            throw error
        }
        return buffer.data(count: entry.uncompressedSize)
    }

    /// Every file entry's extracted bytes by name (directories are left out).
    package func extractAll() throws(ZIPError) -> [String: Data] {
        var files: [String: Data] = [:]
        files.reserveCapacity(entries.count)
        for entry in entries where !entry.isDirectory {
            files[entry.name] = try extract(entry)
        }
        return files
    }

    private static func decompress(_ entry: ZIPEntry, _ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer) throws(ZIPError) {
        let name = entry.name
        var crc: UInt32 = 0
        switch entry.method {
        case .stored:
            destination.copyMemory(from: source)
            crc = Zlib.crc32(source)
        case .deflate:
            switch Zlib.inflate(source, into: destination, crc: &crc) {
            case .finished(let consumed, let produced):
                if produced != entry.uncompressedSize {
                    throw ZIPError(code: .inflatedSizeMismatch, message: "entry \(name.debugDescription) inflates to \(produced) bytes but declares \(entry.uncompressedSize); rebuild the archive", entryName: name)
                }
                if consumed != source.count {
                    throw ZIPError(code: .compressedSizeMismatch, message: "the deflate stream of \(name.debugDescription) ends after \(consumed) of its \(source.count) declared bytes; rebuild the archive", entryName: name)
                }
            case .outputFull:
                throw ZIPError(code: .inflatedSizeMismatch, message: "entry \(name.debugDescription) inflates to more than its declared \(entry.uncompressedSize) bytes (stopped there); the sizes lie: rebuild the archive", entryName: name)
            case .inputExhausted:
                throw ZIPError(code: .corruptData, message: "the deflate stream of \(name.debugDescription) is cut short (no final block in \(source.count) bytes); rebuild the archive", entryName: name)
            case .corrupt(let reason):
                throw ZIPError(code: .corruptData, message: "the deflate stream of \(name.debugDescription) is corrupt (zlib: \(reason)); rebuild the archive", entryName: name)
            }
        }
        if crc != entry.crc32 {
            throw ZIPError(code: .crcMismatch, message: "entry \(name.debugDescription) has CRC-32 \(hex(crc)) but declares \(hex(entry.crc32)); the data is damaged: download it again", entryName: name)
        }
    }
}

private func hex(_ value: UInt32) -> String {
    "0x" + HexEncoding.encode(withUnsafeBytes(of: value.bigEndian) { Array($0) })
}
