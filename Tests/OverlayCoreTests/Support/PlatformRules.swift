import Foundation
import Testing

/// What PlatformLayerTests looks for: constructs that compile on Linux alone, or that would compile on Darwin and be
/// wrong there, outside the folders that deal with the difference (`Sources/OverlayCore/Platform/`, and
/// `Sources/OverlayPublishing/Platform/` for calls only the tools make). Nothing here can be built for an Apple
/// platform on this machine, so the sources are read as text; each rule has a planted violation that proves it fires
/// (`PlatformLayerTests.everyRuleCatchesItsPlantedViolation`).
struct PlatformRule: Sendable, CustomTestStringConvertible {
    var id: String
    var pattern: String
    /// Text a line must hold for the pattern to be tried (Swift's `Regex` is slow; most lines hold none of these).
    var keywords: [String]
    /// What to do instead, for the failure message.
    var fix: String
    /// Source files (paths relative to `Sources/`) where the construct is the point: a backend's own handles.
    var exemptSuffixes: [String] = []
    /// A line that breaks the rule, and the file it is planted in.
    var planted: String
    var plantedPath: String

    var testDescription: String { id }

    static let all: [PlatformRule] = [
        PlatformRule(
            id: "platform-import", pattern: #"import\s+(Glibc|Darwin|Musl)\b|\b(Glibc|Darwin|Musl)\.|\bdlsym\("#,
            keywords: ["Glibc", "Darwin", "Musl", "dlsym"],
            fix: "call the C library through LibC (Sources/OverlayCore/Platform)",
            planted: "import Glibc", plantedPath: "OverlayCore/Store/Planted.swift"),
        PlatformRule(
            id: "platform-condition",
            pattern: #"canImport\((Glibc|Darwin|Musl)\)|\bos\((Linux|macOS|iOS|tvOS|watchOS|visionOS)\)"#,
            keywords: ["canImport(", "os("],
            fix: "keep platform differences in the platform layer; a test file uses Foundation and the layer's API, so it "
                + "builds everywhere (an import inside such a block is missing on the other platform)",
            planted: "#if canImport(Glibc)", plantedPath: "../Tests/OverlayCoreTests/Store/PlantedTests.swift"),
        PlatformRule(
            id: "directory-handle", pattern: #"\b(opendir|fdopendir|readdir|closedir)\(|\bOpaquePointer\b"#,
            keywords: ["dir(", "OpaquePointer"],
            fix: "list directories with LibC.forEachName / LibC.names (Darwin's DIR is a typed pointer, Glibc's opaque)",
            exemptSuffixes: ["+OpenSSL.swift"],
            planted: "var handle: OpaquePointer? = opendir(path)", plantedPath: "OverlayTools/Lint/Planted.swift"),
        PlatformRule(
            id: "stat-call", pattern: #"\b(l|f)?stat(at)?\(|\bS_IF(MT|REG|DIR|LNK)\b"#,
            keywords: ["stat", "S_IF"],
            fix: "ask LibC.status (one lstat/fstat/fstatat wrapper) and read FileInfo.kind (one reading of st_mode)",
            planted: "var info = stat(); _ = lstat(path, &info)", plantedPath: "OverlayCore/Support/Planted.swift"),
        PlatformRule(
            id: "stat-time", pattern: #"\bst_[acm]tim(espec)?\b"#,
            keywords: ["st_"],
            fix: "read FileInfo.modified/accessed/changed (st_mtim on Linux is st_mtimespec on Darwin)",
            planted: "let seconds = info.st_mtim.tv_sec", plantedPath: "OverlayTools/Support/Planted.swift"),
        PlatformRule(
            id: "plain-fsync", pattern: #"\bfsync\(\s*[^,()]*\)|\bF_FULLFSYNC\b"#,
            keywords: ["fsync(", "F_FULLFSYNC"],
            fix: "make writes durable with LibC.synchronize or the store's Syscalls.fsync (F_FULLFSYNC on Darwin, whose "
                + "fsync stops at the drive's cache)",
            planted: "guard fsync(fd) == 0 else { throw failure }", plantedPath: "OverlayTools/Keys/Planted.swift"),
        PlatformRule(
            id: "madvise", pattern: #"\bMADV_\w+|\bmadvise\("#,
            keywords: ["MADV_", "madvise("],
            fix: "advise through LibC (MADV_HUGEPAGE is Linux's alone)",
            planted: "_ = madvise(pointer, count, MADV_HUGEPAGE)", plantedPath: "OverlayCore/Archive/Planted.swift"),
    ]

