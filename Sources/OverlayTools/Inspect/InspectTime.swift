public import Foundation
import OverlayCore

/// Every date and age `inspect` prints, clamped first. A store copied off a device carries file times from any file
/// system (tmpfs, btrfs and tar keep 64-bit seconds, so an mtime may be year −292 billion), and a printed time must
/// never trap: dates are shown inside RFC 3339's years 0000…9999, ages inside 0 … 10,000 years.
public enum InspectTime {
    /// The earliest and latest instants RFC 3339 writes with four-digit years.
    static let earliest = Date(timeIntervalSince1970: -62_167_219_200)   // 0000-01-01T00:00:00Z
    static let latest = Date(timeIntervalSince1970: 253_402_300_799)     // 9999-12-31T23:59:59Z
    static let longestAge = 10_000 * 31_556_952

    /// `date` as RFC 3339, the nearest end of the range when it lies outside.
    public static func string(_ date: Date) -> String {
        let clamped = date.timeIntervalSince1970.isNaN ? earliest : min(max(date, earliest), latest)
        return RFC3339.string(from: clamped)
    }

    /// Whole seconds of `interval`, inside 0 … 10,000 years (a time in the future is an age of 0).
    public static func seconds(_ interval: TimeInterval) -> Int {
        guard interval.isFinite, interval > 0 else { return interval == .infinity ? longestAge : 0 }
        return interval >= Double(longestAge) ? longestAge : Int(interval)
    }

    /// `45s`, `12m`, `5h`, `3d`.
    public static func age(_ interval: TimeInterval) -> String {
        let s = seconds(interval)
        if s < 120 { return "\(s)s" }
        if s < 7200 { return "\(s / 60)m" }
        if s < 172_800 { return "\(s / 3600)h" }
        return "\(s / 86400)d"
    }

    /// `3d`, `5h`, `45s`: the coarsest whole unit.
    public static func days(_ interval: TimeInterval) -> String {
        let s = seconds(interval)
        return s >= 86_400 ? "\(s / 86_400)d" : s >= 3_600 ? "\(s / 3_600)h" : "\(s)s"
    }
}
