import Foundation
import OverlayCore
import Testing

@Suite("RFC 3339 timestamps")
struct RFC3339Tests {
    @Test("accepts valid date-times (fractions truncated, offsets applied)", arguments: [
        ("2026-11-30T13:20:59Z", 1_796_044_859),
        ("2026-11-30t13:20:59z", 1_796_044_859),
        ("2026-11-30T13:20:59.999999Z", 1_796_044_859),
        ("2026-11-30T14:20:59+01:00", 1_796_044_859),
        ("2026-11-30T08:50:59-04:30", 1_796_044_859),
        ("2026-11-30T13:20:59.5+00:00", 1_796_044_859),
        ("1970-01-01T00:00:00Z", 0),
        ("1969-12-31T23:59:59Z", -1),
        ("2024-02-29T00:00:00Z", 1_709_164_800),
        ("2000-02-29T12:00:00Z", 951_825_600),
        ("0000-01-01T00:00:00Z", -62_167_219_200),
        ("9999-12-31T23:59:59Z", 253_402_300_799),
    ] as [(String, Int)])
    func accepts(_ text: String, seconds: Int) throws {
        let date = try #require(RFC3339.date(from: text))
        #expect(date.timeIntervalSince1970 == TimeInterval(seconds))
    }

    @Test("rejects anything else", arguments: [
        "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-02-30T00:00:00Z", "2026-02-29T00:00:00Z",
        "2100-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-11-00T00:00:00Z", "2026-11-30T24:00:00Z",
        "2026-11-30T13:60:00Z", "2026-11-30T13:20:60Z", "2026-11-30T13:20:59", "2026-11-30 13:20:59Z",
        "2026-11-30", "2026-11-30T13:20Z", "2026-11-30T13:20:59.Z", "2026-11-30T13:20:59+0100",
        "2026-11-30T13:20:59+24:00", "2026-11-30T13:20:59+01:60", "26-11-30T13:20:59Z", "2026-1-30T13:20:59Z",
        "2026-11-30T13:20:59Z ", " 2026-11-30T13:20:59Z", "2026-11-30T13:20:59ZZ", "+2026-11-30T13:20:59Z",
        "２026-11-30T13:20:59Z", "", "0000-01-01T00:00:00+00:01", "9999-12-31T23:59:59-00:01",
    ])
    func rejects(_ text: String) {
        #expect(RFC3339.date(from: text) == nil)
    }

    @Test("writes UTC with Z and no fraction", arguments: [
        (1_796_044_859.75, "2026-11-30T13:20:59Z"),
        (0, "1970-01-01T00:00:00Z"),
        (-0.5, "1969-12-31T23:59:59Z"),
        (1_709_164_800, "2024-02-29T00:00:00Z"),
        (253_402_300_799, "9999-12-31T23:59:59Z"),
        (-62_167_219_200, "0000-01-01T00:00:00Z"),
    ] as [(Double, String)])
    func writes(_ seconds: Double, text: String) {
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test("every day of four centuries survives a write and a read")
    func roundTripsDays() throws {
        var seconds: Int64 = -62_167_219_200 + 86_399 // 0000-01-01T23:59:59Z
        while seconds < 253_402_300_799 {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let text = RFC3339.string(from: date)
            #expect(RFC3339.date(from: text) == date, "\(text)")
            seconds += 86_400 * 97 + 3_607 // walks every month, many days and times
        }
    }
}
