package import Foundation
import OverlayCore

/// An HTTP-date (RFC 9110 §5.6.7) in the three forms a recipient must accept, read from its bytes: no formatter, no
/// locale. The weekday is not checked against the date, as RFC 9110 allows; only real calendar dates in years
/// 0000…9999 are read, so anything else is nil, never a trap.
package enum HTTPDate {
    /// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime
    /// (`Sun Nov  6 08:49:37 1994`). `w`: a weekday, `W`: its long name, `n`: a month, `d y h m s`: one digit each,
    /// `_`: a space or a digit of the day; anything else stands for itself.
    private static let forms = ["w, dd n yyyy hh:mm:ss GMT", "W, dd-n-yy hh:mm:ss GMT", "w n _d hh:mm:ss yyyy"]

    private static let names: [Character: [String]] = [
        "w": ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
        "W": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        "n": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    ]

    package static func parse(_ text: String, now: Date) -> Date? {
        let bytes = Array(text.utf8)
        for form in forms {
            guard let fields = read(bytes, as: form) else { continue }
            var year = fields["y", default: 0]
            if form.hasPrefix("W") {
                // Two digits: the year within 50 years of now's (the average Gregorian year is 365.2425 days).
                let elapsed = now.timeIntervalSince1970
                let current: Int64 = elapsed.isFinite && abs(elapsed) < 1e12
                    ? 1970 + Int64((elapsed / 31_556_952).rounded(.down)) : 1970
                year += current - current % 100
                if year > current + 50 { year -= 100 }
                guard (0...9999).contains(year) else { return nil }
            }
            let month = fields["n", default: 0], day = fields["d", default: 0]
            let hour = fields["h", default: 0], minute = fields["m", default: 0], second = fields["s", default: 0]
            // 60 is a leap second (RFC 9110 allows it): read as the next minute's first second.
            guard day >= 1, day <= RFC3339.daysIn(month: month, year: year), hour <= 23, minute <= 59, second <= 60
            else { return nil }
            let seconds = RFC3339.days(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        return nil
    }

    /// The values of `form`'s letters in `bytes` (a month or weekday as its number from 1), or nil unless `bytes` is
    /// exactly that form.
    private static func read(_ bytes: [UInt8], as form: String) -> [Character: Int64]? {
        var fields: [Character: Int64] = [:]
        var cursor = 0
        for symbol in form {
            if let names = names[symbol] {
                guard let index = names.firstIndex(where: { bytes[cursor...].starts(with: $0.utf8) }) else {
                    return nil
                }
                cursor += names[index].utf8.count
                fields[symbol] = Int64(index + 1)
            } else if "dyhms_".contains(symbol) {
                guard cursor < bytes.count else { return nil }
                let byte = bytes[cursor]
                cursor += 1
                if symbol == "_", byte == UInt8(ascii: " ") { continue }
                guard (0x30...0x39).contains(byte) else { return nil }
                let field: Character = symbol == "_" ? "d" : symbol
                fields[field, default: 0] = fields[field, default: 0] * 10 + Int64(byte - 0x30)
            } else {
                guard cursor < bytes.count, bytes[cursor] == symbol.asciiValue else { return nil }
                cursor += 1
            }
        }
        return cursor == bytes.count ? fields : nil
    }
}
