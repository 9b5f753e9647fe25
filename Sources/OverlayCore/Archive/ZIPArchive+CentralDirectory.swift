/// The End of Central Directory record and the central directory: where the archive's structure is declared.
struct ZIPEndRecord {
    var offset: Int
    var entryCount: Int
    var directorySize: Int
    var directoryOffset: Int
}

extension ZIPArchive {
    /// Finds the one End of Central Directory record whose comment ends exactly at the end of the file.
    static func findEndRecord(_ bytes: ZIPBytes) throws(ZIPError) -> ZIPEndRecord {
        guard bytes.count >= ZIPRecord.endRecordSize else {
            throw ZIPError(code: .noEndRecord, message: "the file is \(bytes.count) bytes, shorter than a ZIP end record (22 bytes); it is not a ZIP archive or was cut short: download it again")
        }
        let lowest = max(0, bytes.count - ZIPRecord.endRecordSearchWindow)
        var found: [Int] = []
        var lastCandidate: Int?
        var position = bytes.count - ZIPRecord.endRecordSize
        while position >= lowest {
            if bytes.u32(position) == ZIPRecord.endRecordSignature {
                lastCandidate = lastCandidate ?? position
                let commentLength = Int(bytes.u16(position + 20))
                if position + ZIPRecord.endRecordSize + commentLength == bytes.count { found.append(position) }
            }
            position -= 1
        }
        guard let offset = found.first else {
            guard let candidate = lastCandidate else {
                throw ZIPError(code: .noEndRecord, message: "no End of Central Directory record in the last \(ZIPRecord.endRecordSearchWindow) bytes; the file is not a ZIP archive or was cut short: download it again")
            }
            let end = candidate + ZIPRecord.endRecordSize + Int(bytes.u16(candidate + 20))
            if end < bytes.count {
                throw ZIPError(code: .trailingBytes, message: "\(bytes.count - end) bytes follow the End of Central Directory record and its comment; rebuild the archive without appended data")
            }
            throw ZIPError(code: .truncated, message: "the End of Central Directory comment runs \(end - bytes.count) bytes past the end of the file; the archive was cut short: download it again")
        }
        guard found.count == 1 else {
            throw ZIPError(code: .multipleEndRecords, message: "\(found.count) End of Central Directory records could end this file (one hides in a comment); rebuild the archive with an empty comment")
        }
        if offset >= ZIPRecord.zip64LocatorSize, bytes.u32(offset - ZIPRecord.zip64LocatorSize) == ZIPRecord.zip64LocatorSignature {
            throw ZIPError(code: .zip64, message: "the archive has a ZIP64 end-record locator; ZIP64 is not supported: rebuild it with a plain ZIP writer (entries under 4 GiB)")
        }
        let disk = bytes.u16(offset + 4), directoryDisk = bytes.u16(offset + 6)
        let entriesOnDisk = bytes.u16(offset + 8), entryCount = bytes.u16(offset + 10)
        let directorySize = bytes.u32(offset + 12), directoryOffset = bytes.u32(offset + 16)
        if entryCount == 0xFFFF || entriesOnDisk == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            throw ZIPError(code: .zip64, message: "the End of Central Directory record holds ZIP64 markers (0xFFFF / 0xFFFFFFFF); ZIP64 is not supported: rebuild the archive with a plain ZIP writer")
        }
        guard disk == 0, directoryDisk == 0, entriesOnDisk == entryCount else {
            throw ZIPError(code: .invalidCentralDirectory, message: "the archive spans several disks (disk \(disk), directory disk \(directoryDisk), \(entriesOnDisk) of \(entryCount) entries here); rebuild it as a single file")
        }
        return ZIPEndRecord(offset: offset, entryCount: Int(entryCount), directorySize: Int(directorySize), directoryOffset: Int(directoryOffset))
    }

    /// Checks where the central directory lies and that the declared entry count fits in it, before reading it.
    static func checkDirectoryBounds(_ end: ZIPEndRecord, _ bytes: ZIPBytes, _ limits: ZIPLimits) throws(ZIPError) {
        if end.entryCount > limits.maxEntries {
            throw ZIPError(code: .tooManyEntries, message: "the archive declares \(end.entryCount) entries, more than the limit of \(limits.maxEntries); split the content or raise maxEntries")
        }
        if end.entryCount > end.directorySize / ZIPRecord.centralHeaderSize {
            throw ZIPError(code: .tooManyEntries, message: "the archive declares \(end.entryCount) entries but its \(end.directorySize)-byte central directory can hold at most \(end.directorySize / ZIPRecord.centralHeaderSize); the end record is corrupt or hostile: rebuild the archive")
        }
        let directoryEnd = end.directoryOffset + end.directorySize
        if directoryEnd > end.offset {
            throw ZIPError(code: .invalidCentralDirectory, message: "the central directory (offset \(end.directoryOffset), \(end.directorySize) bytes) runs into the end record at \(end.offset); rebuild the archive")
        }
        if directoryEnd < end.offset {
            let extra = end.offset - directoryEnd
            let realStart = end.offset - end.directorySize
            if end.directorySize == 0 || bytes.u32(realStart) == ZIPRecord.centralHeaderSignature {
                throw ZIPError(code: .leadingBytes, message: "\(extra) bytes were prepended to the archive (its offsets are shifted by \(extra)); rebuild it without a prefix")
            }
            throw ZIPError(code: .gap, message: "\(extra) bytes lie between the central directory and the end record; rebuild the archive")
        }
    }

    /// Reads every central directory header, checking each one alone (flags, method, name, attributes, sizes).
    static func readCentralDirectory(_ end: ZIPEndRecord, _ bytes: ZIPBytes, _ limits: ZIPLimits) throws(ZIPError) -> [ZIPEntry] {
        var records: [ZIPEntry] = []
        records.reserveCapacity(end.entryCount)  // bounded by directorySize / 46 above
        var position = end.directoryOffset
        let directoryEnd = end.directoryOffset + end.directorySize
        var totalInflated = 0
        for index in 0..<end.entryCount {
            guard position + ZIPRecord.centralHeaderSize <= directoryEnd, bytes.u32(position) == ZIPRecord.centralHeaderSignature else {
                throw ZIPError(code: .invalidCentralDirectory, message: "central directory header \(index + 1) of \(end.entryCount) at offset \(position) is missing or has a bad signature; rebuild the archive")
            }
            let nameLength = Int(bytes.u16(position + 28)), extraLength = Int(bytes.u16(position + 30))
            let commentLength = Int(bytes.u16(position + 32))
            let next = position + ZIPRecord.centralHeaderSize + nameLength + extraLength + commentLength
            guard next <= directoryEnd else {
                throw ZIPError(code: .invalidCentralDirectory, message: "central directory header \(index + 1) at offset \(position) runs past the end of the central directory; rebuild the archive")
            }
            let nameOffset = position + ZIPRecord.centralHeaderSize
            let name = try ZIPNameRules.decode(bytes.slice(nameOffset, nameLength), flags: bytes.u16(position + 8), limits: limits)
            let record = try checkedRecord(bytes, at: position, index: index, name: name, nameOffset: nameOffset, nameLength: nameLength, extraLength: extraLength, limits: limits)
            totalInflated += record.uncompressedSize
            if totalInflated > limits.maxTotalInflatedBytes {
                throw ZIPError(code: .tooLarge, message: "the entries inflate to more than the limit of \(limits.maxTotalInflatedBytes) bytes in all (reached at \"\(name)\"); ship less content or raise maxTotalInflatedBytes", entryName: name)
            }
            records.append(record)
            position = next
        }
        guard position == directoryEnd else {
            throw ZIPError(code: .invalidCentralDirectory, message: "\(directoryEnd - position) bytes of the central directory follow its last declared header; the entry count is wrong: rebuild the archive")
        }
        try ZIPNameRules.checkDuplicates(records.map(\.name))
        return records
    }

    private static func checkedRecord(_ bytes: ZIPBytes, at position: Int, index: Int, name: String, nameOffset: Int, nameLength: Int, extraLength: Int, limits: ZIPLimits) throws(ZIPError) -> ZIPEntry {
        let flags = bytes.u16(position + 8)
        if flags & (ZIPRecord.flagEncrypted | ZIPRecord.flagStrongEncryption | ZIPRecord.flagMaskedHeaders) != 0 {
            throw ZIPError(code: .encrypted, message: "entry \"\(name)\" is encrypted (flags 0x\(String(flags, radix: 16))); ship it unencrypted, authenticity comes from the signed manifest", entryName: name)
        }
        let crc = bytes.u32(position + 16)
        let compressed = bytes.u32(position + 20), uncompressed = bytes.u32(position + 24)
        let localOffset = bytes.u32(position + 42)
        if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || localOffset == 0xFFFF_FFFF || bytes.u16(position + 34) == 0xFFFF
            || bytes.hasZIP64Extra(nameOffset + nameLength, extraLength) {
            throw ZIPError(code: .zip64, message: "entry \"\(name)\" uses ZIP64 sizes or a ZIP64 extra field; ZIP64 is not supported: rebuild the archive with a plain ZIP writer", entryName: name)
        }
        let rawMethod = bytes.u16(position + 10)
        guard let method = ZIPEntry.Method(rawValue: rawMethod) else {
            throw ZIPError(code: .unsupportedMethod, message: "entry \"\(name)\" uses compression method \(rawMethod); only 0 (stored) and 8 (deflate) are supported: rebuild the archive with deflate", entryName: name)
        }
        if bytes.u16(position + 34) != 0 {
            throw ZIPError(code: .invalidCentralDirectory, message: "entry \"\(name)\" starts on another disk; rebuild the archive as a single file", entryName: name)
        }
        let versionMadeBy = bytes.u16(position + 4), external = bytes.u32(position + 38)
        try ZIPNameRules.checkFileType(name: name, versionMadeBy: versionMadeBy, externalAttributes: external)
        let record = ZIPEntry(
            name: name, method: method, compressedSize: Int(compressed), uncompressedSize: Int(uncompressed), crc32: crc,
            index: index, nameOffset: nameOffset, nameLength: nameLength, flags: flags, start: Int(localOffset))
        try checkSizes(record, limits)
        return record
    }

    private static func checkSizes(_ record: ZIPEntry, _ limits: ZIPLimits) throws(ZIPError) {
        let name = record.name
        if name.utf8.last == UInt8(ascii: "/"), record.compressedSize != 0 || record.uncompressedSize != 0 {
            throw ZIPError(code: .directoryWithData, message: "directory entry \"\(name)\" carries \(record.compressedSize) bytes of data; directories must be empty: rebuild the archive", entryName: name)
        }
        if record.method == .stored, record.compressedSize != record.uncompressedSize {
            throw ZIPError(code: .inflatedSizeMismatch, message: "stored entry \"\(name)\" declares \(record.compressedSize) stored bytes but \(record.uncompressedSize) extracted bytes; rebuild the archive", entryName: name)
        }
        if record.uncompressedSize > limits.maxEntryBytes {
            throw ZIPError(code: .tooLarge, message: "entry \"\(name)\" inflates to \(record.uncompressedSize) bytes, more than the limit of \(limits.maxEntryBytes); split the table or raise maxEntryBytes", entryName: name)
        }
        let (ceiling, overflow) = max(record.compressedSize, 1).multipliedReportingOverflow(by: limits.maxRatio)
        if !overflow, record.uncompressedSize > ceiling {
            throw ZIPError(code: .ratio, message: "entry \"\(name)\" inflates \(record.compressedSize) bytes to \(record.uncompressedSize), a ratio above \(limits.maxRatio); this looks like a ZIP bomb: reject it or raise maxRatio", entryName: name)
        }
    }
}
