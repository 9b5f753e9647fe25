/// Why a ZIP archive was rejected, and which entry was at fault (`entryName`, when the problem belongs to one).
///
/// ```swift
/// do { _ = try ZIPArchive(data: bytes).extractAll() } catch {
///     print("\(error.code): \(error.message)")   // zip.path-traversal: entry "../x" …
/// }
/// ```
package typealias ZIPError = Diagnostic<ZIPErrorCode>

/// A stable identifier of a ZIP failure; it appears in findings and reports as `zip.<name>`.
package enum ZIPErrorCode: String, DiagnosticCode {
    /// The entry at fault, when the problem belongs to one entry.
    package typealias Context = String?

    // Archive structure.
    /// No End of Central Directory record in the last 65,557 bytes: not a ZIP file, or cut short.
    case noEndRecord = "zip.no-end-record"
    /// More than one End of Central Directory record that could end the file.
    case multipleEndRecords = "zip.multiple-end-records"
    /// A record or an entry's data runs past the end of the file (or past the central directory).
    case truncated = "zip.truncated"
    /// Bytes before the first local header (a prepended stub or junk).
    case leadingBytes = "zip.leading-bytes"
    /// Bytes after the End of Central Directory record and its comment.
    case trailingBytes = "zip.trailing-bytes"
    /// Bytes between entries, or between the last entry and the central directory, that belong to no entry.
    case gap = "zip.gap"
    /// The central directory is malformed (bad signature, wrong size, spans several disks).
    case invalidCentralDirectory = "zip.invalid-central-directory"
    /// The declared entry count exceeds the limit or what the central directory can hold.
    case tooManyEntries = "zip.too-many-entries"
    /// The archive, an entry or the total inflated size exceeds its limit.
    case tooLarge = "zip.too-large"
    /// ZIP64 sizes, counts, extra field or end-record locator.
    case zip64 = "zip.zip64"
    /// Two entries' byte ranges overlap, or an entry overlaps the central directory (overlap bombs).
    case overlap = "zip.overlap"

    // Entry headers.
    /// An entry is encrypted (general-purpose flag bit 0, 6 or 13).
    case encrypted = "zip.encrypted"
    /// A compression method other than 0 (stored) or 8 (deflate).
    case unsupportedMethod = "zip.unsupported-method"
    /// The local header's name differs from the central directory's.
    case nameMismatch = "zip.name-mismatch"
    /// The local header's flags, method, CRC or sizes (or the data descriptor's) differ from the central directory's.
    case headerMismatch = "zip.header-mismatch"
    /// A Unix symbolic link.
    case symlink = "zip.symlink"
    /// A Unix device, FIFO or socket.
    case specialFile = "zip.special-file"
    /// A directory entry (name ending in `/`) that carries bytes.
    case directoryWithData = "zip.directory-with-data"

    // Names.
    /// A `..` path segment.
    case pathTraversal = "zip.path-traversal"
    /// A name starting with `/`.
    case absolutePath = "zip.absolute-path"
    /// A `\` in a name.
    case backslash = "zip.backslash"
    /// A `:` in a name (a Windows drive letter or stream).
    case driveLetter = "zip.drive-letter"
    /// An empty path segment (`a//b`) or an empty name.
    case emptySegment = "zip.empty-segment"
    /// A `.` path segment.
    case dotSegment = "zip.dot-segment"
    /// A NUL or another control character in a name.
    case controlCharacter = "zip.control-character"
    /// A name that is not valid UTF-8, or is non-ASCII without the UTF-8 flag (bit 11).
    case invalidNameEncoding = "zip.invalid-name-encoding"
    /// A name longer than the limit.
    case nameTooLong = "zip.name-too-long"
    /// Two entries with the same name, also when equal after case folding or Unicode normalization.
    case duplicateName = "zip.duplicate-name"
    /// An entry outside the allowed layout (for module archives: `overlay-module.json`, `Info.plist`,
    /// `<lang>.lproj/<Table>.strings|stringsdict`).
    case unexpectedEntry = "zip.unexpected-entry"

    // Data.
    /// The data inflates to more or fewer bytes than declared, or a stored entry's two sizes differ.
    case inflatedSizeMismatch = "zip.inflated-size-mismatch"
    /// The deflate stream ends before the declared compressed size is consumed.
    case compressedSizeMismatch = "zip.compressed-size-mismatch"
    /// The uncompressed size exceeds the compressed size times the allowed ratio.
    case ratio = "zip.ratio"
    /// The deflate stream is corrupt.
    case corruptData = "zip.corrupt-data"
    /// The CRC-32 of the extracted bytes differs from the declared one.
    case crcMismatch = "zip.crc-mismatch"
    /// `extract(_:)` was given an entry that does not belong to this archive.
    case unknownEntry = "zip.unknown-entry"

    package static func describe(_ error: ZIPError) -> String { "error: \(error.message) [\(error.code)]" }
}

extension ZIPError {
    package init(code: Code, message: String, entryName: String? = nil) {
        self.init(code: code, message: message, context: entryName)
    }

    /// The entry at fault, when the problem belongs to one entry.
    package var entryName: String? { context }
}
