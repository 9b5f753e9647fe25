/// Local headers: each entry's byte range, their tiling of the file, and agreement with the central directory.
extension ZIPArchive {
    /// Reads each local header's lengths and sets where its entry's data starts and its bytes end.
    static func locate(_ records: inout [ZIPEntry], _ bytes: ZIPBytes) throws(ZIPError) {
        for index in records.indices {
            let record = records[index]
            let start = record.start
            guard bytes.contains(start, ZIPRecord.localHeaderSize) else {
                throw ZIPError(code: .truncated, message: "the local header of \(record.name.debugDescription) at offset \(start) lies past the end of the file; the archive was cut short: download it again", entryName: record.name)
            }
            guard bytes.u32(start) == ZIPRecord.localHeaderSignature else {
                throw ZIPError(code: .headerMismatch, message: "entry \(record.name.debugDescription) points at offset \(start), where there is no local header; rebuild the archive", entryName: record.name)
            }
            let dataOffset = start + ZIPRecord.localHeaderSize + Int(bytes.u16(start + 26)) + Int(bytes.u16(start + 28))
            let dataEnd = dataOffset + record.compressedSize
            var spanEnd = dataEnd
            if record.flags & ZIPRecord.flagDataDescriptor != 0 {
                let signed = bytes.contains(dataEnd, 4) && bytes.u32(dataEnd) == ZIPRecord.dataDescriptorSignature
                spanEnd += signed ? 16 : 12
            }
            guard spanEnd <= bytes.count else {
                throw ZIPError(code: .truncated, message: "the data of \(record.name.debugDescription) runs \(spanEnd - bytes.count) bytes past the end of the file; the archive was cut short: download it again", entryName: record.name)
            }
            records[index].dataOffset = dataOffset
            records[index].end = spanEnd
        }
    }

    /// Entries must tile `[0, central directory)` exactly: nothing before the first, nothing between two, no overlap.
    static func checkTiling(_ records: [ZIPEntry], _ end: ZIPEndRecord) throws(ZIPError) {
        let ordered = records.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
        var position = 0
        var previous: ZIPEntry?
        for span in ordered {
            let name = span.name
            if span.start < position, let previous {
                let other = previous.name
                throw ZIPError(code: .overlap, message: "entries \(other.debugDescription) and \(name.debugDescription) share bytes \(span.start)..<\(min(position, span.end)) (an overlapping-entry ZIP bomb); rebuild the archive", entryName: name)
            }
            if span.start > position {
                if previous == nil {
                    throw ZIPError(code: .leadingBytes, message: "\(span.start) bytes precede the first local header (\(name.debugDescription)); rebuild the archive without a prefix", entryName: name)
                }
                throw ZIPError(code: .gap, message: "\(span.start - position) bytes before \(name.debugDescription) belong to no entry; rebuild the archive", entryName: name)
            }
            position = span.end
            previous = span
        }
        if position > end.directoryOffset, let previous {
            let name = previous.name
            throw ZIPError(code: .overlap, message: "entry \(name.debugDescription) runs \(position - end.directoryOffset) bytes into the central directory; rebuild the archive", entryName: name)
        }
        if position < end.directoryOffset {
            if previous == nil {
                throw ZIPError(code: .leadingBytes, message: "\(end.directoryOffset) bytes precede the central directory of an archive with no entries; rebuild it without a prefix")
            }
            throw ZIPError(code: .gap, message: "\(end.directoryOffset - position) bytes between the last entry and the central directory belong to no entry; rebuild the archive")
        }
    }

    /// The local header (and data descriptor) must repeat the central directory's name, flags, method, CRC and sizes.
    static func checkLocalHeader(_ record: ZIPEntry, _ bytes: ZIPBytes) throws(ZIPError) {
        let name = record.name, start = record.start
        let nameLength = Int(bytes.u16(start + 26)), extraLength = Int(bytes.u16(start + 28))
        let localName = bytes.slice(start + ZIPRecord.localHeaderSize, nameLength)
        let centralName = bytes.slice(record.nameOffset, record.nameLength)
        guard localName.elementsEqual(centralName) else {
            let shown = String(decoding: localName.prefix(200), as: UTF8.self).debugDescription
            throw ZIPError(code: .nameMismatch, message: "entry \(name.debugDescription) is named \(shown) in its local header; tools disagree on which name to use: rebuild the archive", entryName: name)
        }
        if bytes.hasZIP64Extra(start + ZIPRecord.localHeaderSize + nameLength, extraLength) {
            throw ZIPError(code: .zip64, message: "the local header of \(name.debugDescription) has a ZIP64 extra field; ZIP64 is not supported: rebuild the archive with a plain ZIP writer", entryName: name)
        }
        func mismatch(_ field: String, _ found: UInt32, _ central: UInt32, in place: String = "local header")
            -> ZIPError {
            ZIPError(code: .headerMismatch, message: "entry \(name.debugDescription) has \(field) \(found) in its \(place) but \(central) in the central directory; rebuild the archive", entryName: name)
        }
        let flags = bytes.u16(start + 6), method = bytes.u16(start + 8)
        if flags != record.flags { throw mismatch("flags", UInt32(flags), UInt32(record.flags)) }
        if method != record.method.rawValue { throw mismatch("method", UInt32(method), UInt32(record.method.rawValue)) }
        func compare(_ place: String, at offset: Int, zerosAllowed: Bool) throws(ZIPError) {
            let fields: [(String, UInt32, UInt32)] = [
                ("CRC-32", bytes.u32(offset), record.crc32),
                ("compressed size", bytes.u32(offset + 4), UInt32(record.compressedSize)),
                ("uncompressed size", bytes.u32(offset + 8), UInt32(record.uncompressedSize)),
            ]
            for (field, found, central) in fields where found != central && !(zerosAllowed && found == 0) {
                throw mismatch(field, found, central, in: place)
            }
        }
        // With a data descriptor, the local header may hold zeros where the descriptor has the values.
        let hasDescriptor = flags & ZIPRecord.flagDataDescriptor != 0
        try compare("local header", at: start + 14, zerosAllowed: hasDescriptor)
        if hasDescriptor { try compare("data descriptor", at: record.end - 12, zerosAllowed: false) }
    }
}
