import Foundation

/// The store's checks of a revision directory against its digest list.
extension Syscalls {
    /// The paths (relative to `directory`) whose content does not match the directory's digest list:
    /// changed or missing files, files the list does not name, and the list itself when it is unreadable.
    package func verifyRevision(at directory: String, fileLimit: Int) throws -> [String] {
        let list: DigestList
        do {
            let data = try readFile("\(directory)/\(StoreLayout.digestListFile)", limit: 4 << 20)
            list = try DigestList(data: data)
        } catch let error as StoreError where error.code == .simulatedCrash {
            throw error
        } catch {
            return [StoreLayout.digestListFile]
        }
        var differing: Set<String> = []
        for (path, expected) in list.files {
            let actual = try? readFile("\(directory)/\(path)", limit: fileLimit)
            if actual.map({ SHA256.hash($0).hex }) != expected { differing.insert(path) }
        }
        // An older store's index file is its own, not the archive's, and is never read.
        for path in try listFiles(under: directory)
        where path != StoreLayout.digestListFile && path != DigestList.retiredIndexFile && list.files[path] == nil {
            differing.insert(path)
        }
        return differing.sorted()
    }
}

extension Syscalls {
    /// Cheap check of a revision directory at open: it is a directory, its digest list reads, and every file it
    /// lists is a regular file of the recorded size. Contents are not hashed (that is `verifyRevision`).
    /// - Returns: Why the revision is damaged, or `nil` when it looks intact.
    func damage(ofRevisionAt directory: String) throws -> String? {
        do {
            guard try status(directory)?.isDirectory == true else { return "its directory is missing" }
            let list = try DigestList(data: readFile("\(directory)/\(StoreLayout.digestListFile)", limit: 4 << 20))
            return try list.damage(in: directory, status: status)
        } catch let error as StoreError where error.code == .simulatedCrash {
            throw error
        } catch {
            return "its digest list cannot be read (\(error))"
        }
    }
}
