/// Rollback protection (TUF): a revision below the highest seen is an old manifest replayed; the same revision with
/// other bytes is equivocation. Both are refused; the active revisions keep serving.
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
