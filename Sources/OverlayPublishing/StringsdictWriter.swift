package import Foundation
package import OverlayCore

/// Writes `.stringsdict` tables as XML property lists, keys sorted by bytes, so the same table gives the same bytes.
///
/// ```swift
/// let data = StringsdictWriter.write(["n.items": .format(PluralFormat(format: "%#@v@", variables: [...]))])
/// try StringsdictReader.readFile(data).dictionary   // the same entries
/// ```
package enum StringsdictWriter {
    package static func write(_ entries: [String: StringsdictEntry]) -> Data {
        PropertyListWriter.xml(.dictionary(sorted(entries).map { PropertyListEntry(key: $0.key, keyLocation: nil, value: $0.value.propertyListValue) }, nil))
    }

    private static func sorted<Value>(_ dictionary: [String: Value]) -> [(key: String, value: Value)] {
        dictionary.sorted(by: { (a: (key: String, value: Value), b: (key: String, value: Value)) in
            String.utf8Precedes(a.key, b.key)
        })
    }
}
