/// One entry of a ``ZIPArchive``, as its central directory declares it (after every check passed).
package struct ZIPEntry: Sendable, Hashable {
    /// How an entry's bytes are stored.
    package enum Method: UInt16, Sendable, Hashable {
        /// Method 0: the bytes as they are.
        case stored = 0
        /// Method 8: raw deflate (RFC 1951).
        case deflate = 8
    }

    /// The path inside the archive, `/`-separated; directories end with `/`.
    package var name: String
    /// The compression method.
    package var method: Method
    /// Size of the stored (possibly compressed) bytes.
    package var compressedSize: Int
    /// Size once extracted.
    package var uncompressedSize: Int
    /// CRC-32 of the extracted bytes.
    package var crc32: UInt32
    /// Whether this is a directory entry (its name ends with `/`).
    package var isDirectory: Bool { name.utf8.last == UInt8(ascii: "/") }

    /// Index in the archive's `entries`.
    let index: Int
    /// Offset of the first byte of the entry's data in the archive.
    let dataOffset: Int
}
