package import Foundation

/// A strict RFC 8259 JSON parser for the project's artifacts and wire formats: unlike `JSONSerialization` (which
/// keeps the last duplicate key silently and accepts trailing commas), it rejects duplicate keys, trailing commas,
/// comments, leading zeros, `NaN`, lone surrogates, raw control characters and invalid UTF-8, and enforces size and
/// depth limits. Every error names a line and column (the column counts UTF-8 bytes).
package enum StrictJSON {
    /// Parses one JSON document.
    /// - Throws: ``JSONError`` with the first problem found and its location.
    package static func parse(_ data: Data, limits: ParseLimits = .default) throws(JSONError) -> JSONValue {
        guard data.count <= limits.maxBytes else {
            throw JSONError(
                code: .tooLarge,
                message: "the document is \(data.count) bytes, more than the limit of \(limits.maxBytes); "
                    + "shrink it or raise ParseLimits.maxBytes")
        }
        return try data.withUnsafeBytes { raw in
            Result { () throws(JSONError) in
                var parser = JSONByteParser(bytes: raw.assumingMemoryBound(to: UInt8.self), maxDepth: limits.maxDepth)
                return try parser.parseDocument()
            }
        }.get()
    }
}
