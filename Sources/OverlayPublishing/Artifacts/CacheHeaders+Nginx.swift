import OverlayCore

/// `cache-headers.json` as nginx configuration, for an origin served by nginx (docs/CDN.md).
extension CacheHeaders {
    /// One regex `location` per rule, in the file's order: nginx tries regex locations in order and the first
    /// match wins, as in the file. `always` puts the header on 404s too, so a cache never keeps "not published
    /// yet" longer than it would keep the file. Paths are relative to the server's `root` (the origin directory).
    ///
    /// ```
    /// location ~ "^/[^/]*/manifest\\.json$" { add_header Cache-Control "no-cache" always; }
    /// ```
    package func nginxLocations() -> String {
        rules.map { rule in
            var regex = "^/"
            for character in rule.pattern {
                switch character {
                case "*": regex += "[^/]*"
                case "?": regex += "[^/]"
                case "\\", ".", "^", "$", "|", "+", "(", ")", "[", "]", "{", "}": regex += "\\\(character)"
                default: regex.append(character)
                }
            }
            regex += "$"
            return "location ~ \"\(Self.nginxQuoted(regex))\" { add_header Cache-Control \"\(Self.nginxQuoted(rule.cacheControl))\" always; }"
        }.joined(separator: "\n")
    }

    /// Inside an nginx double-quoted string `\` and `"` are escaped and a line break would end the directive. (A `$`
    /// in a header value would name an nginx variable; `Cache-Control` values have none.)
    private static func nginxQuoted(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}
