/// An `--allow` pattern, matched against a file's path relative to the PATH argument it was found under
/// (`Localization/Strings.swift` when linting `Sources/App`).
///
/// - `*` matches any run of characters inside one path segment (not `/`), `?` exactly one character;
/// - `**` as a whole segment matches any number of segments, none included: `**/L10n.swift` matches `L10n.swift`
///   and `a/b/L10n.swift`; `Localization/**` everything under `Localization/`;
/// - a trailing `/` means everything under that directory (`Localization/` is `Localization/**`), a leading `./`
///   is dropped; every other character matches itself (there are no `[…]` classes).
///
/// Matching is linear in the pattern times the path, whatever the pattern (no backtracking blow-up).
///
/// ```swift
/// let glob = try LintGlob("**/Localization/*.swift")
/// glob.matches("Checkout/Localization/Strings.swift")   // true
/// glob.matches("Checkout/Localization/Old/Strings.swift")   // false
/// ```
package struct LintGlob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as given.
    package let pattern: String
    let segments: [Segment]

    enum Segment: Sendable, Hashable {
        /// `**`: any number of segments.
        case anyPath
        /// One segment's characters, with `*` and `?` as wildcards.
        case characters([Character])
    }

    package init(_ pattern: String) throws(LintError) {
        self.pattern = pattern
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        guard !text.isEmpty else {
            throw LintError(
                code: .invalidAllow, message: "--allow '\(pattern)' is empty; give a pattern such as '**/L10n.swift'",
                subject: pattern)
        }
        guard !text.hasPrefix("/") else {
            throw LintError(
                code: .invalidAllow,
                message: "--allow '\(pattern)' is absolute, but patterns match paths relative to each PATH; "
                    + "drop the leading '/' (or start it with '**/')",
                subject: pattern)
        }
        if text.hasSuffix("/") { text += "**" }
        var segments: [Segment] = []
        for part in text.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "**" {
                if segments.last != .anyPath { segments.append(.anyPath) }
            } else {
                segments.append(.characters(Array(part)))
            }
        }
        self.segments = segments
    }

    package var description: String { pattern }

    /// Whether `path` (segments separated by `/`, relative) matches.
    package func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
        // reachable[j]: the segments matched so far can end just before path segment j.
        var reachable = [Bool](repeating: false, count: parts.count + 1)
        reachable[0] = true
        for segment in segments {
            var next = [Bool](repeating: false, count: parts.count + 1)
            switch segment {
            case .anyPath:
                var seen = false
                for index in 0...parts.count {
                    seen = seen || reachable[index]
                    next[index] = seen
                }
            case .characters(let pattern):
                for index in 0..<parts.count where reachable[index] && Self.segment(parts[index], matches: pattern) {
                    next[index + 1] = true
                }
            }
            reachable = next
        }
        return reachable[parts.count]
    }

    /// `*` and `?` inside one segment: the classic two-pointer match that remembers the last `*`.
    static func segment(_ text: [Character], matches pattern: [Character]) -> Bool {
        var textIndex = 0
        var patternIndex = 0
        var star: Int?
        var starText = 0
        while textIndex < text.count {
            if patternIndex < pattern.count, pattern[patternIndex] == "?" || (pattern[patternIndex] != "*" && pattern[patternIndex] == text[textIndex]) {
                textIndex += 1
                patternIndex += 1
            } else if patternIndex < pattern.count, pattern[patternIndex] == "*" {
                star = patternIndex
                starText = textIndex
                patternIndex += 1
            } else if let star {
                patternIndex = star + 1
                starText += 1
                textIndex = starText
            } else {
                return false
            }
        }
        while patternIndex < pattern.count, pattern[patternIndex] == "*" { patternIndex += 1 }
        return patternIndex == pattern.count
    }
}
