import Foundation
import OverlayCore
import OverlayPublishing

/// The store's on-disk names and formats as `inspect` knows them: the one place to adapt when the store's format
/// changes (docs/DESIGN.md "Client store").
enum StoreFormat {
    static let formatFile = "store.json"
    static let lockFile = "LOCK"
    static let stateFile = "state.json"
    static let manifestFile = "manifest.json"
    static let signatureFile = "manifest.json.sig"
    static let modulesDirectory = "modules"
    static let journalFiles = ["journal.1.jsonl", "journal.jsonl"]
    static let temporaryDirectory = "tmp"
    static let digestListFile = "overlay-digests.json"
    /// The `store.json` marker: `{"format":"overlay-store","version":2,"id":"<32 hex>"}`, or the pre-marker
    /// `{"format_version":1}` (upgraded at the next open).
    enum Marker: Equatable {
        case legacy
        case current(version: Int, id: String?)
        case newer(version: Int)
        case invalid(String)
    }

    static let markerFormat = "overlay-store"
    static let markerVersion = 2

    static func marker(_ data: Data) -> Marker {
        guard !data.isEmpty else { return .invalid("is empty") }
        if data.allSatisfy({ $0 == 0 }) { return .invalid("is \(data.count) zero bytes") }
        guard let root = try? JSONNode(StrictJSON.parse(data)).object() else { return .invalid("is not a JSON object") }
        if root.members.map(\.key) == ["format_version"], (try? root.required("format_version").int()) == 1 {
            return .legacy
        }
        guard (try? root.required("format").string()) == markerFormat,
              let version = try? root.required("version").int(), version >= markerVersion
        else { return .invalid("is not the store's marker {\"format\":\"\(markerFormat)\",\"version\":\(markerVersion),…}") }
        if version > markerVersion { return .newer(version: version) }
        return .current(version: version, id: try? root.required("id").string())
    }
    /// Names the store owns at the top level.
    static let ownedNames: Set<String> = [
        formatFile, lockFile, stateFile, manifestFile, signatureFile, "signatures", modulesDirectory,
        temporaryDirectory, seenFile, disabledFile, launchGuardFile,
    ]
    /// The crash-loop guard's record: launches counted, rollbacks made.
    static let launchGuardFile = "launch-guard.json"
    /// The second record of the highest manifest revision seen.
    static let seenFile = "seen.json"
    /// Left by a kill switch that could not move the store aside: readers serve shipped strings.
    static let disabledFile = "DISABLED"

    static func isOwned(_ name: String) -> Bool {
        ownedNames.contains(name) || (name.hasPrefix("journal") && name.hasSuffix(".jsonl"))
    }

    /// Caps: larger than the store ever writes there, so a file past them is damage, and is never read whole.
    static let metadataCap = 4 << 20
    static let fileCap = 64 << 20
    static let journalCap = 1 << 20
}

/// Read-only access to a store directory handed over by a user: `lstat` only, regular files read through
/// ``BoundedFile`` (`O_NONBLOCK`, `O_NOFOLLOW`, capped), and never through a symbolic link — every directory on the
/// way from the root is checked to be a real directory first, so nothing outside the store is read.
struct StoreReader: Sendable {
    /// The store directory, without a trailing slash.
    let root: String

    init(root: String) {
        var path = root
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        // The one link followed: the store path the user typed (`~/store -> /data/store`), never one inside it.
        if BoundedFile.kind(of: path) == .symbolicLink {
            path = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        }
        self.root = path
    }

    struct Entry: Sendable, Hashable {
        var kind: FileKind
        var size: Int
        var modified: Date
        var device: UInt64
        var inode: UInt64
    }

    func absolute(_ relative: String) -> String { relative.isEmpty ? root : "\(root)/\(relative)" }

