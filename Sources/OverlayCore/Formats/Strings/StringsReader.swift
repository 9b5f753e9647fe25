package import Foundation

/// Reads `.strings` tables in every form Apple ships them (FORMATS.md §1).
///
/// Old-style text in UTF-8 (with or without a BOM), UTF-16 or UTF-32 with a BOM goes through our own
/// byte-level parser; binary (`bplist00`) and XML property lists go through `PropertyListSerialization`.
/// Errors carry a stable code, the line and column, and a message naming the fix; lint warnings
/// (lowercase `\u`, high octal escapes, …) are collected on ``StringsFile/warnings``.
///
/// A zero-length file is read as an empty table with an ``StringsWarning/Code/emptyFile`` warning,
/// although `PropertyListSerialization` rejects it: an empty table is what the author meant, and a file
/// holding only whitespace or comments is an empty table for Apple too.
///
/// ```swift
/// let table = try StringsReader.read(Data(contentsOf: url), rejectingDuplicates: true)
/// let greeting = table.dictionary["greeting"]
/// ```
package enum StringsReader {
    /// Reads a `.strings` file from its raw bytes.
    ///
    /// - Parameters:
    ///   - data: the whole file.
    ///   - rejectingDuplicates: throw ``StringsError/Code/duplicateKey`` on a repeated key instead of keeping both.
    /// - Returns: the entries in file order, the detected encoding and any lint warnings.
    /// - Throws: ``StringsError`` for a file Apple would reject or silently truncate.
    package static func read(_ data: Data, rejectingDuplicates: Bool = false) throws(StringsError) -> StringsFile {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(StringsError) in
                try read(raw.assumingMemoryBound(to: UInt8.self), rejectingDuplicates: rejectingDuplicates)
            }
        }
        return try result.get()
    }

    /// Reads a `.strings` file from its raw bytes.
    package static func read(_ bytes: [UInt8], rejectingDuplicates: Bool = false) throws(StringsError) -> StringsFile {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(StringsError) in try read(buffer, rejectingDuplicates: rejectingDuplicates) }
        }
        return try result.get()
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, rejectingDuplicates: Bool) throws(StringsError) -> StringsFile {
        if bytes.isEmpty { return emptyTable(encoding: .utf8) }
        switch StringsTextDecoding.detect(bytes) {
        case .binaryPropertyList:
            return try readPropertyList(bytes, encoding: .binaryPropertyList)
        case .utf16WithoutBOM:
            throw StringsError(code: .utf16WithoutBOM,
                message: "the file looks like UTF-16 without a byte-order mark, which Apple cannot read; re-save it as UTF-8 (or UTF-16 with a BOM)",
                location: SourceLocation(line: 1, column: 1))
        case .utf8(let bomLength):
            if let offset = StringsTextDecoding.firstInvalidUTF8Offset(bytes, from: bomLength) {
                throw StringsTextDecoding.invalidUTF8Error(bytes, at: offset, bomLength: bomLength)
            }
            return try readText(UnsafeBufferPointer(rebasing: bytes[bomLength...]), original: bytes,
                encoding: bomLength == 0 ? .utf8 : .utf8WithBOM, rejectingDuplicates: rejectingDuplicates)
        case .utf16(let bigEndian):
            let utf8 = try StringsTextDecoding.transcodeUTF16(bytes, bigEndian: bigEndian)
            return try readTranscoded(utf8, original: bytes, encoding: bigEndian ? .utf16BigEndian : .utf16LittleEndian,
                rejectingDuplicates: rejectingDuplicates)
        case .utf32(let bigEndian):
            let utf8 = try StringsTextDecoding.transcodeUTF32(bytes, bigEndian: bigEndian)
            return try readTranscoded(utf8, original: bytes, encoding: bigEndian ? .utf32BigEndian : .utf32LittleEndian,
                rejectingDuplicates: rejectingDuplicates)
        }
    }

    private static func readTranscoded(
        _ utf8: [UInt8], original: UnsafeBufferPointer<UInt8>, encoding: StringsFile.Encoding, rejectingDuplicates: Bool
    ) throws(StringsError) -> StringsFile {
        let result = utf8.withUnsafeBufferPointer { buffer in
            Result { () throws(StringsError) in
                try readText(buffer, original: original, encoding: encoding, rejectingDuplicates: rejectingDuplicates)
            }
        }
        return try result.get()
    }

    /// Parses valid UTF-8 text, handing XML property lists to Foundation.
    private static func readText(
        _ utf8: UnsafeBufferPointer<UInt8>, original: UnsafeBufferPointer<UInt8>, encoding: StringsFile.Encoding,
        rejectingDuplicates: Bool
    ) throws(StringsError) -> StringsFile {
        if utf8.isEmpty { return emptyTable(encoding: encoding) }
        if looksLikeXML(utf8) {
            return try readPropertyList(original, encoding: .xmlPropertyList)
        }
        var parser = StringsParser(bytes: utf8, rejectingDuplicates: rejectingDuplicates)
        let entries = try parser.parseFile()
        return StringsFile(entries: entries, encoding: encoding, warnings: parser.warnings)
    }

    /// A file with no text at all (perhaps only a byte-order mark): an empty table and a warning.
    private static func emptyTable(encoding: StringsFile.Encoding) -> StringsFile {
        let warning = StringsWarning(code: .emptyFile,
            message: "the file has no text; Apple's parser rejects an empty .strings file, so add a comment such as /* No entries */",
            location: SourceLocation(line: 1, column: 1))
        return StringsFile(entries: [], encoding: encoding, warnings: [warning])
    }

    /// `<?xml`, `<!DOCTYPE` or `<plist` after optional whitespace.
    private static func looksLikeXML(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < utf8.count, utf8[index] == ASCII.space || (utf8[index] >= 0x09 && utf8[index] <= 0x0D) { index += 1 }
        guard index < utf8.count, utf8[index] == ASCII.lessThan else { return false }
        let rest = UnsafeBufferPointer(rebasing: utf8[(index + 1)...])
        return ["?xml", "!DOCTYPE", "plist"].contains { rest.starts(with: $0.utf8) }
    }
}
