/// One entry of a ``ZIPArchive``, as its central directory declares it and where it lies (after every check passed).
package struct ZIPEntry: Sendable, Hashable {
    package enum Method: UInt16, Sendable, Hashable {
        case stored = 0
        /// Raw deflate (RFC 1951).
        case deflate = 8
    }

    /// The path inside the archive, `/`-separated; directories end with `/`.
    package var name: String
    package var method: Method
    package var compressedSize: Int
    package var uncompressedSize: Int
    package var crc32: UInt32
    package var isDirectory: Bool { name.utf8.last == UInt8(ascii: "/") }

    /// Index in the archive's `entries`.
    let index: Int
    /// Where the central directory holds the name's raw bytes (the local header must repeat them).
    let nameOffset: Int
    let nameLength: Int
    let flags: UInt16
    /// The entry's local header; its data begins at `dataOffset`, and `end` is past the data and any descriptor (both
    /// read from the local header).
    let start: Int
    var dataOffset = 0
    var end = 0
}
