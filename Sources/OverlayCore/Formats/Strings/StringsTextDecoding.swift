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
    static func firstInvalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var offset = start
        while offset < bytes.count {
            // ASCII runs eight bytes at a time, so validating costs little next to parsing.
            if offset + 8 <= bytes.count && ByteScanning.word(bytes, at: offset) & 0x8080_8080_8080_8080 == 0 {
                offset += 8
            } else if bytes[offset] < 0x80 {
                offset += 1
            } else {
                var parser = Unicode.UTF8.ForwardParser()
                var iterator = UnsafeBufferPointer(rebasing: bytes[offset...]).makeIterator()
                guard case .valid(let sequence) = parser.parseScalar(from: &iterator) else { return offset }
                offset += sequence.count
            }
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
