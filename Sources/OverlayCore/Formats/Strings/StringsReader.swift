package import Foundation

/// Reads `.strings` tables in every form Apple ships them (FORMATS.md §1). A zero-length file, which Foundation
/// rejects, is an empty table with a warning: that is what the author meant.
package enum StringsReader {
    /// `acceptingPropertyLists` only for the app's own files: crafted binary lists crash Foundation (FORMATS.md §2.4).
    package static func read(_ data: Data, acceptingPropertyLists: Bool = false) throws(StringsError) -> StringsFile {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(StringsError) in
                try read(raw.assumingMemoryBound(to: UInt8.self), acceptingPropertyLists: acceptingPropertyLists)
            }
        }
        return try result.get()
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, acceptingPropertyLists: Bool) throws(StringsError) -> StringsFile {
        if bytes.isEmpty { return emptyTable() }
        let utf8: [UInt8]
        switch StringsTextDecoding.detect(bytes) {
        case .binaryPropertyList:
            guard acceptingPropertyLists else { throw propertyListNotAccepted("a binary") }
            return try readPropertyList(bytes, kind: "binary")
        case .utf16WithoutBOM:
            throw StringsError(code: .utf16WithoutBOM,
                message: "the file looks like UTF-16 without a byte-order mark, which Apple cannot read; re-save it as UTF-8 (or UTF-16 with a BOM)",
                location: SourceLocation(line: 1, column: 1))
        case .utf8(let bomLength):
            if let offset = StringsTextDecoding.firstInvalidUTF8Offset(bytes, from: bomLength) {
                throw StringsTextDecoding.invalidUTF8Error(bytes, at: offset, bomLength: bomLength)
            }
            return try readText(UnsafeBufferPointer(rebasing: bytes[bomLength...]), original: bytes,
                acceptingPropertyLists: acceptingPropertyLists)
        case .utf16(let bigEndian):
            utf8 = try StringsTextDecoding.transcode(bytes, width: 2, bigEndian: bigEndian)
        case .utf32(let bigEndian):
            utf8 = try StringsTextDecoding.transcode(bytes, width: 4, bigEndian: bigEndian)
        }
        let result = utf8.withUnsafeBufferPointer { buffer in
            Result { () throws(StringsError) in
                try readText(buffer, original: bytes, acceptingPropertyLists: acceptingPropertyLists)
            }
        }
        return try result.get()
    }

    private static func readText(
        _ utf8: UnsafeBufferPointer<UInt8>, original: UnsafeBufferPointer<UInt8>, acceptingPropertyLists: Bool
    ) throws(StringsError) -> StringsFile {
        if utf8.isEmpty { return emptyTable() }
        if looksLikeXML(utf8) {
            guard acceptingPropertyLists else { throw propertyListNotAccepted("an XML") }
            return try readPropertyList(original, kind: "XML")
        }
        var parser = StringsParser(bytes: utf8)
        var collector = EntryCollector(bytes: utf8)
        try parser.walkFile(&collector)
        return StringsFile(entries: collector.entries, warnings: parser.warnings)
    }

    private static func propertyListNotAccepted(_ form: String) -> StringsError {
        StringsError(code: .propertyListNotAccepted,
            message: "the table is \(form) property list, which Overlay reads only from the app's own bundles; publish it with overlay publish, which writes text")
    }

    private static func emptyTable() -> StringsFile {
        let warning = StringsWarning(code: .emptyFile,
            message: "the file has no text; Apple's parser rejects an empty .strings file, so add a comment such as /* No entries */",
            location: SourceLocation(line: 1, column: 1))
        return StringsFile(entries: [], warnings: [warning])
    }

    private static func looksLikeXML(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < utf8.count, utf8[index] == ASCII.space || (utf8[index] >= 0x09 && utf8[index] <= 0x0D) { index += 1 }
        guard index < utf8.count, utf8[index] == ASCII.lessThan else { return false }
        let rest = UnsafeBufferPointer(rebasing: utf8[(index + 1)...])
        return ["?xml", "!DOCTYPE", "plist"].contains { rest.starts(with: $0.utf8) }
    }
}
