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
        // The store's own decoder: inspect reads the record as a launch does.
        guard let record = try? LaunchGuardRecord(json: data) else {
            finding(.warning, "store.launch-guard-unreadable", file, "\(file) does not parse; the crash-loop guard counts again from the next launch")
            return
        }
        for rollback in record.rollbacks {
            let at = InspectTime.string(rollback.at)
            let to = rollback.toSHA256.map { "its previous known good revision \(rollback.toRevision.map(String.init) ?? "?") (\($0.prefix(12)))" }
                ?? "the shipped strings"
            finding(.warning, "store.launch-rollback", file,
                    "\(rollback.module): revision \(rollback.fromRevision) (\(rollback.fromSHA256.prefix(12))) was returned to \(to) at \(at) "
                        + "after \(rollback.launches) launches in a row did not reach launchCompleted(); a sync does not apply that archive again, a newer one is applied")
        }
        if !record.completed, record.launches > 0, !record.trial.isEmpty {
            finding(.note, "store.launch-trial", file,
                    "\(record.launches) launch(es) in a row served \(record.trial.keys.sorted().joined(separator: ", ")) without reaching launchCompleted(); "
                        + "at the app's limit (3 by default) the next launch takes the newest revisions back")
        }
    }
}
