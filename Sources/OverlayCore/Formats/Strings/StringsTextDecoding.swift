/// Byte-order-mark detection and transcoding of `.strings` text to UTF-8 (FORMATS.md §1.1).
enum StringsTextDecoding {
    enum Detected: Equatable {
        case binaryPropertyList
        case utf8(bomLength: Int)
        case utf16(bigEndian: Bool)
        case utf32(bigEndian: Bool)
        case utf16WithoutBOM
    }

    static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> Detected {
        let count = bytes.count
        func starts(with prefix: [UInt8]) -> Bool {
            count >= prefix.count && prefix.indices.allSatisfy { bytes[$0] == prefix[$0] }
        }
        if starts(with: Array("bplist0".utf8)) { return .binaryPropertyList }
        if starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return .utf32(bigEndian: true) }
        if starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return .utf32(bigEndian: false) }
        if starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8(bomLength: 3) }
        if starts(with: [0xFF, 0xFE]) { return .utf16(bigEndian: false) }
        if starts(with: [0xFE, 0xFF]) { return .utf16(bigEndian: true) }
        if count > 0 && bytes[0] == 0 || count > 1 && bytes[1] == 0 { return .utf16WithoutBOM }
        return .utf8(bomLength: 0)
    }

    /// The offset of the first byte at or after `start` that is not part of valid UTF-8, or `nil`.
    /// A launch validates the overlay table it reads, so this is on the launch path: ASCII is skipped four words at a
    /// time, two-byte sequences (Latin, Cyrillic, Arabic) take a short path, and the rest are checked in place.
    static func firstInvalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let count = bytes.count, highBits: UInt64 = 0x8080_8080_8080_8080
        var offset = start
        while offset < count {
            let lead = bytes[offset]
            if lead < 0x80 {
                offset += 1
                while offset + 32 <= count,
                    (ByteScanning.word(bytes, at: offset) | ByteScanning.word(bytes, at: offset + 8)
                        | ByteScanning.word(bytes, at: offset + 16) | ByteScanning.word(bytes, at: offset + 24))
                        & highBits == 0
                {
                    offset += 32
                }
                while offset + 8 <= count {
                    let high = ByteScanning.word(bytes, at: offset) & highBits
                    offset += ByteScanning.firstMarked(high)
                    if high != 0 { break }
                }
                while offset < count, bytes[offset] < 0x80 { offset += 1 }
                continue
            }
            if lead >= 0xC2, lead <= 0xDF, offset + 1 < count {
                guard bytes[offset + 1] & 0xC0 == 0x80 else { return offset }
                offset += 2
                continue
            }
            // Unicode's Table 3-7: the second byte's range rules out overlong forms, surrogates and past U+10FFFF.
            let (length, low, highest): (Int, UInt8, UInt8) = switch lead {
            case 0xE0: (3, 0xA0, 0xBF)
            case 0xED: (3, 0x80, 0x9F)
            case 0xE1...0xEF: (3, 0x80, 0xBF)
            case 0xF0: (4, 0x90, 0xBF)
            case 0xF4: (4, 0x80, 0x8F)
            case 0xF1...0xF3: (4, 0x80, 0xBF)
            default: (0, 0, 0)
            }
            guard length > 0, offset + length <= count, bytes[offset + 1] >= low, bytes[offset + 1] <= highest
            else { return offset }
            for index in (offset + 2)..<(offset + length) where bytes[index] & 0xC0 != 0x80 { return offset }
            offset += length
        }
        return nil
    }

    static func invalidUTF8Error(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, bomLength: Int) -> StringsError {
        var locator = SourceLocator(UnsafeBufferPointer(rebasing: bytes[bomLength...]))
        let location = locator.location(of: offset - bomLength)
        let hex = String(bytes[offset], radix: 16, uppercase: true)
        return StringsError(code: .invalidUTF8,
            message: "byte 0x\(hex) at offset \(offset) is not valid UTF-8 (Latin-1 or another legacy encoding?); re-save the file as UTF-8",
            location: location)
    }

    /// UTF-16 (`width` 2) or UTF-32 (`width` 4) after its byte-order mark as UTF-8; a lone surrogate, a value that
    /// is not a scalar, or a truncated last unit is an error.
    static func transcode(
        _ bytes: UnsafeBufferPointer<UInt8>, width: Int, bigEndian: Bool
    ) throws(StringsError) -> [UInt8] {
        let isUTF16 = width == 2
        var output: [UInt8] = []
        output.reserveCapacity(isUTF16 ? bytes.count : bytes.count / 2)
        func unit(at offset: Int) -> UInt32 {
            var value: UInt32 = 0
            for step in 0..<width { value = value << 8 | UInt32(bytes[offset + (bigEndian ? step : width - 1 - step)]) }
            return value
        }
        var offset = width
        while offset + width <= bytes.count {
            let lead = unit(at: offset)
            var scalar = Unicode.Scalar(lead)
            var length = width
            if isUTF16, UTF16.isLeadSurrogate(UInt16(lead)), offset + 3 < bytes.count {
                let trail = unit(at: offset + 2)
                if UTF16.isTrailSurrogate(UInt16(trail)) {
                    scalar = Unicode.Scalar(0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00))
                    length = 4
                }
            }
            guard let scalar else {
                throw transcodingError(isUTF16 ? .invalidUTF16 : .invalidUTF32, output: output, isUTF16
                    ? "the UTF-16 code unit \(StringsParser.unicodeName(lead)) at byte offset \(offset) is a lone surrogate; re-save the file as UTF-8"
                    : "the UTF-32 value 0x\(String(lead, radix: 16, uppercase: true)) at byte offset \(offset) is not a Unicode scalar; re-save the file as UTF-8")
            }
            append(scalar, to: &output)
            offset += length
        }
        if offset < bytes.count {
            throw transcodingError(isUTF16 ? .invalidUTF16 : .invalidUTF32, output: output, isUTF16
                ? "the UTF-16 text has an odd number of bytes (\(bytes.count)); the file is truncated or not UTF-16, re-save it as UTF-8"
                : "the UTF-32 text's length (\(bytes.count) bytes) is not a multiple of 4; the file is truncated, re-save it as UTF-8")
        }
        return output
    }

    static func append(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        if scalar.isASCII {
            output.append(UInt8(truncatingIfNeeded: scalar.value))
        } else if let encoded = UTF8.encode(scalar) {
            output.append(contentsOf: encoded)
        }
    }

    private static func transcodingError(_ code: StringsError.Code, output: [UInt8], _ message: String) -> StringsError {
        let location = output.withUnsafeBufferPointer { buffer in
            var locator = SourceLocator(buffer)
            return locator.location(of: buffer.count)
        }
        return StringsError(code: code, message: message, location: location)
    }
}
