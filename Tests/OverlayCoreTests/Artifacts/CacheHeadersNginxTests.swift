import Testing
import OverlayCore
import OverlayPublishing

/// `cache-headers.json` as nginx locations (served for real in OverlaySyncTests' CacheTests).
@Suite struct CacheHeadersNginxTests {
    @Test func standardRulesBecomeOrderedRegexLocations() {
        let lines = CacheHeaders.standard.nginxLocations().split(separator: "\n").map(String.init)
        #expect(lines == [
            #"location ~ "^/[^/]*/manifest\\.json$" { add_header Cache-Control "no-cache" always; }"#,
            #"location ~ "^/[^/]*/signatures/[^/]*$" { add_header Cache-Control "public, max-age=31536000, immutable" always; }"#,
            #"location ~ "^/[^/]*/modules/[^/]*$" { add_header Cache-Control "public, max-age=31536000, immutable" always; }"#,
            #"location ~ "^/[^/]*/history/[^/]*$" { add_header Cache-Control "public, max-age=31536000, immutable" always; }"#,
            #"location ~ "^/cache-headers\\.json$" { add_header Cache-Control "no-cache" always; }"#,
        ])
    }

    @Test func regexCharactersAndQuotesAreEscaped() {
        let headers = CacheHeaders(rules: [.init(pattern: "a+(b)?/[x]{2}|$.json", cacheControl: "max-age=1, \"x\"\nno")])
        #expect(headers.nginxLocations()
            == #"location ~ "^/a\\+\\(b\\)[^/]/\\[x\\]\\{2\\}\\|\\$\\.json$" { add_header Cache-Control "max-age=1, \"x\" no" always; }"#)
    }
}
