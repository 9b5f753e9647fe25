import Foundation

/// `Retry-After: <seconds>` or an HTTP date, as a delay from now; nil for anything else.
enum RetryAfter {
    static func parse(_ value: String) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed), seconds >= 0 { return .seconds(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        let delay = date.timeIntervalSinceNow.rounded(.up)
        // A date centuries away is not a delay anyone waits for; never convert a huge value to Int.
        guard delay.isFinite, delay < 365 * 86_400 else { return delay > 0 ? .seconds(365 * 86_400) : .zero }
        return .seconds(max(0, Int(delay)))
    }
}
