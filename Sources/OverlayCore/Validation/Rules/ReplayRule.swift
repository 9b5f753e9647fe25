/// Rollback protection (TUF's "rollback" and "mix-and-match over time"): a manifest whose revision is below the
/// highest this store has seen for the app version is an old one replayed; the same revision with other bytes is
/// equivocation — the origin (or a mirror) serves two different manifests under one number. Both are refused, and
/// the active revisions keep serving.
package enum ReplayRule {
    package static func check(revision: Int, sha256: String, seen: SeenManifest?, file: String) -> [Finding] {
        guard let seen else { return [] }
        let location = Finding.Location(file: file)
        if revision < seen.revision {
            return [Finding(
                code: "replay.rollback", severity: .error,
                message: "manifest revision \(revision) is below revision \(seen.revision) already seen; an old manifest is being replayed (publish a revision above \(seen.revision) if this is the origin's own content)",
                location: location)]
        }
        if revision == seen.revision && sha256 != seen.sha256 {
            return [Finding(
                code: "replay.equivocation", severity: .error,
                message: "manifest revision \(revision) was seen before with other bytes; the origin is serving two different manifests under one revision (every publish must take a new revision)",
                location: location)]
        }
        return []
    }
}
