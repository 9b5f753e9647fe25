import Foundation
@testable import OverlayCore

/// A fresh directory under the system temp dir, removed when the value is released.
final class TemporaryDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-store-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The store directory used by most tests.
    var store: URL { url.appendingPathComponent("store") }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Sample revisions for unit tests.
enum Sample {
    static let appVersion = "2.4.0"
    static let sourceHash = SHA256.hash(Data("catalog".utf8)).hex

    static func sha(_ tag: String) -> String { SHA256.hash(Data("archive-\(tag)".utf8)).hex }

    static func files(_ tag: String) -> [String: Data] {
        [
            "Info.plist": Data("<plist>\(tag)</plist>".utf8),
            "overlay-module.json": Data(#"{"revision":"\#(tag)"}"#.utf8),
            "fr.lproj/Localizable.strings": Data("\"hello\" = \"bonjour \(tag)\";\n".utf8),
            "ru.lproj/Plurals.stringsdict": Data("<plist>\(tag) ru</plist>".utf8),
        ]
    }

    static func open(_ url: URL, appVersion: String = appVersion, sourceHash: String = sourceHash,
                     syscalls: Syscalls = .live, journalLimit: Int = 256 * 1024) throws -> OverlayStore {
        try OverlayStore.open(at: url, appVersion: appVersion, sourceHash: sourceHash, syscalls: syscalls,
                              journalLimit: journalLimit)
    }

    /// Digest mismatches of the revision `sha256` of `module` in the store at `url` (what `overlay inspect --verify`
    /// reports).
    static func verify(_ url: URL, module: String = "App", sha256: String) throws -> [String] {
        let directory = url.appendingPathComponent("modules/\(module)/\(sha256)").path
        return try Syscalls.live.verifyRevision(at: directory, fileLimit: OverlayStore.fileLimit)
    }
}

/// What a directory holds: relative path → bytes (directories end in `/`), for "left untouched" assertions.
func treeContents(_ url: URL) -> [String: Data] {
    var result: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: url.path) else { return result }
    while let relative = enumerator.nextObject() as? String {
        let path = url.appendingPathComponent(relative).path
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        result[isDirectory.boolValue ? relative + "/" : relative] =
            isDirectory.boolValue ? Data() : (FileManager.default.contents(atPath: path) ?? Data())
    }
    return result
}

/// The files of a revision directory (without the digest list), read back.
func revisionFiles(_ directory: URL) -> [String: Data] {
    treeContents(directory).filter { !$0.key.hasSuffix("/") && $0.key != StoreLayout.digestListFile }
}

/// The names in a directory, sorted ([] when absent).
func names(_ url: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
}

/// The `overlay` executable next to the test bundle (built because OverlayCoreTests depends on it); its hidden
/// `_torture` mode is the store's crash-test child.
let overlayExecutable: URL = {
    var candidates: [URL] = []
    if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
        candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("overlay"))
    }
    candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("overlay"))
    for configuration in ["debug", "release"] {
        candidates.append(Fixtures.repositoryRoot.appendingPathComponent(".build/\(configuration)/overlay"))
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
}()

extension Syscalls {
    /// The live seam with every call that could create, change or remove a name refused (`EROFS`): for tests that
    /// hand the store a path nothing may ever be written at, such as `/`.
    static var readOnly: Syscalls {
        var syscalls = Syscalls.live
        let refuse: @Sendable (String, String) -> StoreError = { StoreError.syscall($0, path: $1, errno: EROFS) }
        let live = Syscalls.live
        syscalls.open = { path, flags, mode in
            guard flags & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC) == 0 else { throw refuse("open", path) }
            return try live.open(path, flags, mode)
        }
        syscalls.write = { _, path, _ in throw refuse("write", path) }
        syscalls.rename = { from, _ in throw refuse("rename", from) }
        syscalls.mkdir = { path, _ in throw refuse("mkdir", path) }
        syscalls.unlinkAt = { _, _, _, path in throw refuse("unlinkat", path) }
        syscalls.openAt = { directory, name, flags, path in
            guard flags & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC) == 0 else { throw refuse("openat", path) }
            return try live.openAt(directory, name, flags, path)
        }
        return syscalls
    }
}
