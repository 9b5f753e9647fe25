/// `30d`, `12h`, `90m`, `45s`, `1.5h` → seconds, within a documented range per option. Never traps: the text is
/// checked against the grammar `digits [. digits] unit` (at most 32 characters, so no NaN, infinity, sign or
/// exponent), and the range is checked on the `Double` before any caller converts it to an integer.
enum DurationArgument {
    /// The range each duration option accepts (and its `--help` states).
    static let ranges: [String: ClosedRange<Double>] = [
        /// A client refuses a manifest that lives longer than its maximum manifest age (90 days by default).
        "expires-in": 60...(90 * 86_400),
        /// The client's maximum manifest lifetime: a minute to ten years.
        "max-age": 60...(3_650 * 86_400),
        /// A request's deadline: a millisecond to a day.
        "timeout": 0.001...86_400,
    ]

    /// The range of an option missing from ``ranges``: a millisecond to ten years.
    static let defaultRange: ClosedRange<Double> = 0.001...(3_650 * 86_400)

    static let units: [UInt8: Double] = [
        UInt8(ascii: "s"): 1, UInt8(ascii: "m"): 60, UInt8(ascii: "h"): 3_600, UInt8(ascii: "d"): 86_400,
    ]

    /// Seconds in `text`, for `--option`, within `range` (by default the option's entry in ``ranges``).
    static func seconds(_ text: String, option: String, range: ClosedRange<Double>? = nil) throws(UsageError) -> Double {
        let range = range ?? ranges[option] ?? defaultRange
        let refusal = UsageError(
            message: "--\(option) takes a duration from \(describe(range.lowerBound)) to \(describe(range.upperBound)) such as 30d, 12h, 90m, 45s or 1.5h (got '\(text)')")
        guard let value = parse(text), range.contains(value) else { throw refusal }
        return value
    }

    /// Seconds in `text` by the grammar, or nil; a huge number gives a huge finite value, never a trap.
    static func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 2, bytes.count <= 32, let unit = bytes.last, let factor = units[unit] else { return nil }
        let number = bytes.dropLast()
        var dots = 0
        for byte in number {
            if byte == UInt8(ascii: ".") {
                dots += 1
            } else if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                return nil
            }
        }
        guard dots <= 1, number.first != UInt8(ascii: "."), number.last != UInt8(ascii: "."),
            let value = Double(String(decoding: number, as: UTF8.self)), value.isFinite
        else { return nil }
        let seconds = value * factor
        return seconds.isFinite ? seconds : nil
    }

    /// `90d`, `1m`, `0.001s`: the shortest exact spelling of `seconds` for messages.
    static func describe(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds < 1e15 else { return "\(seconds)s" }
        for (factor, unit) in [(86_400.0, "d"), (3_600, "h"), (60, "m"), (1, "s")]
        where seconds >= factor && (seconds / factor).rounded() == seconds / factor {
            return "\(Int(seconds / factor))\(unit)"
        }
        return "\(seconds)s"
    }
}

/// Whole numbers on the command line: ASCII digits only (no sign, no spaces, no `0x`), at most 19 of them, within a
/// range; never a trap.
enum NumberArgument {
    /// The value of `text` within `range`, or a usage error naming `--option` and the range.
    static func integer(_ text: String, option: String, range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let value = parse(text), range.contains(value) else {
            throw UsageError(message: "--\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound) (got '\(text)')")
        }
        return value
    }

    /// The number `text` spells in decimal digits, or nil (also for anything past `Int.max`).
    static func parse(_ text: String) -> Int? {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= 19 else { return nil }
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflowA, !overflowB else { return nil }
            value = sum
        }
        return value
    }
}
