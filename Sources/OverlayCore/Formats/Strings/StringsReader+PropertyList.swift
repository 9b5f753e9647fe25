import Foundation

extension StringsReader {
    /// Through ``PropertyListReader``, the one property-list reader: XML entries keep file order and the location of
    /// their key; a binary list's come sorted by key (a dictionary has no file order) with
    /// ``StringsFile/Entry/unknownLocation``. No size cap: the table is the app's own, read as it shipped.
    static func readPropertyList(_ bytes: UnsafeBufferPointer<UInt8>, encoding: StringsFile.Encoding) throws(StringsError) -> StringsFile {
        let kind = encoding == .binaryPropertyList ? "binary" : "XML"
        let root: PropertyListValue
        do {
            root = try PropertyListReader.read(
                Data(buffer: bytes), limits: .init(maximumBytes: .max), acceptingBinary: true)
        } catch {
            throw StringsError(code: .invalidPropertyList,
                message: "the \(kind) property list cannot be parsed (\(error.message)); re-export the table or convert it with plutil",
                location: error.location)
        }
        guard let members = root.dictionaryEntries else {
            throw StringsError(code: .invalidPropertyList,
                message: "the \(kind) property list holds \(root.kindWithArticle), not a dictionary of strings; a .strings table must be a dictionary",
                location: nil)
        }
        var entries: [StringsFile.Entry] = []
        entries.reserveCapacity(members.count)
        for member in members {
            guard let value = member.value.stringValue else {
                throw StringsError(code: .nonStringValue,
                    message: "the value of \"\(member.key)\" is \(member.value.kindWithArticle); a .strings table holds only string values",
                    location: member.value.location)
            }
            let location = member.keyLocation ?? StringsFile.Entry.unknownLocation
            entries.append(StringsFile.Entry(key: member.key, value: value, location: location))
        }
        return StringsFile(entries: entries, encoding: encoding)
    }
}

extension StringsFile.Entry {
    /// Line 0, column 0: the entry has no place in a text (it came from a binary property list).
    package static let unknownLocation = SourceLocation(line: 0, column: 0)
}
