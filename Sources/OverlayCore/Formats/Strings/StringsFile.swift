/// A `.strings` table in file order, duplicates kept: strict readers report them, lenient ones keep the last.
package struct StringsFile: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var key: String
        package var value: String
        package var location: SourceLocation
    }

    package var entries: [Entry]
    package var warnings: [StringsWarning] = []
}