    /// Names that exist on one platform only: inside the layer each must sit in a branch for that platform.
    static let linuxOnly = #"\bst_[acm]tim\b|\bMADV_HUGEPAGE\b|\b__rusage_who_t\b|\bOpaquePointer\b"#
    static let darwinOnly = #"\bst_[acm]timespec\b|\bF_FULLFSYNC\b|UnsafeMutablePointer<DIR>"#
}

/// Reads Swift text for ``PlatformRule`` violations.
enum PlatformScan {
    /// The code of a line: without its `//` comment and without the text of its string literals (a pattern spelled
    /// in a string, such as a lexer test's input, compiles to nothing).
    static func code(_ line: Substring) -> String {
        var code = ""
        var inString = false
        var previous: Character = " "
        for character in line {
            if character == "\"" && previous != "\\" {
                inString.toggle()
                code.append(character)
            } else if !inString {
                if character == "/", previous == "/" {
                    code.removeLast()
                    return code
                }
                code.append(character)
            }
            previous = character
        }
        return code
    }

    /// A rule's pattern, with word boundaries between letters and punctuation (`info.st_mtim` holds the word
    /// `st_mtim`; Unicode's default boundaries would read it as one word).
    static func regex(_ pattern: String) throws -> Regex<AnyRegexOutput> {
        try Regex(pattern).wordBoundaryKind(.simple)
    }

    /// Violations of `rules` in `text` of the file at `path` (relative to `Sources/`; tests start with `../Tests/`).
    static func violations(in text: String, path: String, rules: [PlatformRule] = PlatformRule.all) throws -> [String] {
        let applicable = try rules.filter { rule in !rule.exemptSuffixes.contains { path.hasSuffix($0) } }
            .map { ($0, try regex($0.pattern)) }
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var code: String?
            for (rule, regex) in applicable where rule.keywords.contains(where: { line.contains($0) }) {
                code = code ?? Self.code(line)
                guard code!.contains(regex) else { continue }
                found.append("\(path):\(number + 1): [\(rule.id)] \(line.trimmingCharacters(in: .whitespaces)) — \(rule.fix)")
            }
        }
        return found
    }

    /// Inside the layer: every Linux-only name in a `canImport(Glibc)` branch, every Darwin-only name in a Darwin
    /// branch (`canImport(Darwin)`, an Apple `os(…)`, or the `#else` of a `canImport(Glibc)`).
    static func misplacedPlatformNames(in text: String, path: String) throws -> [String] {
        let linux = try regex(PlatformRule.linuxOnly)
        let darwin = try regex(PlatformRule.darwinOnly)
        var found: [String] = []
        // One entry per open `#if`: the conditions of its branches so far, and the label of the branch we are in.
        var stack: [(conditions: [String], label: String)] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = code(rawLine).trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if ") {
                let condition = String(line.dropFirst(4))
                stack.append(([condition], condition))
                continue
            }
            if line.hasPrefix("#elseif "), !stack.isEmpty {
                let condition = String(line.dropFirst(8))
                stack[stack.count - 1].conditions.append(condition)
                stack[stack.count - 1].label = condition
                continue
            }
            if line == "#else", !stack.isEmpty {
                stack[stack.count - 1].label = "!" + stack[stack.count - 1].conditions.joined(separator: " && !")
                continue
            }
            if line == "#endif" {
                _ = stack.popLast()
                continue
            }
            let labels = stack.map(\.label)
            let inLinux = labels.contains { $0 == "canImport(Glibc)" || $0 == "os(Linux)" }
            let inDarwin = labels.contains {
                $0 == "canImport(Darwin)" || $0 == "!canImport(Glibc)" || $0.hasPrefix("os(macOS") || $0.hasPrefix("os(iOS")
                    || $0 == "!os(macOS)"
            }
            if line.contains(linux), !inLinux {
                found.append("\(path):\(number + 1): a Linux-only name outside a canImport(Glibc) branch: \(line)")
            }
            if line.contains(darwin), !inDarwin {
                found.append("\(path):\(number + 1): a Darwin-only name outside a Darwin branch: \(line)")
            }
        }
        return found
    }
}
