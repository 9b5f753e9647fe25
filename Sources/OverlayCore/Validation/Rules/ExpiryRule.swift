import Foundation

/// Freeze protection: a manifest is valid only inside its window, `published_at` … `expires_at`, read on this clock.
///
/// Refused: an expired manifest; one whose expiry lies more than `maxAge` after its publication (a replayed old
/// manifest pinning clients to stale content); and one published more than `maxClockSkew` ahead of this clock —
/// otherwise a validly signed manifest dated 9999 would be applied and never expire.
enum ExpiryRule {
    static func check(_ manifest: Manifest, now: Date, maxAge: TimeInterval, maxClockSkew: TimeInterval, file: String)
        -> [Finding]
    {
        let location = Finding.Location(file: file)
        if manifest.publishedAt.timeIntervalSince(now) > maxClockSkew {
            return [Finding(
                code: "freeze.published-in-future", severity: .error,
                message: "the manifest says it was published at \(RFC3339.string(from: manifest.publishedAt)), more than \(duration(maxClockSkew)) ahead of this clock (\(RFC3339.string(from: now))); fix the publishing machine's clock (or this one's) and publish again",
                location: location)]
        }
        if manifest.expiresAt <= now {
            return [Finding(
                code: "freeze.expired", severity: .error,
                message: "the manifest expired at \(RFC3339.string(from: manifest.expiresAt)); publish again (a replayed old manifest looks like this)",
                location: location)]
        }
        if manifest.expiresAt.timeIntervalSince(manifest.publishedAt) > maxAge {
            return [Finding(
                code: "freeze.expiry-too-far", severity: .error,
                message: "the manifest expires \(RFC3339.string(from: manifest.expiresAt)), more than \(duration(maxAge)) after it was published; publish with a shorter --expires-in",
                location: location)]
        }
        return []
    }

    /// `90 days`, `1 hour`, `90 seconds`: whole units, never a trap on a huge or odd value.
    static func duration(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < 1e15 else { return "\(seconds) seconds" }
        let units: [(Double, String)] = [(86_400, "day"), (3_600, "hour"), (60, "minute")]
        for (size, name) in units where seconds >= size && seconds.truncatingRemainder(dividingBy: size) == 0 {
            let count = Int(seconds / size)
            return "\(count) \(name)\(count == 1 ? "" : "s")"
        }
        if seconds >= 86_400 { return "\(Int(seconds / 86_400)) days" }
        let count = Int(seconds)
        return "\(count) second\(count == 1 ? "" : "s")"
    }
}
