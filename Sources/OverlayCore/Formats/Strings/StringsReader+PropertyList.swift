import Foundation

extension StringsReader {
    /// Through ``PropertyListReader``: an XML list in document order with locations, a binary one (Foundation) sorted
    /// by key bytes with ``StringsFile/Entry/unknownLocation``. A container problem has no location.
    static func readPropertyList(
        _ bytes: UnsafeBufferPointer<UInt8>, encoding: StringsFile.Encoding
    ) throws(StringsError) -> StringsFile {
        let root: PropertyListValue
        do {
            root = try PropertyListReader.read(
                Data(buffer: bytes), limits: .init(maximumBytes: bytes.count), acceptingBinary: true)
        } catch {
            throw StringsError(code: .invalidPropertyList,
                message: "the property list cannot be parsed (\(error.message)); re-export the table or convert it with plutil")
        }
        guard let members = root.dictionaryEntries else {
            throw StringsError(code: .invalidPropertyList,
                message: "the property list holds \(root.kindWithArticle), not a dictionary of strings; a .strings table must be a dictionary")
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
