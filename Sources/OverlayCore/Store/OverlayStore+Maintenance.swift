import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension OverlayStore {
    /// Removes everything in `tmp/` and every revision directory not in `keeping` (paths relative to the root),
    /// then module directories left empty. Runs only at open, under `LOCK`, before any snapshot exists.
    static func collectGarbage(_ layout: StoreLayout, _ syscalls: Syscalls, keeping: Set<String>) throws {
        for name in try syscalls.listDirectory(layout.temporaryPath) {
            try syscalls.removeTree("\(layout.temporaryPath)/\(name)")
        }
        for module in try syscalls.listDirectory(layout.modulesPath) {
            let modulePath = layout.modulePath(module)
            guard try syscalls.status(modulePath)?.isDirectory == true else {
                try syscalls.removeTree(modulePath)
                continue
            }
            var remaining = 0
            for sha256 in try syscalls.listDirectory(modulePath) {
                if keeping.contains(StoreLayout.revisionDirectory(module: module, sha256: sha256)) {
                    remaining += 1
                } else {
                    try syscalls.removeTree("\(modulePath)/\(sha256)")
                }
            }
            if remaining == 0 { try syscalls.rmdir(modulePath) }
        }
    }

    /// The kill switch: deletes every byte the store owns, and the directory if nothing foreign is left in it.
    ///
    /// Takes `LOCK` (so a write in flight in another process finishes first), renames the store aside
    /// (`.<name>.deleting-<random>` next to it, so no reader ever sees half a store), deletes the names the
    /// store owns (`store.json`, `LOCK`, `state.json`, `manifest.json`, `manifest.json.sig`, `signatures/`,
    /// `modules/`, `journal*.jsonl`, `tmp/`), then removes the directory if it is empty or, when foreign
    /// files remain, moves it back to its name. This instance refuses writes afterwards; a writer in another
    /// process finds no store and cannot resurrect one.
    /// - Throws: ``StoreError`` when a file cannot be removed; what was removed stays removed.
    package func deleteAll() throws {
        try writer.withLock { (_: inout WriterState) throws in
            isDeleted.store(true, ordering: .releasing)
            guard try syscalls.status(layout.root)?.isDirectory == true else { return }
            let parent = (layout.root as NSString).deletingLastPathComponent
            let name = (layout.root as NSString).lastPathComponent
            let aside = "\(parent)/.\(name).deleting-\(StoreLayout.uniqueSuffix())"
            try Self.withFileLock(layout, syscalls) {
                try syscalls.rename(layout.root, aside)
            }
            try syscalls.fsyncDirectory(parent)
            for entry in try syscalls.listDirectory(aside) where StoreLayout.isOwned(entry) {
                try syscalls.removeTree("\(aside)/\(entry)")
            }
            if try syscalls.listDirectory(aside).isEmpty {
                try syscalls.rmdir(aside)
            } else if try syscalls.status(layout.root) == nil {
                try syscalls.rename(aside, layout.root)
            }
            try syscalls.fsyncDirectory(parent)
        }
    }
}
