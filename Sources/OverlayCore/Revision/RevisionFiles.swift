import Foundation

/// One revision directory as the resolver reads it: only names its digest list has, each opened one name at a time
/// from the store's root without following a symbolic link (`O_NOFOLLOW` at every step, `O_NONBLOCK`, then `fstat`),
/// and never a file of another size than the list records. A link, a FIFO, a file added after activation or one grown
/// since is never read: unsigned text from outside the store is not served, and nothing unbounded is read into memory.
struct RevisionFiles: Sendable {
    /// `<store>/modules/<Module>/<sha256>`.
    let path: String
    let list: DigestList
    private let syscalls: Syscalls

    /// More than the store ever writes.
    private static let listLimit = 4 << 20
    /// For a list of an older store that recorded no sizes: the client inflates a module archive to at most 64 MiB.
    private static let fileLimit = 64 << 20

    /// Nil when the digest list cannot be read.
    init?(path: String, syscalls: Syscalls = .live) {
        self.path = path
        self.syscalls = syscalls
        guard let descriptor = Self.open(DigestList.fileName, under: path, syscalls) else { return nil }
        defer { try? syscalls.close(descriptor, path) }
        guard let file = MappedFile.open(descriptor: descriptor, path: path, limit: Self.listLimit, syscalls: syscalls),
            let list = try? DigestList(data: file.data)
        else { return nil }
        self.list = list
    }

    func lists(_ relative: String) -> Bool { list.files[relative] != nil }

    /// The listed file at `relative`, mapped (or read when small); nil when the list does not name it, or it is not a
    /// regular file of the listed size reached without a link.
    func open(_ relative: String) -> MappedFile? {
        guard lists(relative), let descriptor = Self.open(relative, under: path, syscalls) else { return nil }
        defer { try? syscalls.close(descriptor, path) }
        return MappedFile.open(descriptor: descriptor, path: path, limit: Self.fileLimit, size: list.sizes[relative],
                               syscalls: syscalls)
    }

    /// Why the revision does not hold what its list names, or nil: the cheap check before it serves, no hashing.
    func damage() -> String? {
        do {
            return try list.damage(in: path, status: syscalls.status)
        } catch {
            return "its files cannot be looked at (\(error))"
        }
    }

    /// `relative` under the revision, opened one name at a time without following a link: from the store's root
    /// through `modules/<Module>/<sha256>` when the path has that shape (a module folder that became a link is not
    /// read through), else from the revision directory itself. Nil when any step fails.
    private static func open(_ relative: String, under revision: String, _ syscalls: Syscalls) -> Int32? {
        // Slashes found by hand: the generic `split` and `joined` cost a cold launch more than the walk itself.
        var names = Self.names(relative).filter { !$0.isEmpty }
        let components = Self.names(revision)
        let start: String
        if components.count > 3, components[components.count - 3] == "modules" {
            let tail = components.suffix(3).reduce(3) { $0 + $1.utf8.count }  // `/modules/<Module>/<sha256>`
            let root = String(decoding: revision.utf8.dropLast(tail), as: UTF8.self)
            start = root.isEmpty ? "/" : root
            names.insert(contentsOf: ["modules"] + components.suffix(2), at: 0)
        } else {
            start = revision
        }
        let directoryFlags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW
        // The store's root is the one the app chose (it may be reached through a link); nothing below it is.
        guard var current = try? syscalls.open(start, start == revision ? directoryFlags : directoryFlags & ~O_NOFOLLOW, 0),
            let last = names.popLast()
        else { return nil }
        var path = start
        for name in names {
            path += "/" + name
            let next = try? syscalls.openAt(current, name, directoryFlags, path)
            try? syscalls.close(current, path)
            guard let next else { return nil }
            current = next
        }
        defer { try? syscalls.close(current, path) }
        return try? syscalls.openAt(current, last, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, path + "/" + last)
    }

    /// The names between `path`'s slashes, empty ones included.
    private static func names(_ path: String) -> [String] {
        var names: [String] = []
        var start = path.utf8.startIndex
        for index in path.utf8.indices where path.utf8[index] == UInt8(ascii: "/") {
            names.append(String(path[start..<index]))
            start = path.utf8.index(after: index)
        }
        names.append(String(path[start...]))
        return names
    }
}
