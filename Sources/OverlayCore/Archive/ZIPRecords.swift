/// Record layouts of the ZIP format (APPNOTE.TXT 4.3) and little-endian reads over the archive bytes.
enum ZIPRecord {
    static let localHeaderSignature: UInt32 = 0x0403_4B50
    static let centralHeaderSignature: UInt32 = 0x0201_4B50
    static let endRecordSignature: UInt32 = 0x0605_4B50
    static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    static let dataDescriptorSignature: UInt32 = 0x0807_4B50

    static let localHeaderSize = 30
    static let centralHeaderSize = 46
    static let endRecordSize = 22
    static let zip64LocatorSize = 20
    /// The End of Central Directory record plus the longest comment it can carry.
    static let endRecordSearchWindow = endRecordSize + 0xFFFF

    /// General-purpose flag bits.
    static let flagEncrypted: UInt16 = 1 << 0
    static let flagDataDescriptor: UInt16 = 1 << 3
    static let flagStrongEncryption: UInt16 = 1 << 6
    static let flagUTF8: UInt16 = 1 << 11
    static let flagMaskedHeaders: UInt16 = 1 << 13

    /// Extra-field header ID of the ZIP64 extended information record.
    static let zip64ExtraID: UInt16 = 0x0001

    /// "Version made by" hosts whose external attributes carry a Unix mode in their upper 16 bits.
    static let unixHosts: Set<UInt16> = [3, 19]
}

/// Bounds-checked little-endian reads; callers check `contains` before reading a fixed-size record.
struct ZIPBytes {
    let buffer: UnsafeRawBufferPointer

    var count: Int { buffer.count }

    /// Whether `[offset, offset + length)` lies inside the buffer (overflow-safe).
    func contains(_ offset: Int, _ length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= buffer.count && length <= buffer.count - offset
    }

    func u16(_ offset: Int) -> UInt16 {
        UInt16(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    func u32(_ offset: Int) -> UInt32 {
        UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    func slice(_ offset: Int, _ length: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + length)])
    }

    /// Whether an extra-field block holds a ZIP64 record (header ID 0x0001). Stops at a malformed record.
    func hasZIP64Extra(_ offset: Int, _ length: Int) -> Bool {
        var position = offset
        let end = offset + length
        while position + 4 <= end {
            let id = u16(position)
            let size = Int(u16(position + 2))
            if id == ZIPRecord.zip64ExtraID { return true }
            position += 4 + size
        }
        return false
    }
}
