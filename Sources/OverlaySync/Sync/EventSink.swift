/// Receives the sync service's events, to bridge into the app's logger (swift-log, os.Logger, …).
/// Events carry URLs, statuses, sizes, durations and codes, never translated text.
public protocol EventSink: Sendable {
    func record(_ event: SyncEvent)
}

/// One event of a sync cycle.
public struct SyncEvent: Sendable, Hashable {
    public enum Level: String, Sendable, Comparable {
        case debug, info, warning, error

        public static func < (lhs: Level, rhs: Level) -> Bool {
            let order: [Level] = [.debug, .info, .warning, .error]
            return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }
    }

    public var level: Level
    /// A stable name such as `request`, `manifest.rejected`, `module.activated`, `cycle`.
    public var name: String
    public var fields: [String: String]

    public init(_ level: Level, _ name: String, _ fields: [String: String] = [:]) {
        self.level = level
        self.name = name
        self.fields = fields
    }
}
