import OverlayCore

extension Linter {
    /// Walks the PATH arguments in a fixed order (names sorted, a directory's files before its subdirectories)
    /// with an explicit stack, so the depth of a tree costs no stack and the output is the same on every run.
    struct Walker {
        let options: LintOptions
        var report = LintReport()
        /// Directories walked so far, by device and inode.
        var visited: Set<LintFileSystem.FileIdentity> = []

        init(options: LintOptions) {
            self.options = options
            report.allowMatches = Array(repeating: 0, count: options.allow.count)
        }

        mutating func lint(_ root: Root) {
            let absoluteRoot = LintFileSystem.realPath(root.path) ?? root.path
            guard root.isDirectory else {
                let name = root.path.split(separator: "/").last.map(String.init) ?? root.path
                lintFile(at: absoluteRoot, relative: name, display: root.path, absolute: absoluteRoot)
                return
            }
            var pending: [(path: String, relative: String)] = [(root.path, "")]
            while let (directory, relative) = pending.popLast() {
                let display = relative.isEmpty ? root.path : Self.join(root.path, relative)
                let names: [String]
                do {
                    if let status = try LintFileSystem.status(directory, followingLinks: true) {
                        guard visited.insert(status.identity).inserted else { continue }
                    }
                    let listing = try LintFileSystem.list(directory)
                    names = listing.names
                    if listing.undecodable > 0 { undecodableNames(listing.undecodable, in: display) }
                } catch {
                    unreadable(display, error, relative: relative.isEmpty ? "**" : relative + "/**")
                    continue
                }
                var subdirectories: [(path: String, relative: String)] = []
                for name in names where !name.hasPrefix(".") {
                    let path = Self.join(directory, name)
                    let childRelative = relative.isEmpty ? name : relative + "/" + name
                    let status: LintFileSystem.Status?
                    do {
                        status = try LintFileSystem.status(path)
                    } catch {
                        unreadable(Self.join(root.path, childRelative), error, relative: childRelative)
                        continue
                    }
                    switch status?.kind {
                    case .symbolicLink?:
                        report.symlinksSkipped += 1
                    case .directory?:
                        subdirectories.append((path, childRelative))
                    case .regular? where name.hasSuffix(".swift"):
                        lintFile(
                            at: path, relative: childRelative, display: Self.join(root.path, childRelative),
                            absolute: Self.join(absoluteRoot, childRelative))
                    default:
                        break
                    }
                }
                pending += subdirectories.reversed()
            }
        }

        mutating func lintFile(at path: String, relative: String, display: String, absolute: String) {
            var isAllowed = false
            for (index, glob) in options.allow.enumerated() where glob.matches(relative) {
                report.allowMatches[index] += 1
                isAllowed = true
            }
            if isAllowed {
                report.filesAllowed += 1
                return
            }
            let module = Linter.module(forPath: absolute)
            let contents: LintFileSystem.Contents
            do {
                contents = try LintFileSystem.read(path, limit: options.maximumFileSize)
            } catch {
                unreadable(display, error, relative: relative)
                return
            }
            switch contents {
            case .bytes(let bytes):
                let result = Linter.lint(bytes: bytes, file: display, module: module)
                report.findings += result.findings
                report.lines += result.lines
                report.filesChecked += 1
            case .tooLarge(let size):
                report.findings.append(
                    Finding(
                        code: LintRule.fileTooLarge.rawValue, severity: .warning,
                        message: "the file is \(size) bytes, more than the \(options.maximumFileSize) lint reads, "
                            + "so it was not checked; split it, or exempt it with --allow '\(relative)'",
                        location: Finding.Location(file: display, module: module)))
            case .notRegular:
                // Replaced by a link (or a FIFO) between the listing and the open: treated as the link it now is.
                report.symlinksSkipped += 1
            }
        }

        mutating func unreadable(_ display: String, _ failure: LintFileSystem.Failure, relative: String) {
            report.findings.append(
                Finding(
                    code: LintRule.unreadable.rawValue, severity: .warning,
                    message: "\(failure.description), so it was not checked; make it readable, "
                        + "or exempt it with --allow '\(relative)'",
                    location: Finding.Location(file: display)))
        }

        mutating func undecodableNames(_ count: Int, in display: String) {
            report.findings.append(
                Finding(
                    code: LintRule.unreadable.rawValue, severity: .warning,
                    message: "\(count) \(count == 1 ? "entry has a name" : "entries have names") that \(count == 1 ? "is" : "are") "
                        + "not UTF-8, so \(count == 1 ? "it was" : "they were") not checked; rename \(count == 1 ? "it" : "them") in UTF-8",
                    location: Finding.Location(file: display)))
        }

        static func join(_ base: String, _ relative: String) -> String {
            if base == "." { return relative }
            return base.hasSuffix("/") ? base + relative : base + "/" + relative
        }
    }
}
