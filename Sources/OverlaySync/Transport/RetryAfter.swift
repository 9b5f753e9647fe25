package import Foundation

/// `Retry-After` (RFC 9110 §10.2.3) as a delay inside `0 … maximum`, or nil when the value is neither form. The
/// origin is not trusted with the client's schedule (DESIGN.md "Sync cycle", bounds of header values).
package enum RetryAfter {
    /// One day: load shedding needs minutes to hours, and a revocation must still reach devices within a day.
    package static let maximum: Duration = .seconds(maximumSeconds)
    private static let maximumSeconds = 86_400

    /// - Parameter date: the response's `Date` header: an HTTP-date's delay is measured from it when it reads, so a
    ///   device clock that is wrong does not stretch or cut the wait; otherwise from `now`.
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

    /// What any transport answers (an app may bring its own) is bounded again here.
    package static func clamped(_ delay: Duration) -> Duration {
        min(max(delay, .zero), maximum)
    }
}
