package import OverlayCore

/// What `overlay lint` was asked to skip and how much it reads.
package struct LintOptions: Sendable {
    /// Files whose path relative to their PATH argument matches one of these are not read at all.
    package var allow: [LintGlob]
    /// A larger file is a `lint.file-too-large` finding, not read. The largest hand-written Swift files are a few
    /// hundred kilobytes; generated ones rarely pass a megabyte.
    package var maximumFileSize: Int

    package static let defaultMaximumFileSize = 8 << 20

    package init(allow: [LintGlob] = [], maximumFileSize: Int = defaultMaximumFileSize) {
        self.allow = allow
        self.maximumFileSize = maximumFileSize
    }
}

/// Everything one `overlay lint` run found, and what it looked at.
package struct LintReport: Sendable {
    /// In the order the files were walked (names sorted), then by position in the file.
    package var findings: [Finding] = []
    /// `.swift` files read and checked.
    package var filesChecked = 0
    /// Files `--allow` exempted (never read).
    package var filesAllowed = 0
    /// Lines of the files checked.
    package var lines = 0
    /// Symbolic links met while walking a directory: never followed.
    package var symlinksSkipped = 0
    /// For each `--allow` pattern, in order, how many files it exempted.
    package var allowMatches: [Int] = []
}

/// `overlay lint`: finds the lookups in Swift sources that bypass the overlay (``LintRule``, docs/LINT.md).
///
/// Each PATH is a `.swift` file or a directory walked recursively for `*.swift`. The walk skips hidden entries
/// (`.build`, `.git`, `.swiftpm`), never follows a symbolic link (a link into the tree is linted at its real
/// path; one out of it is not linted at all), walks a directory reached twice only once, and reads each file with
/// a size bound. A PATH given on the command line may itself be a link.
///
/// ```swift
/// let report = try Linter.lint(["Sources"], options: LintOptions(allow: [try LintGlob("**/L10n.swift")]))
/// report.findings.map(\.code)   // ["lint.nslocalizedstring", "lint.text-literal"]
/// ```
package enum Linter {
    package static func lint(_ paths: [String], options: LintOptions = LintOptions()) throws(LintError) -> LintReport {
        let roots = try paths.map { path throws(LintError) in try root(path) }
        var walker = Walker(options: options)
        for root in roots { walker.lint(root) }
        return walker.report
    }

    /// The findings of one file's bytes. `file` and `module` are copied into each finding's location; `module`
    /// also names the module in the fixes.
    package static func lint(bytes: [UInt8], file: String?, module: String?) -> (findings: [Finding], lines: Int) {
        let source = SwiftSource(bytes)
        var findings: [Finding] = []
        if let bad = firstInvalidUTF8(bytes) {
            let location = source.location(ofByte: bad)
            let what = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
                ? "is UTF-16 (it starts with a UTF-16 byte-order mark)"
                : "is not UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) at line \(location.line))"
            findings.append(
                Finding(
                    code: LintRule.invalidUTF8.rawValue, severity: .warning,
                    message: "the file \(what); Swift reads sources as UTF-8: re-save it as UTF-8 "
                        + "(it was checked byte by byte, so a lookup inside text in another encoding is missed)",
                    location: Finding.Location(file: file, line: location.line, column: location.column, module: module)))
        }
        findings += BypassMatcher.findings(in: source, file: file, module: module)
        return (findings, source.lineCount)
    }

    /// The module a file belongs to in a SwiftPM layout: the directory after the last `Sources/` of its path.
    package static func module(forPath path: String) -> String? {
        let parts = path.split(separator: "/")
        guard let sources = parts.lastIndex(of: "Sources"), sources + 2 < parts.count else { return nil }
        return String(parts[sources + 1])
    }

    /// Offset of the first byte that is not part of well-formed UTF-8, or nil.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            guard bytes[index + 1] >= low, bytes[index + 1] <= high else { return index }
            for next in (index + 2)..<(index + length) where bytes[next] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }

    /// A PATH argument: a directory or a `.swift` file, links followed.
    static func root(_ path: String) throws(LintError) -> Root {
        let status: LintFileSystem.Status?
        do {
            status = try LintFileSystem.status(path, followingLinks: true)
        } catch {
            throw LintError(code: .pathNotFound, message: "cannot read '\(path)': \(error.description)", subject: path)
        }
        guard let status else {
            throw LintError(
                code: .pathNotFound, message: "'\(path)' does not exist; give a directory of Swift sources or a .swift file",
                subject: path)
        }
        switch status.kind {
        case .directory:
            return Root(path: path, isDirectory: true)
        case .regular where path.hasSuffix(".swift"):
            return Root(path: path, isDirectory: false)
        default:
            throw LintError(
                code: .notSwiftSource,
                message: "'\(path)' is not a directory or a .swift file; lint reads Swift sources only", subject: path)
        }
    }

    struct Root {
        var path: String
        var isDirectory: Bool
    }
}
