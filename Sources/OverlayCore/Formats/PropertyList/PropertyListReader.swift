package import Foundation

/// Reads XML property lists (with locations) and `bplist00` binary ones (without) into the same
/// `PropertyListValue` tree, with our own strict parsers: duplicate keys, nesting and size are all checked.
///
/// ```swift
/// let root = try PropertyListReader.read(Data(contentsOf: url))
/// ```
package enum PropertyListReader {
    /// Caps that bound the work done on hostile input.
    package struct Limits: Sendable, Hashable {
        /// The largest input accepted, in bytes.
        package var maximumBytes: Int
        /// The deepest nesting of values accepted; `<plist><dict>` is depth 1.
        package var maximumDepth: Int

        /// Creates limits.
        package init(maximumBytes: Int = 8 << 20, maximumDepth: Int = 32) {
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
        }

        /// 8 MiB and 32 levels.
        package static let `default` = Limits()
    }

    /// Parses `data` as an XML (UTF-8, or UTF-16 with a byte-order mark) or binary property list.
    package static func read(_ data: Data, limits: Limits = .default) throws(PropertyListError) -> PropertyListValue {
        guard data.count <= limits.maximumBytes else {
            throw PropertyListError(
                code: .tooLarge,
                message: "The property list is \(data.count) bytes, over the \(limits.maximumBytes)-byte cap; split it.")
        }
        if data.starts(with: Array("bplist".utf8)) { return try readBinary(data, limits: limits) }
        var parser = XMLPropertyListParser(bytes: try utf8Bytes(data), maximumDepth: limits.maximumDepth)
        return try parser.parseDocument()
    }

    /// The document as UTF-8 bytes: UTF-8 is validated, UTF-16 with a BOM is transcoded, anything else refused.
    private static func utf8Bytes(_ data: Data) throws(PropertyListError) -> [UInt8] {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            let bigEndian = bytes[0] == 0xFE
            guard bytes.count % 2 == 0 else { throw invalidEncoding }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2 - 1)
            for offset in stride(from: 2, to: bytes.count, by: 2) {
                let (a, b) = (UInt16(bytes[offset]), UInt16(bytes[offset + 1]))
                units.append(bigEndian ? a << 8 | b : b << 8 | a)
            }
            guard let string = String(validating: units, as: UTF16.self) else { throw invalidEncoding }
            return Array(string.utf8)
        }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw invalidEncoding }
        return bytes
    }

    private static var invalidEncoding: PropertyListError {
        PropertyListError(
            code: .invalidEncoding,
            message: "The property list is neither valid UTF-8 nor UTF-16 with a byte-order mark; save it as UTF-8.")
    }

    private static func readBinary(_ data: Data, limits: Limits) throws(PropertyListError) -> PropertyListValue {
        var parser = BinaryPropertyListParser(bytes: [UInt8](data), maximumDepth: limits.maximumDepth)
        return try parser.parse()
    }
}
