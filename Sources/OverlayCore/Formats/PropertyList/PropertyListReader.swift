package import Foundation

/// XML property lists through our own strict parser (with locations); binary ones only from the app's own bundles,
/// through Foundation: fuzzing found corrupted binary lists that crash `PropertyListSerialization`.
package enum PropertyListReader {
    /// `acceptingBinary`: a `bplist` too, which Xcode writes into built bundles (FORMATS.md §3.3).
    package static func read(
        _ data: Data, limits: ParseLimits = .propertyList, acceptingBinary: Bool = false
    ) throws(PropertyListError) -> PropertyListValue {
        guard data.count <= limits.maxBytes else {
            throw PropertyListError(
                code: .tooLarge,
                message: "The property list is \(data.count) bytes, over the \(limits.maxBytes)-byte cap; split it.")
        }
        if data.starts(with: Array("bplist".utf8)) {
            guard acceptingBinary else {
                throw PropertyListError(
                    code: .unreadableBinary,
                    message: "The property list is binary, read only from an app's own bundles; write it as XML.")
            }
            return try readBinary(data, limits: limits)
        }
        return try utf8Bytes(data).withUnsafeBufferPointer { (buffer) throws(PropertyListError) in
            var parser = XMLPropertyListParser(bytes: buffer, maximumDepth: limits.maxDepth)
            return try parser.parseDocument()
        }
    }

    private static func utf8Bytes(_ data: Data) throws(PropertyListError) -> [UInt8] {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            let bigEndian = bytes[0] == 0xFE
            let utf8 = bytes.withUnsafeBufferPointer {
                try? StringsTextDecoding.transcode($0, width: 2, bigEndian: bigEndian)
            }
            guard let utf8 else { throw invalidEncoding }
            return utf8
        }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw invalidEncoding }
        return bytes
    }

    private static var invalidEncoding: PropertyListError {
        PropertyListError(
            code: .invalidEncoding,
            message: "The property list is neither valid UTF-8 nor UTF-16 with a byte-order mark; save it as UTF-8.")
    }

    private static func readBinary(_ data: Data, limits: ParseLimits) throws(PropertyListError) -> PropertyListValue {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw PropertyListError(
                code: .unreadableBinary,
                message: "The binary property list cannot be read (\(error.localizedDescription)); rebuild it.")
        }
        return try value(of: object, depth: 1, limits: limits)
    }

    /// A dictionary's keys come out sorted by bytes: Foundation keeps no order.
    private static func value(
        of object: Any, depth: Int, limits: ParseLimits
    ) throws(PropertyListError) -> PropertyListValue {
        guard depth <= limits.maxDepth else {
            throw PropertyListError(
                code: .tooDeep,
                message: "Values are nested deeper than \(limits.maxDepth) levels; flatten the structure.")
        }
        switch object {
        case let string as String:
            return .string(string, nil)
        case let date as Date:
            return .date(date, nil)
        case let data as Data:
            return .data(data, nil)
        case let number as NSNumber:
            // A boolean is a Swift `Bool` on Linux and a `CFBoolean` on Apple platforms; both report `c`.
            switch String(cString: number.objCType) {
            case "c": return .boolean(number.boolValue, nil)
            case "d", "f": return .real(number.doubleValue, nil)
            default: return .integer(number.int64Value, nil)
            }
        case let values as [Any]:
            var array: [PropertyListValue] = []
            for element in values { array.append(try value(of: element, depth: depth + 1, limits: limits)) }
            return .array(array, nil)
        case let dictionary as [String: Any]:
            var entries: [PropertyListEntry] = []
            for key in dictionary.keys.sorted(by: String.utf8Precedes) {
                let member = try value(of: dictionary[key]!, depth: depth + 1, limits: limits)
                entries.append(PropertyListEntry(key: key, keyLocation: nil, value: member))
            }
            return .dictionary(entries, nil)
        default:
            throw PropertyListError(
                code: .unreadableBinary, message: "The binary property list holds \(type(of: object)); rebuild it.")
        }
    }
}
