/// Collects a render's UTF-8 in a caller-provided (stack) buffer and makes one `String` at the end.
///
/// Appending to a `String` piece by piece re-checks its storage on every append; bytes copied here cost a `memcpy`.
/// Only whole strings are appended, so every chunk is valid UTF-8; when the buffer fills, the bytes so far move
/// into `spilled` and the buffer is reused.
struct RenderBuffer: ~Copyable {
    private let storage: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    private var spilled = ""

    /// The smallest storage that holds any 64-bit decimal with its sign.
    static let minimumCapacity = 21

    init(storage: UnsafeMutableBufferPointer<UInt8>) {
        precondition(storage.count >= Self.minimumCapacity)
        self.storage = storage
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        if bytes.count > storage.count - count {
            spill()
            if bytes.count > storage.count {
                spilled += String(decoding: bytes, as: UTF8.self)
                return
            }
        }
        UnsafeMutableRawPointer(storage.baseAddress! + count).copyMemory(
            from: bytes.baseAddress!, byteCount: bytes.count)
        count += bytes.count
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends the decimal digits of a value, with `-` when negative: as `String(value)` spells it.
    mutating func appendDecimal(magnitude: UInt64, negative: Bool) {
        if storage.count - count < Self.minimumCapacity { spill() }
        if negative {
            storage[count] = UInt8(ascii: "-")
            count += 1
        }
        var digits = 1
        var rest = magnitude / 10
        while rest != 0 {
            digits += 1
            rest /= 10
        }
        var position = count + digits
        rest = magnitude
        repeat {
            position -= 1
            storage[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest != 0
        count += digits
    }

    /// Appends what `%@` prints for the argument: a string verbatim, numbers as ASCII digits.
    mutating func appendObject(_ argument: FormatArgument) {
        switch argument {
        case .string(let text): append(text)
        case .int(let integer): appendDecimal(magnitude: integer.magnitude, negative: integer < 0)
        case .uint(let integer): appendDecimal(magnitude: integer, negative: false)
        case .double(let double): append(FormatArgument.shortestText(double))
        }
    }

    /// The text collected.
    consuming func finish() -> String {
        let tail = String(decoding: UnsafeBufferPointer(rebasing: storage[..<count]), as: UTF8.self)
        return spilled.isEmpty ? tail : spilled + tail
    }

    private mutating func spill() {
        spilled += String(decoding: UnsafeBufferPointer(rebasing: storage[..<count]), as: UTF8.self)
        count = 0
    }
}
