import Foundation
import OverlayCore

/// `launch-guard.json`, the crash-loop guard's record (docs/DESIGN.md "Crash-loop guard"): each rollback it made is a
/// warning, a module set on trial (launches counted, none completed) a note.
extension Inspection {
    mutating func readLaunchGuard() {
        let file = StoreFormat.launchGuardFile
        let data: Data
        switch reader.read(file, cap: StoreFormat.metadataCap) {
        case .absent: return
        case .refused(let why):
            finding(.warning, "store.launch-guard-unreadable", file, "\(file) \(why); the crash-loop guard counts again from the next launch")
            return
        case .data(let bytes): data = bytes
        }
        guard let root = try? JSONNode(StrictJSON.parse(data)).object(),
              (try? root.required("format_version", as: Int.self)) == 1
        else {
            finding(.warning, "store.launch-guard-unreadable", file, "\(file) does not parse; the crash-loop guard counts again from the next launch")
            return
        }
        for node in (try? root.required("rollbacks").array()) ?? [] {
            guard let rollback = try? node.object(), let module = try? rollback.required("module", as: String.self),
                  let from = try? rollback.required("from_sha256", as: String.self),
                  let fromRevision = try? rollback.required("from_revision", as: Int.self),
                  let launches = try? rollback.required("launches", as: Int.self)
            else { continue }
            let toSHA = try? rollback.optional("to_sha256", as: String.self)
            let toRevision = try? rollback.optional("to_revision", as: Int.self)
            let at = (try? rollback.required("at", as: Int.self)).map { RFC3339.string(from: Date(timeIntervalSince1970: TimeInterval($0))) }
            let to = toSHA.flatMap { $0 }.map { "its previous known good revision \(toRevision.flatMap { $0 }.map(String.init) ?? "?") (\($0.prefix(12)))" }
                ?? "the shipped strings"
            finding(.warning, "store.launch-rollback", file,
                    "\(module): revision \(fromRevision) (\(from.prefix(12))) was returned to \(to)\(at.map { " at \($0)" } ?? "") "
                        + "after \(launches) launches in a row did not reach launchCompleted(); a sync does not apply that archive again, a newer one is applied")
        }
        let completed = (try? root.required("completed", as: Bool.self)) ?? true
        let launches = (try? root.required("launches", as: Int.self)) ?? 0
        let trial = ((try? root.required("trial").object().members.map(\.key)) ?? []).sorted()
        if !completed, launches > 0, !trial.isEmpty {
            finding(.note, "store.launch-trial", file,
                    "\(launches) launch(es) in a row served \(trial.joined(separator: ", ")) without reaching launchCompleted(); "
                        + "at the app's limit (3 by default) the next launch takes the newest revisions back")
        }
    }
}
