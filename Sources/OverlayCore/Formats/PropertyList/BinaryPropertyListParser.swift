import Foundation

/// A bounds-checked reader for `bplist00` binary property lists.
///
/// Foundation's `PropertyListSerialization` is not used on untrusted bytes: fuzzing found corrupted binary
/// lists that crash it (a SEGV while bridging a set) and leak a `CFError` on every failure. This reader
/// accepts the value kinds of `PropertyListValue` only, limits nesting, and caps the nodes it builds so that
/// shared references cannot expand exponentially.
struct BinaryPropertyListParser {
    let bytes: [UInt8]
    let maximumDepth: Int
    private var offsets: [Int] = []
    private var referenceSize = 1
    private var nodeBudget: Int

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        nodeBudget = max(bytes.count, 1024)
    }

    static func corrupt(_ detail: String) -> PropertyListError {
        PropertyListError(code: .unreadableBinary, message: "The binary property list is corrupt (\(detail)); re-export it.")
    }

    /// Reads the trailer and offset table, then the top object.
    mutating func parse() throws(PropertyListError) -> PropertyListValue {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else {
            throw Self.corrupt("no bplist00 header or trailer")
        }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            let count = Int(exactly: integer(at: trailer + 8, size: 8)),
            let top = Int(exactly: integer(at: trailer + 16, size: 8)),
            let tableStart = Int(exactly: integer(at: trailer + 24, size: 8)),
            count > 0, count <= trailer, top < count, tableStart >= 8, tableStart <= trailer,
            count <= (trailer - tableStart) / offsetSize
        else { throw Self.corrupt("invalid trailer") }
        offsets.reserveCapacity(count)
        for index in 0..<count {
            let offset = Int(truncatingIfNeeded: integer(at: tableStart + index * offsetSize, size: offsetSize))
            guard offset >= 8, offset < tableStart else { throw Self.corrupt("object offset out of range") }
            offsets.append(offset)
        }
        return try object(top, depth: 1)
    }

    /// A big-endian unsigned integer of `size` bytes (the caller checked the range).
    private func integer(at offset: Int, size: Int) -> UInt64 {
        bytes[offset..<offset + size].reduce(0) { $0 << 8 | UInt64($1) }
    }

    private func checkedRange(_ start: Int, _ length: Int) throws(PropertyListError) -> Range<Int> {
        guard length >= 0, start <= bytes.count - 32, length <= bytes.count - 32 - start else {
            throw Self.corrupt("object runs past the end")
        }
        return start..<start + length
    }

    /// The element count of a marker: its low nibble, or a following integer object when the nibble is 0xF.
    private func count(info: UInt8, at offset: Int) throws(PropertyListError) -> (count: Int, start: Int) {
        guard info == 0xF else { return (Int(info), offset + 1) }
        let range = try checkedRange(offset + 1, 1)
        let marker = bytes[range.lowerBound]
        guard marker >> 4 == 0x1, marker & 0xF <= 3 else { throw Self.corrupt("bad length marker") }
        let size = 1 << Int(marker & 0xF)
        let value = integer(at: try checkedRange(offset + 2, size).lowerBound, size: size)
        guard value <= UInt64(bytes.count) else { throw Self.corrupt("length larger than the file") }
        return (Int(value), offset + 2 + size)
    }

    private mutating func object(_ reference: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        guard depth <= maximumDepth else {
            throw PropertyListError(
                code: .tooDeep, message: "Values are nested deeper than \(maximumDepth) levels; flatten the structure.")
        }
        guard reference < offsets.count else { throw Self.corrupt("object reference out of range") }
        nodeBudget -= 1
        guard nodeBudget >= 0 else { throw Self.corrupt("too many shared references") }
        let offset = offsets[reference]
        let marker = bytes[offset]
        let info = marker & 0xF
        switch marker >> 4 {
        case 0x0 where info == 0x8 || info == 0x9:
            return .boolean(info == 0x9, nil)
        case 0x1 where info <= 3:
            let size = 1 << Int(info)
            let raw = integer(at: try checkedRange(offset + 1, size).lowerBound, size: size)
            return .integer(size == 8 ? Int64(bitPattern: raw) : Int64(raw), nil)
        case 0x2 where info == 2 || info == 3:
            let size = 1 << Int(info)
            let raw = integer(at: try checkedRange(offset + 1, size).lowerBound, size: size)
            return .real(size == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw), nil)
        case 0x3 where info == 3:
            let raw = integer(at: try checkedRange(offset + 1, 8).lowerBound, size: 8)
            return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: raw)), nil)
        case 0x4:
            let (length, start) = try count(info: info, at: offset)
            return .data(Data(bytes[try checkedRange(start, length)]), nil)
        case 0x5:
            let (length, start) = try count(info: info, at: offset)
            let range = try checkedRange(start, length)
            guard bytes[range].allSatisfy({ $0 < 0x80 }) else { throw Self.corrupt("non-ASCII byte in an ASCII string") }
            return .string(String(decoding: bytes[range], as: UTF8.self), nil)
        case 0x6:
            let (length, start) = try count(info: info, at: offset)
            guard length <= bytes.count / 2 else { throw Self.corrupt("string longer than the file") }
            let range = try checkedRange(start, length * 2)
            let units = stride(from: range.lowerBound, to: range.upperBound, by: 2).map {
                UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
            }
            guard let string = String(validating: units, as: UTF16.self) else { throw Self.corrupt("invalid UTF-16") }
            return .string(string, nil)
        case 0xA:
            let (length, start) = try count(info: info, at: offset)
            var values: [PropertyListValue] = []
            for reference in try references(length, at: start) { values.append(try object(reference, depth: depth + 1)) }
            return .array(values, nil)
        case 0xD:
            let (length, start) = try count(info: info, at: offset)
            guard length <= bytes.count / 2 else { throw Self.corrupt("dictionary larger than the file") }
            let all = try references(length * 2, at: start)
            var entries: [PropertyListEntry] = []
            var seen = Set<String>()
            for index in 0..<length {
                guard let key = try object(all[index], depth: depth + 1).stringValue else {
                    throw Self.corrupt("dictionary key that is not a string")
                }
                guard seen.insert(key).inserted else {
                    throw PropertyListError(
                        code: .duplicateKey, message: "The key \"\(key)\" appears twice in one dict; remove one of them.")
                }
                let value = try object(all[length + index], depth: depth + 1)
                entries.append(PropertyListEntry(key: key, keyLocation: nil, value: value))
            }
            return .dictionary(entries, nil)
        default:
            throw Self.corrupt(String(format: "unsupported object marker 0x%02X", marker))
        }
    }

    private func references(_ count: Int, at start: Int) throws(PropertyListError) -> [Int] {
        guard count <= bytes.count / referenceSize else { throw Self.corrupt("container larger than the file") }
        let range = try checkedRange(start, count * referenceSize)
        return stride(from: range.lowerBound, to: range.upperBound, by: referenceSize).map {
            Int(truncatingIfNeeded: integer(at: $0, size: referenceSize))
        }
    }
}
