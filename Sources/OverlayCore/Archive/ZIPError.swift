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
package struct ZIPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable identifier of the failure.
    package struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        package var rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        // Archive structure.
        /// No End of Central Directory record in the last 65,557 bytes: not a ZIP file, or cut short.
        package static let noEndRecord = Code(rawValue: "zip.no-end-record")
        /// More than one End of Central Directory record that could end the file.
        package static let multipleEndRecords = Code(rawValue: "zip.multiple-end-records")
        /// A record or an entry's data runs past the end of the file (or past the central directory).
        package static let truncated = Code(rawValue: "zip.truncated")
        /// Bytes before the first local header (a prepended stub or junk).
        package static let leadingBytes = Code(rawValue: "zip.leading-bytes")
        /// Bytes after the End of Central Directory record and its comment.
        package static let trailingBytes = Code(rawValue: "zip.trailing-bytes")
        /// Bytes between entries, or between the last entry and the central directory, that belong to no entry.
        package static let gap = Code(rawValue: "zip.gap")
        /// The central directory is malformed (bad signature, wrong size, spans several disks).
        package static let invalidCentralDirectory = Code(rawValue: "zip.invalid-central-directory")
        /// The declared entry count exceeds the limit or what the central directory can hold.
        package static let tooManyEntries = Code(rawValue: "zip.too-many-entries")
        /// The archive, an entry or the total inflated size exceeds its limit.
        package static let tooLarge = Code(rawValue: "zip.too-large")
        /// ZIP64 sizes, counts, extra field or end-record locator.
        package static let zip64 = Code(rawValue: "zip.zip64")
        /// Two entries' byte ranges overlap, or an entry overlaps the central directory (overlap bombs).
        package static let overlap = Code(rawValue: "zip.overlap")

        // Entry headers.
        /// An entry is encrypted (general-purpose flag bit 0, 6 or 13).
        package static let encrypted = Code(rawValue: "zip.encrypted")
        /// A compression method other than 0 (stored) or 8 (deflate).
        package static let unsupportedMethod = Code(rawValue: "zip.unsupported-method")
        /// The local header's name differs from the central directory's.
        package static let nameMismatch = Code(rawValue: "zip.name-mismatch")
        /// The local header's flags, method, CRC or sizes (or the data descriptor's) differ from the central directory's.
        package static let headerMismatch = Code(rawValue: "zip.header-mismatch")
        /// A Unix symbolic link.
        package static let symlink = Code(rawValue: "zip.symlink")
        /// A Unix device, FIFO or socket.
        package static let specialFile = Code(rawValue: "zip.special-file")
        /// A directory entry (name ending in `/`) that carries bytes.
        package static let directoryWithData = Code(rawValue: "zip.directory-with-data")

        // Names.
        /// A `..` path segment.
        package static let pathTraversal = Code(rawValue: "zip.path-traversal")
        /// A name starting with `/`.
        package static let absolutePath = Code(rawValue: "zip.absolute-path")
        /// A `\` in a name.
        package static let backslash = Code(rawValue: "zip.backslash")
        /// A `:` in a name (a Windows drive letter or stream).
        package static let driveLetter = Code(rawValue: "zip.drive-letter")
        /// An empty path segment (`a//b`) or an empty name.
        package static let emptySegment = Code(rawValue: "zip.empty-segment")
        /// A `.` path segment.
        package static let dotSegment = Code(rawValue: "zip.dot-segment")
        /// A NUL or another control character in a name.
        package static let controlCharacter = Code(rawValue: "zip.control-character")
        /// A name that is not valid UTF-8, or is non-ASCII without the UTF-8 flag (bit 11).
        package static let invalidNameEncoding = Code(rawValue: "zip.invalid-name-encoding")
        /// A name longer than the limit.
        package static let nameTooLong = Code(rawValue: "zip.name-too-long")
        /// Two entries with the same name, also when equal after case folding or Unicode normalization.
        package static let duplicateName = Code(rawValue: "zip.duplicate-name")
        /// An entry outside the allowed layout (for module archives: `overlay-module.json`, `Info.plist`,
        /// `<lang>.lproj/<Table>.strings|stringsdict`).
        package static let unexpectedEntry = Code(rawValue: "zip.unexpected-entry")

        // Data.
        /// The data inflates to more or fewer bytes than declared, or a stored entry's two sizes differ.
        package static let inflatedSizeMismatch = Code(rawValue: "zip.inflated-size-mismatch")
        /// The deflate stream ends before the declared compressed size is consumed.
        package static let compressedSizeMismatch = Code(rawValue: "zip.compressed-size-mismatch")
        /// The uncompressed size exceeds the compressed size times the allowed ratio.
        package static let ratio = Code(rawValue: "zip.ratio")
        /// The deflate stream is corrupt.
        package static let corruptData = Code(rawValue: "zip.corrupt-data")
        /// The CRC-32 of the extracted bytes differs from the declared one.
        package static let crcMismatch = Code(rawValue: "zip.crc-mismatch")
        /// `extract(_:)` was given an entry that does not belong to this archive.
        package static let unknownEntry = Code(rawValue: "zip.unknown-entry")

        package var description: String { rawValue }
    }

    /// What went wrong.
    package var code: Code
    /// One sentence naming the problem and how to fix it.
    package var message: String
    /// The entry at fault, when the problem belongs to one entry.
    package var entryName: String?

    /// Creates an error.
    package init(code: Code, message: String, entryName: String? = nil) {
        self.code = code
        self.message = message
        self.entryName = entryName
    }

    package var description: String { "error: \(message) [\(code)]" }
}
