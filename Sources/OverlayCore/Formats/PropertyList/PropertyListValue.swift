package import Foundation

/// A property-list value tree whose nodes know where they start in the XML text (nil from a binary list); entries
/// keep document order, so a reader reports the first problem as a person reads the file.
package indirect enum PropertyListValue: Sendable, Equatable {
    case string(String, SourceLocation?)
    case integer(Int64, SourceLocation?)
    case real(Double, SourceLocation?)
    case boolean(Bool, SourceLocation?)
    case date(Date, SourceLocation?)
    case data(Data, SourceLocation?)
    case array([PropertyListValue], SourceLocation?)
    case dictionary([PropertyListEntry], SourceLocation?)

    /// The `<` of the start tag.
    package var location: SourceLocation? {
        switch self {
        case .string(_, let location), .integer(_, let location), .real(_, let location),
            .boolean(_, let location), .date(_, let location), .data(_, let location),
            .array(_, let location), .dictionary(_, let location):
            location
        }
    }

    /// For messages: "a string", "an array".
    package var kindWithArticle: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a real"
        case .boolean: "a true/false"
        case .date: "a date"
        case .data: "a data"
        case .array: "an array"
        case .dictionary: "a dict"
        }
    }

    package var stringValue: String? {
        if case .string(let value, _) = self { value } else { nil }
    }

    package var dictionaryEntries: [PropertyListEntry]? {
        if case .dictionary(let entries, _) = self { entries } else { nil }
    }
}

package struct PropertyListEntry: Sendable, Equatable {
    package var key: String
    package var keyLocation: SourceLocation?
    package var value: PropertyListValue

    package init(key: String, keyLocation: SourceLocation?, value: PropertyListValue) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}