    /// `lstat` of a path relative to the root; nil when absent or when a directory on the way is not a real one.
    func entry(_ relative: String) -> Entry? {
        guard parentsAreDirectories(relative) else { return nil }
        guard let info = (try? LibC.status(absolute(relative))) ?? nil else { return nil }
        return Entry(kind: info.kind, size: info.size, modified: Date(timeIntervalSince1970: info.modified.timeIntervalSince1970),
                     device: info.device, inode: info.inode)
    }

    /// Every ancestor of `relative` below the root is a directory, not a link to one.
    private func parentsAreDirectories(_ relative: String) -> Bool {
        var components = relative.split(separator: "/").map(String.init)
        guard !components.contains(".."), !components.contains(".") else { return false }
        components.removeLast(components.isEmpty ? 0 : 1)
        var path = ""
        for component in components {
            path = path.isEmpty ? component : "\(path)/\(component)"
            guard BoundedFile.kind(of: absolute(path)) == .directory else { return false }
        }
        return true
    }

    enum ReadResult: Sendable {
        case data(Data)
        case absent
        case refused(String)
    }

    /// A regular file's bytes, at most `cap`; a link, FIFO, directory or oversized file is refused with a reason.
    func read(_ relative: String, cap: Int) -> ReadResult {
        guard let entry = entry(relative) else { return .absent }
        guard entry.kind == .regular else { return .refused("is \(entry.kind.description), not a regular file") }
        do {
            return .data(try BoundedFile.read(absolute(relative), maxBytes: cap, followSymlinks: false))
        } catch {
            return .refused(error.reason)
        }
    }

    /// The names in a directory (sorted), or nil when it is not a real directory or cannot be listed.
    func list(_ relative: String) -> [String]? {
        guard entry(relative)?.kind == .directory else { return nil }
        return (try? FileManager.default.contentsOfDirectory(atPath: absolute(relative)))?
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Every path under `relative` (depth-first, sorted, without following links), with its entry; at most `limit`.
    func walk(_ relative: String, limit: Int = 100_000) -> [(path: String, entry: Entry)] {
        var result: [(String, Entry)] = []
        func visit(_ path: String, depth: Int) {
            guard result.count < limit, depth < 32 else { return }
            for name in list(path) ?? [] {
                let child = path.isEmpty ? name : "\(path)/\(name)"
                guard let entry = entry(child) else { continue }
                result.append((child, entry))
                if entry.kind == .directory { visit(child, depth: depth + 1) }
            }
        }
        visit(relative, depth: 0)
        return result
    }

    enum LockStatus: Sendable, Equatable {
        case absent
        case free
        /// Another process holds `LOCK` (a sync is writing); its pid when `/proc/locks` names it.
        case held(pid: Int?)
        case unreadable(String)
    }

    /// Whether a writer holds `LOCK`: a non-blocking shared `flock`, released at once. Opens read-only, never
    /// creates the file, never follows a link, never blocks.
    func lockStatus() -> LockStatus {
        guard let entry = entry(StoreFormat.lockFile) else { return .absent }
        guard entry.kind == .regular else { return .unreadable("LOCK is \(entry.kind.description)") }
        let path = absolute(StoreFormat.lockFile)
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return .unreadable("LOCK cannot be opened (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        while true {
            if LibC.flock(fd, LOCK_SH | LOCK_NB) == 0 {
                _ = LibC.flock(fd, LOCK_UN)
                return .free
            }
            if errno == EINTR { continue }
            if errno == EWOULDBLOCK { return .held(pid: Self.lockHolder(inode: entry.inode)) }
            return .unreadable("flock: \(String(cString: strerror(errno)))")
        }
    }

    /// The pid `/proc/locks` gives for a `FLOCK` on the inode (Linux only; nil elsewhere or when unsure).
    static func lockHolder(inode: UInt64) -> Int? {
        guard let data = try? BoundedFile.read("/proc/locks", maxBytes: 4 << 20),
              let text = String(data: data, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", fields[3] == "WRITE",
                  let identity = fields[5].split(separator: ":").last, UInt64(identity) == inode
            else { continue }
            return Int(fields[4])
        }
        return nil
    }
}
