/// A key and its value must be bounded (an empty key, which Xcode writes for `Text("")`, is fine). A key the shipped
/// development catalog lacks is a warning: the resolver never serves it.
///
/// A key may hold tab, line feed and carriage return (SwiftUI extracts `Text("a\nb")` into such a key): the only C0
/// controls XML 1.0 carries, so the only ones a `.stringsdict` or Xcode's XLIFF can hold. Any other C0 control, DEL or
/// a C1 control (U+009B starts a terminal escape) is refused.
package enum KeySyntaxRule {
    package static func check(
        key: String, value: CatalogValue, knownToShipped: Bool, limits: ValidationLimits, location: Finding.Location
    ) -> [Finding] {
        var findings: [Finding] = []
        if key.utf8.count > limits.maxKeyBytes {
            findings.append(Finding(
                code: "key.too-long", severity: .error,
                message: "the key is \(key.utf8.count) bytes, over the \(limits.maxKeyBytes)-byte limit; shorten it",
                location: location))
        }
        if let control = refusedControl(in: key) {
            let hex = String(control.value, radix: 16, uppercase: true)
            let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            findings.append(Finding(
                code: "key.control-character", severity: .error,
                message: "the key contains the control character U+\(code), which no .stringsdict or XLIFF can hold (a key may contain tab, newline and carriage return, nothing else below U+0020, nor DEL or U+0080–U+009F); remove it from the key",
                location: location))
        }
        let size = valueBytes(value)
        if size > limits.maxValueBytes {
            findings.append(Finding(
                code: "value.too-long", severity: .error,
                message: "the value is \(size) bytes, over the \(limits.maxValueBytes)-byte limit; shorten it",
                location: location))
        }
        if !knownToShipped && !key.isEmpty {
            findings.append(Finding(
                code: "key.unknown", severity: .warning,
                message: "the build's shipped catalog has no key \"\(key)\" here; the overlay value is never served",
                location: location))
        }
        return findings
    }

    /// True when `check` finds nothing for a shipped key and a plain value, by a byte scan.
    package static func isClean(key: String, text: String, limits: ValidationLimits) -> Bool {
        key.utf8.count <= limits.maxKeyBytes && text.utf8.count <= limits.maxValueBytes && refusedControl(in: key) == nil
    }

    /// The first scalar of general category Cc but tab, line feed and carriage return, found in UTF-8, where
    /// U+0080–U+009F is 0xC2 then 0x80–0x9F.
    static func refusedControl(in key: String) -> Unicode.Scalar? {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
            var previous: UInt8 = 0
            for byte in bytes {
                if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { return Unicode.Scalar(byte) }
                if byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) { return Unicode.Scalar(byte) }
                previous = byte
            }
            return nil
        }
        return key.utf8.withContiguousStorageIfAvailable(scan) ?? Array(key.utf8).withUnsafeBufferPointer(scan)
    }

    static func valueBytes(_ value: CatalogValue) -> Int {
        switch value {
        case .string(let text): text.utf8.count
        case .plural(let entry): entryBytes(entry)
        }
    }

    private static func entryBytes(_ entry: StringsdictEntry) -> Int {
        switch entry {
        case .text(let text): text.utf8.count
        case .format(let format):
            format.format.utf8.count + format.variables.values.reduce(0) { $0 + $1.forms.values.reduce(0) { $0 + $1.utf8.count } }
        case .width(let variants): variants.values.reduce(0) { $0 + $1.utf8.count }
        case .device(let variants): variants.values.reduce(0) { $0 + entryBytes($1) }
        }
    }
}
