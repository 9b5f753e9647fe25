package import Foundation

/// The index file at the root of a revision, `overlay-strings.index` (docs/FORMATS.md §8): every `.strings` table's
/// compiled index (``StringsTableIndex``) in one file, because each file of a revision costs an fsync. The store
/// writes it, the resolver reads it; it checks itself with CRC-32s, and a part that fails is not used (its table is
/// scanned), so a damaged index costs time, never text.
package enum RevisionIndex {
    package static let fileName = "overlay-strings.index"
    private static let magic = Array("OVLYIDX2".utf8)
    /// Magic, part count, directory byte count, CRC.
    private static let headerSize = 8 + 4 + 4 + 4
    /// More than any revision's directory (its paths are at most 1,024 bytes each).
    private static let directoryLimit = 16 << 20
    static let fileLimit = Int(UInt32.max)

    // MARK: Writing

    /// The index file of a revision's `files` (relative path → bytes): a part per `.strings` table that reads, in path
    /// order; nil when none does (nothing is written then).
    static func file(forTables files: [String: Data]) -> Data? {
        var paths: [[UInt8]] = []
        var parts: [Data] = []
        for (path, data) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".strings") {
            guard path.utf8.count <= Int(UInt16.max), let index = StringsTableIndex.encode(data) else { continue }
            paths.append(Array(path.utf8))
            parts.append(index)
        }
        guard !parts.isEmpty else { return nil }
        let directorySize = paths.reduce(0) { $0 + 2 + $1.count + 8 + 4 + 4 }
        var directory: [UInt8] = []
        directory.reserveCapacity(directorySize)
        // Each part starts at a multiple of 8, so a mapped part can be read in place.
        var offset = headerSize + directorySize
        for (path, part) in zip(paths, parts) {
            offset = aligned(offset)
            directory.appendLittleEndian(UInt16(path.count))
            directory.append(contentsOf: path)
            directory.appendLittleEndian(UInt64(offset))
            directory.appendLittleEndian(UInt32(part.count))
            directory.appendLittleEndian(part.withUnsafeBytes { Zlib.crc32($0) })
            offset += part.count
        }
        var counts: [UInt8] = []
        counts.appendLittleEndian(UInt32(parts.count))
        counts.appendLittleEndian(UInt32(directorySize))
        var out = magic + counts
        out.appendLittleEndian(checksum(counts: counts, directory: directory))
        out += directory
        var data = Data(out)
        for part in parts {
            data.append(contentsOf: [UInt8](repeating: 0, count: aligned(data.count) - data.count))
            data.append(part)
        }
        return data
    }

    private static func aligned(_ offset: Int) -> Int { (offset + 7) & ~7 }

    private static func checksum(counts: some Collection<UInt8>, directory: some Collection<UInt8>) -> UInt32 {
        let bytes = Array(counts) + Array(directory)
        return bytes.withUnsafeBytes { Zlib.crc32($0) }
    }

    // MARK: Reading

    /// One part as a reader found it.
    enum Part: Sendable, Equatable {
        /// The part's bytes, their CRC-32 checked.
        case found(Data)
        /// The file has no part of that name (or is absent).
        case absent
        /// The header, the directory or the part does not match its CRC-32, or lies outside the file: not used.
        case damaged
    }

    private struct Directory {
        var entries: [(path: ArraySlice<UInt8>, offset: Int, count: Int, crc: UInt32)] = []
        var end: Int
    }

    /// The directory in the first bytes of a file of `size` bytes; nil when the magic, the counts or the CRC-32 do
    /// not hold.
    private static func directory(_ raw: UnsafeRawBufferPointer, size: Int) -> Directory? {
        guard raw.count >= headerSize, raw.prefix(8).elementsEqual(magic) else { return nil }
        let count = Int(raw.littleEndian(UInt32.self, at: 8))
        let directorySize = Int(raw.littleEndian(UInt32.self, at: 12))
        guard directorySize <= directoryLimit, directorySize <= raw.count - headerSize,
            checksum(counts: raw[8..<16], directory: raw[headerSize..<(headerSize + directorySize)])
                == raw.littleEndian(UInt32.self, at: 16)
        else { return nil }
        let bytes = Array(raw[headerSize..<(headerSize + directorySize)])
        var result = Directory(end: headerSize + directorySize)
        var position = 0
        for _ in 0..<count {
            guard position + 2 <= bytes.count else { return nil }
            let length = Int(UInt16(bytes[position]) | UInt16(bytes[position + 1]) << 8)
            let pathEnd = position + 2 + length
            guard pathEnd + 16 <= bytes.count else { return nil }
            let fields = bytes.withUnsafeBytes { UnsafeRawBufferPointer(rebasing: $0[pathEnd..<(pathEnd + 16)]) }
            let offset = fields.littleEndian(UInt64.self, at: 0)
            guard offset <= UInt64(size) else { return nil }
            result.entries.append((bytes[(position + 2)..<pathEnd], Int(offset),
                                   Int(fields.littleEndian(UInt32.self, at: 8)), fields.littleEndian(UInt32.self, at: 12)))
            position = pathEnd + 16
        }
        return position == bytes.count ? result : nil
    }

    /// The part named `path` of the index file open at `fd` (its caller closes it). Only the header and directory are
    /// read, then the part is mapped on its own and its CRC-32 checked, so a launch keeps resident only what it reads.
    static func part(_ path: String, descriptor fd: Int32, filePath: String, syscalls: Syscalls = .live) -> Part {
        let name = Array(path.utf8)
        var crc: UInt32?
        var readable = false
        let mapped = MappedFile.parts(
            descriptor: fd, path: filePath, limit: fileLimit, head: headerSize, syscalls: syscalls,
            more: { head in
                guard head.count >= headerSize, head.prefix(8).elementsEqual(magic) else { return 0 }
                return min(Int(head.littleEndian(UInt32.self, at: 12)), directoryLimit)
            }
        ) { raw, size in
            guard let directory = directory(raw, size: size) else { return [nil] }
            readable = true
            guard let entry = directory.entries.first(where: { $0.path.elementsEqual(name) }) else { return [nil] }
            crc = entry.crc
            return [(entry.offset, entry.count)]
        }
        guard let mapped, readable else { return .damaged }
        guard let crc else { return .absent }
        guard let data = mapped.first ?? nil, data.withUnsafeBytes({ Zlib.crc32($0) }) == crc else { return .damaged }
        return .found(data)
    }

    /// Why the index file `data` is damaged, or nil when every byte of it checks: the header, the directory and every
    /// part match their CRC-32, each part indexes a table `tables` lists (relative path → byte count) of that size,
    /// and only zeros lie between parts. What the store's open checks before rewriting the file, and `inspect` reports.
    package static func damage(of data: Data, tables: [String: Int]) -> String? {
        data.withUnsafeBytes { raw -> String? in
            guard let directory = directory(raw, size: raw.count) else {
                return "its header or directory does not match its checksum"
            }
            var covered = directory.end
            for entry in directory.entries {
                let name = String(decoding: entry.path, as: UTF8.self)
                guard entry.offset >= covered, entry.count <= raw.count - entry.offset else {
                    return "the part of \(name) lies outside the file or over another"
                }
                guard raw[covered..<entry.offset].allSatisfy({ $0 == 0 }) else { return "bytes between its parts changed" }
                let part = UnsafeRawBufferPointer(rebasing: raw[entry.offset..<(entry.offset + entry.count)])
                guard Zlib.crc32(part) == entry.crc else { return "the part of \(name) does not match its checksum" }
                guard let listed = tables[name] else { return "it indexes \(name), which the revision does not list" }
                guard StringsTableIndex.tableSize(of: part) == listed else {
                    return "its part of \(name) is for a table of another size"
                }
                covered = entry.offset + entry.count
            }
            return covered == raw.count ? nil : "it has bytes after its last part"
        }
    }
}

extension [UInt8] {
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}

extension UnsafeRawBufferPointer {
    func littleEndian<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
        T(littleEndian: loadUnaligned(fromByteOffset: offset, as: T.self))
    }
}
