import Foundation

/// What the platform asks of a store's files beyond POSIX: writes that reach permanent storage, no place in the
/// device's backups, and a protection class a background launch can read. One seam, so that a test can record which
/// call was made, with which flag, on which path (`PlatformStorageTests`).
package struct PlatformStorage: Sendable {
    /// Apple's `FileProtectionType`, for the ones the store uses.
    package enum Protection: String, Sendable, Hashable {
        /// Readable from the first unlock after boot until shutdown, locked or not: what a background launch or an
        /// extension needs (developer.apple.com/documentation/foundation/fileprotectiontype/completeuntilfirstuserauthentication).
        case completeUntilFirstUserAuthentication
    }

    /// `fcntl(fd, F_FULLFSYNC)`: the drive writes its cache to permanent storage. Nil where `fsync` already does.
    package var fullSync: (@Sendable (_ fd: Int32) -> Int32)?
    package var fsync: @Sendable (_ fd: Int32) -> Int32
    /// Excludes a directory, and so everything in it, from backups. Nil where there is no such flag.
    package var excludeFromBackup: (@Sendable (_ path: String) throws -> Void)?
    /// Gives a file or directory a protection class (what is created in a directory takes the directory's). Nil
    /// where files have none.
    package var protect: (@Sendable (_ path: String, _ protection: Protection) throws -> Void)?

    package init(
        fullSync: (@Sendable (_ fd: Int32) -> Int32)?, fsync: @escaping @Sendable (_ fd: Int32) -> Int32,
        excludeFromBackup: (@Sendable (_ path: String) throws -> Void)?,
        protect: (@Sendable (_ path: String, _ protection: Protection) throws -> Void)?
    ) {
        self.fullSync = fullSync
        self.fsync = fsync
        self.excludeFromBackup = excludeFromBackup
        self.protect = protect
    }

    package static let live = LibC.storage

    /// The class the store's directory gets: an app launched in the background (a push, a widget, an extension) reads
    /// its overlay while the device is locked.
    package static let storeProtection = Protection.completeUntilFirstUserAuthentication

    /// `F_FULLFSYNC` where the platform has it, and plain `fsync` when that fails: a file system without full-sync
    /// support answers `ENOTSUP`, and SQLite's unix VFS (`full_fsync`) falls back the same way. -1 sets `errno`.
    package func synchronize(_ fd: Int32) -> Int32 {
        if let fullSync, fullSync(fd) != -1 { return 0 }
        return fsync(fd)
    }

    /// Excludes the store's directory from backups and gives it the store's protection class; called at every open
    /// that writes, because some file operations reset the backup flag (Apple: "Set this property each time you save
    /// a file", `URLResourceKey.isExcludedFromBackupKey`). A failure refuses nothing: it is a sentence for the sink.
    package func prepareStoreDirectory(_ path: String) -> [String] {
        var problems: [String] = []
        do {
            try excludeFromBackup?(path)
        } catch {
            problems.append("\(path) could not be excluded from backups: \(error)")
        }
        do {
            try protect?(path, Self.storeProtection)
        } catch {
            problems.append("\(path) could not be given the protection class \(Self.storeProtection.rawValue): \(error)")
        }
        return problems
    }
}

// Apple's calls, written against Foundation (swift-corelibs-foundation declares them too, so Linux compiles them;
// only Darwin's `live` installs them).
extension PlatformStorage {
    /// `URLResourceValues.isExcludedFromBackup = true` ("Optimizing Your App's Data for iCloud Backup": data the app
    /// can download again is excluded; developer.apple.com/documentation/foundation/urlresourcevalues/isexcludedfrombackup).
    static func appleExcludeFromBackup(_ path: String) throws {
        var url = URL(fileURLWithPath: path, isDirectory: true)
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        try url.setResourceValues(values)
    }

    /// `FileManager.setAttributes([.protectionKey: …])` on a directory: items created in it afterwards take its class
    /// (Apple DTS, developer.apple.com/forums/thread/706258: "Files written to a directory default to that directory's
    /// data protection").
    static func appleProtect(_ path: String, _ protection: Protection) throws {
        let type: FileProtectionType = switch protection {
        case .completeUntilFirstUserAuthentication: .completeUntilFirstUserAuthentication
        }
        try FileManager.default.setAttributes([.protectionKey: type], ofItemAtPath: path)
    }
}
