package import Foundation

/// Reads `.strings` tables in every form Apple ships them (FORMATS.md §1). A zero-length file, which Foundation
/// rejects, is an empty table with a warning: that is what the author meant.
package enum StringsReader {
    /// `acceptingPropertyLists` only for the app's own files: crafted binary lists crash Foundation (FORMATS.md §2.4).
    package static func read(_ data: Data, acceptingPropertyLists: Bool = false) throws(StringsError) -> StringsFile {
        try data.withUnsafeBytes { raw in
            Result { () throws(StringsError) in
                try read(raw.assumingMemoryBound(to: UInt8.self), acceptingPropertyLists: acceptingPropertyLists)
            }
        }.get()
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, acceptingPropertyLists: Bool) throws(StringsError) -> StringsFile {
        switch try text(of: bytes) {
        case .propertyList(let kind):
            guard acceptingPropertyLists else {
                throw StringsError(code: .propertyListNotAccepted,
                    message: "the table is \(kind == "XML" ? "an" : "a") \(kind) property list, which Overlay reads only from the app's own bundles; publish it with overlay publish, which writes text")
            }
            return try readPropertyList(bytes, kind: kind)
        case .utf8(let start):
            return try readText(UnsafeBufferPointer(rebasing: bytes[start...]))
        case .transcoded(let utf8):
            return try utf8.withUnsafeBufferPointer { (buffer) throws(StringsError) in try readText(buffer) }
        }
    }

    /// What a table's bytes hold, decided once for both readers (this one and the launch's `OverlayStrings`): valid
    /// UTF-8 from `start` (after a BOM), UTF-16 or UTF-32 transcoded to UTF-8, or a "binary" or "XML" property list.
    enum Text {
        case utf8(start: Int)
        case transcoded([UInt8])
        case propertyList(kind: String)
    }

    /// Throws for text no reader accepts: invalid UTF-8, UTF-16 without a BOM, a lone surrogate or a truncated unit.
    static func text(of bytes: UnsafeBufferPointer<UInt8>) throws(StringsError) -> Text {
        let utf8: [UInt8]
        switch StringsTextDecoding.detect(bytes) {
        case .binaryPropertyList:
            return .propertyList(kind: "binary")
        case .utf16WithoutBOM:
            throw StringsError(code: .utf16WithoutBOM,
                message: "the file looks like UTF-16 without a byte-order mark, which Apple cannot read; re-save it as UTF-8 (or UTF-16 with a BOM)",
                location: SourceLocation(line: 1, column: 1))
        case .utf8(let bomLength):
            if let offset = StringsTextDecoding.firstInvalidUTF8Offset(bytes, from: bomLength) {
                throw StringsTextDecoding.invalidUTF8Error(bytes, at: offset, bomLength: bomLength)
            }
            return looksLikeXML(UnsafeBufferPointer(rebasing: bytes[bomLength...]))
                ? .propertyList(kind: "XML") : .utf8(start: bomLength)
        case .utf16(let bigEndian):
            utf8 = try StringsTextDecoding.transcode(bytes, width: 2, bigEndian: bigEndian)
        case .utf32(let bigEndian):
            utf8 = try StringsTextDecoding.transcode(bytes, width: 4, bigEndian: bigEndian)
        }
        return utf8.withUnsafeBufferPointer(looksLikeXML) ? .propertyList(kind: "XML") : .transcoded(utf8)
    }

    private static func readText(_ utf8: UnsafeBufferPointer<UInt8>) throws(StringsError) -> StringsFile {
        guard !utf8.isEmpty else {
            let warning = StringsWarning(code: .emptyFile,
                message: "the file has no text; Apple's parser rejects an empty .strings file, so add a comment such as /* No entries */",
                location: SourceLocation(line: 1, column: 1))
            return StringsFile(entries: [], warnings: [warning])
        }
        var parser = StringsParser(bytes: utf8)
        var collector = EntryCollector(bytes: utf8)
        try parser.walkFile(&collector)
        return StringsFile(entries: collector.entries, warnings: parser.warnings)
    }

    private static func looksLikeXML(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < utf8.count, utf8[index] == ASCII.space || (utf8[index] >= 0x09 && utf8[index] <= 0x0D) { index += 1 }
        guard index < utf8.count, utf8[index] == ASCII.lessThan else { return false }
        let rest = UnsafeBufferPointer(rebasing: utf8[(index + 1)...])
        return ["?xml", "!DOCTYPE", "plist"].contains { rest.starts(with: $0.utf8) }
    }
}
