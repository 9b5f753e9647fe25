package import Foundation
import OverlayCore

/// An HTTP-date (RFC 9110 §5.6.7) in the three forms a recipient must accept, read from its bytes: no formatter, no
/// locale. The weekday is not checked against the date, as RFC 9110 allows; only real calendar dates in years
/// 0000…9999 are read, so anything else is nil, never a trap.
package enum HTTPDate {
    /// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime
    /// (`Sun Nov  6 08:49:37 1994`), in the symbols of ``RFC3339/fields(of:as:names:)``: `w` a weekday, `W` its long
    /// name, `n` a month's name.
    private static let forms = ["w, dd n yyyy hh:mm:ss GMT", "W, dd-n-yy hh:mm:ss GMT", "w n _d hh:mm:ss yyyy"]

    private static let names: [Character: [String]] = [
        "w": ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
        "W": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        "n": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    ]

    package static func parse(_ text: String, now: Date) -> Date? {
        let bytes = Array(text.utf8)
        for form in forms {
            guard var fields = RFC3339.fields(of: bytes[...], as: form, names: names) else { continue }
            if form.hasPrefix("W") {
                // Two digits: the year within 50 years of now's (the average Gregorian year is 365.2425 days).
                let elapsed = now.timeIntervalSince1970
                let current: Int64 = elapsed.isFinite && abs(elapsed) < 1e12
                    ? 1970 + Int64((elapsed / 31_556_952).rounded(.down)) : 1970
                var year = fields["y", default: 0] + current - current % 100
                if year > current + 50 { year -= 100 }
                guard (0...9999).contains(year) else { return nil }
                fields["y"] = year
            }
            // 60 is a leap second (RFC 9110 allows it): read as the next minute's first second.
            return RFC3339.seconds(of: fields, leapSecond: true).map { Date(timeIntervalSince1970: TimeInterval($0)) }
        }
        return nil
    }
}
