package import Foundation

package struct StringsdictFile: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var key: String
        package var entry: StringsdictEntry
        /// Nil from a binary property list.
        package var location: SourceLocation?
    }

    /// A lookup key whose entry breaks a structural rule: the rest of the table still reads, as on a device, where
    /// Foundation only trips over the entry when it is formatted.
    package struct Rejection: Sendable, Equatable {
        package var key: String
        package var error: StringsdictError
        /// Written canonically: equal bytes mean the same entry.
        package var canonical: Data

        package init(key: String, error: StringsdictError, canonical: Data) {
            self.key = key
            self.error = error
            self.canonical = canonical
        }
    }

    package var entries: [Entry]
    package var warnings: [Finding] = []
    package var rejected: [Rejection] = []
}
