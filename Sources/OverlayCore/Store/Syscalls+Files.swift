package import Foundation

/// File-level operations built from the seam's calls: every durable step the store takes is here.
extension Syscalls {
    /// Reads a whole file, refusing more than `limit` bytes. A symbolic link is refused (`ELOOP`), never followed;
    /// a FIFO reads as empty instead of waiting for a writer.
    func readFile(_ path: String, limit: Int) throws -> Data {
        try closing(open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0), path) { fd in
            var result = Data()
            while true {
                let chunk = try read(fd, path, 64 * 1024)
                if chunk.isEmpty { return result }
                result.append(contentsOf: chunk)
                if result.count > limit {
                    throw StoreError(code: .tooLarge,
                                     message: "\(path) is larger than \(limit) bytes, more than the store ever writes "
                                         + "there; delete the store to start over",
                                     syscall: "read", path: path)
                }
            }
        }
    }

    /// Runs `body` on the open descriptor `fd`, then closes it; after a failure the close is only attempted.
    func closing<R>(_ fd: Int32, _ path: String, _ body: (Int32) throws -> R) throws -> R {
        let result: R
        do {
            result = try body(fd)
        } catch {
            try? close(fd, path)
            throw error
        }
        try close(fd, path)
        return result
    }

    /// Reads a whole file, or `nil` when it does not exist.
    package func readFileIfPresent(_ path: String, limit: Int) throws -> Data? {
        do {
            return try readFile(path, limit: limit)
        } catch let error as StoreError where error.code == .notFound && error.syscall == "open" {
            return nil
        }
    }

    /// Creates new files (never existing ones) and writes every byte of each, then fsyncs and closes them, in
    /// batches of at most ``writeBatch`` open files: fsyncs that follow all of a batch's writes let the file system
    /// commit them together (a 30-module sync took about 30% less time than with an fsync after each write). Without
    /// `durable`, no fsync: what the process wrote survives its crash, not a power loss.
    func writeNewFiles(_ files: [(path: String, data: Data)], durable: Bool = true) throws {
        var start = 0
        while start < files.count {
            let batch = files[start..<min(start + Self.writeBatch, files.count)]
            var written: [(fd: Int32, path: String)] = []
            do {
                for (path, data) in batch {
                    let fd = try open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                    written.append((fd, path))
                    try write(fd, path, Array(data))
                }
                while let (fd, path) = written.first {
                    if durable { try fsync(fd, path) }
                    written.removeFirst()
                    try close(fd, path)
                }
            } catch {
                for (fd, path) in written { try? close(fd, path) }
                throw error
            }
            start += batch.count
        }
    }

    /// Files open at once in ``writeNewFiles(_:)``: well under any descriptor limit (256 by default on iOS).
    static let writeBatch = 32

    /// Opens a directory and fsyncs it, so the names created, renamed or removed in it are durable.
    func fsyncDirectory(_ path: String) throws {
        try closing(open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0), path) { try fsync($0, path) }
    }

    /// Replaces `path` with `data` atomically: temp file in `temporaryDirectory`, fsync, rename, fsync the parent;
    /// without `durable`, the same steps but the fsyncs.
    func replaceFile(_ path: String, with data: Data, temporaryDirectory: String, durable: Bool = true) throws {
        let name = (path as NSString).lastPathComponent
        let temp = "\(temporaryDirectory)/\(name).\(StoreLayout.uniqueSuffix())"
        do {
            try writeNewFiles([(temp, data)], durable: durable)
            try rename(temp, path)
        } catch {
            try? unlink(temp)
            throw error
        }
        if durable { try fsyncDirectory((path as NSString).deletingLastPathComponent) }
    }

    /// `unlink(2)` of `path`, through ``unlinkAt``.
    func unlink(_ path: String) throws { try unlinkAt(AT_FDCWD, path, 0, path) }

    /// `rmdir(2)` of `path`, through ``unlinkAt``.
    func rmdir(_ path: String) throws { try unlinkAt(AT_FDCWD, path, AT_REMOVEDIR, path) }

    /// Creates a directory; `true` if it was created, `false` if a directory was already there.
    @discardableResult
    func makeDirectory(_ path: String) throws -> Bool {
        do {
            try mkdir(path, 0o755)
            return true
        } catch let error as StoreError where error.cause == EEXIST {
            if try status(path)?.isDirectory == true { return false }
            // Something other than a directory holds the name: say so rather than "file exists".
            throw StoreError.syscall("mkdir", path: path, errno: ENOTDIR)
        }
    }

    /// Creates a directory and every missing ancestor (for the store's root only).
    func makeDirectories(_ path: String) throws {
        if try status(path)?.isDirectory == true { return }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeDirectories(parent) }
        try makeDirectory(path)
    }

    /// Removes a file or a directory tree; nothing to do when it is absent. Symlinks are removed, never followed.
    ///
    /// Below `path` every step is relative to an open directory descriptor, and every directory is opened
    /// `O_NOFOLLOW`: a directory swapped for a link between the check and the removal fails the call
    /// instead of being followed out of the tree (`ENOTDIR` on Linux, `ELOOP` elsewhere).
    func removeTree(_ path: String) throws {
        guard let info = try status(path) else { return }
        guard info.isDirectory else {
            try unlink(path)
            return
        }
        try closing(open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0), path) {
            try removeContents(of: $0, path)
        }
        try rmdir(path)
    }

    private func removeContents(of directory: Int32, _ path: String) throws {
        for name in try listDirectoryAt(directory, path) {
            let child = "\(path)/\(name)"
            guard let info = try statusAt(directory, name, child) else { continue }
            guard info.isDirectory else {
                try unlinkAt(directory, name, 0, child)
                continue
            }
            try closing(openAt(directory, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, child), child) {
                try removeContents(of: $0, child)
            }
            try unlinkAt(directory, name, AT_REMOVEDIR, child)
        }
    }

    /// Every regular file under `directory`, as sorted paths relative to it.
    func listFiles(under directory: String, prefix: String = "") throws -> [String] {
        var result: [String] = []
        for name in try listDirectory(directory) {
            let path = "\(directory)/\(name)"
            if try status(path)?.isDirectory == true {
                result += try listFiles(under: path, prefix: "\(prefix)\(name)/")
            } else {
                result.append(prefix + name)
            }
        }
        return result.sorted()
    }
}
