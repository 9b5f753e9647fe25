import Foundation

/// The names inside a store directory, and the rules for the names callers hand in.
package struct StoreLayout: Sendable {
    static let formatFile = "store.json"
    static let lockFile = "LOCK"
    static let stateFile = "state.json"
    /// The second record of the highest manifest revision seen (``SeenRecord``).
    static let seenFile = "seen.json"
    /// Written by a kill switch that could neither move the store aside nor remove `state.json`: readers honour
    /// it (the store reads as empty) and the next open finishes the deletion.
    static let disabledFile = "DISABLED"
    static let manifestFile = "manifest.json"
    static let signatureFile = "manifest.json.sig"
    static let signaturesDirectory = "signatures"
    static let modulesDirectory = "modules"
    static let journalFile = "journal.jsonl"
    static let rotatedJournalFile = "journal.1.jsonl"
    static let temporaryDirectory = "tmp"
    /// The crash-loop guard's record (``LaunchGuardRecord``).
    static let launchGuardFile = "launch-guard.json"
    /// Written last inside each revision directory: the SHA-256 of every other file.
    static let digestListFile = DigestList.fileName

    /// Every name the store owns; `deleteAll` removes these and nothing else.
    static func isOwned(_ name: String) -> Bool {
        [formatFile, lockFile, stateFile, seenFile, disabledFile, manifestFile, signatureFile, signaturesDirectory,
         modulesDirectory, temporaryDirectory, launchGuardFile].contains(name)
            || (name.hasPrefix("journal") && name.hasSuffix(".jsonl"))
    }

    /// The store's directory, without a trailing slash.
    let root: String

    package init(root: String) {
        self.root = root
    }

    var formatPath: String { "\(root)/\(Self.formatFile)" }
    var lockPath: String { "\(root)/\(Self.lockFile)" }
    var statePath: String { "\(root)/\(Self.stateFile)" }
    package var seenPath: String { "\(root)/\(Self.seenFile)" }
    package var disabledPath: String { "\(root)/\(Self.disabledFile)" }
    package var manifestPath: String { "\(root)/\(Self.manifestFile)" }
    package var signaturePath: String { "\(root)/\(Self.signatureFile)" }
    var modulesPath: String { "\(root)/\(Self.modulesDirectory)" }
    var journalPath: String { "\(root)/\(Self.journalFile)" }
    var rotatedJournalPath: String { "\(root)/\(Self.rotatedJournalFile)" }
    package var temporaryPath: String { "\(root)/\(Self.temporaryDirectory)" }
    var launchGuardPath: String { "\(root)/\(Self.launchGuardFile)" }

    /// The store directory `url` names, without a trailing slash; `/` and the empty path are refused (a store
    /// there would clean and delete names of the whole file system or of whatever the working directory is).
    static func rootPath(of url: URL) throws -> String {
        let plain = url.path
        guard !plain.isEmpty else {
            throw StoreError(code: .invalidArgument, message: "the store path is empty; pass the store directory")
        }
        var path = isStandard(plain) ? plain : url.standardizedFileURL.path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard path != "/" else {
            throw StoreError(code: .invalidArgument,
                             message: "/ cannot be a store: Overlay creates, cleans and deletes names in its store "
                                 + "directory; pass a directory of its own, like /var/lib/app/overlay",
                             path: path)
        }
        return path
    }

    /// Whether standardizing cannot change this absolute path: no `//` and no component that starts with a dot
    /// (`.` and `..` among them). Standardizing is slow on the launch path (BENCHMARKS.md); `StoreLayoutTests` compares.
    static func isStandard(_ path: String) -> Bool {
        var previous: UInt8 = 0
        for byte in path.utf8 {
            if previous == UInt8(ascii: "/"), byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") { return false }
            previous = byte
        }
        return path.utf8.first == UInt8(ascii: "/")
    }

    func modulePath(_ module: String) -> String { "\(modulesPath)/\(module)" }

    /// `modules/<Module>/<sha256>` relative to the root, the form `state.json` records.
    static func revisionDirectory(module: String, sha256: String) -> String {
        "\(modulesDirectory)/\(module)/\(sha256)"
    }

    /// One allocation: a launch makes one for each of the store's revisions.
    func absolute(_ relative: String) -> String {
        var path = ""
        path.reserveCapacity(root.utf8.count + 1 + relative.utf8.count)
        path.append(root)
        path.append("/")
        path.append(relative)
        return path
    }

    /// A name no other writer picks: process id and 64 random bits.
    static func uniqueSuffix() -> String {
        "\(getpid())-\(String(UInt64.random(in: .min ... .max), radix: 16))"
    }

    // MARK: Validation

    /// A module name is one plain path component, by the grammar the publisher writes (``NameGrammar``).
    static func validate(module: String) throws {
        guard NameGrammar.isModuleName(module) else {
            throw StoreError.invalid(
                "module name \"\(module)\" is not a plain name (\(NameGrammar.moduleNameRule)); "
                    + "use the module's name from the catalog")
        }
    }

    /// A SHA-256 is 64 lowercase hex digits.
    static func validate(sha256: String) throws {
        guard sha256.isLowercaseHex(count: 64) else {
            throw StoreError.invalid("\"\(sha256)\" is not a SHA-256 in lowercase hex (64 digits)")
        }
    }

    /// A revision file path is relative, `/`-separated, with no empty, `.` or `..` component, no `\` or NUL,
    /// and is not the digest list's name.
    static func validate(relativePath path: String) throws {
        guard DigestList.isPlainPath(path) else {
            throw StoreError.invalid(
                "revision file path \"\(path)\" is not a plain relative path (no leading /, no . or .. or empty "
                    + "components, no backslash); pass paths like fr.lproj/Localizable.strings")
        }
        guard path != digestListFile else {
            throw StoreError.invalid("revision file path \"\(path)\" is reserved for the store's digest list")
        }
    }

    /// Checks every path, and that no file is also used as a directory (`a` and `a/b`).
    static func validate(files: [String: some Any]) throws {
        guard !files.isEmpty else { throw StoreError.invalid("a revision needs at least one file") }
        for path in files.keys {
            try validate(relativePath: path)
            var prefix = Substring(path)
            while let slash = prefix.lastIndex(of: "/") {
                prefix = prefix[..<slash]
                if files[String(prefix)] != nil {
                    throw StoreError.invalid("\"\(prefix)\" is both a file and the directory of \"\(path)\"")
                }
            }
        }
    }
}
