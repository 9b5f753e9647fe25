import Foundation
import Testing
@testable import OverlaySync

/// The header readers of the sync client: `Retry-After`, HTTP-dates (against Foundation's date formatter) and ETags.
@Suite struct HeaderParserTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("Retry-After", arguments: [
        ("120", 120), (" 7 ", 7), ("0", 0), ("000", 0),
        ("86400", 86_400), ("86401", 86_400), ("315360000", 86_400),
        ("9223372036854775807", 86_400), ("99999999999999999999999999999", 86_400),
        // An HTTP-date: measured from `Date` when it reads, else from now.
        ("Fri, 15 Jan 2027 08:02:00 GMT", 120),
        ("Fri, 31 Dec 9999 23:59:59 GMT", 86_400),
        ("Sun, 06 Nov 1994 08:49:37 GMT", 0),
    ] as [(String, Int64)])
    func retryAfterIsADelayOfAtMostADay(_ value: String, _ seconds: Int64) {
        let date = "Fri, 15 Jan 2027 08:00:00 GMT"
        #expect(RetryAfter.parse(value, date: date, now: Self.now) == .seconds(seconds))
    }

    @Test("Retry-After that is neither form", arguments: ["", " ", "-5", "+5", "1.5", "1e3", "soon", "٣", "Sun, 06 Nov 1994"])
    func retryAfterThatIsNeitherFormIsIgnored(_ value: String) {
        #expect(RetryAfter.parse(value, now: Self.now) == nil)
    }

    @Test func anHTTPDateWithoutAReadableDateIsMeasuredFromNow() {
        let inTwoMinutes = "Fri, 15 Jan 2027 08:02:00 GMT"
        let now = Date(timeIntervalSince1970: 1_800_000_000)   // 2027-01-15T08:00:00Z
        #expect(RetryAfter.parse(inTwoMinutes, now: now) == .seconds(120))
        #expect(RetryAfter.parse(inTwoMinutes, date: "yesterday", now: now) == .seconds(120))
    }

    @Test func anyDurationATransportAnswersIsClamped() {
        #expect(RetryAfter.clamped(.seconds(Int64.max)) == RetryAfter.maximum)
        #expect(RetryAfter.clamped(.seconds(-5)) == .zero)
        #expect(RetryAfter.clamped(.milliseconds(1500)) == .milliseconds(1500))
    }

    /// The back-off built from a transport's answer waits at most a day, whatever the answer.
    @Test(arguments: [
        (Duration.seconds(Int64.max), 86_400), (.seconds(Int64.min), 0), (.seconds(315_360_000), 86_400), (.seconds(90), 90),
    ] as [(Duration, TimeInterval)])
    func theBackOffWaitsADayAtMost(_ retryAfter: Duration, _ expected: TimeInterval) {
        var backoff = Backoff()
        var report = SyncReport(outcome: .failed)
        report.httpStatus = 503
        report.retryAfter = retryAfter
        backoff.record(report, now: Self.now)
        #expect((backoff.remaining(at: Self.now) ?? 0) == expected)
    }

    /// RFC 9110's three forms of one instant.
    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
    func theThreeFormsOfAnHTTPDate(_ text: String) {
        #expect(HTTPDate.parse(text, now: Self.now) == Date(timeIntervalSince1970: 784_111_777))
    }

    @Test("not an HTTP-date", arguments: [
        "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 08:49:37 UTC", "sun, 06 Nov 1994 08:49:37 GMT",
        "Sun, 06 nov 1994 08:49:37 GMT", "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 30 Feb 2024 08:49:37 GMT",
        "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:60:00 GMT", "Sun, 06 Nov 1994 08:49:37 GMT ",
        "Sun Nov 6 08:49:37 1994", "Sunday, 06-Nov-1994 08:49:37 GMT", "Sun, 06 Nov 19x4 08:49:37 GMT", "",
    ])
    func notAnHTTPDate(_ text: String) {
        #expect(HTTPDate.parse(text, now: Self.now) == nil)
    }

    /// Foundation's formatter writes IMF-fixdates of random instants (years 1600-9999, where its Gregorian calendar
    /// is proleptic like ours); each reads back as the same instant.
    @Test func imfFixdatesAgreeWithFoundationsFormatter() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let seconds = Int64.random(in: -11_676_096_000 ... 253_402_300_799, using: &generator)
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let text = formatter.string(from: date)
            #expect(HTTPDate.parse(text, now: Self.now) == date, "\(text)")
        }
    }

    /// An RFC 850 two-digit year more than 50 years ahead is the latest past year with those digits (RFC 9110).
    @Test func rfc850YearsFollowTheFiftyYearRule() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)   // 2027
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT", now: now)?.timeIntervalSince1970 == 784_111_777)   // 1994
        #expect(HTTPDate.parse("Friday, 01-Jan-77 00:00:00 GMT", now: now)?.timeIntervalSince1970 == 3_376_684_800)   // 2077: 50 years
        #expect(HTTPDate.parse("Saturday, 01-Jan-78 00:00:00 GMT", now: now)?.timeIntervalSince1970 == 252_460_800)   // 1978, not 2078
    }

    @Test func etagsAreKeptOnlyWhenSafe() {
        #expect(ETag.kept("\"6754a1b2-1f3c\"") == "\"6754a1b2-1f3c\"")
        #expect(ETag.kept(" W/\"abc\" ") == "W/\"abc\"")
        #expect(ETag.kept("\"" + String(repeating: "e", count: 510) + "\"")?.utf8.count == 512)
        #expect(ETag.kept("\"" + String(repeating: "e", count: 511) + "\"") == nil)
        #expect(ETag.kept("\"a\"\r\nX-Injected: 1") == nil)
        #expect(ETag.kept("\"caf\u{E9}\"") == nil)
        #expect(ETag.kept("\"a b\"") == nil)
        #expect(ETag.kept("") == nil)
        #expect(ETag.kept(nil) == nil)
        #expect(ETag.matches("W/\"abc\"", "\"abc\""))
    }
}
