package import Foundation

/// A strict RFC 3339 `date-time` reader and writer for artifact timestamps.
///
/// Input: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, `T` and `Z` in either case, real calendar dates only, no leap
/// second, no missing zone. The fraction is truncated to whole seconds, so a timestamp survives a write and a read
/// unchanged. Output: always UTC, `Z`, no fraction.
package enum RFC3339 {
    /// The instant `text` names, truncated to whole seconds; `nil` when it is not a valid RFC 3339
    /// date-time or falls outside years 0000…9999 in UTC.
    package static func date(from text: String) -> Date? {
        secondsSince1970(text).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` in UTC; fractions of a second are dropped (rounded towards the past).
    /// Only instants in years 0000…9999 have a four-digit form; keep dates in that range.
    package static func string(from date: Date) -> String {
        let total = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = floorDiv(total, 86_400)
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
            + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2) + "Z"
    }

    /// Whole seconds since 1970-01-01T00:00:00Z, or `nil` for anything that is not a valid date-time.
    static func secondsSince1970(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        var cursor = 0

        func digits(_ count: Int) -> Int64? {
            guard cursor + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[cursor..<cursor + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            cursor += count
            return value
        }
        func literal(_ accepted: String) -> Bool {
            guard cursor < bytes.count, accepted.utf8.contains(bytes[cursor]) else { return false }
            cursor += 1
            return true
        }

        guard let year = digits(4), literal("-"), let month = digits(2), literal("-"), let day = digits(2),
            literal("Tt"), let hour = digits(2), literal(":"), let minute = digits(2), literal(":"),
            let second = digits(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour <= 23, minute <= 59,
            second <= 59
        else { return nil }
        if literal(".") {
            let start = cursor
            while cursor < bytes.count, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "9") {
                cursor += 1
            }
            guard cursor > start else { return nil }
        }
        var offset: Int64 = 0
        if literal("Zz") {
            offset = 0
        } else if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[cursor] == UInt8(ascii: "-") ? -1 : 1
            cursor += 1
            guard let offsetHours = digits(2), literal(":"), let offsetMinutes = digits(2), offsetHours <= 23,
                offsetMinutes <= 59
            else { return nil }
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard cursor == bytes.count else { return nil }
        let local = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        let utc = local - offset
        // Keep the UTC year writable with four digits, so every accepted value can be written back.
        guard utc >= days(year: 0, month: 1, day: 1) * 86_400, utc < days(year: 10_000, month: 1, day: 1) * 86_400
        else { return nil }
        return utc
    }

    package static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    package static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (`civil_from_days`).
    static func civil(fromDays count: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = count + 719_468
        let era = floorDiv(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
