import Foundation

/// Freeze protection: an expired manifest, or one whose expiry lies too far after its publication, is refused, so a
/// replayed old manifest cannot pin clients to stale content forever.
enum ExpiryRule {
    static func check(_ manifest: Manifest, now: Date, maxAge: TimeInterval, file: String) -> [Finding] {
        let location = Finding.Location(file: file)
        if manifest.expiresAt <= now {
            return [Finding(
                code: "freeze.expired", severity: .error,
                message: "the manifest expired at \(RFC3339.string(from: manifest.expiresAt)); publish again (a replayed old manifest looks like this)",
                location: location)]
        }
        if manifest.expiresAt.timeIntervalSince(manifest.publishedAt) > maxAge {
            let days = Int(maxAge / 86_400)
            return [Finding(
                code: "freeze.expiry-too-far", severity: .error,
                message: "the manifest expires \(RFC3339.string(from: manifest.expiresAt)), more than \(days) days after it was published; publish with a shorter --expires-in",
                location: location)]
        }
        if manifest.publishedAt > now.addingTimeInterval(24 * 3_600) {
            return [Finding(
                code: "freeze.published-in-future", severity: .warning,
                message: "the manifest says it was published at \(RFC3339.string(from: manifest.publishedAt)), more than a day ahead of this clock",
                location: location)]
        }
        return []
    }
}
