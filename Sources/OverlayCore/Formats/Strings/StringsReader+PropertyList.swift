import Foundation

extension StringsReader {
    /// Entries come out sorted by key (a dictionary has no file order) with ``StringsFile/Entry/unknownLocation``.
    /// `kind`, "binary" or "XML", names the form in messages.
    static func readPropertyList(_ bytes: UnsafeBufferPointer<UInt8>, kind: String) throws(StringsError) -> StringsFile {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: Data(buffer: bytes), options: [], format: nil)
        } catch {
            throw StringsError(code: .invalidPropertyList,
                message: "the \(kind) property list cannot be parsed (\(error.localizedDescription)); re-export the table or convert it with plutil")
        }
        guard let dictionary = object as? [String: Any] else {
            throw StringsError(code: .invalidPropertyList,
                message: "the \(kind) property list holds \(typeName(of: object)), not a dictionary of strings; a .strings table must be a dictionary")
        }
        var entries: [StringsFile.Entry] = []
        entries.reserveCapacity(dictionary.count)
        for key in dictionary.keys.sorted() {
            guard let value = dictionary[key] as? String else {
                throw StringsError(code: .nonStringValue,
                    message: "the value of \"\(key)\" is \(typeName(of: dictionary[key] as Any)); a .strings table holds only string values")
            }
            entries.append(StringsFile.Entry(key: key, value: value, location: StringsFile.Entry.unknownLocation))
        }
        return StringsFile(entries: entries)
    }

    private static func typeName(of value: Any) -> String {
        switch value {
        case is String: "a string"
        case is [Any]: "an array"
        case is [String: Any]: "a dictionary"
        case is Data: "data"
        case is Date: "a date"
        case is Bool, is NSNumber: "a number"
        default: "a \(type(of: value))"
        }
    }
}

extension StringsFile.Entry {
    /// Line 0, column 0: the entry has no place in a text (it came from a binary or XML property list).
    package static let unknownLocation = SourceLocation(line: 0, column: 0)
}
