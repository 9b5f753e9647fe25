import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayPublishing

/// Encoding detection and our own UTF-8 validation (FORMATS.md §1.1).
@Suite struct StringsEncodingTests {
    static let invalidUTF8: [(name: String, bytes: [UInt8], offset: Int)] = [
        ("Latin-1 é", Array("\"caf".utf8) + [0xE9, 0x22], 4),
        ("stray continuation byte", [0x22, 0x80, 0x22], 1),
        ("overlong encoding of NUL", [0x22, 0xC0, 0x80, 0x22], 1),
        ("overlong three-byte", [0x22, 0xE0, 0x80, 0xAF, 0x22], 1),
        ("encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22], 1),
        ("above U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),
        ("F5 lead byte", [0x22, 0xF5, 0x80, 0x80, 0x80], 1),
        ("sequence cut by end of file", Array("\"a\" = \"12345678".utf8) + [0xE2, 0x82], 15),
    ]

    @Test("Invalid UTF-8 is rejected at its byte offset", arguments: invalidUTF8)
    func rejectsInvalidUTF8(_ testCase: (name: String, bytes: [UInt8], offset: Int)) throws {
        let error = try #require(throws: StringsError.self) { try StringsReader.read(Data(testCase.bytes)) }
        #expect(error.code == .invalidUTF8)
        #expect(error.message.contains("offset \(testCase.offset) "))
        #expect(error.location == SourceLocation(line: 1, column: testCase.offset + 1))
    }

    @Test("Our UTF-8 validation agrees with the standard library on random bytes", arguments: 0..<8)
    func validationMatchesStandardLibrary(seed: Int) {
        var generator = StringsWriterTests.Generator(state: UInt64(seed) &* 7919)
        let pool: [UInt8] = [0x41, 0x7F, 0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xA0, 0x90, 0x8F, 0xC0, 0xF5]
        for round in 0..<1_000 {
            // Short inputs of mostly lead and continuation bytes, so that valid and invalid inputs both occur; long
            // ones of ASCII runs (past the one- and four-word skips) with a rare other byte; and mixed ones of short
            // ASCII runs between two- and three-byte letters, as translations are.
            let kind = round % 3
            let bytes: [UInt8] = (0..<generator.int(below: kind == 0 ? 24 : 120)).flatMap { _ -> [UInt8] in
                switch kind {
                case 1: return generator.int(below: 40) != 0 ? [0x61] : [pool[generator.int(below: pool.count)]]
                case 2:
                    let letters: [[UInt8]] = [[0x20], [0x61, 0x62], [0xD0, 0x97], [0xD8, 0xA7], [0xE4, 0xB8, 0xAD]]
                    let pick = generator.int(below: 100)
                    return pick < letters.count * 19 ? letters[pick % letters.count] : [pool[pick % pool.count]]
                default: return [pool[generator.int(below: pool.count)]]
                }
            }
            let ours = bytes.withUnsafeBufferPointer { StringsTextDecoding.firstInvalidUTF8Offset($0, from: 0) }
            #expect((ours == nil) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
            #expect(ours == Self.firstErrorOffset(bytes), "\(bytes)")
        }
    }

    /// Where the standard library's UTF-8 decoder meets its first error, or nil.
    static func firstErrorOffset(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    static let detections: [(bytes: [UInt8], expected: StringsTextDecoding.Detected)] = [
        (Array("bplist00".utf8), .binaryPropertyList),
        ([0x00, 0x00, 0xFE, 0xFF], .utf32(bigEndian: true)),
        ([0xFF, 0xFE, 0x00, 0x00], .utf32(bigEndian: false)),
        ([0xEF, 0xBB, 0xBF, 0x22], .utf8(bomLength: 3)),
        ([0xFF, 0xFE, 0x22, 0x00], .utf16(bigEndian: false)),
        ([0xFE, 0xFF, 0x00, 0x22], .utf16(bigEndian: true)),
        ([0x22, 0x00, 0x61, 0x00], .utf16WithoutBOM),
        ([0x00, 0x22, 0x00, 0x61], .utf16WithoutBOM),
        (Array("\"a\";".utf8), .utf8(bomLength: 0)),
    ]

    @Test("Leading bytes pick the container and encoding", arguments: detections)
    func detectsEncoding(_ testCase: (bytes: [UInt8], expected: StringsTextDecoding.Detected)) {
        #expect(testCase.bytes.withUnsafeBufferPointer { StringsTextDecoding.detect($0) } == testCase.expected)
    }

    @Test("A byte-order mark with no text is an empty table with a warning", arguments: [
        ([0xEF, 0xBB, 0xBF], StringsTextDecoding.Detected.utf8(bomLength: 3)), ([0xFF, 0xFE], .utf16(bigEndian: false)),
        ([0xFE, 0xFF], .utf16(bigEndian: true)), ([0xFF, 0xFE, 0x00, 0x00], .utf32(bigEndian: false)),
    ] as [([UInt8], StringsTextDecoding.Detected)])
    func byteOrderMarkOnly(bytes: [UInt8], detected: StringsTextDecoding.Detected) throws {
        let file = try StringsReader.read(Data(bytes))
        #expect(file.entries.isEmpty)
        #expect(bytes.withUnsafeBufferPointer { StringsTextDecoding.detect($0) } == detected)
        #expect(file.warnings.map(\.code) == [.emptyFile])
    }

    @Test func utf16ByteOrderMarkIsNotPartOfTheFirstKey() throws {
        let file = try StringsReader.read(Fixtures.data("formats/strings/utf16le-bom.strings"))
        #expect(file.entries.first?.key == "greeting")
        #expect(file.entries.first?.location == SourceLocation(line: 2, column: 1))
    }

    @Test func nonBMPTextInUTF16IsDecodedFromSurrogatePairs() throws {
        let text = "\"k\" = \"😀\";"
        let file = try StringsReader.read(Data([0xFE, 0xFF]) + text.data(using: .utf16BigEndian)!)
        #expect(file.entries.first?.value == "😀")
    }
}
