package import Foundation

/// The index file at the root of a revision, `overlay-strings.index` (docs/FORMATS.md §8): the compiled index of each
/// of its `.strings` tables (``StringsTableIndex``), one file per revision rather than one per table (each file of a
/// revision costs an fsync).
///
/// The store derives it from the revision's tables and writes it — at activation, and again when an open finds it
/// damaged; the resolver reads it. It is not in the digest list: it checks itself. A CRC-32 covers the counts and
/// the directory, and each part has its own, checked when the part is first mapped; a part that fails is not used
/// (its table is scanned), so a damaged index costs time, never text.
///
/// Little-endian: `OVLYIDX2`; the part count and the directory's byte count (UInt32 each); the CRC-32 of those eight
/// bytes and the directory (UInt32); the directory, per part in path order: the path's byte count (UInt16), the path
/// relative to the revision (`fr.lproj/Localizable.strings`), where the part starts in the file (UInt64), its byte
/// count and its CRC-32 (UInt32 each); then the parts, each at a multiple of 8 (zeros between), the last one ending
/// the file.
package enum RevisionIndex {
    package static let fileName = "overlay-strings.index"
    private static let magic = Array("OVLYIDX2".utf8)
    /// Magic, part count, directory byte count, CRC.
    private static let headerSize = 8 + 4 + 4 + 4
    /// More than any revision's directory (its paths are at most 1,024 bytes each).
    private static let directoryLimit = 16 << 20
    /// More than the index of every table a revision may hold.
    static let fileLimit = Int(UInt32.max)

    // MARK: Writing

    /// The index file of a revision's `files` (relative path → bytes): an index per `.strings` table that reads; nil
    /// when none does (nothing is written then).
    static func file(forTables files: [String: Data]) -> Data? {
        var parts: [(path: String, data: Data)] = []
        for (path, data) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".strings") {
            if let index = StringsTableIndex.encode(data) { parts.append((path, index)) }
        }
        return file(parts: parts)
    }

    /// The file holding `parts` in the given order; nil when there are none or a path is too long.
    static func file(parts: [(path: String, data: Data)]) -> Data? {
        let paths = parts.map { Array($0.path.utf8) }
        guard !parts.isEmpty, paths.allSatisfy({ $0.count <= Int(UInt16.max) }) else { return nil }
        let directorySize = paths.reduce(0) { $0 + 2 + $1.count + 8 + 4 + 4 }
        var directory: [UInt8] = []
        directory.reserveCapacity(directorySize)
        func put<T: FixedWidthInteger>(_ value: T, into out: inout [UInt8]) {
            withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
        }
        // Each part starts at a multiple of 8, so a mapped part can be read in place.
        var offset = headerSize + directorySize
        for (path, part) in zip(paths, parts) {
            offset = aligned(offset)
            put(UInt16(path.count), into: &directory)
            directory.append(contentsOf: path)
            put(UInt64(offset), into: &directory)
            put(UInt32(part.data.count), into: &directory)
            put(part.data.withUnsafeBytes { Zlib.crc32($0) }, into: &directory)
            offset += part.data.count
        }
        var counts: [UInt8] = []
        put(UInt32(parts.count), into: &counts)
        put(UInt32(directorySize), into: &counts)
        var out = magic + counts
        put(checksum(counts: counts, directory: directory), into: &out)
        out += directory
        var data = Data(out)
        for part in parts {
            data.append(contentsOf: [UInt8](repeating: 0, count: aligned(data.count) - data.count))
            data.append(part.data)
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

    /// The directory of an index file, checked: per part its path, offset, byte count and CRC-32.
    private struct Directory {
        var entries: [(path: ArraySlice<UInt8>, offset: Int, count: Int, crc: UInt32)] = []
        var end: Int
    }

    /// The directory in the first bytes of a file (its header and directory); nil when the magic, the counts or the
    /// CRC-32 do not hold. `size` is the file's byte count.
    private static func directory(_ raw: UnsafeRawBufferPointer, size: Int) -> Directory? {
        guard raw.count >= headerSize, raw.prefix(8).elementsEqual(magic) else { return nil }
        let count = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self)))
        let directorySize = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 12, as: UInt32.self)))
        let crc = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
        guard directorySize <= directoryLimit, directorySize <= raw.count - headerSize,
            checksum(counts: raw[8..<16], directory: raw[headerSize..<(headerSize + directorySize)]) == crc
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
            let offset = UInt64(littleEndian: fields.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
            let partCount = Int(UInt32(littleEndian: fields.loadUnaligned(fromByteOffset: 8, as: UInt32.self)))
            let partCRC = UInt32(littleEndian: fields.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
            guard offset <= UInt64(size) else { return nil }
            result.entries.append((bytes[(position + 2)..<pathEnd], Int(offset), partCount, partCRC))
            position = pathEnd + 16
        }
        return position == bytes.count ? result : nil
    }

    /// The parts named `paths` of the index file open at `fd` (its caller closes it). Only the header and directory
    /// are read; each part found is mapped on its own and its CRC-32 checked, so a launch keeps resident only the parts
    /// it reads. Every part is ``Part/damaged`` when the header or directory fails its check.
    static func parts(_ paths: [String], descriptor fd: Int32, path: String, syscalls: Syscalls = .live) -> [Part] {
        let wanted = paths.map { Array($0.utf8) }
        var crcs = [UInt32?](repeating: nil, count: wanted.count)
        var readable = false
        let mapped = MappedFile.parts(
            descriptor: fd, path: path, limit: fileLimit, head: headerSize, syscalls: syscalls,
            more: { head in
                guard head.count >= headerSize, head.prefix(8).elementsEqual(magic) else { return 0 }
                return min(Int(UInt32(littleEndian: head.loadUnaligned(fromByteOffset: 12, as: UInt32.self))), directoryLimit)
            }
        ) { raw, size in
            guard let directory = directory(raw, size: size) else {
                return [(offset: Int, count: Int)?](repeating: nil, count: wanted.count)
            }
            readable = true
            return wanted.enumerated().map { slot, name in
                guard let entry = directory.entries.first(where: { $0.path.elementsEqual(name) }) else { return nil }
                crcs[slot] = entry.crc
                return (entry.offset, entry.count)
            }
        }
        guard let mapped, readable else { return Array(repeating: .damaged, count: paths.count) }
        return zip(mapped, crcs).map { data, crc in
            guard let crc else { return .absent }
            guard let data, data.withUnsafeBytes({ Zlib.crc32($0) }) == crc else { return .damaged }
            return .found(data)
        }
    }

    /// Why the index file `data` is damaged, or nil when every byte of it checks: the header and directory match their
    /// CRC-32, every part matches its own and is the index of a table `tables` lists (relative path → byte count) of
    /// that size, and nothing but zeros lies between the parts or after the last. What the store's open checks before
    /// rewriting the file, and `inspect` reports.
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
                guard StringsTableIndex.tableSize(of: Data(part)) == listed else {
                    return "its part of \(name) is for a table of another size"
                }
                covered = entry.offset + entry.count
            }
            return covered == raw.count ? nil : "it has bytes after its last part"
        }
    }
}
