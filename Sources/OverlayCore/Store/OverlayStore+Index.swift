import Foundation

extension OverlayStore {
    /// Rewrites a revision's index file (``RevisionIndex``) that does not check, from the revision's own tables,
    /// each verified against its digest first. Runs under `LOCK`. Best effort: a failure to write leaves the damaged
    /// index, which readers do not use.
    /// - Returns: Why the revision itself is damaged (a table does not match its digest), or nil.
    static func repairIndex(ofRevisionAt directory: String, _ layout: StoreLayout, _ syscalls: Syscalls) throws -> String? {
        do {
            let list = try DigestList(data: syscalls.readFile("\(directory)/\(StoreLayout.digestListFile)",
                                                               limit: metadataLimit))
            var tables: [String: Int] = [:]
            for path in list.files.keys where path.hasSuffix(".strings") {
                tables[path] = try list.sizes[path] ?? syscalls.status("\(directory)/\(path)")?.size ?? -1
            }
            let path = "\(directory)/\(RevisionIndex.fileName)"
            let status = try syscalls.status(path)
            if status?.kind == .regular,
               let current = try? syscalls.readFile(path, limit: fileLimit),
               RevisionIndex.damage(of: current, tables: tables) == nil {
                return nil
            }
            if status == nil && tables.isEmpty { return nil }
            var files: [String: Data] = [:]
            for table in tables.keys {
                let data = try syscalls.readFile("\(directory)/\(table)", limit: fileLimit)
                guard SHA256.hash(data).hex == list.files[table] else { return "\(table) does not match its digest" }
                files[table] = data
            }
            if status.map({ $0.kind != .regular }) ?? false { try syscalls.removeTree(path) }
            if let rebuilt = RevisionIndex.file(forTables: files) {
                try syscalls.replaceFile(path, with: rebuilt, temporaryDirectory: layout.temporaryPath)
            } else if status != nil {
                try syscalls.removeTree(path)
                try syscalls.fsyncDirectory(directory)
            }
            return nil
        } catch let error as StoreError where error.code == .simulatedCrash {
            throw error
        } catch {
            return nil  // a damaged index costs a scan; the revision's own damage is the size check's to find
        }
    }
}
