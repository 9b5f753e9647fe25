/// 1-based line and column of byte offsets into UTF-8 text: lines end at `\n`, `\r\n` or `\r` (as CoreFoundation
/// counts them), columns count Unicode scalars. Queries in increasing order resume from the last answer.
struct SourceLocator {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func location(of target: Int) -> SourceLocation {
        if target < offset {
            offset = 0
            line = 1
            lineStart = 0
        }
        var index = offset
        while index < target {
            if index + 8 <= target && !ByteScanning.hasByte(below: 0x0E, in: ByteScanning.word(bytes, at: index)) {
                index += 8
                continue
            }
            let byte = bytes[index]
            if byte == 0x0A {
                if index == 0 || bytes[index - 1] != 0x0D { line += 1 }
                lineStart = index + 1
            } else if byte == 0x0D {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        offset = target
        var column = 1
        var scan = lineStart
        while scan < target {
            if bytes[scan] & 0xC0 != 0x80 { column += 1 }
            scan += 1
        }
        return SourceLocation(line: line, column: column)
    }
}
