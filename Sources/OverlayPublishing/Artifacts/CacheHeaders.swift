package import Foundation
package import OverlayCore

/// `<origin>/cache-headers.json`, schema_version 1: the `Cache-Control` value for each path pattern, for
/// uploading an origin to S3 or a CDN and for nginx configuration.
///
/// Patterns are globs over paths relative to the origin: `*` matches any run of characters except `/`,
/// `?` one character except `/`; everything else matches itself. The first matching rule wins.
///
/// ```swift
/// CacheHeaders.standard.cacheControl(for: "1.4.0/manifest.json")   // "no-cache"
/// ```
package struct CacheHeaders: Sendable, Equatable, WireArtifact {
    /// One pattern and the `Cache-Control` value for the paths it matches.
    package struct Rule: Sendable, Hashable {
        /// A glob such as `*/manifest.json`.
        package var pattern: String
        /// The header value, e.g. `no-cache`.
        package var cacheControl: String

        package init(pattern: String, cacheControl: String) {
            self.pattern = pattern
            self.cacheControl = cacheControl
        }
    }

    /// The rules in order; the first match wins.
    package var rules: [Rule]

    package init(rules: [Rule]) {
        self.rules = rules
    }

    /// Manifests and this file are revalidated on every request; signatures, module archives and history
    /// are content-addressed and cached for a year as immutable.
    package static let standard = CacheHeaders(rules: [
        Rule(pattern: "*/manifest.json", cacheControl: "no-cache"),
        Rule(pattern: "*/signatures/*", cacheControl: immutable),
        Rule(pattern: "*/modules/*", cacheControl: immutable),
        Rule(pattern: "*/history/*", cacheControl: immutable),
        Rule(pattern: "cache-headers.json", cacheControl: "no-cache"),
    ])

    static let immutable = "public, max-age=31536000, immutable"
    /// The file name at the origin's root.
    package static let fileName = "cache-headers.json"

    /// The `Cache-Control` value of the first rule matching `path` (relative to the origin), if any.
    package func cacheControl(for path: String) -> String? {
        rules.first { Self.glob($0.pattern, matches: path) }?.cacheControl
    }

    /// Decodes the file, returning one `artifact.unknown-field` warning per ignored member.
    package static func decodeWithWarnings(
        _ data: Data, limits: ArtifactLimits = .default
    ) throws(ArtifactError) -> (value: CacheHeaders, warnings: [Finding]) {
        var decoder = ArtifactDecoder(artifact: fileName)
        let root = try decoder.root(data, maxBytes: limits.cacheHeadersBytes, maxDepth: limits.maxDepth)
        decoder.noteUnknownFields(of: root, known: ["schema_version", "rules"])
        var headers = CacheHeaders(rules: [])
        for node in try decoder.json({ () throws(JSONError) in try root.required("rules").array() }) {
            let object = try decoder.json { () throws(JSONError) in try node.object() }
            decoder.noteUnknownFields(of: object, known: ["pattern", "cache_control"])
            headers.rules.append(
                Rule(
                    pattern: try decoder.nonEmptyString(object, "pattern"),
                    cacheControl: try decoder.nonEmptyString(object, "cache_control")))
        }
        return (headers, decoder.warnings)
    }

    /// The file as deterministic JSON: two-space indentation, a final newline.
    package func encoded() -> Data {
        ArtifactEncoder.data(
            JSONObject([
                ("schema_version", .number(JSONNumber(ArtifactDecoder.supportedSchemaVersion))),
                ("rules", .array(rules.map { rule in
                    .object(JSONObject([("pattern", .string(rule.pattern)), ("cache_control", .string(rule.cacheControl))]))
                })),
            ]))
    }

    /// Glob match on UTF-8 bytes with `*` and `?` not crossing `/` (iterative, linear backtracking).
    static func glob(_ pattern: String, matches path: String) -> Bool {
        let p = Array(pattern.utf8)
        let s = Array(path.utf8)
        var (pi, si) = (0, 0)
        var star: (p: Int, s: Int)?
        let slash = UInt8(ascii: "/")
        while si < s.count {
            if pi < p.count, p[pi] == UInt8(ascii: "*") {
                star = (pi, si)
                pi += 1
            } else if pi < p.count, p[pi] == s[si] || (p[pi] == UInt8(ascii: "?") && s[si] != slash) {
                pi += 1
                si += 1
            } else if let resume = star, s[resume.s] != slash {
                star = (resume.p, resume.s + 1)
                pi = resume.p + 1
                si = resume.s + 1
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }
}
