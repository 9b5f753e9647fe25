/// The process arguments as bytes, decoded strictly as UTF-8.
///
/// `CommandLine.arguments` repairs invalid UTF-8 with U+FFFD, so `st\xff` would silently become `st\u{FFFD}` — another
/// directory. The bytes are read from `CommandLine.unsafeArgv` instead, and an argument that is not valid UTF-8 is
/// refused with a usage error that shows its bytes (`'st\xFF'`).
enum ArgumentBytes {
    /// The decoded arguments (invalid ones repaired, only so a command can still be named) and the first invalid
    /// argument, escaped for a message.
    struct Decoded {
        var arguments: [String]
        var invalid: String?
    }

    /// `argv[1...]` of this process.
    static func current() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
            var count = 0
            while pointer[count] != 0 { count += 1 }
            return UnsafeBufferPointer(start: pointer, count: count).map { UInt8(bitPattern: $0) }
        }
    }

    static func decode(_ arguments: [[UInt8]]) -> Decoded {
        var decoded = Decoded(arguments: [], invalid: nil)
        for bytes in arguments {
            if let text = String(validating: bytes, as: UTF8.self) {
                decoded.arguments.append(text)
            } else {
                decoded.arguments.append(String(decoding: bytes, as: UTF8.self))
                if decoded.invalid == nil { decoded.invalid = shown(bytes) }
            }
        }
        return decoded
    }

    /// Printable ASCII as is, every other byte as `\xNN`, at most 200 bytes.
    static func shown(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes.prefix(200) {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return bytes.count > 200 ? text + "…" : text
    }

    /// The usage error for an argument that is not UTF-8.
    static func refusal(_ shown: String) -> UsageError {
        UsageError(message: "argument '\(shown)' is not valid UTF-8; overlay reads paths and names as UTF-8 text and would otherwise use another name: rename the file or folder, or pass a path without those bytes")
    }
}
