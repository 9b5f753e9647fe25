/// One entry of a ``ZIPArchive``, as its central directory declares it (after every check passed).
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
    let dataOffset: Int
}
