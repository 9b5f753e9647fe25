import Foundation

extension StringsReader {
    /// Read by ``PropertyListReader``, the one reader of property lists; entries come out sorted by key (a binary
    /// list keeps no order) with ``StringsFile/Entry/unknownLocation``. `kind`, "binary" or "XML", names the form in
    /// messages.
    static func readPropertyList(_ bytes: UnsafeBufferPointer<UInt8>, kind: String) throws(StringsError) -> StringsFile {
        let root: PropertyListValue
        do {
            root = try PropertyListReader.read(Data(buffer: bytes), acceptingBinary: true)
        } catch {
            throw StringsError(code: .invalidPropertyList,
                message: "the \(kind) property list cannot be parsed (\(error.message)); re-export the table or convert it with plutil")
        }
        guard let members = root.dictionaryEntries else {
            throw StringsError(code: .invalidPropertyList,
                message: "the \(kind) property list holds \(root.kindWithArticle), not a dictionary of strings; a .strings table must be a dictionary")
        }
        var entries: [StringsFile.Entry] = []
        entries.reserveCapacity(members.count)
        for member in members.sorted(by: { $0.key < $1.key }) {
            guard let value = member.value.stringValue else {
                throw StringsError(code: .nonStringValue,
                    message: "the value of \"\(member.key)\" is \(member.value.kindWithArticle); a .strings table holds only string values")
            }
            entries.append(StringsFile.Entry(key: member.key, value: value, location: StringsFile.Entry.unknownLocation))
        }
        return StringsFile(entries: entries)
    }
}

extension StringsFile.Entry {
    /// Line 0, column 0: the entry has no place in a text (it came from a binary or XML property list).
    package static let unknownLocation = SourceLocation(line: 0, column: 0)
}
