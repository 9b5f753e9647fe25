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
        // `T` and `Z` in either case: no other letter may stand anywhere in a date-time.
        let bytes = Array(text.utf8).map { $0 == UInt8(ascii: "t") || $0 == UInt8(ascii: "z") ? $0 - 0x20 : $0 }
        var end = bytes.count
        var offset: Int64 = 0
        if bytes.last == UInt8(ascii: "Z") {
            end -= 1
        } else if end >= 6, let zone = fields(of: bytes[(end - 6)...], as: "±hh:mm") {
            guard zone["h"]! <= 23, zone["m"]! <= 59 else { return nil }
            offset = zone["±"]! * (zone["h"]! * 3600 + zone["m"]! * 60)
            end -= 6
        } else {
            return nil
        }
        // A fraction is a dot and at least one digit, then dropped.
        if end > 19, bytes[19] == UInt8(ascii: ".") {
            guard end > 20, bytes[20..<end].allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            end = 19
        }
        guard let date = fields(of: bytes[..<end], as: "yyyy-nn-ddThh:mm:ss"), let local = seconds(of: date) else {
            return nil
        }
        let utc = local - offset
        // Keep the UTC year writable with four digits, so every accepted value can be written back.
        guard utc >= days(year: 0, month: 1, day: 1) * 86_400, utc < days(year: 10_000, month: 1, day: 1) * 86_400
        else { return nil }
        return utc
    }

    /// The one grammar of the dates Overlay reads (these and the HTTP-dates of `Retry-After`): the values of `form`'s
    /// symbols in `bytes`, or nil unless `bytes` is exactly that form. `y n d h m s` stand for one digit each of the
    /// year, month, day, hour, minute and second, `_` for a space or a digit of the day, `±` for a sign (+1 or -1), a
    /// symbol in `names` for one of its names (its number from 1); anything else stands for itself.
    package static func fields(
        of bytes: ArraySlice<UInt8>, as form: String, names: [Character: [String]] = [:]
    ) -> [Character: Int64]? {
        var fields: [Character: Int64] = [:]
        var cursor = bytes.startIndex
        for symbol in form {
            if let names = names[symbol] {
                guard let index = names.firstIndex(where: { bytes[cursor...].starts(with: $0.utf8) }) else { return nil }
                cursor += names[index].utf8.count
                fields[symbol] = Int64(index + 1)
                continue
            }
            guard cursor < bytes.endIndex else { return nil }
            let byte = bytes[cursor]
            cursor += 1
            if symbol == "±", byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                fields[symbol] = byte == UInt8(ascii: "-") ? -1 : 1
            } else if "yndhms_".contains(symbol) {
                if symbol == "_", byte == UInt8(ascii: " ") { continue }
                guard (0x30...0x39).contains(byte) else { return nil }
                let field: Character = symbol == "_" ? "d" : symbol
                fields[field, default: 0] = fields[field, default: 0] * 10 + Int64(byte - 0x30)
            } else if byte != symbol.asciiValue {
                return nil
            }
        }
        return cursor == bytes.endIndex ? fields : nil
    }

    /// Seconds since 1970 of `fields` (``fields(of:as:names:)``) read as UTC, or nil unless they name a real date and
    /// time; `leapSecond` reads a 60th second as the next minute's first.
    package static func seconds(of fields: [Character: Int64], leapSecond: Bool = false) -> Int64? {
        let year = fields["y", default: 0], month = fields["n", default: 0], day = fields["d", default: 0]
        let hour = fields["h", default: 0], minute = fields["m", default: 0], second = fields["s", default: 0]
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour <= 23, minute <= 59,
            second <= (leapSecond ? 60 : 59)
        else { return nil }
        return days(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
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
