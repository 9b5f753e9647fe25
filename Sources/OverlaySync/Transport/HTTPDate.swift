package import Foundation
import OverlayCore

/// An HTTP-date (RFC 9110 §5.6.7) in the three forms a recipient must accept, read from its bytes: no formatter, no
/// locale. The weekday is not checked against the date, as RFC 9110 allows; only real calendar dates in years
/// 0000…9999 are read, so anything else is nil, never a trap.
package enum HTTPDate {
    package static func parse(_ text: String, now: Date) -> Date? {
        let bytes = Array(text.utf8)
        guard let fields = imfFixdate(bytes) ?? rfc850(bytes, now: now) ?? asctime(bytes) else { return nil }
        return fields.date
    }

    private struct Fields {
        var year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64

        var date: Date? {
            // 60 is a leap second (RFC 9110 allows it): read as the next minute's first second.
            guard (1...12).contains(month), day >= 1, day <= RFC3339.daysIn(month: month, year: year), hour <= 23,
                minute <= 59, second <= 60
            else { return nil }
            let seconds = RFC3339.days(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
    }

    private static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let longDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT`
    private static func imfFixdate(_ bytes: [UInt8]) -> Fields? {
        var scan = Scanner(bytes: bytes)
        guard scan.name(days) != nil, scan.literal(", "), let day = scan.digits(2), scan.literal(" "),
            let month = scan.name(months), scan.literal(" "), let year = scan.digits(4), scan.literal(" "),
            let time = scan.time(), scan.literal(" GMT"), scan.isAtEnd
        else { return nil }
        return Fields(year: year, month: Int64(month + 1), day: day, hour: time.0, minute: time.1, second: time.2)
    }

    /// `Sunday, 06-Nov-94 08:49:37 GMT`
    private static func rfc850(_ bytes: [UInt8], now: Date) -> Fields? {
        var scan = Scanner(bytes: bytes)
        guard scan.name(longDays) != nil, scan.literal(", "), let day = scan.digits(2), scan.literal("-"),
            let month = scan.name(months), scan.literal("-"), let twoDigits = scan.digits(2), scan.literal(" "),
            let time = scan.time(), scan.literal(" GMT"), scan.isAtEnd
        else { return nil }
        // The current year, near enough for a 50-year window (the average Gregorian year is 365.2425 days).
        let elapsed = now.timeIntervalSince1970
        let current: Int64 = elapsed.isFinite && abs(elapsed) < 1e12 ? 1970 + Int64((elapsed / 31_556_952).rounded(.down)) : 1970
        var year = (current - current % 100) + twoDigits
        if year > current + 50 { year -= 100 }
        guard (0...9999).contains(year) else { return nil }
        return Fields(year: year, month: Int64(month + 1), day: day, hour: time.0, minute: time.1, second: time.2)
    }

    /// `Sun Nov  6 08:49:37 1994`: the day is two digits or a space and one digit.
    private static func asctime(_ bytes: [UInt8]) -> Fields? {
        var scan = Scanner(bytes: bytes)
        guard scan.name(days) != nil, scan.literal(" "), let month = scan.name(months), scan.literal(" ") else { return nil }
        let day = scan.literal(" ") ? scan.digits(1) : scan.digits(2)
        guard let day, scan.literal(" "), let time = scan.time(), scan.literal(" "), let year = scan.digits(4),
            scan.isAtEnd
        else { return nil }
        return Fields(year: year, month: Int64(month + 1), day: day, hour: time.0, minute: time.1, second: time.2)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var cursor = 0

        var isAtEnd: Bool { cursor == bytes.count }

        mutating func literal(_ text: String) -> Bool {
            let expected = Array(text.utf8)
            guard bytes.count - cursor >= expected.count, bytes[cursor..<cursor + expected.count].elementsEqual(expected)
            else { return false }
            cursor += expected.count
            return true
        }

        mutating func digits(_ count: Int) -> Int64? {
            guard bytes.count - cursor >= count else { return nil }
            var value: Int64 = 0
            for byte in bytes[cursor..<cursor + count] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            cursor += count
            return value
        }

        mutating func name(_ names: [String]) -> Int? {
            for (index, name) in names.enumerated() where literal(name) { return index }
            return nil
        }

        /// `HH:MM:SS`
        mutating func time() -> (Int64, Int64, Int64)? {
            guard let hour = digits(2), literal(":"), let minute = digits(2), literal(":"), let second = digits(2)
            else { return nil }
            return (hour, minute, second)
        }
    }
}
