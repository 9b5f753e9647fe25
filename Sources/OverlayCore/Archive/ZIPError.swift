/// Why a ZIP archive was rejected, and which entry was at fault.
///
/// Every code is stable (it appears in findings and reports as `zip.<rawValue>`); the message names the
/// problem and the fix. `entryName` is the offending entry's name when the problem belongs to one entry.
///
/// ```swift
/// do { _ = try ZIPArchive(data: bytes).extractAll() } catch {
///     print("\(error.code): \(error.message)")   // zip.path-traversal: entry "../x" …
/// }
/// ```
public struct ZIPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable identifier of the failure.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        // Archive structure.
        /// No End of Central Directory record in the last 65,557 bytes: not a ZIP file, or cut short.
        public static let noEndRecord = Code(rawValue: "zip.no-end-record")
        /// More than one End of Central Directory record that could end the file.
        public static let multipleEndRecords = Code(rawValue: "zip.multiple-end-records")
        /// A record or an entry's data runs past the end of the file (or past the central directory).
        public static let truncated = Code(rawValue: "zip.truncated")
        /// Bytes before the first local header (a prepended stub or junk).
        public static let leadingBytes = Code(rawValue: "zip.leading-bytes")
        /// Bytes after the End of Central Directory record and its comment.
        public static let trailingBytes = Code(rawValue: "zip.trailing-bytes")
        /// Bytes between entries, or between the last entry and the central directory, that belong to no entry.
        public static let gap = Code(rawValue: "zip.gap")
        /// The central directory is malformed (bad signature, wrong size, spans several disks).
        public static let invalidCentralDirectory = Code(rawValue: "zip.invalid-central-directory")
        /// The declared entry count exceeds the limit or what the central directory can hold.
        public static let tooManyEntries = Code(rawValue: "zip.too-many-entries")
        /// The archive, an entry or the total inflated size exceeds its limit.
        public static let tooLarge = Code(rawValue: "zip.too-large")
        /// ZIP64 sizes, counts, extra field or end-record locator.
        public static let zip64 = Code(rawValue: "zip.zip64")
        /// Two entries' byte ranges overlap, or an entry overlaps the central directory (overlap bombs).
        public static let overlap = Code(rawValue: "zip.overlap")

        // Entry headers.
        /// An entry is encrypted (general-purpose flag bit 0, 6 or 13).
        public static let encrypted = Code(rawValue: "zip.encrypted")
        /// A compression method other than 0 (stored) or 8 (deflate).
        public static let unsupportedMethod = Code(rawValue: "zip.unsupported-method")
        /// The local header's name differs from the central directory's.
        public static let nameMismatch = Code(rawValue: "zip.name-mismatch")
        /// The local header's flags, method, CRC or sizes (or the data descriptor's) differ from the central directory's.
        public static let headerMismatch = Code(rawValue: "zip.header-mismatch")
        /// A Unix symbolic link.
        public static let symlink = Code(rawValue: "zip.symlink")
        /// A Unix device, FIFO or socket.
        public static let specialFile = Code(rawValue: "zip.special-file")
        /// A directory entry (name ending in `/`) that carries bytes.
        public static let directoryWithData = Code(rawValue: "zip.directory-with-data")

        // Names.
        /// A `..` path segment.
        public static let pathTraversal = Code(rawValue: "zip.path-traversal")
        /// A name starting with `/`.
        public static let absolutePath = Code(rawValue: "zip.absolute-path")
        /// A `\` in a name.
        public static let backslash = Code(rawValue: "zip.backslash")
        /// A `:` in a name (a Windows drive letter or stream).
        public static let driveLetter = Code(rawValue: "zip.drive-letter")
        /// An empty path segment (`a//b`) or an empty name.
        public static let emptySegment = Code(rawValue: "zip.empty-segment")
        /// A `.` path segment.
        public static let dotSegment = Code(rawValue: "zip.dot-segment")
        /// A NUL or another control character in a name.
        public static let controlCharacter = Code(rawValue: "zip.control-character")
        /// A name that is not valid UTF-8, or is non-ASCII without the UTF-8 flag (bit 11).
        public static let invalidNameEncoding = Code(rawValue: "zip.invalid-name-encoding")
        /// A name longer than the limit.
        public static let nameTooLong = Code(rawValue: "zip.name-too-long")
        /// Two entries with the same name, also when equal after case folding or Unicode normalization.
        public static let duplicateName = Code(rawValue: "zip.duplicate-name")
        /// An entry outside the allowed layout (for module archives: `overlay-module.json`, `Info.plist`,
        /// `<lang>.lproj/<Table>.strings|stringsdict`).
        public static let unexpectedEntry = Code(rawValue: "zip.unexpected-entry")

        // Data.
        /// The data inflates to more or fewer bytes than declared, or a stored entry's two sizes differ.
        public static let inflatedSizeMismatch = Code(rawValue: "zip.inflated-size-mismatch")
        /// The deflate stream ends before the declared compressed size is consumed.
        public static let compressedSizeMismatch = Code(rawValue: "zip.compressed-size-mismatch")
        /// The uncompressed size exceeds the compressed size times the allowed ratio.
        public static let ratio = Code(rawValue: "zip.ratio")
        /// The deflate stream is corrupt.
        public static let corruptData = Code(rawValue: "zip.corrupt-data")
        /// The CRC-32 of the extracted bytes differs from the declared one.
        public static let crcMismatch = Code(rawValue: "zip.crc-mismatch")
        /// `extract(_:)` was given an entry that does not belong to this archive.
        public static let unknownEntry = Code(rawValue: "zip.unknown-entry")

        public var description: String { rawValue }
    }

    /// What went wrong.
    public var code: Code
    /// One sentence naming the problem and how to fix it.
    public var message: String
    /// The entry at fault, when the problem belongs to one entry.
    public var entryName: String?

    /// Creates an error.
    public init(code: Code, message: String, entryName: String? = nil) {
        self.code = code
        self.message = message
        self.entryName = entryName
    }

    public var description: String { "error: \(message) [\(code)]" }
}
