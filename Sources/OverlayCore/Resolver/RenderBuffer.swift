/// Collects a render's UTF-8 in a stack buffer and makes one `String` at the end (appending to a `String` re-checks
/// its storage each time). An append past the limit throws before a byte is copied. Only whole strings are appended,
/// so each spilled chunk is valid UTF-8.
struct RenderBuffer: ~Copyable {
    private let storage: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    /// Nil until the buffer first fills: an empty `String` is retained and released all the same.
    private var spilled: String?
    private var spilledCount = 0
    private let limit: Int

    /// Any 64-bit decimal with its sign.
    static let minimumCapacity = 21

    init(storage: UnsafeMutableBufferPointer<UInt8>, limit: Int) {
        precondition(storage.count >= Self.minimumCapacity)
        self.storage = storage
        self.limit = limit
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(RenderFailure) {
        guard !bytes.isEmpty else { return }
        try reserve(bytes.count)
        if bytes.count > storage.count - count {
            spill()
            if bytes.count > storage.count {
                keep(bytes)
                return
            }
        }
        UnsafeMutableRawPointer(storage.baseAddress! + count).copyMemory(
            from: bytes.baseAddress!, byteCount: bytes.count)
        count &+= bytes.count
    }

    mutating func append(_ text: String) throws(RenderFailure) {
        var text = text
        // `withUTF8` rethrows untyped errors.
        let failure = text.withUTF8 { bytes -> RenderFailure? in
            do throws(RenderFailure) {
                try append(bytes)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// As `String(value)` spells it.
    @inline(__always)
    mutating func appendDecimal(magnitude: UInt64, negative: Bool) throws(RenderFailure) {
        let digits = Self.digitCount(magnitude)
        try reserve(digits + (negative ? 1 : 0))
        if storage.count - count < Self.minimumCapacity { spill() }
        if negative {
            storage[count] = UInt8(ascii: "-")
            count &+= 1
        }
        // Within the limit: no overflow.
        var position = count &+ digits
        var rest = magnitude
        repeat {
            position &-= 1
            storage[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest != 0
        count &+= digits
    }

    /// UI counts are small: compared, not divided.
    @inline(__always)
    private static func digitCount(_ value: UInt64) -> Int {
        if value < 10 { return 1 }
        if value < 100 { return 2 }
        if value < 1_000 { return 3 }
        if value < 10_000 { return 4 }
        if value < 100_000 { return 5 }
        var digits = 6
        var rest = value / 1_000_000
        while rest != 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    /// ``FormatArgument/objectText``, integers written in place.
    mutating func appendObject(_ argument: FormatArgument) throws(RenderFailure) {
        switch argument {
        case .int(let integer): try appendDecimal(magnitude: integer.magnitude, negative: integer < 0)
        case .uint(let integer): try appendDecimal(magnitude: integer, negative: false)
        case .string, .double: try append(argument.objectText)
        }
    }

    consuming func finish() -> String {
        // Cheaper than `String(decoding:)` (a small string is copied into the `String` itself).
        let tail = String(unsafeUninitializedCapacity: count) { output in
            _ = output.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: storage[..<count]))
            return count
        }
        guard let spilled else { return tail }
        return spilled + tail
    }

    @inline(__always)
    private func reserve(_ byteCount: Int) throws(RenderFailure) {
        guard byteCount <= limit &- spilledCount &- count else { throw .outputTooLong }
    }

    private mutating func spill() {
        keep(UnsafeBufferPointer(rebasing: storage[..<count]))
        count = 0
    }

    private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        if spilled == nil {
            spilled = text
        } else {
            spilled?.append(text)
        }
        spilledCount += bytes.count
    }
}
