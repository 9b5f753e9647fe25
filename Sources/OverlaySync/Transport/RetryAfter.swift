package import Foundation

/// `Retry-After` (RFC 9110 §10.2.3) as a delay inside `0 … maximum`, or nil when the value is neither form.
///
/// The origin is not trusted with the client's schedule: whatever it sends, the wait is at most one day (DESIGN.md
/// "Sync cycle", bounds of header values), so a typo, a misconfigured CDN or a hostile mirror can pause checks for a
/// day at most, and never trap a conversion.
package enum RetryAfter {
    /// The longest wait an origin can ask for: one day. Load shedding needs minutes to hours; the client's own
    /// back-off stops at an hour; a revocation must still reach devices within a day of the origin recovering.
    package static let maximum: Duration = .seconds(maximumSeconds)
    private static let maximumSeconds = 86_400

    /// - Parameters:
    ///   - value: the header's value (`120`, or an HTTP-date).
    ///   - date: the response's `Date` header: an HTTP-date's delay is measured from it when it reads, so a device
    ///     clock that is wrong does not stretch or cut the wait; otherwise from `now`.
    package static func parse(_ value: String, date: String? = nil, now: Date = Date()) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        if trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            // delay-seconds is 1*DIGIT: digits past any Int still mean "long", the maximum.
            return clamped(.seconds(Int(trimmed) ?? Int.max))
        }
        guard let target = HTTPDate.parse(trimmed, now: now) else { return nil }
        let reference = date.flatMap { HTTPDate.parse($0.trimmingCharacters(in: .whitespaces), now: now) } ?? now
        let delay = target.timeIntervalSince(reference).rounded(.up)
        // Both instants lie in years 0000…9999, so the difference is finite; compare before converting.
        return delay <= 0 ? .zero : delay >= Double(maximumSeconds) ? maximum : .seconds(Int(delay))
    }

    /// `delay` inside `0 … maximum`: what any transport answers (an app may bring its own) is bounded again here.
    package static func clamped(_ delay: Duration) -> Duration {
        min(max(delay, .zero), maximum)
    }
}
