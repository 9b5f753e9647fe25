package import Foundation

/// A property-list value tree in which every node knows where it starts in the XML text.
///
/// Locations are nil for values read from a binary property list. Dictionary entries keep document order,
/// so a reader can report the first problem the way a person reads the file.
///
/// ```swift
/// let root = try PropertyListReader.read(data)
/// if case .dictionary(let entries, _) = root { print(entries.map(\.key)) }
/// ```
package indirect enum PropertyListValue: Sendable, Equatable {
    /// `<string>`.
    case string(String, SourceLocation?)
    /// `<integer>`: decimal, 64-bit signed.
    case integer(Int64, SourceLocation?)
    /// `<real>`.
    case real(Double, SourceLocation?)
    /// `<true/>` or `<false/>`.
    case boolean(Bool, SourceLocation?)
    /// `<date>`: `YYYY-MM-DDTHH:MM:SSZ`.
    case date(Date, SourceLocation?)
    /// `<data>`: base64.
    case data(Data, SourceLocation?)
    /// `<array>`.
    case array([PropertyListValue], SourceLocation?)
    /// `<dict>`: entries in document order.
    case dictionary([PropertyListEntry], SourceLocation?)

    /// Where the value's element starts (`<` of its start tag), when known.
    package var location: SourceLocation? {
        switch self {
        case .string(_, let location), .integer(_, let location), .real(_, let location),
            .boolean(_, let location), .date(_, let location), .data(_, let location),
            .array(_, let location), .dictionary(_, let location):
            location
        }
    }

    /// The element name of this kind of value, for messages: `string`, `dict`, ….
    package var kindName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .boolean: "true/false"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dict"
        }
    }

    /// The kind with an indefinite article, for messages: "a string", "an array".
    package var kindWithArticle: String {
        switch self {
        case .integer, .array: "an \(kindName)"
        default: "a \(kindName)"
        }
    }

    /// The string, if this is a `<string>`.
    package var stringValue: String? {
        if case .string(let value, _) = self { value } else { nil }
    }

    /// The entries, if this is a `<dict>`.
    package var dictionaryEntries: [PropertyListEntry]? {
        if case .dictionary(let entries, _) = self { entries } else { nil }
    }
}

/// One `<key>` of a `<dict>` with its value.
package struct PropertyListEntry: Sendable, Equatable {
    /// The text of the `<key>`.
    package var key: String
    /// Where the `<key>` element starts, when known.
    package var keyLocation: SourceLocation?
    /// The value after the key.
    package var value: PropertyListValue

    /// Creates an entry.
    package init(key: String, keyLocation: SourceLocation?, value: PropertyListValue) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}
