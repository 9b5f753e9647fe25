// libFuzzer entry: any bytes, split at newlines into a Retry-After value, a Date value and an ETag, through the sync
// client's header readers (RetryAfter, HTTPDate, ETag) and the back-off built from them, on a fixed clock and on one
// read from the input (NaN and infinities included). Nothing may trap; every delay lies in 0 … 1 day; every date in
// years 0000…9999 and reads back from its IMF-fixdate; every kept ETag is short visible ASCII. Otherwise the process
// traps.
import Foundation
import OverlayCore
import OverlaySync

extension FuzzHarness {
    /// One libFuzzer input (`LLVMFuzzerTestOneInput`).
    public static func headers(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
        let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
        let fields = bytes.split(separator: 0x0A, maxSplits: 2, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let value = fields[0]
        let date = fields.count > 1 ? fields[1] : nil
        var clock: UInt64 = 0
        for byte in bytes.prefix(8) { clock = clock << 8 | UInt64(byte) }
        for now in [Date(timeIntervalSince1970: 1_800_000_000), Date(timeIntervalSince1970: Double(bitPattern: clock))] {
            checkRetryAfter(value, date: date, now: now)
            for text in [value, date ?? ""] { checkHTTPDate(text, now: now) }
        }
        if fields.count > 2 { checkETag(fields[2]) }
        // Any duration a transport could answer, as the back-off bounds it.
        let seconds = Backoff.seconds(.seconds(Int64(bitPattern: clock)))
        precondition(seconds >= 0 && seconds <= 86_400, "back-off of \(seconds) s")
        return 0
    }
}

private func checkRetryAfter(_ value: String, date: String?, now: Date) {
    guard let delay = RetryAfter.parse(value, date: date, now: now) else { return }
    precondition(delay >= .zero && delay <= RetryAfter.maximum, "Retry-After \(value) read as \(delay)")
    var report = SyncReport(outcome: .failed)
    report.httpStatus = 503
    report.retryAfter = delay
    var backoff = Backoff()
    backoff.record(report, now: now)
    if let remaining = backoff.remaining(at: now) {
        precondition(remaining > 0 && remaining <= 86_400, "a back-off of \(remaining) s")
    }
}

private let earliest = -62_167_219_200.0   // 0000-01-01T00:00:00Z
private let latest = 253_402_300_799.0     // 9999-12-31T23:59:59Z
private let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
private let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

private func checkHTTPDate(_ text: String, now: Date) {
    guard let date = HTTPDate.parse(text, now: now) else { return }
    let seconds = date.timeIntervalSince1970
    // A leap second (:60) on 9999-12-31T23:59 reads as the next second: one past the last RFC 3339 instant.
    precondition(seconds >= earliest && seconds <= latest + 1 && seconds == seconds.rounded(), "\(text) read as \(seconds)")
    guard seconds <= latest else { return }
    // The same instant written as an IMF-fixdate reads back unchanged.
    let rfc3339 = Array(RFC3339.string(from: date).utf8)   // YYYY-MM-DDTHH:MM:SSZ
    func part(_ range: Range<Int>) -> String { String(decoding: rfc3339[range], as: UTF8.self) }
    let days = Int64((seconds / 86_400).rounded(.down))
    let weekday = weekdays[Int(((days + 3) % 7 + 7) % 7)]   // 1970-01-01 was a Thursday
    let imf = "\(weekday), \(part(8..<10)) \(months[Int(part(5..<7))! - 1]) \(part(0..<4)) \(part(11..<19)) GMT"
    precondition(HTTPDate.parse(imf, now: now) == date, "\(text) → \(imf) does not read back")
}

private func checkETag(_ text: String) {
    guard let kept = ETag.kept(text) else { return }
    precondition(!kept.isEmpty && kept.utf8.count <= ETag.maximumBytes, "kept an ETag of \(kept.utf8.count) bytes")
    precondition(kept.utf8.allSatisfy { (0x21...0x7E).contains($0) }, "kept an ETag with invisible bytes")
    precondition(ETag.kept(kept) == kept && ETag.matches(kept, kept), "\(kept) is not stable")
}
